"""`nki.isa`'s selection calls on the GpSimd engine (NKI 2.32's pages), each run at NKI level by the model (`_level`,
one `stt call`): nc_n_gather, local_gather, sequence_bounds, nonzero_with_count. Data movement and index arithmetic,
so exact; an index outside its source is refused naming it (the model's gather_bounds). `isa` exports them."""
import numpy as np

from . import _dtypes
from ._level import Level, as_result, give, model_of, put
from ._published import published


def _b2_nc_n_gather(dst, data, indices, name=None):
    pass


def _b1_nc_n_gather(data, indices, *, mask=None, **kwargs):
    pass


@published("nc_n_gather", _b2_nc_n_gather, _b1_nc_n_gather)
def nc_n_gather(beta, data, indices, dst=None):
    """`dst[p, j] = data[p, indices[p, j]]`: each partition's free elements flattened, `indices` (uint32) picking from
    them; the result has `indices`' shape and `data`'s dtype. (No Beta 1 form is published; this one, returning a
    new tile, is what `nl.gather_flattened` runs.)"""
    if dst is not None and model_of(dst, "dst") != model_of(data, "data"):
        raise ValueError(f"nc_n_gather: dst is {model_of(dst, 'dst')}, data {model_of(data, 'data')}: a gather"
                         " keeps data's dtype")
    c = Level("nc_n_gather")
    model, _, _ = c.tile("data", data)
    c.tile("indices", indices)
    return give(dst, as_result(c.run()["dst"], model, indices.shape))


def _b2_local_gather(dst, src_buffer, index, num_elem_per_idx=1, num_valid_indices=None, name=None):
    pass


def _b1_local_gather(src_buffer, index, num_elem_per_idx=1, num_valid_indices=None, *, mask=None):
    pass


@published("local_gather", _b2_local_gather, _b1_local_gather)
def local_gather(beta, src_buffer, index, num_elem_per_idx, num_valid_indices, dst=None):
    """Each 16-partition group (one GpSimd core) reads its slice of `index` (uint16) partition first, keeps the first
    `num_valid_indices` (default: all of them), and each of its partitions takes `num_elem_per_idx` contiguous
    elements of its own flattened `src_buffer` at each index (an element offset): `[P, num_valid, num_elem_per_idx]`
    (Beta 1), or into `dst`."""
    c = Level("local_gather")
    model, _, _ = c.tile("src_buffer", src_buffer)
    c.tile("index", index)
    c.arg("num_elem_per_idx", num_elem_per_idx)
    c.arg("num_valid_indices", num_valid_indices)
    got = c.run()["dst"]
    return give(dst, as_result(got, model, (got.shape[0], -1, int(num_elem_per_idx))))


def _b2_sequence_bounds(dst, segment_ids, name=None):
    pass


def _b1_sequence_bounds(*, segment_ids, dtype=None):
    pass


@published("sequence_bounds", _b2_sequence_bounds, _b1_sequence_bounds)
def sequence_bounds(beta, segment_ids, dst=None, dtype=None):
    """For a `[1, n]` tile of segment IDs (fp32 or int32; 0 is padding), each element's segment start and end (one
    past its last element), compared with its neighbours: `[1, 2, n]`, starts then ends; padding gets n and -1. The
    output dtype is `dtype`, dst's, or segment_ids' (fp32 or int32)."""
    c = Level("sequence_bounds")
    model, rows, n = c.tile("segment_ids", segment_ids)
    out = (_dtypes.named(dtype, "dtype") if dtype is not None else model_of(dst, "dst") if dst is not None
           else model)
    c.arg("dtype", out)
    return give(dst, as_result(c.run()["dst"], out, (rows, 2, n)))


def _b2_nonzero_with_count(dst, src, index_offset=0, padding_val=-1, name=None):
    pass


def _b1_nonzero_with_count(*, dst, src, index_offset=0, padding_val=-1):
    pass


@published("nonzero_with_count", _b2_nonzero_with_count, _b1_nonzero_with_count)
def nonzero_with_count(beta, dst, src, index_offset, padding_val):
    """On partitions 0, 16, ..., 112 (each GpSimd core's first), the positions of `src`'s nonzero elements plus
    `index_offset`, then `padding_val` up to `src`'s length, then their count, into `dst` (int32, one more element a
    partition); dst's other partitions are left as they were. NeuronCore-v3 and later. (No Beta 1 form is published;
    the keyword form here writes `dst` the same way.)"""
    if not isinstance(dst, np.ndarray):
        raise TypeError(f"dst: expected a NumPy array to update, got {type(dst).__name__}")
    c = Level("nonzero_with_count")
    c.tile("src", src)
    model, _, _ = c.tile("dst_in", dst)
    c.arg("index_offset", int(index_offset))
    c.arg("padding_val", int(padding_val))
    return put(dst, as_result(c.run()["dst"], model, dst.shape), "dst")
