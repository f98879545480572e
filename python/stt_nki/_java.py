"""How a session starts the model: the repository's launcher (a checkout), or the jar this package carries (a pip
install), run by a JDK 25 or newer found as the README says."""
import glob
import os
import pathlib
import re
import shutil
import subprocess

MINIMUM = 25
JAR = pathlib.Path(__file__).resolve().parent / "_java" / "stt.jar"
# where JDKs are usually installed, after STT_JAVA, JAVA_HOME and PATH
USUAL = ["/usr/lib/jvm/*/bin/java", "/usr/local/lib/jvm/*/bin/java", "/opt/java/*/bin/java", "/opt/jdk*/bin/java",
         "/Library/Java/JavaVirtualMachines/*/Contents/Home/bin/java",
         os.path.expanduser("~/.sdkman/candidates/java/*/bin/java"), os.path.expanduser("~/.jdks/*/bin/java")]


class JavaNotFound(RuntimeError):
    """No JDK 25 or newer: the message names what was found and how to point at one."""


def feature_version(java):
    """The feature version of a java executable (its home's `release` file, else `java -version`); None if unknown."""
    release = pathlib.Path(java).resolve().parent.parent / "release"
    try:
        m = re.search(r'^JAVA_VERSION="(\d+)', release.read_text(), re.M)
        if m:
            return int(m.group(1))
    except OSError:
        pass
    try:
        out = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=20).stderr
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.search(r'version "(\d+)(?:\.(\d+))?', out)
    if not m:
        return None
    return int(m.group(2)) if m.group(1) == "1" else int(m.group(1))  # "1.8.0" is 8


def candidates():
    """(where it was found, java executable) in the order a session looks: STT_JAVA, JAVA_HOME, PATH, the usual
    places."""
    if os.environ.get("STT_JAVA"):
        yield "STT_JAVA", os.environ["STT_JAVA"]
    if os.environ.get("JAVA_HOME"):
        yield "JAVA_HOME", os.path.join(os.environ["JAVA_HOME"], "bin", "java")
    on_path = shutil.which("java")
    if on_path:
        yield "PATH", on_path
    for pattern in USUAL:
        for java in sorted(glob.glob(pattern)):
            yield "the usual places", java


def find_java():
    """A java of JDK 25 or newer. STT_JAVA, when set, must be one; otherwise the first that is. Raises JavaNotFound
    naming every java looked at and its version."""
    seen = []
    for where, java in candidates():
        if not os.path.isfile(java):
            if where == "STT_JAVA":
                raise JavaNotFound(f"STT_JAVA={java}: no such file; point it at the java executable of a JDK"
                                   f" {MINIMUM} or newer")
            continue
        version = feature_version(java)
        if version is not None and version >= MINIMUM:
            return java
        if where == "STT_JAVA":
            raise JavaNotFound(f"STT_JAVA={java} is Java {version or 'of unknown version'}; the model needs JDK"
                               f" {MINIMUM} or newer (e.g. Temurin {MINIMUM}): point STT_JAVA at its bin/java")
        seen.append(f"{java} ({where}): Java {version or '?'}")
    raise JavaNotFound(f"no JDK {MINIMUM} or newer found (looked at STT_JAVA, JAVA_HOME, PATH and the usual places"
                       + (": " + "; ".join(seen) if seen else "") + f"); install one (e.g. Temurin {MINIMUM}) and"
                       " set STT_JAVA to its bin/java, or JAVA_HOME to its home")


def _bundled(name):
    """The lines of the file `name` bundled beside the jar, its comments and blank lines left out."""
    lines = (JAR.parent / name).read_text().splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


def jvm_options():
    """The JVM options every launch of the model uses, from the stt.options file bundled beside the jar."""
    return _bundled("stt.options")


def jvm_env(environ=None):
    """The environment for the bundled jar's JVM: `environ` (default os.environ) with each NAME=VALUE of the stt.env
    file bundled beside the jar appended to NAME's value, unless already there (as ./stt's stt_env does); `environ`
    unchanged without a bundled jar (a checkout's ./stt adds it itself)."""
    env = dict(os.environ if environ is None else environ)
    if not JAR.is_file():
        return env
    for line in _bundled("stt.env"):
        name, value = line.split("=", 1)
        if value not in env.get(name, "").split(":"):
            env[name] = env[name] + ":" + value if env.get(name) else value
    return env


def serve_command(launcher=None):
    """The command that starts `stt serve`: an explicit launcher, STT_LAUNCHER, the jar this package carries run by
    find_java(), or a checkout's ./stt beside this package; None when there is none."""
    launcher = launcher or os.environ.get("STT_LAUNCHER")
    if launcher:
        return [launcher, "serve"] if os.path.exists(launcher) else None
    if JAR.is_file():
        return [find_java(), *jvm_options(), "-jar", str(JAR), "serve"]
    checkout = pathlib.Path(__file__).resolve().parents[2] / "stt"
    return [str(checkout), "serve"] if checkout.is_file() else None
