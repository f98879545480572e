"""`NkiTensor.ap` with run-time offsets (NKI's `ap` and dma_copy pages: scalar indirection adds one value times the
stride of `indirect_dim`; vector indirection gives each partition its own row), against NumPy indexing."""
import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl
from stt_nki._tiles import Tensor

DATA = np.arange(60, dtype=np.float32).reshape(20, 3)


def _gather(data, rows, at):
    """Partition p of the result is row rows[p] of data; `one` is element `at` + the scalar index of data, flat."""
    @stt_nki.jit
    def kernel(data, rows, at):
        idx = nl.ndarray(rows.shape, dtype=nl.int32, buffer=nl.sbuf)
        nisa.dma_copy(dst=idx, src=rows)
        scalar = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf)
        nisa.dma_copy(dst=scalar, src=at)
        tile = nl.ndarray((rows.shape[0], 3), dtype=data.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=tile, src=data.ap(pattern=[[3, rows.shape[0]], [1, 3]], vector_offset=idx, indirect_dim=0))
        one = nl.ndarray((1, 2), dtype=data.dtype, buffer=nl.sbuf)
        # two elements 5 apart from element 1 + at * 3 (indirect_dim=0 of a [20, 3] tensor: a row's stride)
        nisa.dma_copy(dst=one, src=data.ap(pattern=[[3, 1], [5, 2]], offset=1, scalar_offset=scalar, indirect_dim=0))
        rows_out = nl.ndarray(tile.shape, dtype=data.dtype, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=rows_out, src=tile)
        one_out = nl.ndarray((1, 2), dtype=data.dtype, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=one_out, src=one)
        return rows_out, one_out
    return stt_nki.simulate(kernel)(data, rows, at)


def test_vector_offset_gathers_a_row_per_partition_and_scalar_offset_shifts_by_its_dims_stride():
    rows = np.array([[17], [0], [19], [4], [4]], np.int32)
    got_rows, got_one = _gather(DATA, rows, np.array([[6]], np.int32))
    np.testing.assert_array_equal(got_rows, DATA[rows[:, 0]])
    flat = DATA.reshape(-1)
    np.testing.assert_array_equal(got_one, [[flat[1 + 6 * 3], flat[1 + 6 * 3 + 5]]])  # 19 and 24


def test_vector_offset_on_dst_scatters_rows():
    @stt_nki.jit
    def kernel(src, rows, out):
        idx = nl.ndarray(rows.shape, dtype=nl.int32, buffer=nl.sbuf)
        nisa.dma_copy(dst=idx, src=rows)
        tile = nl.ndarray(src.shape, dtype=src.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=tile, src=src)
        nisa.dma_copy(dst=out.ap(pattern=[[3, src.shape[0]], [1, 3]], vector_offset=idx, indirect_dim=0), src=tile)
        return out
    src = -np.arange(9, dtype=np.float32).reshape(3, 3) - 1
    out = np.zeros((6, 3), np.float32)
    rows = np.array([[5], [1], [3]], np.int32)
    stt_nki.simulate(kernel)(src, rows, out)
    want = np.zeros((6, 3), np.float32)
    want[rows[:, 0]] = src
    np.testing.assert_array_equal(out, want)


def test_an_offset_past_the_tensor_is_an_index_error_naming_it():
    with pytest.raises(IndexError, match="vector_offset: index 20 of partition 1 reaches element 60 of a tensor of 60"):
        _gather(DATA, np.array([[0], [20]], np.int32), np.array([[0]], np.int32))
    with pytest.raises(IndexError, match=r"offset 58 with pattern \[\[3, 1\], \[5, 2\]\] reaches elements 58..63"):
        _gather(DATA, np.array([[0]], np.int32), np.array([[19]], np.int32))


def test_an_on_chip_pattern_may_read_past_its_row_but_not_past_its_partitions():
    @stt_nki.jit
    def kernel(data, pattern):
        t = nl.ndarray((4, 8), dtype=data.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=data)
        pad = nl.ndarray((4, 8), dtype=data.dtype, buffer=nl.sbuf)  # whatever lies after t in its partitions
        nisa.memset(dst=pad, value=0.0)
        o = nl.ndarray((pattern[0][1], pattern[1][1]), dtype=data.dtype, buffer=nl.sbuf)
        nisa.tensor_copy(dst=o, src=t.ap(pattern=pattern, offset=6))
        out = nl.ndarray(o.shape, dtype=data.dtype, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=out, src=o)
        return out
    data = np.arange(32, dtype=np.float32).reshape(4, 8)
    got = stt_nki.simulate(kernel)(data, [[8, 4], [1, 2]])  # elements 6 and 7 of each partition
    np.testing.assert_array_equal(got, data[:, 6:8])
    stt_nki.simulate(kernel)(data, [[8, 4], [1, 3]])  # one element past the row: the partition's memory, allowed
    with pytest.raises(IndexError, match=r"reaches partitions 0..4 of a tensor of 4"):
        stt_nki.simulate(kernel)(data, [[8, 5], [1, 2]])


def test_select_and_vector_select_with_tensor_indices():
    """NkiTensor.select(dim, tile) and vector_select(0, tile): the run-time faces of ap's offsets (NKI's examples:
    hbm_t (4, 128, 8).select(0, idx) is (128, 8); hbm_t (64, 128, 8).vector_select(0, offsets (128, 1)) is
    (128, 128, 8)), against NumPy indexing."""
    @stt_nki.jit
    def kernel(hbm_t, at, rows):
        idx = nl.ndarray((1, 1), dtype=nl.int32, buffer=nl.sbuf)
        nisa.dma_copy(dst=idx, src=at)
        offsets = nl.ndarray(rows.shape, dtype=nl.int32, buffer=nl.sbuf)
        nisa.dma_copy(dst=offsets, src=rows)
        picked = nl.ndarray(hbm_t.shape[1:], dtype=hbm_t.dtype, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=picked, src=hbm_t.select(0, idx))
        gathered = nl.ndarray((rows.shape[0], 3, hbm_t.shape[2]), dtype=hbm_t.dtype, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=gathered, src=hbm_t[:, 2:5, :].vector_select(0, offsets))
        tile = nl.ndarray((4, 3, 2), dtype=hbm_t.dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=tile, src=hbm_t[0:4, 0:3, 0:2])
        column = nl.ndarray((4, 2), dtype=hbm_t.dtype, buffer=nl.sbuf)
        nisa.tensor_copy(dst=column, src=tile.select(1, idx))  # on chip, along a free dim
        out = nl.ndarray((4, 2), dtype=hbm_t.dtype, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=out, src=column)
        return picked, gathered, out
    hbm_t = np.arange(6 * 5 * 2, dtype=np.float32).reshape(6, 5, 2)
    rows = np.array([[5], [1], [1]], np.int32)
    picked, gathered, column = stt_nki.simulate(kernel)(hbm_t, np.array([[2]], np.int32), rows)
    np.testing.assert_array_equal(picked, hbm_t[2])
    np.testing.assert_array_equal(gathered, hbm_t[:, 2:5, :][[5, 1, 1]])
    np.testing.assert_array_equal(column, hbm_t[0:4, 2, 0:2])
    with pytest.raises(IndexError, match="index 6 is outside dim 0 of size 6"):
        stt_nki.simulate(kernel)(hbm_t, np.array([[6]], np.int32), rows)


def test_what_is_not_modelled_is_refused_naming_it():
    t = np.zeros((4, 8), np.float32).view(Tensor)
    t.buffer = nl.hbm
    on_chip = np.zeros((4, 8), np.float32).view(Tensor)
    on_chip.buffer = nl.sbuf
    with pytest.raises(NotImplementedError, match="Tensor.ap: dtype= on an on-chip tensor is not modelled"):
        on_chip.ap([[8, 4], [1, 8]], dtype="bfloat16")
    with pytest.raises(NotImplementedError, match="'indirect_dim': 1"):
        t.ap([[8, 4], [1, 8]], vector_offset=np.zeros((4, 1), np.int32), indirect_dim=1)
    with pytest.raises(ValueError, match="mutually exclusive"):
        t.ap([[8, 4], [1, 8]], scalar_offset=np.zeros((1, 1), np.int32), vector_offset=np.zeros((4, 1), np.int32))
    with pytest.raises(ValueError, match=r"scalar_offset: float32 \(1, 1\): allowed: an integer tile of 1"):
        t.ap([[8, 4], [1, 8]], scalar_offset=np.zeros((1, 1), np.float32), indirect_dim=1)
