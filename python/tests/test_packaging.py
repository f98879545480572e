"""`pip install ./python` gives a working package (it carries the model), and the JDK it runs is found as the
README says, with one clear error when there is none of version 25 or newer."""
import os
import pathlib
import stat
import subprocess
import sys
import time

import numpy as np
import pytest

from stt_nki import _java

ROOT = pathlib.Path(__file__).resolve().parents[2]


def fake_java(tmp_path, version, name="java"):
    """An executable that answers `-version` as a JDK of `version` would (and has no `release` file)."""
    java = tmp_path / name
    java.write_text(f'#!/bin/sh\necho \'openjdk version "{version}" 2025-01-01\' >&2\n')
    java.chmod(java.stat().st_mode | stat.S_IXUSR)
    return str(java)


def test_a_jdk_older_than_25_named_by_stt_java_is_refused_naming_it(tmp_path, monkeypatch):
    monkeypatch.setenv("STT_JAVA", fake_java(tmp_path, "17.0.15"))
    with pytest.raises(_java.JavaNotFound, match="is Java 17; the model needs JDK 25"):
        _java.find_java()
    monkeypatch.setenv("STT_JAVA", str(tmp_path / "nothing"))
    with pytest.raises(_java.JavaNotFound, match="no such file"):
        _java.find_java()


def test_stt_java_comes_before_java_home_and_path(tmp_path, monkeypatch):
    new = fake_java(tmp_path, "25.0.1", "java25")
    home = tmp_path / "home" / "bin"
    home.mkdir(parents=True)
    fake_java(home, "26")
    monkeypatch.setenv("JAVA_HOME", str(home.parent))
    monkeypatch.setenv("STT_JAVA", new)
    assert _java.find_java() == new
    monkeypatch.delenv("STT_JAVA")
    assert _java.find_java() == str(home / "java")
    assert _java.feature_version(fake_java(tmp_path, "1.8.0_402", "java8")) == 8


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A fresh venv with `pip install ./python`, as the README says: plain pip, whatever index it is configured with."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    python = str(venv / "bin" / "python")
    done = subprocess.run([python, "-m", "pip", "install", "-q", str(ROOT / "python")], capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return python


CALL = ("import numpy as np, stt_nki\nfrom stt_nki import isa as nisa, language as nl\n"
        "a = np.arange(6, dtype=np.float32).reshape(2, 3)\n"
        "print(nisa.tensor_tensor(data1=a, data2=a, op=nl.multiply).tolist())\n")


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "STT_LAUNCHER", "STT_JAVA")}
    env.update(extra)
    return env


def test_the_installed_package_runs_a_call_from_another_directory(installed, tmp_path):
    done = subprocess.run([installed, "-c", CALL], cwd=tmp_path, env=clean_env(), capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert eval(done.stdout) == (np.arange(6, dtype=np.float32).reshape(2, 3) ** 2).tolist()


def test_the_installed_package_with_an_old_jdk_fails_in_seconds_with_one_clear_error(installed, tmp_path):
    start = time.monotonic()
    done = subprocess.run([installed, "-c", CALL], cwd=tmp_path, env=clean_env(STT_JAVA=fake_java(tmp_path, "17")),
                          capture_output=True, text=True, timeout=120)
    assert time.monotonic() - start < 30
    assert done.returncode != 0
    assert "ServerError: STT_JAVA=" in done.stderr and "is Java 17; the model needs JDK 25" in done.stderr


def test_the_installed_package_starts_the_jvm_with_the_launchers_options(installed, tmp_path):
    # the options ./stt uses, read here from the file the launcher reads (comments and blank lines apart)
    expected = [line for line in (ROOT / "scripts" / "stt.options").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    assert expected[:3] == ["--add-modules", "jdk.incubator.vector", "-Xmn64m"]
    done = subprocess.run([installed, "-c", "from stt_nki import _java; print(repr(_java.serve_command()))"],
                          cwd=tmp_path, env=clean_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    command = eval(done.stdout)
    assert command[1:1 + len(expected)] == expected
    assert command[1 + len(expected):] == ["-jar", command[-2], "serve"] and command[-2].endswith("stt.jar")


def test_the_installed_package_and_the_launcher_add_the_same_environment(installed, tmp_path):
    # the environment ./stt adds, from the file its stt_env reads; a value already set is kept in front, and one
    # already there is not added twice
    assert (ROOT / "scripts" / "stt.env").read_text().count("\nGLIBC_TUNABLES=glibc.malloc.hugetlb=1\n") == 1
    given = "glibc.malloc.check=0"
    code = ("from stt_nki import _java\nenv = _java.jvm_env({'GLIBC_TUNABLES': %r})\n"
            "print(env['GLIBC_TUNABLES']); print(_java.jvm_env(env)['GLIBC_TUNABLES'])" % given)
    done = subprocess.run([installed, "-c", code], cwd=tmp_path, env=clean_env(), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    bash = subprocess.run(["bash", "-c", '. "$1/scripts/jdk.sh"; stt_env; echo "$GLIBC_TUNABLES"; stt_env;'
                           ' echo "$GLIBC_TUNABLES"', "-", str(ROOT)], env=clean_env(GLIBC_TUNABLES=given),
                          capture_output=True, text=True, timeout=60)
    assert bash.returncode == 0, bash.stderr
    want = given + ":glibc.malloc.hugetlb=1"
    assert done.stdout.splitlines() == [want, want] == bash.stdout.splitlines()
