"""The calls the model runs at NKI level (activation, nc_matmul, iota, affine_select, range_select,
tensor_partition_reduce, bn_stats/bn_aggr, nc_stream_shuffle, dma_copy, dma_transpose, nl.load/store/matmul/var), in
both call forms, against NumPy models written here from FAMILY-NEXT §5-§9: bit for bit where the model claims its
bits (exact and model levels), within a stated bound where it is approximate."""
import math
from fractions import Fraction

import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl

ml_dtypes = pytest.importorskip("ml_dtypes")
RNG = np.random.default_rng(33)
F32 = np.float32


def bits(a):
    return np.ascontiguousarray(a).view(np.uint8)


def exact_affine(x, scale, bias):
    """fma(x, scale, bias) rounded once to fp32, for inputs whose double sum is exact (checked with fractions)."""
    y64 = x.astype(np.float64) * np.float64(scale) + np.float64(bias)
    for xi, yi in zip(x.flat[:64], y64.flat[:64]):
        assert Fraction(float(xi)) * Fraction(float(scale)) + Fraction(float(bias)) == Fraction(float(yi))
    return y64.astype(F32), y64


def ulps(a, b):
    """The distance in fp32 units in the last place of two fp32 arrays of finite values."""
    ia, ib = a.view(np.int32).astype(np.int64), b.view(np.int32).astype(np.int64)
    ia = np.where(ia < 0, -(ia & 0x7fffffff), ia)
    ib = np.where(ib < 0, -(ib & 0x7fffffff), ib)
    return np.abs(ia - ib)


FUNCTIONS = {
    "exp": np.exp, "tanh": np.tanh, "sigmoid": lambda y: 1 / (1 + np.exp(-y)), "sqrt": np.sqrt,
    "rsqrt": lambda y: 1 / np.sqrt(y), "log": np.log, "sin": np.sin, "arctan": np.arctan,
    "softplus": lambda y: np.log1p(np.exp(y)), "silu": lambda y: y / (1 + np.exp(-y)),
    "erf": np.vectorize(math.erf), "gelu": lambda y: 0.5 * y * (1 + np.vectorize(math.erf)(y / math.sqrt(2))),
    "gelu_apprx_tanh": lambda y: 0.5 * y * (1 + np.tanh(math.sqrt(2 / math.pi) * (y + 0.044715 * y ** 3))),
}


@pytest.mark.filterwarnings("ignore:.*valid input range")
@pytest.mark.parametrize("fn", sorted(FUNCTIONS))
def test_approximate_functions_are_within_one_ulp_of_the_correctly_rounded_value(fn):
    positive = fn in ("sqrt", "rsqrt", "log")
    x = RNG.uniform(0.05 if positive else -3, 3, (32, 40)).astype(F32)
    scale, bias = F32(0.75), (F32(0.125) if not positive else F32(0.0))
    y, _ = exact_affine(x, scale, bias)
    want = FUNCTIONS[fn](y.astype(np.float64)).astype(F32)
    got = nisa.activation(getattr(nl, fn), x, scale=float(scale), bias=float(bias))  # Beta 1
    assert got.dtype == F32
    assert ulps(got, want).max() <= 1, fn
    assert stt_nki.Session and stt_nki.isa  # the session recorded the call as approximate
    last = stt_nki._session.current().calls[-1]
    assert (last["name"], last["engine"], last["level"]) == ("activation", "scalar", "approx")


def test_the_exact_set_is_bit_for_bit_and_model_level_in_both_forms():
    x = RNG.standard_normal((16, 24)).astype(F32)
    x[0, :4] = [-0.0, 0.0, np.inf, -np.inf]
    bias = RNG.standard_normal((16, 1)).astype(F32)
    y, _ = exact_affine(x[1:], F32(2.0), 0.0)
    with np.errstate(all="ignore"):
        pre = (x.astype(np.float64) * 2 + bias.astype(np.float64)).astype(F32)  # exact: 2x is exact, one rounding
        want = {"relu": np.where(pre > 0, pre, F32(0)), "abs": np.abs(pre), "square": pre * pre,
                "sign": np.sign(pre) + F32(0), "copy": pre}
    for name, w in want.items():
        dst = np.empty_like(x)
        nisa.activation(dst, getattr(nl, name) if name != "copy" else nl.copy, x, bias=bias, scale=2.0)  # Beta 2
        np.testing.assert_array_equal(bits(dst), bits(w.astype(F32)), err_msg=name)
        assert stt_nki._session.current().calls[-1]["level"] == "model"
    assert y is not None


def test_activation_folds_into_its_own_registers_across_calls():
    x = RNG.standard_normal((8, 50)).astype(F32)
    with stt_nki.Session() as s:
        res = np.zeros((8, 1), F32)
        nisa.activation(op=nl.relu, data=x, reduce_cmd=nisa.reduce_cmd.reset_reduce, reduce_res=res)
        acc = np.zeros(8, F32)
        for k in range(50):
            acc = (acc + np.maximum(x[:, k], F32(0))).astype(F32)
        np.testing.assert_array_equal(res[:, 0], acc)
        # the Vector Engine accumulators are another register file: a DVE reduce does not see these
        again = np.zeros((8, 1), F32)
        nisa.activation_reduce(op=nl.copy, data=x, reduce_op=nl.add, reduce_res=again)  # reset_reduce
        want = np.zeros(8, F32)
        for k in range(50):
            want = (want + x[:, k]).astype(F32)
        np.testing.assert_array_equal(again[:, 0], want)
        summed = np.zeros((8, 1), F32)  # np.sum names the same add (nki-samples' allocated_attention passes it)
        nisa.activation_reduce(op=nl.copy, data=x, reduce_op=np.sum, reduce_res=summed)
        np.testing.assert_array_equal(summed[:, 0], want)
        # a refused call leaves the registers alone
        with pytest.raises(ValueError, match="reduce_op"):
            nisa.activation(op=nl.exp, data=x, reduce_op=nl.maximum, reduce_cmd="reset", reduce_res=again)
        nisa.activation(op=nl.copy, data=x[:, :0] if False else x[:, :1] * 0, reduce_cmd="reduce", reduce_res=again)
        np.testing.assert_array_equal(again[:, 0], want)
        assert s.report()["by_engine"]["scalar"] == 4


def test_activation_outside_the_valid_range_warns():
    with pytest.warns(RuntimeWarning, match="outside sin's valid input range"):
        nisa.activation(nl.sin, np.array([[1.0, 9.0]], F32))


def bf16(shape, scale=1.0):
    return (RNG.standard_normal(shape) * scale).astype(ml_dtypes.bfloat16)


def matmul_model(s, m):
    """dst[i, n] = fma over k ascending: bf16 products are exact in fp32, so fp32 acc + product rounds once."""
    s32, m32 = s.astype(F32), m.astype(F32)
    acc = np.zeros((s.shape[1], m.shape[1]), F32)
    for k in range(s.shape[0]):
        acc = (acc + s32[k][:, None] * m32[k][None, :]).astype(F32)
    return acc


def test_matmul_is_the_fma_fold_in_ascending_k_in_both_forms():
    s, m = bf16((128, 64)), bf16((128, 300), 1e3)
    want = matmul_model(s, m)
    np.testing.assert_array_equal(nisa.nc_matmul(s, m), want)  # Beta 1: a new fp32 tile
    dst = np.empty((64, 300), F32)
    nisa.nc_matmul(dst, s, m)  # Beta 2, accumulate=None onto a fresh array: overwrite
    np.testing.assert_array_equal(dst, want)
    nisa.nc_matmul(dst, s, m)  # a matmul wrote all of it: accumulate
    np.testing.assert_array_equal(dst, (want + want).astype(F32))
    last = stt_nki._session.current().calls[-1]
    assert (last["engine"], last["level"], last["cycles"]) == ("tensor", "model", 300)


def test_matmul_accumulate_flags_refuse_a_mix_and_undefined_accumulation():
    s, m = bf16((4, 2)), bf16((4, 8))
    psum = np.zeros((2, 16), F32)
    with pytest.raises(ValueError, match="undefined behaviour"):
        nisa.nc_matmul(psum[:, :8], s, m, accumulate=True)
    nisa.nc_matmul(psum[:, :8], s, m)
    with pytest.raises(ValueError, match="wrote 16 of 32"):
        nisa.nc_matmul(psum, s, bf16((4, 16)))
    nisa.nc_matmul(psum[:, 8:], s, m, accumulate=False)
    before = psum.copy()
    nisa.nc_matmul(psum, s, bf16((4, 16)), accumulate=True)
    assert not np.array_equal(psum, before)
    with pytest.raises(ValueError, match="the other must be too"):
        nisa.nc_matmul(s.astype(F32), m)
    with pytest.raises(ValueError, match="tile_position and tile_size"):
        nisa.nc_matmul(s, m, tile_position=(0, 0))


@pytest.mark.parametrize("dtype", ["float16", "float8_e4m3", "float8_e5m2"])
def test_matmul_of_fp16_and_fp8_is_the_same_exact_fold(dtype):
    t = np.float16 if dtype == "float16" else getattr(ml_dtypes, dtype)
    s = (RNG.standard_normal((96, 40)) * 4).astype(t)
    m = (RNG.standard_normal((96, 70)) * 4).astype(t)
    np.testing.assert_array_equal(nisa.nc_matmul(s, m), matmul_model(s, m))


def test_matmul_double_row_contracts_both_rows_of_each_partition():
    """perf_mode=double_row (aws-neuron-sdk test_nki_isa_nc_matmul's golden: einsum("kli,klj->ij")), on fp8 small
    integers so that every sum is exact in fp32."""
    f8 = ml_dtypes.float8_e5m2
    a = RNG.integers(-4, 5, (128, 2, 48)).astype(f8)
    b = RNG.integers(-4, 5, (128, 2, 96)).astype(f8)
    want = np.einsum("kli,klj->ij", a.astype(F32), b.astype(F32))
    with stt_nki.Session(gen="trn2"):
        np.testing.assert_array_equal(nisa.nc_matmul(a, b, perf_mode="double_row_gen3"), want)  # Beta 1
        dst = np.empty((48, 96), F32)
        nisa.nc_matmul(dst, a, b, perf_mode=nisa.matmul_perf_mode.double_row)  # Beta 2: overwrite, then accumulate
        nisa.nc_matmul(dst, a, b, perf_mode=nisa.matmul_perf_mode.double_row)
        np.testing.assert_array_equal(dst, 2 * want)
        with pytest.raises(ValueError, match=r"an fp8 \[K, 2, F\] tile"):
            nisa.nc_matmul(a.astype(F32), b, perf_mode="double_row")
        with pytest.raises(ValueError, match="allowed: none, double_row"):
            nisa.nc_matmul(a, b, perf_mode="quadruple_row")
    with stt_nki.Session(gen="trn1"), pytest.raises(ValueError, match="no performance mode"):
        nisa.nc_matmul(a, b, perf_mode="double_row")


def test_beta1_tensor_tensor_reads_a_size_one_free_dim_again_along_the_other():
    """nki-samples' double_row_matmul: nisa.tensor_tensor([128, 512], [128, 1] scales, nl.multiply) (Beta 1)."""
    x = RNG.standard_normal((128, 512)).astype(F32)
    s = RNG.standard_normal((128, 1)).astype(F32)
    np.testing.assert_array_equal(nisa.tensor_tensor(x, s, nl.multiply), x * s)
    np.testing.assert_array_equal(nisa.tensor_tensor(s, x, nl.subtract), s - x)
    with pytest.raises(ValueError, match="same shape"):
        nisa.tensor_tensor(np.empty((128, 512), F32), x, s, nl.multiply)  # NKI 2.27+'s form: equal shapes
    with pytest.raises(ValueError, match="one partition count"):
        nisa.tensor_tensor(x, s[:64], nl.multiply)


def test_matmul_transpose_mode_moves_bits_and_widens_fp8():
    x = bf16((32, 48))
    x[0, 0] = np.nan
    dst = np.empty((48, 32), ml_dtypes.bfloat16)
    nisa.nc_matmul(dst, x, np.zeros((32, 32), ml_dtypes.bfloat16), is_transpose=True)
    np.testing.assert_array_equal(dst.view(np.uint16), np.ascontiguousarray(x.T).view(np.uint16))
    f8 = (RNG.standard_normal((16, 8)) * 4).astype(ml_dtypes.float8_e4m3)
    wide = np.empty((8, 16), np.uint16)
    nisa.nc_matmul(wide, f8, np.zeros((16, 16), ml_dtypes.float8_e4m3), is_transpose=True)
    np.testing.assert_array_equal(wide, np.ascontiguousarray(f8.T).view(np.uint8).astype(np.uint16))
    # fp32 has no bit-moving mode: the ordinary matmul with moving (the identity nki-library's cascaded_max passes
    # gives the transpose; small integers keep every sum exact) (transpose_fp32)
    x32 = RNG.integers(-8, 9, (32, 48)).astype(F32)
    dst32 = np.empty((48, 32), F32)
    nisa.nc_matmul(dst32, x32, np.eye(32, dtype=F32), is_transpose=True)
    np.testing.assert_array_equal(dst32, x32.T)
    m32 = RNG.integers(-8, 9, (32, 16)).astype(F32)
    np.testing.assert_array_equal(nisa.nc_matmul(x32, m32, is_transpose=True), x32.T @ m32)
    h = (RNG.standard_normal((32, 48)) * 4).astype(np.float16)  # Beta 1: a new tile of the input's dtype
    got = nisa.nc_matmul(h, np.zeros((32, 32), np.float16), is_transpose=True)
    assert got.dtype == np.float16
    np.testing.assert_array_equal(got, h.T)


def test_nl_matmul_is_x_at_y_through_a_transpose():
    x, y = bf16((64, 32)), bf16((32, 100))
    np.testing.assert_array_equal(nl.matmul(x, y), matmul_model(np.ascontiguousarray(x.T), y))
    np.testing.assert_array_equal(nl.matmul(np.ascontiguousarray(x.T), y, transpose_x=True),
                                  matmul_model(np.ascontiguousarray(x.T), y))


def affine(shape, pattern, offset, multiplier):
    """iota's values in int64, then wrapped to int32: partition c, row-major over the pattern, last entry fastest."""
    grid = np.indices([shape[0]] + [n for _, n in pattern], dtype=np.int64)
    v = offset + grid[0] * multiplier + sum(grid[d + 1] * step for d, (step, _) in enumerate(pattern))
    return v.reshape(shape[0], -1).astype(np.int64).astype(np.uint32).view(np.int32)


def test_iota_in_both_forms_and_its_conversions():
    pattern = [[3, 4], [-1, 5]]
    want = affine((128, 20), pattern, 7, 20)
    dst = np.empty((128, 4, 5), np.int32)
    nisa.iota(dst, pattern, offset=7, channel_multiplier=20)
    np.testing.assert_array_equal(dst.reshape(128, 20), want)
    assert stt_nki._session.current().calls[-1]["level"] == "exact"
    as_float = np.empty((128, 20), F32)
    nisa.iota(as_float, [[1 << 20, 20]], channel_multiplier=(1 << 24) + 1)  # large: rounds through fp32
    np.testing.assert_array_equal(as_float, affine((128, 20), [[1 << 20, 20]], 0, (1 << 24) + 1).astype(F32))
    assert stt_nki._session.current().calls[-1]["level"] == "model"
    low = np.empty((4, 8), np.uint8)
    nisa.iota(low, [[100, 8]])
    np.testing.assert_array_equal(low, (affine((4, 8), [[100, 8]], 0, 0) & 0xff).astype(np.uint8))
    expr = 5 + nl.arange(128)[:, None] * 2 + nl.arange(6)[None, :] * 3  # Beta 1: an affine expression
    np.testing.assert_array_equal(nisa.iota(expr, nl.float32), expr.astype(F32))
    with pytest.raises(ValueError, match="not affine"):
        nisa.iota(expr ** 2, nl.int32)


def test_affine_select_in_both_forms():
    x = RNG.standard_normal((64, 48)).astype(F32)
    a = affine((64, 48), [[-1, 48]], 3, 1)  # a = 3 + p - j
    for cmp, op in (("greater_equal", np.greater_equal), ("equal", np.equal), ("less", np.less)):
        dst = np.empty_like(x)
        nisa.affine_select(dst, [[-1, 48]], 1, x, -1e30, cmp_op=getattr(nl, cmp), offset=3)
        np.testing.assert_array_equal(dst, np.where(op(a, 0), x, F32(-1e30)))
    ip, jf = nl.arange(64)[:, None], nl.arange(48)[None, :]
    got = nisa.affine_select(jf <= ip, x, -np.inf)  # Beta 1: a predicate over the index grid
    np.testing.assert_array_equal(got, np.where(jf <= ip, x, F32(-np.inf)))
    as_bf16 = nisa.affine_select(jf <= ip, x.astype(ml_dtypes.bfloat16), 1e39)
    np.testing.assert_array_equal(as_bf16.view(np.uint16), np.where(jf <= ip, x.astype(ml_dtypes.bfloat16),
                                                                     ml_dtypes.bfloat16(np.inf)).view(np.uint16))


def test_range_select_and_its_accumulators():
    x = RNG.standard_normal((32, 40)).astype(F32)
    lo, hi = RNG.integers(0, 20, (32, 1)).astype(F32), RNG.integers(10, 40, (32, 1)).astype(F32)
    j = np.arange(40, dtype=F32)[None, :] + 2
    sel = (j >= lo) & (j < hi)
    want = np.where(sel, x, F32(-3.4028235e38))
    dst, res = np.empty_like(x), np.zeros((32, 1), F32)
    nisa.range_select(dst, x, nl.greater_equal, nl.less, lo, hi, reduce_res=res, range_start=2)  # reset_reduce
    np.testing.assert_array_equal(dst, want)
    np.testing.assert_array_equal(res[:, 0], want.max(axis=1))
    got = nisa.range_select(x, np.greater_equal, np.less, lo, hi, range_start=2)  # Beta 1: idle by default
    np.testing.assert_array_equal(got, want)
    with pytest.raises(ValueError, match="on_false_value"):
        nisa.range_select(x, nl.less, nl.less, 1.0, 2.0, on_false_value=0.0)
    with stt_nki.Session(gen="trn1"), pytest.raises(ValueError, match="NC-v3 or later"):
        nisa.range_select(x, nl.less, nl.less, 1.0, 2.0)


def test_partition_reduce_folds_down_the_partitions():
    x = RNG.standard_normal((100, 3, 7)).astype(F32)
    acc = np.zeros((3, 7), F32)
    for p in range(100):
        acc = (x[p] + acc).astype(F32)
    np.testing.assert_array_equal(nisa.tensor_partition_reduce(nl.add, x), acc[None])  # Beta 1
    dst = np.empty((1, 3, 7), F32)
    nisa.tensor_partition_reduce(dst, "average", x)
    avg = np.zeros((3, 7), F32)
    for p in range(100):
        avg = (x[p] * F32(1 / 100) + avg).astype(F32)
    np.testing.assert_array_equal(dst[0], avg)
    ints = RNG.integers(0, 1 << 30, (9, 5)).astype(np.int32)
    np.testing.assert_array_equal(nisa.tensor_partition_reduce(nl.bitwise_or, ints)[0],
                                  np.bitwise_or.reduce(ints, axis=0))
    with pytest.raises(ValueError, match="allowed: add, maximum, bitwise_or, bitwise_and"):
        nisa.tensor_partition_reduce("average", x)  # not in Beta 1


def bn_stats_model(x):
    out = np.zeros((x.shape[0], 6), F32)
    for half in (0, 1):
        v = x[:, half::2].astype(F32)
        n = v.shape[1]
        s, q = np.zeros(x.shape[0], F32), np.zeros(x.shape[0], F32)
        for k in range(n):
            s, q = (s + v[:, k]).astype(F32), (q + v[:, k] * v[:, k]).astype(F32)
        mean = (s * F32(F32(1) / F32(n))).astype(F32)
        out[:, 3 * half:3 * half + 3] = np.stack([np.full_like(s, n), mean, q - (F32(n) * mean) * mean], 1)
    return out


def test_bn_stats_and_aggr_follow_the_formula_and_approach_numpy():
    x = RNG.standard_normal((128, 200)).astype(F32) + 3
    stats = nisa.bn_stats(x)  # Beta 1
    np.testing.assert_array_equal(stats, bn_stats_model(x))
    mv = np.empty((128, 2), F32)
    nisa.bn_aggr(mv, stats)  # Beta 2
    np.testing.assert_allclose(mv[:, 0], x.mean(axis=1), rtol=1e-5)
    np.testing.assert_allclose(mv[:, 1], x.var(axis=1), rtol=1e-3)
    np.testing.assert_allclose(nl.var(x, axis=1)[:, 0], x.var(axis=1), rtol=1e-3)
    assert stt_nki._session.current().calls[-1]["level"] == "approx"
    with pytest.raises(ValueError, match="at most 512"):
        nisa.bn_stats(np.zeros((2, 513), F32))


def test_shuffle_dma_copy_transpose_load_store_move_bits():
    src = RNG.standard_normal((64, 10)).astype(F32)
    dst = np.full((64, 10), 7, F32)
    mask = list(RNG.permutation(32))
    mask[5] = 255
    nisa.nc_stream_shuffle(dst, src, mask)
    want = np.full((64, 10), 7, F32)
    for d in range(64):
        if mask[d % 32] != 255:
            want[d] = src[d // 32 * 32 + mask[d % 32]]
    np.testing.assert_array_equal(dst, want)
    b1 = np.full((64, 10), 7, F32)
    nisa.nc_stream_shuffle(src=src, dst=b1, shuffle_mask=mask)  # Beta 1 by keyword
    np.testing.assert_array_equal(b1, want)

    hbm = RNG.standard_normal((256, 12)).astype(F32)  # more rows than partitions: an HBM tensor
    sb = np.empty((128, 24), ml_dtypes.bfloat16)
    nisa.dma_copy(sb, hbm)  # through fp32: RNE to bf16
    np.testing.assert_array_equal(sb.view(np.uint16), hbm.reshape(128, 24).astype(ml_dtypes.bfloat16).view(np.uint16))
    assert stt_nki._session.current().calls[-1]["level"] == "model"
    out = np.zeros((256, 12), F32)
    nisa.dma_copy(dst=out, src=hbm, dst_rmw_op=np.add)  # Beta 1's read-modify-write
    nisa.dma_copy(dst=out, src=hbm, dst_rmw_op=np.add)
    np.testing.assert_array_equal(out, hbm + hbm)
    ints = np.empty((2, 3), np.int8)
    nisa.dma_copy(ints, np.array([[1e9, -1e9, -2.7], [2.7, np.nan, 127.9]], F32))  # SPEC §5: truncate, saturate
    np.testing.assert_array_equal(ints, [[127, -128, -2], [2, 0, 127]])

    t3 = RNG.standard_normal((4, 5, 6)).astype(F32)
    np.testing.assert_array_equal(nisa.dma_transpose(t3), np.transpose(t3, (2, 1, 0)))
    t4 = RNG.standard_normal((2, 3, 4, 5)).astype(ml_dtypes.bfloat16)
    np.testing.assert_array_equal(nisa.dma_transpose(t4).view(np.uint16),
                                  np.transpose(t4, (3, 1, 2, 0)).view(np.uint16))
    with pytest.raises(ValueError, match="axes"):
        nisa.dma_transpose(t3, axes=(0, 2, 1))
    tile = nl.load(hbm[:128], dtype=nl.bfloat16)
    np.testing.assert_array_equal(tile.view(np.uint16), hbm[:128].astype(ml_dtypes.bfloat16).view(np.uint16))
    back = np.empty((128, 12), F32)
    nl.store(back, tile)
    np.testing.assert_array_equal(back, tile.astype(F32))
    with pytest.raises(ValueError, match="equal counts"):
        nl.store(back, tile[:64])


def test_the_report_counts_calls_per_engine_and_level():
    with stt_nki.Session() as s:
        x = RNG.standard_normal((4, 8)).astype(F32)
        nisa.tensor_copy(x)
        nisa.reciprocal(x)
        nisa.activation(nl.exp, x)
        nisa.iota(np.empty((4, 8), np.int32), [[1, 8]])
        r = s.report()
        assert r["calls"] == 4
        assert r["by_engine"] == {"vector": 2, "scalar": 1, "gpsimd": 1}
        assert r["by_level"] == {"exact": 2, "model": 1, "approx": 1}
        # activation: max(MIN_II, N) = max(64, 8) ScalarE cycles (NKI 2.26's activation line)
        assert r["words"] == 2 and r["cycles"]["gpsimd"] == 158 and r["cycles"]["scalar"] == 64
        assert r["not_estimated"] == {}
        assert "reciprocal_rne" in r["decisions"]


def test_random_calls_say_why_they_are_not_modelled():
    z = np.zeros((2, 2), F32)
    for call, args in ((nisa.rng, (z,)), (nisa.rand2, (z, 0.0, 1.0)), (nisa.dropout, (z, z, 0.5))):  # NKI's signatures
        with pytest.raises(NotImplementedError, match="random state's layout"):
            call(*args)


def test_max8_and_the_matching_calls_against_numpy():
    x = RNG.integers(-20, 20, (16, 64)).astype(F32)  # many duplicates
    x[0, 3] = np.nan
    order = np.argsort(-np.where(np.isnan(x), -np.inf, x), axis=1, kind="stable")  # NaN after every number
    want = np.take_along_axis(x, order, axis=1)[:, :8]
    np.testing.assert_array_equal(nisa.max8(x), want)  # Beta 1
    dst = np.empty((16, 8), ml_dtypes.bfloat16)
    nisa.max8(dst, x)  # Beta 2: converted to dst's dtype
    np.testing.assert_array_equal(dst.astype(F32), want)

    vals = np.concatenate([x[:, [5, 5, 9]], RNG.integers(-30, -25, (16, 1)).astype(F32), x[:, 10:14]], axis=1)

    def matched(row, taking):
        taken, at = set(), {}
        for i in taking:
            hits = [k for k in range(64) if k not in taken and x[row, k] == vals[row, i]]
            at[i] = hits[0] if hits else 0xffffffff
            taken.update(hits[:1])
        return [at[i] for i in range(8)]

    find = np.array([matched(r, range(8)) for r in range(16)], np.uint32)
    np.testing.assert_array_equal(nisa.nc_find_index8(x, vals), find)
    small = np.empty((16, 8), np.uint16)
    nisa.nc_find_index8(small, x, vals)
    np.testing.assert_array_equal(small, find.astype(np.uint16))
    idx = np.empty((16, 8), np.uint32)
    replaced = nisa.nc_match_replace8(x, vals, -100.0, dst_idx=idx)
    want_idx = np.array([matched(r, range(7, -1, -1)) for r in range(16)], np.uint32)
    np.testing.assert_array_equal(idx, want_idx)
    expect = x.copy()
    for r in range(16):
        for k in want_idx[r]:
            if k != 0xffffffff:
                expect[r, k] = -100
    np.testing.assert_array_equal(bits(replaced), bits(expect))


def test_tensor_scalar_cumulative_writes_the_running_fold():
    x = RNG.standard_normal((8, 30)).astype(F32)
    running = np.zeros(8, F32)
    want = np.empty_like(x)
    for k in range(30):
        running = ((x[:, k] * F32(1.5)).astype(F32) + running).astype(F32)
        want[:, k] = running
    dst = np.empty_like(x)
    nisa.tensor_scalar_cumulative(dst, x, nl.multiply, nl.add, 1.5)
    np.testing.assert_array_equal(dst, want)
    top = nisa.tensor_scalar_cumulative(x, nl.add, nl.maximum, 0.0, 5.0, reduce_cmd="load_reduce")  # Beta 1 form
    np.testing.assert_array_equal(top, np.maximum.accumulate(np.concatenate([np.full((8, 1), 5, F32), x], 1), 1)[:, 1:])
    with pytest.raises(ValueError, match="int32/uint32 are not supported"):
        nisa.tensor_scalar_cumulative(np.zeros((2, 3), np.int32), nl.add, nl.add, 1)


def test_exponential_subtracts_in_fp32_and_sums_into_the_accumulators():
    x = RNG.standard_normal((8, 20)).astype(F32)
    m = x.max(axis=1, keepdims=True)
    with stt_nki.Session() as s:
        res = np.zeros((8, 1), F32)
        dst = np.empty_like(x)
        nisa.exponential(dst, x, max_value=m, reduce_res=res, reduce_cmd="reset_reduce")
        want = np.exp((x - m).astype(np.float64)).astype(F32)
        assert ulps(dst, want).max() <= 1
        acc = np.zeros(8, F32)
        for k in range(20):
            acc = (acc + dst[:, k]).astype(F32)
        np.testing.assert_array_equal(res[:, 0], acc)
        assert s.calls[-1]["level"] == "approx"
    with stt_nki.Session(gen="trn2"), pytest.raises(ValueError, match="NC-v4 or later"):
        nisa.exponential(x)


def test_every_nki_level_call_of_the_model_is_an_isa_call():
    s = stt_nki._session.current()
    code, out, _, _ = s.run(["call", "--list"], {}, [])
    assert code == 0
    names = [line.split()[0] for line in out.splitlines()]
    assert len(names) == 24
    assert all("; cost " in line for line in out.splitlines())  # each definition states its cost formula
    for name in names:
        assert callable(getattr(nisa, name, None)), name


def test_vector_engine_calls_run_on_trn1_labelled_model():
    """FAMILY-NEXT §0.1 sunda_vector_engine: on SUNDA (trn1) the Vector Engine runs, words and NKI-level calls, with
    the same bits as elsewhere (NumPy's fp32 add; max8's largest first) and every such call labelled model under the
    decision; a Scalar Engine call there keeps its own level and decisions."""
    x = RNG.standard_normal((8, 16)).astype(F32)
    y = RNG.standard_normal((8, 16)).astype(F32)
    with stt_nki.Session(gen="trn2") as s:
        np.testing.assert_array_equal(bits(nisa.tensor_tensor(x, y, nl.add)), bits(x + y))
        assert (s.calls[-1]["level"], s.calls[-1]["decisions"]) == ("exact", [])
    with stt_nki.Session(gen="trn1") as s:
        np.testing.assert_array_equal(bits(nisa.tensor_tensor(x, y, nl.add)), bits(x + y))
        assert (s.calls[-1]["engine"], s.calls[-1]["level"]) == ("vector", "model")
        assert s.calls[-1]["decisions"] == ["sunda_vector_engine"] and s.calls[-1]["words"] == 1
        np.testing.assert_array_equal(nisa.max8(x), -np.sort(-x, axis=1)[:, :8])
        assert (s.calls[-1]["name"], s.calls[-1]["level"]) == ("max8", "model")
        assert "sunda_vector_engine" in s.calls[-1]["decisions"]
        nisa.activation(nl.copy, x)
        assert s.calls[-1]["engine"] == "scalar" and "sunda_vector_engine" not in s.calls[-1]["decisions"]
        assert s.report()["by_level"] == {"model": 3}
