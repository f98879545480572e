"""The session's NeuronCore memory shared with the server: repeated calls send words and addresses, not arrays.

Expectations are NumPy's (fp32 arithmetic rounds each op as the model's fp32 stages do) or hand values.
"""
import os
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import stt_nki
from stt_nki import _ring, isa as nisa, language as nl

import processes

ml_dtypes = pytest.importorskip("ml_dtypes")
RNG = np.random.default_rng(11)


def _requests(session):
    """Records the JSON fields of every request `session` sends."""
    sent, send = [], session._request

    def spy(fields, pieces):
        sent.append(fields)
        return send(fields, pieces)
    session._request = spy
    return sent


def test_a_repeated_call_queues_its_words_and_sends_no_frame():
    with stt_nki.Session() as s:
        sent = _requests(s)
        for k in range(3):
            a = RNG.standard_normal((128, 512), dtype=np.float32)
            b = RNG.standard_normal((128, 512), dtype=np.float32)
            got = nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=2.5, op1=nl.add, operand1=b)
            np.testing.assert_array_equal(got, a * np.float32(2.5) + b)
        assert s.shared
        kinds = [next(k for k in ("memory", "args", "execute") if k in f) for f in sent]
        assert kinds == ["memory", "args"]  # the first run; the two replays went through the command queue
        ring = s._ring
        assert ring.ctl[_ring.POSTED] == 2 and ring.ctl[_ring.DONE] == 2
        words = b"".join(s.last_words)
        assert bytes(ring.data[:8]) == np.array([len(words) // 64, 0], "<i4").tobytes()
        assert bytes(ring.data[8:8 + len(words)]) == words


def test_every_call_replays_to_numpys_answer():
    """Each call twice with the same shapes: the second runs from the shared memory."""
    with stt_nki.Session():
        for _ in range(2):
            a = RNG.integers(-50, 50, (64, 40)).astype(np.float32)
            b = RNG.integers(1, 50, (64, 40)).astype(np.float32)
            col = RNG.integers(-4, 4, (64, 1)).astype(np.float32)
            np.testing.assert_array_equal(nisa.tensor_tensor(data1=a, data2=b, op=nl.subtract), a - b)
            np.testing.assert_array_equal(nisa.tensor_scalar(data=a, op0=nl.multiply, operand0=col, op1=nl.add,
                                                             operand1=3.0), a * col + 3)
            np.testing.assert_array_equal(nisa.reciprocal(b), np.float32(1) / b)
            bf = nisa.tensor_copy(src=a / 7, dtype=nl.bfloat16)
            assert bf.dtype == ml_dtypes.bfloat16
            np.testing.assert_array_equal(bf, (a / 7).astype(ml_dtypes.bfloat16))
            np.testing.assert_array_equal(nisa.memset(shape=(64, 40), value=int(a[0, 0]), dtype=np.int32),
                                          np.full((64, 40), int(a[0, 0]), np.int32))
            dst = b.copy()
            pred = (a > 0).astype(np.uint8)
            nisa.tensor_copy_predicated(dst=dst, src=a, predicate=pred)
            np.testing.assert_array_equal(dst, np.where(pred != 0, a, b))
            res = np.zeros((64, 1), np.float32)
            out = nisa.tensor_scalar_reduce(data=a, op0=nl.multiply, operand0=2.0, reduce_op=nl.add,
                                            reduce_res=res)
            np.testing.assert_array_equal(out, a * 2)
            np.testing.assert_array_equal(res, (a * 2).sum(axis=1, keepdims=True))  # integers: exact in any order


def test_accumulators_persist_across_replayed_calls():
    ones = np.ones((8, 16), np.float32)
    res = np.zeros((8, 1), np.float32)
    with stt_nki.Session() as s:
        sent = _requests(s)
        nisa.tensor_scalar_reduce(data=ones, op0=nl.multiply, operand0=1.0, reduce_op=nl.add, reduce_res=res,
                                  reduce_cmd=nisa.reduce_cmd.reset_reduce)
        assert (res == 16).all()
        for k in range(2, 5):
            nisa.tensor_scalar_reduce(data=ones, op0=nl.multiply, operand0=1.0, reduce_op=nl.add, reduce_res=res,
                                      reduce_cmd=nisa.reduce_cmd.reduce)
            assert (res == 16 * k).all()
        assert sum("args" in f for f in sent) == 2 and s._ring.ctl[_ring.POSTED] == 2  # reset_reduce, reduce; 2 replays
        s.reset()
        nisa.tensor_scalar_reduce(data=ones, op0=nl.multiply, operand0=1.0, reduce_op=nl.add, reduce_res=res,
                                  reduce_cmd=nisa.reduce_cmd.reduce)
        assert (res == 16).all()  # from zero: reset zeroed the shared core in place


def test_the_sbuf_is_the_cores_own_memory():
    with stt_nki.Session() as s:
        a = np.arange(12, dtype=np.float32).reshape(3, 4)
        nisa.tensor_copy(src=a)
        nisa.tensor_copy(src=a)  # the replay wrote a where the server placed it; its output is next to it
        sbuf = s.sbuf()
        assert sbuf.shape[0] == 128 and sbuf.dtype == np.uint8
        assert bytes(sbuf[:3, :16]) == a.tobytes()


def test_the_memory_file_is_private_and_gone_once_mapped():
    with stt_nki.Session() as s:
        sent = _requests(s)
        seen = []
        reply = s._reply

        def spy(request):
            r = reply(request)
            if "path" in r[0]:
                path = r[0]["path"]
                ring = r[0]["ring"]["path"]
                seen.append((path, os.stat(path).st_mode & 0o777, os.stat(os.path.dirname(path)).st_mode & 0o777,
                             ring, os.stat(ring).st_mode & 0o777))
            return r
        s._reply = spy
        nisa.tensor_copy(src=np.ones((2, 2), np.float32))
        assert sent[0] == {"memory": s.gen, "ring": True, "engine": s.engine}
        (path, file_mode, dir_mode, ring, ring_mode), = seen
        assert (file_mode, dir_mode, ring_mode) == (0o600, 0o700, 0o600)
        assert os.path.dirname(ring) == os.path.dirname(path)
        assert not os.path.exists(path) and not os.path.exists(ring) and not os.path.exists(os.path.dirname(path))


def test_an_interrupted_replay_does_not_spoil_the_next_call():
    """The abandoned words may still be writing their output where the next call's input goes: the next call waits
    for them before it writes."""
    big = RNG.standard_normal((128, 12288)).astype(np.float32)  # data, operand1 and out: 48 KiB a partition each
    src = RNG.standard_normal((128, 30000)).astype(np.float32)  # over the STT's output
    with stt_nki.Session(engine="reference") as s:
        nisa.tensor_copy(src=src, dtype=nl.bfloat16)
        nisa.scalar_tensor_tensor(data=big, op0=nl.multiply, operand0=2.0, op1=nl.add, operand1=big)
        ring, wait = s._ring, s._ring.wait

        def interrupted(*args):  # Ctrl-C while waiting for the queue: the server is still running the words
            ring.wait = wait
            raise KeyboardInterrupt
        ring.wait = interrupted
        with pytest.raises(KeyboardInterrupt):
            nisa.scalar_tensor_tensor(data=big, op0=nl.multiply, operand0=2.0, op1=nl.add, operand1=big)
        assert ring.pending() or ring.ctl[_ring.DONE] == ring.ctl[_ring.POSTED]
        got = nisa.tensor_copy(src=src, dtype=nl.bfloat16)
        np.testing.assert_array_equal(got, src.astype(ml_dtypes.bfloat16))


def test_a_killed_python_ends_its_server_and_leaves_no_memory_file():
    child = textwrap.dedent("""
        import sys, numpy as np
        sys.path.insert(0, %r)
        import stt_nki
        from stt_nki import isa as nisa
        s = stt_nki.Session()
        with s:
            nisa.tensor_copy(src=np.ones((2, 2), np.float32))
            print(s._proc.pid, flush=True)
            sys.stdin.read()
    """ % os.path.join(os.path.dirname(__file__), ".."))
    p = subprocess.Popen([sys.executable, "-c", child], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=os.environ)
    server = int(p.stdout.readline())
    folders = processes.folders(server)  # this server's own (other sessions on the machine have theirs)
    assert folders, "the server maps no memory file"
    p.kill()
    p.wait()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and os.path.exists(f"/proc/{server}") and processes.alive(server):
        time.sleep(0.1)
    assert not processes.alive(server)
    assert not [d for d in folders if os.path.exists(d)]



def test_a_module_level_call_made_again_feeds_its_new_arrays_to_the_learnt_plan():
    """From the third call of a kind, the call is queued from what the session learnt (no binding, no stt eval): the
    new arrays' bytes go where the plan's inputs live, and the answer is a new array, NumPy's."""
    with stt_nki.Session() as s:
        for k in range(6):
            a = RNG.standard_normal((64, 96), dtype=np.float32)
            b = RNG.standard_normal((64, 96), dtype=np.float32)
            got = nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=2.5, op1=nl.subtract, operand1=b)
            np.testing.assert_array_equal(got, a * np.float32(2.5) - b)
            h = RNG.standard_normal((32, 40)).astype(ml_dtypes.bfloat16)
            got = nisa.tensor_tensor(data1=h, data2=h, op=nl.multiply)
            assert got.dtype == ml_dtypes.bfloat16
            np.testing.assert_array_equal(got, (h.astype(np.float32) * h.astype(np.float32)).astype(h.dtype))
        learnt = [k for k in s._calls_again.values() if k.feeds]
        assert len(learnt) == 2 and all(k.made is not None for k in learnt)
        assert len(s.calls) == 12 and s.calls[-1]["reads"][0][0] == "host"
