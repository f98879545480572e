"""The selection calls: nl.where, nl.gather_flattened and GpSimd's nc_n_gather, local_gather, sequence_bounds and
nonzero_with_count, against NKI's own examples and NumPy written here from their pages."""
import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl

RNG = np.random.default_rng(11)


def test_where_picks_x_where_the_condition_is_nonzero_else_y():
    cond = (RNG.random((8, 5)) < 0.5).astype(np.float32)  # 1.0 / 0.0, as NKI's page has it
    x = RNG.standard_normal((8, 5)).astype(np.float32)
    y = RNG.standard_normal((8, 5)).astype(np.float32)
    got = nl.where(cond, x, y)
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, np.where(cond != 0, x, y))
    # vision.py's form: an int8 mask, a uint32 tile and a Python int, dtype=uint32
    mask = np.array([[1, 0, 0], [0, 1, 1]], np.int8)
    idx = np.arange(6, dtype=np.uint32).reshape(2, 3)
    got = nl.where(mask, idx, 9, dtype=nl.uint32)
    assert got.dtype == np.uint32
    np.testing.assert_array_equal(got, [[0, 9, 9], [9, 4, 5]])
    # a [P, 1] condition repeats along the free dims; int32 with fp32 promotes to fp32
    col = np.array([[1], [0]], np.float32)
    got = nl.where(col, np.full((2, 3), 7, np.int32), np.full((2, 3), 0.5, np.float32))
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got, [[7, 7, 7], [0.5, 0.5, 0.5]])


def test_gather_flattened_is_nki_26s_example_and_nc_n_gather_in_beta2():
    data = np.array([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], np.float32)
    indices = np.array([[[0, 1], [1, 3]], [[3, 3], [1, 0]]], np.uint32)
    want = np.array([[[1, 2], [2, 4]], [[8, 8], [6, 5]]], np.float32)
    np.testing.assert_array_equal(nl.gather_flattened(data, indices), want)
    dst = np.zeros((2, 4), np.float32)
    nisa.nc_n_gather(dst, data, indices)
    np.testing.assert_array_equal(dst, want.reshape(2, 4))
    with pytest.raises(ValueError, match="index 4 at partition 1, position 1 is outside data's 4 elements"):
        nisa.nc_n_gather(dst, data, np.array([[0, 1], [0, 4]], np.uint32))
    np.testing.assert_array_equal(dst, want.reshape(2, 4))  # refused: unchanged
    with pytest.raises(NotImplementedError, match="axis=1"):
        nl.gather_flattened(data, indices, axis=1)


def test_local_gather_reads_each_groups_indices_partition_first():
    src = RNG.random((32, 6, 2)).astype(np.float32)
    index = RNG.integers(0, 6, (32, 3)).astype(np.uint16) * 2  # element offsets of 2-element runs
    got = nisa.local_gather(src, index, 2, 40)  # Beta 1
    assert got.shape == (32, 40, 2)
    flat = src.reshape(32, 12)
    for g in (0, 16):
        order = index[g:g + 16].flatten(order="F")[:40]  # partition first, as NKI's page and test say
        for p in range(g, g + 16):
            np.testing.assert_array_equal(got[p], np.stack([flat[p, k:k + 2] for k in order]))
    dst = np.zeros((32, 80), np.float32)
    nisa.local_gather(dst, src, index, 2, 40)  # Beta 2
    np.testing.assert_array_equal(dst, got.reshape(32, 80))


def test_sequence_bounds_is_nkis_example():
    ids = np.array([[0, 1, 1, 2, 2, 2, 0, 3, 3]], np.float32)
    got = nisa.sequence_bounds(segment_ids=ids)
    assert got.shape == (1, 2, 9) and got.dtype == np.float32
    np.testing.assert_array_equal(got, [[[9, 1, 1, 3, 3, 3, 9, 7, 7], [-1, 3, 3, 6, 6, 6, -1, 9, 9]]])
    dst = np.zeros((1, 2, 9), np.int32)
    nisa.sequence_bounds(dst, ids.astype(np.int32))
    np.testing.assert_array_equal(dst, got.astype(np.int32))


def test_nonzero_with_count_is_nkis_example_on_each_cores_first_partition():
    src = np.zeros((32, 8), np.float32)
    src[:, [1, 2, 5]] = 1.0
    dst = np.full((32, 9), 7, np.int32)
    with stt_nki.Session(gen="cayman"):
        nisa.nonzero_with_count(dst, src, index_offset=16)
    for p in (0, 16):
        np.testing.assert_array_equal(dst[p], [17, 18, 21, -1, -1, -1, -1, -1, 3])
    assert (np.delete(dst, [0, 16], axis=0) == 7).all()  # the other partitions are not written
    with stt_nki.Session(gen="sunda"), pytest.raises(ValueError, match="NeuronCore-v3 and newer only"):
        nisa.nonzero_with_count(dst, src)
