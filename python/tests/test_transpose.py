"""nc_transpose: dst[f, p] = data[p, f], bits copied, on the Vector Engine (0x6b) or the Tensor Engine (NKI level)."""
import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl

ml_dtypes = pytest.importorskip("ml_dtypes")
RNG = np.random.default_rng(9)


def test_vector_transposes_copy_bits_in_both_forms():
    x = RNG.standard_normal((17, 2, 13)).astype(np.float32)
    x[0, 0, 0] = np.float32("nan")
    want = x.reshape(17, 26).T
    got = nisa.nc_transpose(x[:, :1, :], engine=nisa.vector_engine)  # Beta 1: [17, 13] -> [13, 17]
    np.testing.assert_array_equal(got.view(np.uint32), np.ascontiguousarray(x[:, 0, :].T).view(np.uint32))
    dst = np.zeros((26, 17), np.float32)
    nisa.nc_transpose(dst, x)  # Beta 2, engine unknown: both sides <= 32, the Vector Engine
    np.testing.assert_array_equal(dst.view(np.uint32), np.ascontiguousarray(want).view(np.uint32))
    b = RNG.standard_normal((32, 32)).astype(ml_dtypes.bfloat16)
    np.testing.assert_array_equal(nisa.nc_transpose(b).view(np.uint16), np.ascontiguousarray(b.T).view(np.uint16))


def test_larger_tiles_are_the_tensor_engines_bit_copy_and_beta1_dtype_casts():
    x = RNG.standard_normal((128, 100)).astype(np.float32)
    np.testing.assert_array_equal(nisa.nc_transpose(x), x.T)
    cast = nisa.nc_transpose(x[:8, :8], dtype=nl.bfloat16)
    np.testing.assert_array_equal(cast, x[:8, :8].T.astype(ml_dtypes.bfloat16))
    with stt_nki.Session(gen="trn1"):
        with pytest.raises(ValueError, match="on sunda the Tensor Engine transposes by a matmul"):
            nisa.nc_transpose(x)


def test_bad_transposes_name_the_rule():
    x = np.ones((40, 8), np.float32)
    with pytest.raises(ValueError, match="engine=vector: data is \\[40, 8\\]; the Vector Engine transposes at most"):
        nisa.nc_transpose(x, engine=nisa.vector_engine)
    with pytest.raises(ValueError, match="a transpose keeps the dtype"):
        nisa.nc_transpose(np.zeros((8, 40), np.float16), x)
    with pytest.raises(ValueError, match="engine=gpsimd: a transpose runs on the Vector or the Tensor Engine"):
        nisa.nc_transpose(x, engine=nisa.gpsimd_engine)
    with pytest.raises(ValueError, match="at most 128 x 128"):
        nisa.nc_transpose(np.ones((4, 200), np.float32))
