"""Deferred calls (issue 46): a kernel's Vector Engine calls on tiles in the session's memory are queued in the shared
memory and return at once; Python waits only at a host read (a load or store, an element or a NumPy function of a
tile, Session.sync, the kernel's end). Expectations are NumPy's (fp32 ops round as the model's fp32 stages do) or
hand values."""
import inspect
import os
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import stt_nki
from stt_nki import _chip, _ring, _session

import processes
from processes import in_threads

stt_nki.install_as_nki()
import nki.isa as nisa  # noqa: E402
import nki.language as nl  # noqa: E402

RNG = np.random.default_rng(46)
GARBAGE = _ring.Ring.record(b"\xff" * 64)  # a record of one word that is no instruction


def _queue(s):
    return int(s._ring.ctl[_ring.POSTED]), int(s._ring.ctl[_ring.DONE])


def _scale_and_add(a, b, rounds, seen):
    """acc = b; rounds times: u = a * 0.5 + 1; acc += u, all on SBUF tiles; notes how the queue stood before the
    store."""
    out = nl.ndarray(b.shape, dtype=nl.float32, buffer=nl.shared_hbm)
    t = nl.load(a)
    acc = nl.load(b)
    u = nl.ndarray(a.shape, dtype=nl.float32, buffer=nl.sbuf)
    for _ in range(rounds):
        nisa.tensor_scalar(dst=u, data=t, op0=nl.multiply, operand0=0.5, op1=nl.add, operand1=1.0)
        nisa.tensor_tensor(dst=acc, data1=acc, data2=u, op=nl.add)
    seen.append(_queue(_session.current()))
    nl.store(out, acc)
    seen.append(_queue(_session.current()))
    return out


def _numpy_scale_and_add(a, b, rounds):
    acc = b.copy()
    for _ in range(rounds):
        acc = acc + (a * np.float32(0.5) + np.float32(1.0))
    return acc


def test_a_kernels_calls_on_its_tiles_are_queued_and_its_results_are_numpys():
    a = RNG.standard_normal((128, 64), dtype=np.float32)
    b = RNG.standard_normal((128, 64), dtype=np.float32)
    seen = []
    got = stt_nki.simulate(_scale_and_add)(a, b, 20, seen)
    np.testing.assert_array_equal(got, _numpy_scale_and_add(a, b, 20))
    (posted, _), (after, done_after) = seen
    assert posted >= 36  # each call after its first run went to the queue, without a reply
    assert done_after == after == posted  # the store was a host read: everything queued had run
    report = stt_nki.last_report()
    assert report["by_engine"]["vector"] == 40  # every queued call is in the report


def test_a_host_read_of_a_tile_sees_every_queued_call():
    def kernel(a, seen):
        t = nl.load(a)
        for _ in range(30):
            nisa.tensor_scalar(dst=t, data=t, op0=nl.add, operand0=1.0)
        seen.append(float(t[3, 5]))  # an element: a host read
        nisa.tensor_scalar(dst=t, data=t, op0=nl.add, operand0=1.0)
        nisa.tensor_scalar(dst=t, data=t, op0=nl.add, operand0=1.0)
        seen.append(np.sum(t[0:2, 0:2]))  # a NumPy function of a tile: a host read
        out = nl.ndarray(a.shape, dtype=nl.float32, buffer=nl.shared_hbm)
        nl.store(out, t)
        return out
    seen = []
    a = np.zeros((8, 16), np.float32)
    got = stt_nki.simulate(kernel)(a, seen)
    assert seen == [30.0, 4 * 32.0]
    np.testing.assert_array_equal(got, np.full((8, 16), 32.0, np.float32))


@pytest.fixture(autouse=True)
def spoilt():
    """The plans a test spoilt (`_spoil`), given back their records after it: the session outlives the test."""
    spoilt = []
    yield spoilt
    for plan, record in spoilt:
        plan.record = record


def _spoil(plan, spoilt):
    spoilt.append((plan, plan.record))
    plan.record = GARBAGE


def _learnt(s, *calls):
    """Runs each call twice (its first run teaches the session its plan; the second is queued) and returns the plan
    the last one queued."""
    for call in calls:
        call()
        call()
    s.sync()
    return s._last_post


def test_a_refused_queued_call_names_its_kernel_line_nothing_after_it_runs_and_the_session_goes_on(spoilt):
    caught = {}

    def kernel(a):
        s = _session.current()
        t = nl.load(a)
        u = nl.ndarray(a.shape, dtype=nl.float32, buffer=nl.sbuf)
        v = nl.ndarray(a.shape, dtype=nl.float32, buffer=nl.sbuf)
        _learnt(s, lambda: nisa.tensor_scalar(dst=u, data=t, op0=nl.multiply, operand0=3.0))
        plan = _learnt(s, lambda: nisa.tensor_scalar(dst=v, data=t, op0=nl.add, operand0=5.0))
        _learnt(s, lambda: nisa.tensor_scalar(dst=u, data=u, op0=nl.add, operand0=100.0))
        assert float(v[0, 0]) == 6.0
        _spoil(plan, spoilt)  # the next run of the `v` call queues a word the model refuses
        nisa.tensor_scalar(dst=u, data=t, op0=nl.multiply, operand0=3.0)
        line = inspect.currentframe().f_lineno + 1
        nisa.tensor_scalar(dst=v, data=t, op0=nl.add, operand0=5.0)
        nisa.tensor_scalar(dst=u, data=u, op0=nl.add, operand0=100.0)  # after the refused call: must not run
        calls = len(s.calls)
        with pytest.raises(stt_nki.InvalidInstruction) as e:
            s.sync()
        caught.update(message=str(e.value), line=line, u=float(u[0, 0]), dropped=calls - len(s.calls),
                      name=s.calls[-1]["name"])
        nisa.tensor_scalar(dst=u, data=t, op0=nl.multiply, operand0=7.0)  # the session goes on
        out = nl.ndarray(a.shape, dtype=nl.float32, buffer=nl.shared_hbm)
        nl.store(out, u)
        return out
    got = stt_nki.simulate(kernel)(np.ones((4, 8), np.float32))
    assert f"tensor_scalar (issued at test_deferred.py:{caught['line']})" in caught["message"]
    assert caught["u"] == 3.0  # u = 3 * t ran before the refused call; u + 100 after it did not
    assert caught["dropped"] == 2  # the refused call and the one after it are not in the session's record
    np.testing.assert_array_equal(got, np.full((4, 8), 7.0, np.float32))


def _refusing(spoilt, then=lambda: None):
    """A kernel that queues a call the model refuses (its plan spoilt after the session learnt it), then does
    `then()`."""
    def kernel(a):
        s = _session.current()
        t = nl.load(a)
        plan = _learnt(s, lambda: nisa.tensor_scalar(dst=t, data=t, op0=nl.add, operand0=1.0))
        _spoil(plan, spoilt)
        nisa.tensor_scalar(dst=t, data=t, op0=nl.add, operand0=1.0)
        then()
    return kernel


def test_a_refused_call_is_raised_at_the_kernels_end_when_nothing_read_before(spoilt):
    with pytest.raises(stt_nki.InvalidInstruction, match=r"tensor_scalar \(issued at test_deferred.py:\d+\)"):
        stt_nki.simulate(_refusing(spoilt))(np.ones((2, 4), np.float32))


def _in_flight(s, rounds=400):
    """Queues `rounds` calls of [128 x 2048] fp32 on SBUF tiles of session `s` (the reference engine runs each in
    milliseconds) and returns the tile they write and the value it ends at. The session's chip makes its SBUF's views
    tiles the calls address in place, as a kernel's are."""
    _chip.of(s)
    base = s.sbuf()
    t = base[:, -8192:].view(np.float32)  # the top of SBUF: module-level calls stage their arrays from its bottom
    t[...] = 0
    for _ in range(rounds):
        nisa.tensor_scalar(dst=t, data=t, op0=nl.add, operand0=1.0)
    return t, float(rounds)


def test_an_interrupt_at_a_sync_leaves_the_queue_running_and_the_session_usable():
    with stt_nki.Session(engine="reference") as s:
        t, want = _in_flight(s)
        assert s._ring.pending()
        wait = s._ring.wait

        def interrupted(*args):  # Ctrl-C while Python waits for the queue
            s._ring.wait = wait
            raise KeyboardInterrupt
        s._ring.wait = interrupted
        with pytest.raises(KeyboardInterrupt):
            s.sync()
        s.sync()
        assert (t == want).all()
        a = np.ones((2, 3), np.float32)
        np.testing.assert_array_equal(nisa.tensor_tensor(data1=a, data2=a, op=nl.add), a + a)


def test_an_abandoned_reply_does_not_hold_up_the_queue():
    """An interrupted call leaves its reply (6 MiB here) for the server to write; the server writes nothing else, the
    queue included, until Python reads it: a sync reads it first."""
    big = RNG.standard_normal((128, 12288)).astype(np.float32)
    with stt_nki.Session(timeout=20) as s:
        t, _ = _in_flight(s, 5)
        frames, wait = s._replies, s._replies.frame

        def interrupted(deadline):  # Ctrl-C while waiting for the reply
            frames.frame = wait
            raise KeyboardInterrupt
        frames.frame = interrupted
        with pytest.raises(KeyboardInterrupt):
            nisa.tensor_copy(src=big)
        time.sleep(1)  # the server is writing the reply now, held by the full pipe
        for _ in range(5):
            nisa.tensor_scalar(dst=t, data=t, op0=nl.add, operand0=1.0)
        start = time.monotonic()
        s.sync()
        assert time.monotonic() - start < 10
        assert (t == 10.0).all()


def test_a_killed_server_with_calls_in_flight_is_one_server_error_and_leaves_no_file():
    with stt_nki.Session(engine="reference") as s:
        _in_flight(s)
        folders = processes.folders(s._proc.pid)
        s._proc.kill()
        with pytest.raises(stt_nki.ServerError, match="stt serve ended"):
            s.sync()
        assert not [d for d in folders if os.path.exists(d)]
        a = np.ones((2, 3), np.float32)
        np.testing.assert_array_equal(nisa.tensor_tensor(data1=a, data2=a, op=nl.add), a + a)


def test_a_silent_server_with_calls_in_flight_is_an_error_within_the_timeout():
    with stt_nki.Session(engine="reference", timeout=2) as s:
        _in_flight(s)
        pid = s._proc.pid
        os.kill(pid, signal.SIGSTOP)
        start = time.monotonic()
        try:
            with pytest.raises(stt_nki.ServerError, match="did not run the queued calls within 2 s"):
                s.sync()
        finally:
            try:
                os.kill(pid, signal.SIGCONT)
            except ProcessLookupError:
                pass
        assert time.monotonic() - start < 20
        assert s._proc is None  # closed: the next call starts a new server


def test_a_killed_python_with_calls_in_flight_ends_its_server_and_leaves_no_file():
    child = textwrap.dedent("""
        import sys, numpy as np
        sys.path.insert(0, %r)
        sys.path.insert(0, %r)
        import stt_nki
        from test_deferred import _in_flight
        s = stt_nki.Session(engine="reference")
        with s:
            _in_flight(s, 2000)
            print(s._proc.pid, flush=True)
            sys.stdin.read()
    """ % (os.path.join(os.path.dirname(__file__), ".."), os.path.dirname(__file__)))
    p = subprocess.Popen([sys.executable, "-c", child], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=os.environ)
    server = int(p.stdout.readline())
    folders = processes.folders(server)
    assert folders, "the server maps no memory file"
    p.kill()
    p.wait()
    deadline = time.monotonic() + 10  # its queue holds about 20 s of work: it stops when its client is gone
    while time.monotonic() < deadline and processes.alive(server):
        time.sleep(0.1)
    assert not processes.alive(server)
    assert not [d for d in folders if os.path.exists(d)]


def test_two_threads_queue_on_their_own_sessions():
    results = {}

    def work(k):
        with stt_nki.Session() as s:
            t, want = _in_flight(s, 50 + k)
            s.sync()
            results[k] = (float(t.min()), float(t.max()), want)
    assert not in_threads(work, 2)
    assert results == {0: (50.0, 50.0, 50.0), 1: (51.0, 51.0, 51.0)}


def test_a_dma_waits_only_for_the_queued_calls_that_touch_its_bytes():
    seen = []

    def kernel(a, b):
        s = _session.current()
        x = nl.load(a)
        nl.load(b)  # the model ran one copy of this kind: the next ones move bits here
        for _ in range(300):  # the reference engine runs each in milliseconds
            nisa.tensor_scalar(dst=x, data=x, op0=nl.add, operand0=1.0)
        y = nl.load(b)  # bytes no queued call touches: no wait
        seen.append(s._ring.pending())
        out = nl.ndarray(a.shape, dtype=nl.float32, buffer=nl.shared_hbm)
        nl.store(out, x)  # x's bytes: after every call that writes them
        seen.append(s._ring.pending())
        return out, y
    with stt_nki.Session(engine="reference"):
        a = np.zeros((128, 2048), np.float32)
        b = RNG.standard_normal((128, 2048), dtype=np.float32)
        out, y = stt_nki.simulate(kernel)(a, b)
    assert seen == [True, False]
    np.testing.assert_array_equal(out, np.full(a.shape, 300.0, np.float32))
    np.testing.assert_array_equal(y, b)


def test_a_kernel_that_fails_leaves_no_queued_call_behind(spoilt):
    def fail():
        raise KeyError("the kernel's own error")
    kernel = _refusing(spoilt, fail)
    with pytest.raises(KeyError) as e:
        stt_nki.simulate(kernel)(np.ones((2, 4), np.float32))
    assert "tensor_scalar (issued at test_deferred.py:" in " ".join(getattr(e.value, "__notes__", []))
    assert not _session.PENDING
    a = np.ones((2, 3), np.float32)
    np.testing.assert_array_equal(nisa.tensor_tensor(dst=np.empty_like(a), data1=a, data2=a, op=nl.add), a + a)


def test_an_nki_level_call_on_tiles_in_the_sessions_memory_reads_and_writes_them_where_they_are():
    a = RNG.standard_normal((128, 64), dtype=np.float32)
    scale = RNG.standard_normal((128, 1), dtype=np.float32)
    sent = []

    def kernel(a, scale):
        out = nl.ndarray(a.shape, dtype=nl.float32, buffer=nl.shared_hbm)
        t, s, u = nl.load(a), nl.load(scale), nl.ndarray(a.shape, dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=t, data=t, op0=nl.multiply, operand0=0.25)  # queued: the activation reads its result
        nisa.activation(dst=u, op=nl.copy, data=t, scale=s)
        nisa.tensor_tensor(dst=u, data1=u, data2=t, op=nl.add)  # queued after it, on what it wrote
        nl.store(out, u)
        return out

    with stt_nki.Session() as s:
        run = s.run

        def spy(args, arrays, outputs):
            sent.append((list(args), dict(arrays), list(outputs)))
            return run(args, arrays, outputs)
        s.run = spy
        got = stt_nki.simulate(kernel)(a, scale)
    quarter = a * np.float32(0.25)
    np.testing.assert_array_equal(got, quarter * scale + quarter)  # copy(x * scale), one fp32 rounding each
    act = [x for x in sent if x[0][:2] == ["call", "activation"]]
    assert len(act) == 1 and act[0][1] == {} and act[0][2] == []  # no tile travelled either way
    assert any(arg.startswith("data=sbuf:") for arg in act[0][0])
    assert any(arg.startswith("dst=sbuf:") for arg in act[0][0])


def test_an_nki_level_call_made_again_on_the_same_tiles_is_queued_and_its_warnings_come_at_the_sync():
    a = RNG.uniform(1.0, 2.0, (128, 64)).astype(np.float32)
    lines = []

    def kernel(a):
        out = nl.ndarray((2,) + a.shape, dtype=nl.float32, buffer=nl.shared_hbm)
        t, u = nl.load(a), nl.ndarray(a.shape, dtype=nl.float32, buffer=nl.sbuf)
        for k in range(2):
            nisa.activation(dst=u, op=nl.log, data=t)  # the second time on the same tiles: queued
            lines.append(inspect.currentframe().f_lineno - 1)
            nl.store(out[k], u)
            nisa.tensor_scalar(dst=t, data=t, op0=nl.multiply, operand0=-1.0)  # queued: log's input now negative
        return out

    with stt_nki.Session() as s:
        run, sent = s.run, []
        s.run = lambda args, arrays, outputs: sent.append(args[:2]) or run(args, arrays, outputs)
        with pytest.warns(RuntimeWarning) as caught:
            got = stt_nki.simulate(kernel)(a)
    np.testing.assert_allclose(got[0], np.log(a), rtol=1e-6)
    assert np.isnan(got[1]).all()  # log of a negative number
    assert sent.count(["call", "activation"]) == 1  # the second went through the queue
    message = next(str(w.message) for w in caught if "activation" in str(w.message))
    assert "outside" in message and f"test_deferred.py:{lines[1]}" in message


def test_a_killed_server_with_nki_level_calls_in_flight_is_one_server_error_and_leaves_no_file():
    with stt_nki.Session() as s:
        _chip.of(s)
        t, u = (s.sbuf()[:, -8192 * k:-8192 * k + 4096 or None].view(np.float32) for k in (2, 1))
        t[...] = 0.5
        for _ in range(200):  # [128 x 1024] exp activations on SBUF tiles: the first sent, the others queued
            nisa.activation(dst=u, op=nl.exp, data=t)
        assert s._ring.pending()
        folders = processes.folders(s._proc.pid)
        s._proc.kill()
        with pytest.raises(stt_nki.ServerError, match="stt serve ended"):
            s.sync()
        assert not [d for d in folders if os.path.exists(d)]
        a = np.full((2, 3), 0.5, np.float32)
        want = np.exp(a.astype(np.float64)).astype(np.float32)  # the model's: the double formula, rounded once
        np.testing.assert_array_equal(nisa.activation(op=nl.exp, data=a), want)
