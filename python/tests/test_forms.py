"""Both NKI call forms (NKI 2.27+ dst-first, and neuronxcc.nki's returning a tile), the nl ops as tile functions and
the nisa enums, against NumPy + ml_dtypes expectations computed here."""
import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl

ml_dtypes = pytest.importorskip("ml_dtypes")
RNG = np.random.default_rng(11)


def tiles(*shape, n=2):
    return [RNG.standard_normal(shape).astype(np.float32) for _ in range(n)]


def test_beta2_positional_forms_write_dst():
    a, b = tiles(4, 6)
    dst = np.empty_like(a)
    nisa.tensor_tensor(dst, a, b, nl.add)
    np.testing.assert_array_equal(dst, a + b)
    nisa.tensor_scalar(dst, a, nl.multiply, 2.0, False, nl.add, 1.0)
    np.testing.assert_array_equal(dst, a * np.float32(2) + np.float32(1))
    nisa.scalar_tensor_tensor(dst, a, nl.multiply, 0.5, nl.subtract, b)
    np.testing.assert_array_equal(dst, a * np.float32(0.5) - b)
    low = np.empty(a.shape, ml_dtypes.bfloat16)
    nisa.tensor_copy(low, a)
    np.testing.assert_array_equal(low.view(np.uint16), a.astype(ml_dtypes.bfloat16).view(np.uint16))
    ints = np.empty((3, 5), np.int32)
    nisa.memset(ints, 16777217)
    np.testing.assert_array_equal(ints, np.full((3, 5), 16777217, np.int32))
    nisa.memset(dst, 0.0, engine=nisa.engine.vector, name="zero")
    np.testing.assert_array_equal(dst, np.zeros_like(a))


def test_beta2_scan_select_reduce_and_tensor_scalar_reduce():
    a, b = tiles(3, 5)
    dst = np.empty_like(a)
    nisa.tensor_tensor_scan(dst, a, b, 1.0, nl.multiply, nl.add)
    state, want = np.ones(3, np.float32), np.empty_like(a)
    for k in range(5):
        state = state * a[:, k] + b[:, k]
        want[:, k] = state
    np.testing.assert_array_equal(dst, want)
    pred = (a > 0).astype(np.uint8)
    res = np.empty((3, 1), np.float32)
    nisa.select_reduce(dst, pred, b, -1.0, reduce_res=res, reduce_cmd=nisa.reduce_cmd.reset_reduce)
    chosen = np.where(pred != 0, b, np.float32(-1))
    np.testing.assert_array_equal(dst, chosen)
    np.testing.assert_array_equal(res[:, 0], chosen.max(axis=1))
    nisa.tensor_scalar_reduce(dst, a, nl.multiply, 2.0, nl.maximum, reduce_res=res)
    np.testing.assert_array_equal(dst, a * np.float32(2))
    np.testing.assert_array_equal(res[:, 0], (a * np.float32(2)).max(axis=1))


def test_beta2_copy_predicated_takes_a_scalar_src_and_reverse_pred():
    a, dst0 = tiles(2, 4)
    pred = np.array([[1, 0, 2, 0], [0, 0, 5, 1]], np.int32)
    dst = dst0.copy()
    nisa.tensor_copy_predicated(dst, a, pred)
    np.testing.assert_array_equal(dst, np.where(pred != 0, a, dst0))
    dst = dst0.copy()
    nisa.tensor_copy_predicated(dst, a, pred, True)
    np.testing.assert_array_equal(dst, np.where(pred == 0, a, dst0))
    dst = dst0.copy()
    nisa.tensor_copy_predicated(dst, 7.5, pred)
    np.testing.assert_array_equal(dst, np.where(pred != 0, np.float32(7.5), dst0))


def test_beta1_forms_return_a_new_tile_with_nki_default_dtypes():
    a, b = tiles(2, 3)
    a16 = a.astype(ml_dtypes.bfloat16)
    got = nisa.tensor_tensor(a16, b, nl.add)  # bf16 with fp32 promotes to fp32 (NKI type promotion)
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, a16.astype(np.float32) + b)
    got = nisa.tensor_tensor(a16, b, nl.add, dtype=nl.bfloat16)
    assert got.dtype == ml_dtypes.bfloat16
    got = nisa.tensor_scalar(a, nl.multiply, 3.0)
    np.testing.assert_array_equal(got, a * np.float32(3))
    got = nisa.memset((2, 3), 5, nl.int16)
    np.testing.assert_array_equal(got, np.full((2, 3), 5, np.int16))
    got = nisa.tensor_copy(a, dtype=nl.float16)
    np.testing.assert_array_equal(got, a.astype(np.float16))
    got = nisa.tensor_tensor_scan(a, b, 0.5, nl.add, nl.add)
    state, want = np.full(2, 0.5, np.float32), np.empty_like(a)
    for k in range(3):
        state = (a[:, k] + state) + b[:, k]
        want[:, k] = state
    np.testing.assert_array_equal(got, want)


def test_nl_ops_are_tile_functions_with_nki_promotion():
    a, b = tiles(2, 4)
    np.testing.assert_array_equal(nl.add(a, b), a + b)
    np.testing.assert_array_equal(nl.subtract(2.0, a), np.float32(2) - a)  # the number first: reverse0
    np.testing.assert_array_equal(nl.maximum(a, 0.0), np.maximum(a, np.float32(0)))
    low = a.astype(ml_dtypes.bfloat16)
    assert nl.multiply(low, 2.0).dtype == np.float32  # a weak float is fp32, and fp32 wins over bf16
    ints = np.arange(8, dtype=np.int32).reshape(2, 4)
    np.testing.assert_array_equal(nl.bitwise_and(ints, 6), ints & 6)
    np.testing.assert_array_equal(nl.invert(ints), ~ints)
    positive = np.abs(a) + np.float32(1)
    np.testing.assert_array_equal(nl.rsqrt(positive), (1 / np.sqrt(positive.astype(np.float64))).astype(np.float32))
    assert stt_nki._session.current().calls[-1]["engine"] == "scalar"  # nl.rsqrt is the activation


def test_engine_mask_and_reduce_cmd_the_model_cannot_honour_are_clear_errors():
    a, b = tiles(2, 2)
    dst = np.empty_like(a)
    with pytest.raises(ValueError, match="engine=gpsimd: this model runs tensor_tensor on the Vector Engine"):
        nisa.tensor_tensor(dst, a, b, nl.add, engine=nisa.engine.gpsimd)
    nisa.tensor_tensor(dst, a, b, nl.add, engine=nisa.vector_engine)
    with pytest.raises(TypeError, match="mask=<object"):
        nisa.tensor_tensor(a, b, nl.add, mask=object())
    with pytest.raises(NotImplementedError, match="reduce_cmd=load_reduce"):
        nisa.select_reduce(dst, (a > 0).astype(np.uint8), b, 0.0, reduce_res=np.empty((2, 1), np.float32),
                           reduce_cmd=nisa.reduce_cmd.load_reduce)
    with pytest.raises(TypeError, match="fit neither NKI form"):
        nisa.tensor_tensor(a, nl.add)


def test_data_movement_on_the_scalar_or_gpsimd_engine_is_the_same_bits_and_a_cast_there_is_refused():
    a = np.array([[1.5, -2.25], [3e-3, 7.0]], np.float32)
    dst = np.zeros_like(a)
    nisa.tensor_copy(dst, a, engine=nisa.scalar_engine)
    np.testing.assert_array_equal(dst, a)
    filled = np.zeros((2, 3), np.int32)
    nisa.memset(filled, 16777217, engine=nisa.gpsimd_engine)
    np.testing.assert_array_equal(filled, np.full((2, 3), 16777217, np.int32))
    with pytest.raises(NotImplementedError, match="engine=scalar: a cast from fp32 to bf16"):
        nisa.tensor_copy(np.zeros((2, 2), ml_dtypes.bfloat16), a, engine=nisa.engine.scalar)
    with pytest.raises(ValueError, match="engine=scalar: this model runs tensor_scalar on the Vector Engine"):
        nisa.tensor_scalar(dst, a, nl.multiply, 2.0, engine=nisa.scalar_engine)


def test_every_nl_dtype_name_exists_and_those_without_a_code_refuse_when_used():
    for name in ("bool_", "int8", "int16", "int32", "uint8", "uint16", "uint32", "float16", "float32", "bfloat16",
                 "tfloat32", "float8_e4m3", "float8_e4m3fn", "float8_e5m2", "float8_e5m2_x4", "float8_e4m3fn_x4",
                 "float8_e8m0fnu", "float4_e2m1fn_x4"):
        assert hasattr(nl, name), name
    a, = tiles(2, 2, n=1)
    with pytest.raises(TypeError, match="tfloat32 has no DTYPE code"):
        nisa.tensor_copy(a, dtype=nl.tfloat32)
    got = nisa.tensor_copy(np.array([[True, False], [False, True]], nl.bool_))  # a predicate's bytes: uint8
    assert got.dtype == np.uint8 and got.tolist() == [[1, 0], [0, 1]]
    assert nl.tile_size.pmax == 128 and nl.par_dim(128) == 128
    assert [e.name for e in nisa.reduce_cmd] == ["idle", "reset", "reduce", "reset_reduce", "load_reduce"]
    assert nisa.engine.vector.value == 5 and nisa.gpsimd_engine is nisa.engine.gpsimd
    assert isinstance(stt_nki.isa.tensor_tensor.__doc__, str) and "Forms:" in stt_nki.isa.tensor_tensor.__doc__


def test_a_session_is_one_neuroncore_whose_accumulators_persist_across_calls():
    a, b = tiles(4, 8)
    dst = np.empty_like(a)
    res = np.empty((4, 1), np.float32)
    with stt_nki.Session() as s:
        # reduce_cmd=reduce folds onto what the previous call left: two tiles' maxima, as one kernel loop does
        nisa.select_reduce(dst, np.ones((4, 8), np.uint8), a, 0.0, reduce_cmd=nisa.reduce_cmd.reset_reduce)
        nisa.select_reduce(dst, np.ones((4, 8), np.uint8), b, 0.0, reduce_res=res, reduce_cmd=nisa.reduce_cmd.reduce)
        np.testing.assert_array_equal(res[:, 0], np.maximum(a.max(axis=1), b.max(axis=1)))
        # tensor_scalar_reduce: reset, reduce and load_reduce, against NumPy's sequential fp32 sums
        nisa.tensor_scalar_reduce(dst, a, nl.multiply, 1.0, nl.add)
        nisa.tensor_scalar_reduce(dst, b, nl.multiply, 1.0, nl.add, res, reduce_cmd=nisa.reduce_cmd.reduce)
        want = np.zeros(4, np.float32)
        for t in (a, b):
            for k in range(8):
                want = want + t[:, k]
        np.testing.assert_array_equal(res[:, 0], want)
        nisa.tensor_scalar_reduce(dst, a, nl.multiply, 1.0, nl.add, res, reduce_cmd=nisa.reduce_cmd.load_reduce,
                                  reduce_init=100.0)
        want = np.full(4, 100, np.float32)
        for k in range(8):
            want = want + a[:, k]
        np.testing.assert_array_equal(res[:, 0], want)
        # reset zeroes the core: reduce then starts from zero
        s.reset()
        nisa.tensor_scalar_reduce(dst, a, nl.multiply, 1.0, nl.add, res, reduce_cmd=nisa.reduce_cmd.reduce)
        want = np.zeros(4, np.float32)
        for k in range(8):
            want = want + a[:, k]
        np.testing.assert_array_equal(res[:, 0], want)


def test_reciprocal_in_both_forms_is_numpys_correctly_rounded_quotient():
    a, = tiles(3, 7, n=1)
    a[0, :4] = [0.0, -0.0, np.inf, 3.0]
    with np.errstate(divide="ignore"):
        want = np.float32(1) / a
    dst = np.empty_like(a)
    nisa.reciprocal(dst, a)
    np.testing.assert_array_equal(dst, want)
    np.testing.assert_array_equal(nisa.reciprocal(a), want)
    low = nisa.reciprocal(a, dtype=nl.bfloat16)
    np.testing.assert_array_equal(low.view(np.uint16), want.astype(ml_dtypes.bfloat16).view(np.uint16))
    nisa.reciprocal(dst=dst, src=a * 2)  # NKI's migration guide names the input src
    with np.errstate(divide="ignore"):
        np.testing.assert_array_equal(dst, np.float32(1) / (a * 2))
