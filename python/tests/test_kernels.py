"""Two fragments written the way NKI kernels write them, checked against NumPy."""
import numpy as np
import pytest

from stt_nki import isa as nisa, language as nl

ml_dtypes = pytest.importorskip("ml_dtypes")


def test_flash_attention_running_correction():
    """Online softmax: when a new key block raises the running max, the accumulated output and the running sum
    are rescaled by the correction factor and the new block's contribution is added, each one fused STT."""
    rng = np.random.default_rng(3)
    acc = rng.standard_normal((128, 64), dtype=np.float32)       # o: running output, [P=queries, head dim]
    pv = rng.standard_normal((128, 64), dtype=np.float32)        # the new block's P @ V
    corr = np.exp(-rng.random((128, 1), dtype=np.float32))       # exp(m_old - m_new), per query (partition)
    l_run = rng.random((128, 1), dtype=np.float32) * 10          # running softmax denominator
    rowsum = rng.random((128, 1), dtype=np.float32) * 5
    want = (acc * corr).astype(np.float32) + pv
    nisa.scalar_tensor_tensor(dst=acc, data=acc, op0=nl.multiply, operand0=corr, op1=nl.add, operand1=pv)
    np.testing.assert_array_equal(acc, want)
    l_new = nisa.scalar_tensor_tensor(data=l_run, op0=nl.multiply, operand0=corr, op1=nl.add, operand1=rowsum)
    np.testing.assert_array_equal(l_new, (l_run * corr).astype(np.float32) + rowsum)


def test_gather_index_computation():
    """Flat gather offsets for a [rows, 8] tile of 4-byte elements: (row << 3 | col) << 2 on int32, two
    bit-vector tensor_scalar stages and an add with a per-partition base."""
    rows = np.arange(16, dtype=np.int32).reshape(16, 1) * np.ones((1, 8), np.int32)
    cols = np.tile(np.arange(8, dtype=np.int32), (16, 1))
    idx = nisa.tensor_scalar(data=rows, op0=nl.left_shift, operand0=3)
    idx = nisa.tensor_tensor(data1=idx, data2=cols, op=nl.bitwise_or)
    idx = nisa.tensor_scalar(data=idx, op0=nl.left_shift, operand0=2)
    assert idx.dtype == np.int32
    np.testing.assert_array_equal(idx, ((rows << 3) | cols) << 2)
    base = np.full((16, 1), 4096, np.int32)
    addr = nisa.tensor_scalar(data=idx.astype(np.float32), op0=nl.add, operand0=base.astype(np.float32),
                              dtype=nl.int32)
    np.testing.assert_array_equal(addr, (((rows << 3) | cols) << 2) + 4096)
