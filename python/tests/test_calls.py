"""Every call against NumPy + ml_dtypes expectations computed here, and the error paths."""
import os
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl

from processes import in_threads

ml_dtypes = pytest.importorskip("ml_dtypes")
RNG = np.random.default_rng(7)


def bits(a):
    return a.view(np.uint8)


def f32(x):
    return np.asarray(x, dtype=np.float32)


def test_scalar_tensor_tensor_fp32_is_two_fp32_stages():
    a = RNG.standard_normal((128, 4, 8), dtype=np.float32)
    b = RNG.standard_normal((128, 4, 8), dtype=np.float32)
    got = nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=0.1, op1=nl.subtract, operand1=b)
    want = (a * np.float32(0.1)).astype(np.float32) - b
    assert got.shape == a.shape and got.dtype == np.float32
    np.testing.assert_array_equal(bits(got), bits(want))


def test_reverse_flags_swap_each_stage():
    a = f32([[1, 2, 3], [4, 5, 6]])
    b = f32([[10, 20, 30], [40, 50, 60]])
    got = nisa.scalar_tensor_tensor(data=a, op0=nl.subtract, operand0=1.0, op1=nl.subtract, operand1=b,
                                    reverse0=True, reverse1=True)
    np.testing.assert_array_equal(got, b - (1 - a))


def test_bf16_in_and_out_round_to_nearest_even():
    a = RNG.standard_normal((16, 64), dtype=np.float32).astype(ml_dtypes.bfloat16)
    b = RNG.standard_normal((16, 64), dtype=np.float32).astype(ml_dtypes.bfloat16)
    got = nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=3.0, op1=nl.add, operand1=b)
    want = ((a.astype(np.float32) * np.float32(3)) + b.astype(np.float32)).astype(ml_dtypes.bfloat16)
    assert got.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(got.view(np.uint16), want.view(np.uint16))


def test_per_partition_scalar_and_reduce_res():
    a = RNG.standard_normal((8, 32), dtype=np.float32)
    s = RNG.standard_normal((8, 1), dtype=np.float32)
    res = np.zeros((8, 1), np.float32)
    got = nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=s, op1=nl.add, operand1=a, reduce_res=res,
                                    reduce_cmd="reset_reduce")
    want = (a * s).astype(np.float32) + a
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(res[:, 0], np.cumsum(want, axis=1, dtype=np.float32)[:, -1])


def test_bitvec_ops_take_integer_scalars_and_keep_the_dtype():
    x = RNG.integers(-2**15, 2**15, (4, 16), dtype=np.int16)
    y = RNG.integers(-2**15, 2**15, (4, 16), dtype=np.int16)
    got = nisa.scalar_tensor_tensor(data=x, op0=nl.bitwise_and, operand0=0x0ff0, op1=nl.bitwise_xor, operand1=y)
    assert got.dtype == np.int16
    np.testing.assert_array_equal(got, (x & np.int16(0x0ff0)) ^ y)
    shifted = nisa.tensor_scalar(data=x.view(np.uint16), op0=nl.right_shift, operand0=3)
    np.testing.assert_array_equal(shifted, x.view(np.uint16) >> 3)


def test_tensor_tensor_and_tensor_scalar():
    a = RNG.standard_normal((32, 10), dtype=np.float32)
    b = RNG.standard_normal((32, 10), dtype=np.float32)
    np.testing.assert_array_equal(nisa.tensor_tensor(data1=a, data2=b, op=np.maximum), np.maximum(a, b))
    got = nisa.tensor_scalar(data=a, op0=nl.add, operand0=2, op1=nl.multiply, operand1=-0.5)
    np.testing.assert_array_equal(got, (a + np.float32(2)) * np.float32(-0.5))
    one = nisa.tensor_scalar(data=a, op0=nl.subtract, operand0=1.0, reverse0=True)
    np.testing.assert_array_equal(one, np.float32(1) - a)


def test_tensor_scalar_reduce_folds_each_partition():
    a = RNG.standard_normal((16, 40), dtype=np.float32)
    res = np.zeros((16, 1), np.float32)
    got = nisa.tensor_scalar_reduce(data=a, op0=nl.multiply, operand0=-1.5, reduce_op=nl.maximum, reduce_res=res)
    want = (a * np.float32(-1.5)).astype(np.float32)
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(res[:, 0], want.max(axis=1))
    total = np.zeros((16, 1), np.float32)
    nisa.tensor_scalar_reduce(data=a, op0=nl.add, operand0=0.0, reduce_op=nl.add, reduce_res=total,
                              reduce_res_negate=True)
    np.testing.assert_array_equal(total[:, 0], -np.cumsum(a, axis=1, dtype=np.float32)[:, -1])
    assert len(stt_nki._session.current().last_words) == 2


def test_tensor_copy_casts_and_copies():
    a = f32([[1.5, -2.7, 300.0, np.nan]])
    np.testing.assert_array_equal(nisa.tensor_copy(src=a, dtype=nl.int8), np.array([[1, -2, 127, 0]], np.int8))
    same = nisa.tensor_copy(src=a)
    np.testing.assert_array_equal(bits(same), bits(a))


def test_memset_encodes_the_value_in_the_dtype_exactly():
    # 16777217 = 2^24 + 1 is not an fp32: through fp32 it would be 2^24
    np.testing.assert_array_equal(nisa.memset(shape=(2, 3), value=16777217, dtype=nl.int32),
                                  np.full((2, 3), 16777217, np.int32))
    np.testing.assert_array_equal(nisa.memset(shape=(1, 2), value=-1, dtype=nl.int8),
                                  np.full((1, 2), -1, np.int8))
    got = nisa.memset(shape=(1, 1), value=0.1, dtype=nl.bfloat16)
    assert bits(got).tobytes() == np.array([0x3dcd], np.uint16).tobytes()  # 0.1 rounded from the double: 0x3dcd
    with pytest.raises(ValueError, match="uint8 takes an integer in 0..255"):
        nisa.memset(shape=(1, 1), value=256, dtype=nl.uint8)


def test_memset_fills_and_converts():
    got = nisa.memset(shape=(4, 2, 3), value=-2.5, dtype=nl.float16)
    assert got.shape == (4, 2, 3) and got.dtype == np.float16
    assert (got == np.float16(-2.5)).all()


def test_scan_and_select_reduce():
    a = f32([[1, 2, 3], [4, 5, 6]])
    b = f32([[1, 1, 1], [2, 2, 2]])
    got = nisa.tensor_tensor_scan(data0=a, data1=b, initial=0.0, op0=nl.add, op1=nl.multiply)
    want = np.zeros_like(a)
    for p in range(2):
        state = np.float32(0)
        for i in range(3):
            state = (a[p, i] + state) * b[p, i]
            want[p, i] = state
    np.testing.assert_array_equal(got, want)
    pred = np.array([[1, 0, 1], [0, 0, 0]], np.uint8)
    res = np.zeros((2, 1), np.float32)
    sel = nisa.select_reduce(predicate=pred, on_true=a, on_false=-1.0, reduce_res=res, reduce_cmd="reset_reduce")
    np.testing.assert_array_equal(sel, np.where(pred != 0, a, np.float32(-1)))
    np.testing.assert_array_equal(res[:, 0], f32([3, -1]))


def test_copy_predicated_updates_dst_in_place_through_a_strided_view():
    base = np.full((4, 8), 9, np.float32)
    dst = base[:, ::2]
    src = np.arange(16, dtype=np.float32).reshape(4, 4)
    pred = (src % 3 == 0).astype(np.int32)
    out = nisa.tensor_copy_predicated(dst, src=src, predicate=pred)
    assert out is dst
    np.testing.assert_array_equal(base[:, ::2], np.where(pred != 0, src, np.float32(9)))
    np.testing.assert_array_equal(base[:, 1::2], np.full((4, 4), 9, np.float32))


def test_dst_may_be_an_input():
    a = f32([[1, 2], [3, 4]])
    nisa.tensor_tensor(a, data1=a, data2=a, op=nl.add)
    np.testing.assert_array_equal(a, f32([[2, 4], [6, 8]]))


def test_an_op_the_generation_lacks_raises_invalid_instruction_with_the_rules():
    a = f32([[1, 2]])
    with stt_nki.Session(gen="cayman") as s:
        with pytest.raises(stt_nki.InvalidInstruction) as e:
            nisa.scalar_tensor_tensor(data=a, op0="relu", operand0=1.0, op1=nl.add, operand1=a)
        assert e.value.rules == ["has_valid_scalar_tensor_tensor_op"]
        assert s.last_words and len(s.last_words[0]) == 64
    with pytest.raises(stt_nki.InvalidInstruction) as e:
        # valid, but not on the Vector Engine (FAMILY.md §3), and the GpSimd ALU bodies have no rsqrt: refused
        nisa.tensor_scalar(a, "rsqrt", 0.0, op1="bypass", operand1=0.0)
    assert e.value.rules == ["tensor_scalar_valid_ops"]
    assert [v["level"] for v in e.value.verdicts] == ["not_executable"]
    assert e.value.verdicts[0]["word"] == 0 and "rsqrt" in e.value.verdicts[0]["message"]


def test_an_interrupted_call_leaves_the_session_usable():
    big = RNG.standard_normal((128, 12288)).astype(np.float32)
    with stt_nki.Session(engine="reference") as s:
        nisa.tensor_copy(src=f32([[1]]))  # the server is up
        previous = signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
        try:
            signal.setitimer(signal.ITIMER_REAL, 0.2)
            with pytest.raises(KeyboardInterrupt):
                for _ in range(1000):  # calls until the alarm lands inside one (a warm server may finish one in 0.2 s)
                    nisa.scalar_tensor_tensor(data=big, op0=nl.multiply, operand0=2.0, op1=nl.add, operand1=big)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        a = f32([[1, 2], [3, 4]])
        np.testing.assert_array_equal(nisa.tensor_tensor(data1=a, data2=a, op=nl.add), a + a)
        np.testing.assert_array_equal(nisa.tensor_tensor(data1=a, data2=a, op=nl.multiply), a * a)


def test_a_killed_server_is_one_server_error_and_the_next_call_starts_a_new_one():
    a = f32([[1, 2]])
    with stt_nki.Session() as s:
        nisa.tensor_copy(src=a)
        s._proc.kill()
        with pytest.raises(stt_nki.ServerError, match="stt serve ended"):
            nisa.tensor_copy(src=a)
        np.testing.assert_array_equal(nisa.tensor_copy(src=a), a)


def test_a_server_that_never_answers_is_an_error_within_the_timeout(tmp_path):
    silent = tmp_path / "silent"
    silent.write_text("#!/bin/sh\nexec sleep 600\n")
    silent.chmod(0o755)
    start = time.monotonic()
    with stt_nki.Session(launcher=str(silent), timeout=2):
        with pytest.raises(stt_nki.ServerError, match="did not answer within 2 s"):
            nisa.tensor_copy(src=f32([[1]]))
    assert time.monotonic() - start < 20


def test_two_threads_with_two_sessions_never_mix_replies():
    results = {}

    def work(k):
        with stt_nki.Session():
            for j in range(15):
                a = np.full((2, 3), 10 * k + j, np.float32)
                results[(k, j)] = nisa.tensor_tensor(data1=a, data2=a, op=nl.add)
    assert not in_threads(work, 2)
    for (k, j), got in results.items():
        np.testing.assert_array_equal(got, np.full((2, 3), 2 * (10 * k + j), np.float32))
    assert len(results) == 30


def test_with_session_binds_its_block_in_its_own_thread_only():
    seen = {}
    with stt_nki.Session(gen="cayman") as outer:
        t = threading.Thread(target=lambda: seen.update(other=stt_nki._session.current()))
        t.start()
        t.join()
        assert stt_nki._session.current() is outer
    assert seen["other"] is not outer and seen["other"].gen == stt_nki._session.generation(None)



def test_bad_arguments_name_the_argument():
    a = f32([[1, 2]])
    with pytest.raises(ValueError, match="op0"):
        nisa.scalar_tensor_tensor(data=a, op0="frobnicate", operand0=1.0, op1=nl.add, operand1=a)
    with pytest.raises(TypeError, match="src"):
        nisa.tensor_copy(src=[[1, 2]])
    with pytest.raises(ValueError, match="partition"):
        nisa.tensor_copy(src=np.zeros((129, 2), np.float32))
    with pytest.raises(TypeError, match="dtype"):
        nisa.tensor_copy(src=np.zeros((2, 2), np.float64))
    with pytest.raises(TypeError, match="operand0"):
        nisa.tensor_scalar(data=np.zeros((2, 2), np.int32), op0=nl.bitwise_and, operand0=1.5)
    with pytest.raises(ValueError, match="data"):
        nisa.tensor_tensor(data1=a, data2=np.zeros((1, 3), np.float32), op=nl.add)
    with pytest.raises(ValueError, match="gen"):
        stt_nki.Session(gen="pluto")


def test_a_missing_server_is_a_clear_error():
    with stt_nki.Session(launcher="/nonexistent/stt") as s:
        with pytest.raises(stt_nki.ServerError, match="launcher not found"):
            nisa.tensor_copy(src=f32([[1]]))
    assert s.last_words == []


def test_nki_target_names_and_the_platform_variable_choose_the_generation(monkeypatch):
    assert [stt_nki.Session(gen=g).gen for g in ("trn1", "inf2", "gen2", "trn2", "gen3", "trn3", "gen4", "CAYMAN")] \
        == ["sunda", "sunda", "sunda", "cayman", "cayman", "mariana", "mariana", "cayman"]
    monkeypatch.setenv("NEURON_PLATFORM_TARGET_OVERRIDE", "trn2")
    assert stt_nki.Session().gen == "cayman"
    monkeypatch.setenv("NEURON_PLATFORM_TARGET_OVERRIDE", "trn9")
    with pytest.raises(ValueError, match="NEURON_PLATFORM_TARGET_OVERRIDE='trn9'"):
        stt_nki.Session()


def test_the_platform_variable_sets_the_default_session_of_a_fresh_interpreter():
    # relu is a MARIANA op: with trn2 (CAYMAN) as the target, the module-level call is refused by the validator
    code = ("import numpy as np, stt_nki\nfrom stt_nki import isa as nisa\n"
            "try:\n    nisa.tensor_scalar(data=np.ones((2, 2), np.float32), op0='relu', operand0=0.0)\n"
            "    print('ran')\nexcept stt_nki.InvalidInstruction as e:\n    print(e.rules)\n")
    env = dict(os.environ, NEURON_PLATFORM_TARGET_OVERRIDE="trn2", PYTHONPATH=os.path.dirname(stt_nki.__path__[0]))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "['tensor_scalar_valid_ops']", out.stderr
    env["NEURON_PLATFORM_TARGET_OVERRIDE"] = "trn3"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.stdout.strip() == "ran", out.stderr


def test_an_interrupt_before_a_request_is_sent_leaves_no_reply_to_wait_for(monkeypatch):
    """Ctrl-C while a request is put together (its JSON), before any byte of it went: the next call waits for no
    reply to it (a session that did waited out its timeout)."""
    a = f32([[1, 2], [3, 4]])
    with stt_nki.Session(timeout=10) as s:
        nisa.tensor_copy(src=a)
        dumps = stt_nki._session.json.dumps

        def interrupted(*args, **kwargs):
            monkeypatch.setattr(stt_nki._session.json, "dumps", dumps)
            raise KeyboardInterrupt
        monkeypatch.setattr(stt_nki._session.json, "dumps", interrupted)
        with pytest.raises(KeyboardInterrupt):
            nisa.tensor_tensor(data1=a, data2=a, op=nl.subtract)
        start = time.monotonic()
        np.testing.assert_array_equal(nisa.tensor_tensor(data1=a, data2=a, op=nl.add), a + a)
        assert time.monotonic() - start < 5


def test_a_reply_lost_to_an_interrupt_is_not_waited_for():
    """An interrupt can fall after a reply was read and before the call took it: the session then holds a request
    whose reply will not come again, and the next wait reads past the replies with a ping instead."""
    a = f32([[1, 2], [3, 4]])
    with stt_nki.Session(timeout=10) as s:
        nisa.tensor_copy(src=a)
        s._outstanding.add(10 ** 9)  # a request whose reply was lost
        start = time.monotonic()
        s.sync()
        np.testing.assert_array_equal(nisa.tensor_tensor(data1=a, data2=a, op=nl.add), a + a)
        assert time.monotonic() - start < 5 and not s._outstanding


def test_an_alarm_between_a_read_and_its_append_loses_no_byte(monkeypatch):
    """A signal whose handler raises (an alarm, as the interrupt test's) lands as a reply's bytes are read: the bytes
    are kept, and the next call reads its own reply."""
    big = RNG.standard_normal((128, 4096)).astype(np.float32)
    read = os.read
    fired = []

    def reading(fd, n):
        data = read(fd, n)
        if not fired and len(data) > 1000:
            fired.append(1)
            signal.raise_signal(signal.SIGALRM)  # its handler runs at the first moment Python may run it
        return data
    previous = signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        with stt_nki.Session(timeout=10) as s:
            nisa.tensor_copy(src=f32([[1]]))
            monkeypatch.setattr(os, "read", reading)
            with pytest.raises(KeyboardInterrupt):
                nisa.tensor_copy(src=big)
            monkeypatch.setattr(os, "read", read)
            np.testing.assert_array_equal(nisa.tensor_copy(src=big), big)
    finally:
        signal.signal(signal.SIGALRM, previous)
