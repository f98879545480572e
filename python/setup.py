"""Builds stt_nki with the model inside it: `pip install ./python` from a checkout builds target/stt.jar with the
repository's launcher (a JDK 25 and Maven, as ./stt needs) and puts it, with the libraries its manifest names
(target/lib), the JVM options and the environment every launch uses (scripts/stt.options, scripts/stt.env), in the
package as stt_nki/_java/.
STT_JAR names a jar already built instead (its lib/ beside it)."""
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def model_jar():
    """The jar to bundle: STT_JAR, else the checkout's target/stt.jar, built (or rebuilt) by its launcher."""
    if os.environ.get("STT_JAR"):
        return os.environ["STT_JAR"]
    root = os.path.dirname(HERE)
    launcher = os.path.join(root, "stt")
    if not os.path.isfile(launcher):
        raise SystemExit("stt_nki: no jar to bundle: build from the stt repository (python/ beside its ./stt) or set"
                         " STT_JAR to a built stt.jar")
    done = subprocess.run([launcher, "--version"], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit("stt_nki: building the model's jar failed:\n" + done.stderr)
    return os.path.join(root, "target", "stt.jar")


class build_py_with_jar(build_py):
    def run(self):
        super().run()
        jar = model_jar()
        target = os.path.join(self.build_lib, "stt_nki", "_java")
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(os.path.join(os.path.dirname(jar), "lib"), os.path.join(target, "lib"))
        shutil.copyfile(jar, os.path.join(target, "stt.jar"))
        for name in ("stt.options", "stt.env"):
            shutil.copyfile(os.path.join(os.path.dirname(HERE), "scripts", name), os.path.join(target, name))


setup(cmdclass={"build_py": build_py_with_jar})
