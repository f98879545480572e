"""`nki.isa`'s DMA calls, in both call forms (FAMILY-NEXT §9), run at NKI level by the model (`_level`): dma_copy
(whose body `copy_into` nl.load and nl.store share) and dma_transpose. An index expression past its tensor
(`_masks.Reach`) is read or written where `oob_mode=skip` or a mask keeps it."""
import numpy as np

from . import _dtypes, _masks, _session
from ._forms import engine
from ._level import Level, as_result, give, model_of, nki_name, put
from ._masks import Reach
from ._published import published


def _b2_dma_copy(dst, src, priority=None, oob_mode=None, dge_mode=None, engine=engine.unknown, name=None):
    pass


def _b1_dma_copy(*, dst, src, mask=None, dst_rmw_op=None, oob_mode=None, dge_mode=None, **kwargs):
    pass


@published("dma_copy", _b2_dma_copy, _b1_dma_copy, picks_engine=True, defers=True)
def dma_copy(beta, dst, src, engine=None, priority=None, oob_mode=None, dge_mode=None, dst_rmw_op=None):
    """`dst = src`, elements paired in row-major order (equal counts): bits when the dtypes match, else through
    fp32 (the model's dma_cast); Beta 1's `dst_rmw_op=np.add` adds src to dst in fp32. Writes dst. An index
    expression past its tensor (an indirect DMA with out-of-range indices) is an IndexError, or with
    `oob_mode=skip` its out-of-range elements are neither read nor written."""
    reach = next((x for x in (src, dst) if isinstance(x, Reach)), None)
    if reach is None:
        return copy_into(dst, src, dst_rmw_op, "dma_copy")
    _session.sync_pending()  # the gather and scatter read and write values here
    if getattr(oob_mode, "name", oob_mode) != "skip":
        raise reach.error
    inside = reach.inside()
    if reach is src:
        return _masks.apply("dma_copy", inside, lambda dst: copy_into(dst, src.gather(inside), dst_rmw_op,
                                                                  "dma_copy"), {"dst": dst})
    converted = np.empty(inside.shape, dst.base.dtype)
    copy_into(converted, np.ascontiguousarray(np.broadcast_to(src, inside.shape)), None, "dma_copy")
    dst.scatter(converted, inside)
    return dst.base


def _b2_dma_transpose(dst, src, axes=None, priority=None, dge_mode=None, oob_mode=None, name=None):
    pass


def _b1_dma_transpose(src, *, axes=None, mask=None, dtype=None, **kwargs):
    pass


@published("dma_transpose", _b2_dma_transpose, _b1_dma_transpose)
def dma_transpose(beta, src, axes=None, dst=None, dtype=None, priority=None, dge_mode=None, oob_mode=None):
    """`src` with its axes permuted, (1, 0), (2, 1, 0) or (3, 1, 2, 0) — the only permutation of each rank —
    bits moved. Beta 1's `dtype` must be src's."""
    if not isinstance(src, np.ndarray):
        raise TypeError("dma_transpose: src: expected a NumPy array")
    if dtype is not None and _dtypes.named(dtype, "dtype") != model_of(src, "src"):
        raise ValueError("dma_transpose: dtype= must be src's dtype (a transpose moves bits)")
    c = Level("dma_transpose")
    model, _, _ = c.tile("src", src.reshape(src.shape[0], -1) if src.ndim > 1 else src, rows_limit=1 << 30)
    c.arg("shape", list(src.shape))
    if axes is not None:
        c.arg("axes", [int(a) for a in axes])
    perm = tuple(axes) if axes is not None else {2: (1, 0), 3: (2, 1, 0), 4: (3, 1, 2, 0)}.get(src.ndim, ())
    shape = tuple(src.shape[a] for a in perm) if len(perm) == src.ndim else src.shape
    return give(dst, as_result(c.run()["dst"], model, shape))


def copy_into(dst, src, rmw, what):
    """dma_copy's body, shared with nl.load and nl.store. A copy between equal dtypes moves bits: after the model ran
    one of its kind (generation, dtypes, shape), the next moves them here, with the record the model gave that one."""
    if not isinstance(dst, np.ndarray) or not isinstance(src, np.ndarray):
        raise TypeError(f"{what}: dst and src are NumPy arrays")
    if dst.size != src.size:
        raise ValueError(f"{what}: dst has {dst.size} elements ({dst.shape}), src {src.size} ({src.shape}): a DMA"
                         " copies equal counts")
    rows = dst.shape[0] if dst.ndim else 1
    model = model_of(dst, "dst")
    s = _session.current()
    if rmw is None and src.ndim:
        src_model, travel = _dtypes.of_array(src, "dma_copy: src")  # a view: nothing read yet
        key = ("dma_copy", s.gen, src_model, (rows, src.size // rows), model)
        if src_model == model and key in s.records:  # equal dtypes copy bits: the model's own copy, in place
            _session.sync_for(src, dst)
            bits = np.ascontiguousarray(travel).reshape(rows, -1)
            s.touch(src)
            s.record(dict(s.records[key]))
            return put(dst, as_result(bits, model, dst.shape), "dst")
    _session.sync_pending()
    c = Level("dma_copy")
    c.tile("src", np.ascontiguousarray(src).reshape(rows, -1), rows_limit=1 << 30, origin=src)
    c.arg("dtype", model)
    if rmw is not None:
        c.arg("dst_rmw_op", nki_name(rmw, "dst_rmw_op", ("add",)))
        c.tile("dst_in", np.ascontiguousarray(dst).reshape(rows, -1), rows_limit=1 << 30, origin=dst)
    got = c.run()["dst"]
    if rmw is None and src.ndim:
        s.records[key] = {k: v for k, v in s.calls[-1].items() if k not in ("reads", "writes", "line")}
    return put(dst, as_result(got, model, dst.shape), "dst")
