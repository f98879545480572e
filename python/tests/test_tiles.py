"""Tile broadcasting (tile_broadcast), masks on every reduction (mask_semantics) and the ALU ops the Vector Engine
refuses on GpSimd (gpsimd_alu), FAMILY-NEXT §0.2-§0.4, in the patterns public kernels use (layernorm, softmax), each
checked against a NumPy formula."""
import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl

F32 = np.float32
RNG = np.random.default_rng(45)


def fold(x, op=np.add):
    """A sequential fp32 fold of each row of x from the first element (the model's reduce_fold; add from +0.0)."""
    acc = np.zeros(x.shape[0], F32) if op is np.add else x[:, 0].astype(F32)
    for k in range(0 if op is np.add else 1, x.shape[1]):
        acc = op(acc, x[:, k]).astype(F32)
    return acc


def sentinel(a):
    return a.view(np.uint32) == 0x7fc00000


# --- tile_broadcast ------------------------------------------------------------------------------------------------

def test_layernorm_centering_and_softmax_division_in_a_kernel_equal_numpy():
    def kernel(a):
        x = nl.load(a)
        mean = nl.mean(x, axis=1)  # [128]
        centered = x - mean  # [128, 64] against [128]: partition dim first
        top = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.sbuf)
        top[:, :] = nisa.tensor_reduce(nl.maximum, x, axis=1)  # a [128] result into a [128, 1] slice
        num = nl.exp(x - top)
        den = nl.sum(num, axis=1)
        prob = num / den  # divide: the Vector Engine refuses it, GpSimd runs it
        outs = [nl.ndarray(t.shape, dtype=nl.float32, buffer=nl.shared_hbm) for t in (centered, top, num, den, prob)]
        for o, t in zip(outs, (centered, top, num, den, prob)):
            nl.store(o, t)
        return outs
    x = RNG.standard_normal((128, 64)).astype(F32)
    centered, top, num, den, prob = stt_nki.simulate(kernel)(x)
    mean = (fold(x) * (F32(1) / F32(64))).astype(F32)  # FAMILY-NEXT §3.3: the fp32 sum, then times fp32(1/n)
    np.testing.assert_array_equal(centered, x - mean[:, None])
    np.testing.assert_array_equal(top[:, 0], x.max(axis=1))
    np.testing.assert_array_equal(den, fold(num))
    np.testing.assert_array_equal(prob.view(np.uint32), (num / den[:, None]).view(np.uint32))
    report = stt_nki.last_report()
    assert report["by_engine"]["gpsimd"] == 1 and "gpsimd_alu" in report["decisions"]


def test_tile_operators_broadcast_the_partition_dim_first():
    x = RNG.standard_normal((128, 16)).astype(F32)
    row = RNG.standard_normal((1, 16)).astype(F32)
    column = RNG.standard_normal((128, 1)).astype(F32)
    vector = RNG.standard_normal(128).astype(F32)
    np.testing.assert_array_equal(nl.add(x, row), x + row)  # [1, F] across partitions
    np.testing.assert_array_equal(nl.multiply(column, x), column * x)  # [P, 1] along the free dim
    np.testing.assert_array_equal(nl.subtract(x, vector), x - vector[:, None])  # [P] is [P, 1]
    np.testing.assert_array_equal(nl.maximum(vector, column), np.maximum(vector[:, None], column))
    np.testing.assert_array_equal(nl.add(vector, row), vector[:, None] + row)  # both repeated: [P] and [1, F]
    with pytest.raises(ValueError, match=r"x \(128, 16\) and y \(64, 16\): the partition dims"):
        nl.add(x, x[:64])


def test_an_isa_call_with_two_partition_counts_is_an_error_naming_both_shapes():
    a, b = np.ones((128, 4), F32), np.ones((64, 4), F32)
    with pytest.raises(ValueError, match=r"data2 \(64, 4\) and data1 \(128, 4\)"):
        nisa.tensor_tensor(a, b, nl.add)
    dst = np.zeros((64, 4), F32)
    with pytest.raises(ValueError, match=r"dst \(64, 4\) and data \(128, 4\)"):
        nisa.tensor_scalar(dst, a, nl.add, 1.0)
    np.testing.assert_array_equal(dst, 0)  # refused: nothing written


# --- gpsimd_alu ----------------------------------------------------------------------------------------------------

def test_divide_runs_on_gpsimd_bit_for_bit_in_both_forms():
    a = RNG.standard_normal((32, 24)).astype(F32)
    b = RNG.standard_normal((32, 24)).astype(F32)

    @stt_nki.jit
    def beta1(x):
        t = nl.load(x)
        out = nl.ndarray(x.shape, dtype=nl.float32, buffer=nl.shared_hbm)
        nl.store(out, t / x.shape[1])  # a Beta-1 tile / scalar
        return out
    np.testing.assert_array_equal(beta1(a).view(np.uint32), (a / F32(24)).view(np.uint32))
    with stt_nki.Session() as s:
        got = nl.divide(a, b)
        np.testing.assert_array_equal(got.view(np.uint32), (a / b).view(np.uint32))
        call = s.calls[-1]
        assert (call["name"], call["engine"], call["level"], call["decisions"]) == (
            "tensor_tensor", "gpsimd", "model", ["gpsimd_alu"])
        dst = np.empty_like(a)
        nisa.tensor_scalar(dst, a, nl.divide, b[:, :1], reverse0=True)  # Beta 2, a per-partition operand first
        np.testing.assert_array_equal(dst.view(np.uint32), (b[:, :1] / a).view(np.uint32))
        assert s.calls[-1]["engine"] == "gpsimd"


def test_mod_is_numpys_and_an_op_gpsimd_lacks_keeps_the_vector_engines_refusal():
    a = np.array([[7, -7, 7, -7, 6, 0.5]], F32)
    b = np.array([[3, 3, -3, -3, 3, -0.25]], F32)
    np.testing.assert_array_equal(nl.mod(a, b).view(np.uint32), np.mod(a, b).view(np.uint32))
    with stt_nki.Session(gen="cayman"), pytest.raises(stt_nki.InvalidInstruction) as e:
        nisa.tensor_scalar(a, "relu", 0.0)  # relu is a MARIANA op: no engine of CAYMAN has it
    assert e.value.rules == ["tensor_scalar_valid_ops"]


# --- mask_semantics ------------------------------------------------------------------------------------------------

I_P, I_F = nl.arange(128)[:, None], nl.arange(64)[None, :]
MASK = (I_P < 100) & (I_F < 40)


def test_a_masked_sum_and_tensor_reduce_fold_only_the_kept_elements():
    x = RNG.standard_normal((128, 64)).astype(F32)
    total = nl.sum(x, axis=1, mask=MASK)
    np.testing.assert_array_equal(total[:100], fold(x[:100, :40]))
    assert sentinel(total[100:]).all()  # masked-off partitions of a fresh tile
    top = nisa.tensor_reduce(nl.maximum, x, axis=1, keepdims=True, mask=I_F < 9)
    assert top.shape == (128, 1)
    np.testing.assert_array_equal(top[:, 0], x[:, :9].max(axis=1))
    mean = nl.mean(x, axis=1, mask=MASK)  # divided by the 40 kept elements
    np.testing.assert_array_equal(mean[:100], (fold(x[:100, :40]) * (F32(1) / F32(40))).astype(F32))
    assert sentinel(mean[100:]).all()


def test_a_masked_bn_stats_gives_the_statistics_of_the_kept_elements():
    x = RNG.standard_normal((128, 64)).astype(F32)
    stats = nisa.bn_stats(x, mask=MASK)
    mean_var = nisa.bn_aggr(stats[:100])
    kept = x[:100, :40].astype(np.float64)
    # bn_formula is approximate: a few fp32 roundings of sums of 40 elements
    np.testing.assert_allclose(mean_var[:, 0], kept.mean(axis=1), rtol=0, atol=1e-6)
    np.testing.assert_allclose(mean_var[:, 1], kept.var(axis=1), rtol=1e-5, atol=1e-6)
    assert (stats[:100, [0, 3]] == 20).all() and sentinel(stats[100:]).all()  # 20 even and 20 odd elements kept
    var = nl.var(x, axis=1, mask=MASK)
    np.testing.assert_allclose(var[:100, 0], kept.var(axis=1), rtol=1e-5, atol=1e-6)


def test_masks_shrink_the_reductions_of_max8_tensor_scalar_reduce_activation_and_matmul():
    x = RNG.standard_normal((128, 64)).astype(F32)
    np.testing.assert_array_equal(nisa.max8(x, mask=MASK)[:100], -np.sort(-x[:100, :40], axis=1)[:, :8])
    res = np.full((128, 1), 5, F32)
    y = nisa.tensor_scalar_reduce(data=x, op0=nl.multiply, operand0=2.0, reduce_op=nl.add, reduce_res=res,
                                  mask=MASK)
    np.testing.assert_array_equal(res[:100, 0], fold(x[:100, :40] * F32(2)))
    assert (res[100:] == 5).all() and sentinel(y[:, 40:]).all()  # masked-off partitions keep their old value
    act = np.zeros((128, 1), F32)
    nisa.activation(op=nl.copy, data=x, reduce_op=nl.add, reduce_res=act, reduce_cmd="reset_reduce", mask=MASK)
    np.testing.assert_array_equal(act[:100, 0], fold(x[:100, :40]))
    stationary = RNG.standard_normal((64, 32)).astype(F32)
    moving = RNG.standard_normal((64, 16)).astype(F32)
    contraction = (nl.arange(64)[:, None, None] < 48) & (nl.arange(32)[None, :, None] < 20)  # (K, M, N)
    product = nisa.nc_matmul(stationary, moving, mask=contraction)
    want = stationary[:48, :20].astype(np.float64).T @ moving[:48].astype(np.float64)  # fp32 matmul: approximate
    np.testing.assert_allclose(product[:20], want, rtol=1e-5, atol=1e-5)
    assert sentinel(product[20:]).all()
    lhs = np.ascontiguousarray(stationary.T)  # nl.matmul(x, y): x [M, K] is transposed to the stationary
    product = nl.matmul(lhs, moving, mask=nl.arange(64)[:, None, None] < 48)
    np.testing.assert_allclose(product, lhs[:, :48].astype(np.float64) @ moving[:48], rtol=1e-5, atol=1e-5)


def test_a_mask_that_is_not_a_product_of_single_axis_conditions_is_refused_on_a_fold():
    x = np.ones((8, 8), F32)
    with pytest.raises(NotImplementedError, match="not a product of conditions on single axes"):
        nl.sum(x, axis=1, mask=nl.arange(8)[None, :] <= nl.arange(8)[:, None])


def test_masked_calls_are_reported_as_standing_on_mask_semantics():
    x = RNG.standard_normal((128, 64)).astype(F32)
    with stt_nki.Session() as s:
        nl.sum(x, axis=1, mask=MASK)
        nl.add(x, x, mask=MASK)  # an exact word; its masked-off elements keep the sentinel by the decision
        nl.add(x, x)
        assert [("mask_semantics" in c["decisions"], c["level"]) for c in s.calls] == [
            (True, "model"), (True, "model"), (False, "exact")]


def test_nl_sum_over_free_axes_that_are_not_the_innermost_run():
    """The average_pool2d tutorial: nl.sum(tile[c, h, p, w, q], axis=[2, 4]) pools each window (nl_reduce_axes)."""
    x = np.arange(4 * 3 * 2 * 5 * 2, dtype=np.float32).reshape(4, 3, 2, 5, 2)
    np.testing.assert_array_equal(nl.sum(x, axis=[2, 4]), x.sum(axis=(2, 4)))
    np.testing.assert_array_equal(nl.max(x, axis=[1, 3], keepdims=True), x.max(axis=(1, 3), keepdims=True))
    with pytest.raises(ValueError, match=r"axis=\[2, 6\] on a 5-D tile"):  # an axis past the tile: refused
        nl.sum(x, axis=[2, 6])
