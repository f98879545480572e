"""Faults injected into stt serve and the Python face (issue 36 item 3): each gives one clear error or the right
answer, within a bounded time; expectations are NumPy's or the protocol's."""
import json
import os
import subprocess
import time

import numpy as np
import pytest

import stt_nki
from stt_nki import _java, isa as nisa, language as nl

RNG = np.random.default_rng(13)
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def _serve():
    command = _java.serve_command(None)
    if command is None:
        pytest.skip("no stt launcher")
    return subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _frame(head, payload=b"", length=None):
    body = head + payload
    return b"Content-Length: %d\r\nJson-Length: %d\r\n\r\n" % (len(body) if length is None else length,
                                                              len(head)) + body


def _replies(out):
    """The JSON of every frame in `out`."""
    replies, at = [], 0
    while True:
        start = out.find(b"Content-Length:", at)
        if start < 0:
            return replies
        end = out.index(b"\r\n\r\n", start)
        headers = dict(line.split(b":", 1) for line in out[start:end].split(b"\r\n"))
        size, n = int(headers[b"Content-Length"]), int(headers[b"Json-Length"])
        replies.append(json.loads(out[end + 4:end + 4 + n]))
        at = end + 4 + size


def test_garbled_frames_are_answered_with_exit_2_and_the_server_goes_on():
    p = _serve()
    spec = json.dumps({"id": 9, "args": ["spec", "--model"], "arrays": []}).encode()
    frames = (b"Content-Length: lots\r\nJson-Length: 2\r\n\r\n"  # lengths not numbers: nothing can be skipped
              + _frame(b"{not json") + _frame(json.dumps({"id": 3, "arrays": [{"name": "a", "bytes": 99}]}).encode())
              + _frame(spec))
    out, err = p.communicate(frames, timeout=120)
    replies = _replies(out)
    assert [r["code"] for r in replies] == [2, 2, 2, 0], err.decode()
    assert "Content-Length and Json-Length must be numbers" in replies[0]["err"]
    assert "does not parse" in replies[1]["err"]
    assert replies[2]["id"] == 3 and "does not fit the frame" in replies[2]["err"]
    assert replies[3]["id"] == 9 and "[MODEL]" in replies[3]["out"]


def test_a_truncated_frame_ends_the_server_in_one_line_and_bounded_time():
    p = _serve()
    start = time.monotonic()
    out, err = p.communicate(_frame(b'{"args": ["spec"]}', b"", length=5000), timeout=120)
    assert p.returncode == 2
    assert b"a frame promised 5000 bytes and the input ended first" in err
    assert time.monotonic() - start < 120


def test_an_oversized_promise_is_an_error_within_the_sessions_timeout(tmp_path):
    """A server that reads a frame promising more bytes than ever come never answers: the session says so in time."""
    with stt_nki.Session(timeout=5) as s:
        nisa.tensor_copy(src=np.ones((2, 2), np.float32))
        start = time.monotonic()
        os.write(s._proc.stdin.fileno(), b"Content-Length: 999999\r\nJson-Length: 2\r\n\r\n{}")
        with pytest.raises(stt_nki.ServerError, match="did not answer within 5 s"):
            s._reply(None)
        assert time.monotonic() - start < 30
        np.testing.assert_array_equal(nisa.tensor_copy(src=np.full((2, 2), 7, np.float32)), np.full((2, 2), 7))


def test_arrays_of_any_memory_order_give_numpys_answer():
    a = RNG.standard_normal((64, 48)).astype(np.float32)
    b = RNG.standard_normal((64, 48)).astype(np.float32)
    want = a * np.float32(2.0) + b
    fortran, reversed_view = np.asfortranarray(a), a[::-1, ::-1]
    readonly = b.copy()
    readonly.flags.writeable = False
    big_endian = a.astype(">f4")
    for x, y, w in ((fortran, b, want), (reversed_view, b[::-1, ::-1], want[::-1, ::-1]), (a, readonly, want),
                    (big_endian, b, want), (a[:, ::2], b[:, ::2], want[:, ::2])):
        got = nisa.scalar_tensor_tensor(data=x, op0=nl.multiply, operand0=2.0, op1=nl.add, operand1=y)
        np.testing.assert_array_equal(got, w)
    dst = np.asfortranarray(np.zeros((64, 48), np.float32))
    nisa.tensor_tensor(dst, a, b, nl.add)
    np.testing.assert_array_equal(dst, a + b)


def test_wrong_arrays_are_one_clear_error_and_change_nothing():
    a = np.ones((4, 4), np.float32)
    dst = np.full((4, 4), 5, np.float32)
    with pytest.raises(ValueError, match="dst: shape"):
        nisa.tensor_tensor(np.zeros((4, 5), np.float32), a, a, nl.add)
    with pytest.raises((TypeError, ValueError), match="object|complex|dtype"):
        nisa.tensor_tensor(dst, a.astype(object), a, nl.add)
    with pytest.raises((TypeError, ValueError), match="complex|dtype"):
        nisa.tensor_tensor(dst, a.astype(np.complex64), a, nl.add)
    with pytest.raises(ValueError, match="partition"):
        nisa.tensor_tensor(dst, np.ones((129, 2), np.float32), np.ones((129, 2), np.float32), nl.add)
    readonly = dst.copy()
    readonly.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        nisa.tensor_tensor(readonly, a, a, nl.add)
    np.testing.assert_array_equal(dst, np.full((4, 4), 5, np.float32))


def test_a_full_disk_where_the_session_maps_its_memory_falls_back_to_frames(tmp_path):
    # the only file a session writes is its shared memory (/dev/shm, else the temp dir): a launcher whose file size
    # limit is 1 MB (ulimit -f) cannot make it, and the calls still give the right answer through the pipe
    launcher = tmp_path / "full_disk.sh"
    launcher.write_text(f"#!/usr/bin/env bash\nulimit -f 1024\nexec {os.path.join(ROOT, 'stt')} \"$@\"\n")
    launcher.chmod(0o755)
    a = np.arange(128 * 64, dtype=np.float32).reshape(128, 64)
    started = time.monotonic()
    with stt_nki.Session(launcher=str(launcher), timeout=120) as s:
        for _ in range(3):  # made again: a shared session would replay it from its memory
            np.testing.assert_array_equal(nisa.tensor_scalar(a, nl.multiply, 2.0), a * np.float32(2))
        assert not s.shared
    assert time.monotonic() - started < 120
