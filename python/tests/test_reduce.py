"""tensor_reduce and the nl reductions, against a NumPy fold written here from FAMILY-NEXT §3.4."""
import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl

ml_dtypes = pytest.importorskip("ml_dtypes")
RNG = np.random.default_rng(5)


def fold(x, step, start):
    """acc = step(x_t, acc) along the last axis, each step rounded to fp32."""
    acc = np.full(x.shape[:-1], start, np.float32)
    with np.errstate(all="ignore"):
        for t in range(x.shape[-1]):
            acc = step(x[..., t].astype(np.float32), acc).astype(np.float32)
    return acc


def test_sum_is_the_sequential_fp32_fold_in_both_forms():
    x = (RNG.standard_normal((128, 4, 96)) * 1e4).astype(np.float32)
    want = fold(x, np.add, 0.0)
    np.testing.assert_array_equal(nisa.tensor_reduce(nl.add, x, 2), want)  # Beta 1
    dst = np.zeros((128, 4), np.float32)
    nisa.tensor_reduce(dst, nl.add, x, axis=2)  # Beta 2
    np.testing.assert_array_equal(dst, want)
    np.testing.assert_array_equal(nl.sum(x, axis=[1, 2]), fold(x.reshape(128, -1), np.add, 0.0))
    assert nl.sum(x, axis=2, keepdims=True).shape == (128, 4, 1)


def test_tensor_reduce_int_axis_one_names_the_most_minor_axis():
    """nisa.tensor_reduce's int axis 1 on a 3-D or 4-D tile folds the last axis (the compiler maps the int 1 to the
    most-minor axis X; nki-library's rmsnorm_tkg reduces (H0, BxS, H1) into (H0, BxS) so); nl.sum keeps numpy's
    numbers and refuses it (test_bad_reductions_name_the_argument_and_the_rule)."""
    x = RNG.standard_normal((16, 3, 40)).astype(np.float32)
    want = fold(x, np.add, 0.0)  # (16, 3): the 40 of each row summed
    dst = np.zeros((16, 3), np.float32)
    nisa.tensor_reduce(dst, nl.add, x, axis=1)  # Beta 2, as rmsnorm_tkg.py calls it
    np.testing.assert_array_equal(dst, want)
    np.testing.assert_array_equal(nisa.tensor_reduce(nl.add, x, 1), want)  # Beta 1
    assert nisa.tensor_reduce(nl.maximum, x, 1, keepdims=True).shape == (16, 3, 1)
    y = RNG.standard_normal((4, 2, 3, 5)).astype(np.float32)
    np.testing.assert_array_equal(nisa.tensor_reduce(nl.maximum, y, 1), fold(y, np.fmax, -np.inf))
    with pytest.raises(ValueError, match=r"the int 1 \(the most-minor axis, as \[2\]\)"):
        nisa.tensor_reduce(nl.add, x, [1])  # a list keeps numpy's numbers: [1] alone does not end at the last axis


def test_subtract_max_min_and_negate_follow_the_fold():
    x = RNG.standard_normal((16, 33)).astype(np.float32)
    x[3, 5] = np.nan
    np.testing.assert_array_equal(nisa.tensor_reduce(nl.subtract, x[:, :], 1)[np.arange(16) != 3],
                                  fold(x, lambda a, acc: a - acc, 0.0)[np.arange(16) != 3])
    fmax = fold(x, np.fmax, -np.inf)  # NaN ignored
    np.testing.assert_array_equal(nl.max(x, 1), fmax)
    np.testing.assert_array_equal(nl.min(x, 1), fold(x, np.fmin, np.inf))
    neg = nisa.tensor_reduce(nl.maximum, x, 1, negate=True)
    np.testing.assert_array_equal(neg, -fmax)
    zeros = np.full((2, 4), -0.0, np.float32)
    assert not np.signbit(nl.sum(zeros, 1)).any()  # +0.0 start: a sum of -0.0s is +0.0
    assert np.signbit(nisa.tensor_reduce(nl.add, zeros, 1, negate=True)).all()


def test_bf16_in_and_out_and_integer_inputs():
    x = RNG.standard_normal((8, 64)).astype(ml_dtypes.bfloat16)
    got = nl.sum(x, 1)
    assert got.dtype == ml_dtypes.bfloat16
    np.testing.assert_array_equal(got, fold(x.astype(np.float32), np.add, 0.0).astype(ml_dtypes.bfloat16))
    i = RNG.integers(-1000, 1000, (4, 10)).astype(np.int32)
    np.testing.assert_array_equal(nl.sum(i, 1), i.sum(axis=1))  # exact below 2^24
    np.testing.assert_array_equal(nl.prod(np.full((2, 3), 3, np.int16), 1), np.full(2, 27, np.int16))
    np.testing.assert_array_equal(nisa.tensor_reduce(nl.bitwise_xor, i, 1),
                                  np.bitwise_xor.reduce(i, axis=1))
    np.testing.assert_array_equal(nl.all(np.array([[1, 2, 0], [4, 5, 6]], np.float32), 1), [0.0, 1.0])


def test_mean_is_the_fp32_sum_times_fp32_one_over_n():
    x = RNG.standard_normal((8, 3, 7)).astype(np.float32)
    want = (fold(x, np.add, 0.0) * (np.float32(1) / np.float32(7))).astype(np.float32)
    np.testing.assert_array_equal(nl.mean(x, 2), want)


def test_a_reduce_leaves_the_accumulators_alone():
    ones = np.ones((4, 8), np.float32)
    res = np.zeros((4, 1), np.float32)
    with stt_nki.Session():
        nisa.tensor_scalar_reduce(data=ones, op0=nl.multiply, operand0=1.0, reduce_op=nl.add, reduce_res=res)
        nl.sum(ones * 5, 1)
        nisa.tensor_scalar_reduce(data=ones, op0=nl.multiply, operand0=1.0, reduce_op=nl.add, reduce_res=res,
                                  reduce_cmd=nisa.reduce_cmd.reduce)
    np.testing.assert_array_equal(res, np.full((4, 1), 16, np.float32))


def test_bad_reductions_name_the_argument_and_the_rule():
    x = np.ones((4, 2, 3), np.float32)
    with pytest.raises(ValueError, match=r"axis=\[1\] on a 3-D tile: .* allowed: \[2\], \[1, 2\]"):
        nisa.tensor_reduce(nl.add, x, [1])  # nl.sum(x, 1) reads axis 1 innermost instead (nl_reduce_axes)
    with pytest.raises(ValueError, match="never axis 0"):
        nl.sum(x, [0, 1, 2])
    with pytest.raises(ValueError, match="op=.* is not one of NKI's reductions"):
        nisa.tensor_reduce(nl.greater, x, 2)
    with pytest.raises(ValueError, match="negate applies to arithmetic reductions only"):
        nisa.tensor_reduce(nl.bitwise_or, x.astype(np.int32), 2, negate=True)
    with pytest.raises(ValueError, match="leaves 8 elements"):
        nisa.tensor_reduce(np.zeros((4, 3), np.float32), nl.add, x, 2)
    with pytest.raises(TypeError, match="no keepdims"):
        nl.all(x, 2, keepdims=True)
    for reduction in (nl.sum, nl.mean):
        with pytest.raises(TypeError, match="'negative'"):  # never dropped silently
            reduction(x, 2, negative=True)
    with pytest.raises(stt_nki.InvalidInstruction) as e:
        nisa.tensor_reduce(nl.bitwise_and, x.astype(np.int16), 2)
    assert e.value.rules == ["tensor_reduce_bitvec_dtype"]
