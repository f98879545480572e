"""./stt's AOT cache is optional: a launcher whose target/stt.aot is missing trains one and runs, and one whose cache
is unusable (not a cache at all, as a stale or foreign one is to the JVM) still starts and serves a session."""
import os
import pathlib
import subprocess

import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def checkout(tmp_path):
    """A checkout beside the real one: its launcher and scripts, its built jar and libraries (linked), no AOT cache,
    and sources older than the jar (so the launcher does not build)."""
    jar = ROOT / "target" / "stt.jar"
    if not jar.is_file():
        subprocess.run([str(ROOT / "stt"), "--version"], check=True, capture_output=True)
    (tmp_path / "target").mkdir()
    (tmp_path / "src" / "main").mkdir(parents=True)
    (tmp_path / "pom.xml").write_text("")
    os.utime(tmp_path / "pom.xml", (0, 0))
    os.utime(tmp_path / "src" / "main", (0, 0))
    (tmp_path / "stt").symlink_to(ROOT / "stt")
    (tmp_path / "scripts").symlink_to(ROOT / "scripts")
    (tmp_path / "target" / "lib").symlink_to(ROOT / "target" / "lib")
    (tmp_path / "target" / "stt.jar").write_bytes(jar.read_bytes())
    return tmp_path


def _first_call(launcher):
    a = np.arange(128 * 512, dtype=np.float32).reshape(128, 512)
    with stt_nki.Session(launcher=str(launcher), timeout=300) as s:
        got = nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=2.5, op1=nl.add, operand1=a)
    np.testing.assert_array_equal(got, a * np.float32(2.5) + a)


def test_a_missing_cache_is_trained_on_the_serve_path_and_the_session_runs(checkout):
    aot = checkout / "target" / "stt.aot"
    assert not aot.exists()
    _first_call(checkout / "stt")
    assert aot.is_file() and aot.stat().st_size > 1 << 20
    assert not list((checkout / "target").glob("stt.aot.*"))  # no training run's file left behind


@pytest.mark.parametrize("cache", ["garbage", "foreign"])
def test_an_unusable_cache_is_ignored_and_the_session_runs(checkout, cache):
    # garbage: not a cache at all; foreign: the real checkout's cache, made for another jar path (as a stale one is
    # refused for its jar's time)
    aot = checkout / "target" / "stt.aot"
    real = ROOT / "target" / "stt.aot"
    if cache == "foreign" and not real.is_file():
        pytest.skip("the checkout has no AOT cache")
    content = b"not an AOT cache" if cache == "garbage" else real.read_bytes()
    aot.write_bytes(content)
    later = (checkout / "target" / "stt.jar").stat().st_mtime + 10
    os.utime(aot, (later, later))  # newer than the jar: the launcher uses it rather than training a new one
    _first_call(checkout / "stt")
    assert aot.read_bytes() == content
    out = subprocess.run([str(checkout / "stt"), "--version"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.startswith("stt ")
