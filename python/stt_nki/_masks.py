"""Beta 1's `mask=` (FAMILY-NEXT §0.3, §9, the model's mask_semantics): a predicate over a kernel's `nl.arange` /
`nl.mgrid` index expressions, which here are NumPy arrays, so a mask is a bool array that broadcasts to the tile.
Masked-off elements of a new tile keep the uninitialised sentinel; those of an existing dst keep their old values.
A mask that leaves out elements of a reduced axis shrinks the fold: the call runs on the kept elements alone
(`Selection`). A masked index expression may reach past its tensor (`Reach`): only the elements the mask keeps are
read or written, and those must be inside."""
import numpy as np

from . import _dtypes, _session
from ._forms import reduced_axes
from ._level import put


def fit(mask, shape, what):
    """The mask as a bool array of `shape`, or an error saying why it does not fit."""
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
        raise TypeError(f"{what}: mask={mask!r}: a mask is a predicate over the kernel's index expressions, a bool"
                        " array such as (i_p < 64) & (i_f < 256)")
    try:
        return np.broadcast_to(on_tile_axes(np.asarray(mask, dtype=bool), len(shape)), shape)
    except ValueError:
        raise ValueError(f"{what}: mask of shape {np.shape(mask)} on a tile of shape {tuple(shape)}: the mask ranges"
                         " over the tile's index expressions and broadcasts to its shape") from None


def on_tile_axes(a, rank):
    """An array over a kernel's index grid on the axes of a tile of `rank`: when the grid has more axes, those no
    index expression uses (a 3-axis nl.mgrid indexing a 2-D tensor) are size 1 and drop out, the first size-1 free
    axes first (which of two size-1 axes goes leaves the same array), never below 2-D (as `_tiles`' index)."""
    if a.ndim <= max(rank, 2):
        return a
    ones = [k for k in range(1, a.ndim) if a.shape[k] == 1][:a.ndim - rank]
    return a.reshape([n for k, n in enumerate(a.shape) if k not in ones]) if len(ones) == a.ndim - rank else a


def sentinel_like(a):
    """An array of a's shape and dtype holding the uninitialised sentinel (NaN, or 4 for integers)."""
    return np.asarray(_dtypes.uninitialised(a.shape, _dtypes.of_array(a, "tile")[0])).view(a.dtype)


class Selection:
    """A mask over a tile of `shape` as the indices it keeps along each axis: a predicate on the kernel's index
    expressions that is a product of conditions on single axes (`(i_p < 64) & (i_f < n)`), so that the kept elements
    form a smaller tile."""

    def __init__(self, mask, shape, what):
        keep = fit(mask, shape, what)
        self.shape = tuple(shape)
        self.kept = [np.flatnonzero(keep.any(axis=tuple(o for o in range(keep.ndim) if o != a)))
                     for a in range(keep.ndim)]
        if not np.array_equal(keep[np.ix_(*self.kept)], np.ones([len(k) for k in self.kept], bool)) or \
                np.count_nonzero(keep) != np.prod([len(k) for k in self.kept]):
            raise NotImplementedError(f"{what}: a mask over a reduced axis that is not a product of conditions on"
                                      " single axes (each partition keeping other elements) is not modelled")
        if any(len(k) == 0 for k in self.kept):
            raise ValueError(f"{what}: the mask keeps no element of the tile {self.shape}")

    def take(self, a, axes):
        """The kept part of `a` along its first `axes` axes (the rest whole)."""
        index = tuple(self.kept[:axes]) + tuple(np.arange(n) for n in a.shape[axes:])
        return np.ascontiguousarray(np.asarray(a)[np.ix_(*index)]).view(type(a))

    def spread(self, part, axes, into=None):
        """`part` (a result over the kept indices of the first `axes` axes) written at those indices of `into`, or of
        a new array holding the uninitialised sentinel elsewhere."""
        if into is None:
            into = sentinel_like(np.empty(self.shape[:axes] + part.shape[axes:], part.dtype))
        index = tuple(self.kept[:axes]) + tuple(np.arange(n) for n in part.shape[axes:])
        into[np.ix_(*index)] = part
        return into

    def count(self, axes):
        """How many elements the mask keeps along `axes`."""
        return int(np.prod([len(self.kept[a]) for a in axes], dtype=np.int64))

    def result_mask(self, shape, axes):
        """The kept positions of a result whose first `axes` axes are the tile's (the others all kept)."""
        out = np.zeros(shape, bool)
        out[np.ix_(*(tuple(self.kept[:axes]) + tuple(np.arange(n) for n in shape[axes:])))] = True
        return out


def _tile_reduce(args):
    data = args["data"]
    return "data", reduced_axes(args["axis"], data.ndim, int_one_is_minor=True)[0]


def _reducing(args, operand="data"):
    """activation, tensor_scalar_reduce: elementwise, and a fold of each partition into its reduce registers."""
    return operand, np.ndim(args[operand])


# the calls whose mask may leave out elements of an axis they fold: args -> (the operand the mask ranges over, how many
# leading axes of the result are that operand's)
_FOLDS = {"tensor_reduce": _tile_reduce, "tensor_scalar_reduce": _reducing, "activation": _reducing,
          "activation_reduce": _reducing, "bn_stats": lambda args: ("data", 1), "max8": lambda args: ("src", 1),
          "nc_match_replace8": _reducing, "nl.var": lambda args: ("x", 1)}
# arguments the call writes (besides its result): per partition
_WRITTEN = ("reduce_res", "dst_idx")


def shrink(selection, over, axes, run, args):
    """Runs the call on the kept elements alone: `over` (the masked operand) and every tile of its shape taken at the
    kept indices, the other tiles of its partition count (per-partition values, the arrays the call writes) at the
    kept partitions; the written arrays and the result (over a new tile of the sentinel) spread back (the model's
    mask_semantics)."""
    full = args[over]
    small, written = dict(args), {}
    for key, value in args.items():
        if not isinstance(value, np.ndarray) or value.ndim < 1:
            continue
        if key == over or value.shape == full.shape:
            small[key] = selection.take(value, full.ndim)
        elif value.shape[0] == full.shape[0]:
            small[key] = selection.take(value, 1)
            if key in _WRITTEN:
                written[key] = value
    result = run(**small)
    for key, value in written.items():
        selection.spread(small[key], 1, into=value)
    if not isinstance(result, np.ndarray):
        return result
    return _dtypes.wrap(selection.spread(np.asarray(result), axes))


def apply(name, mask, run, args):
    """Runs a Beta 1 call under `mask`: `run(**args)` on the kept elements of a folded axis (`shrink`), or its new tile
    masked to the sentinel, or its dst kept where masked off. The calls it makes stand on mask_semantics: their
    records name it, and an exact one is model level."""
    calls = _session.current().calls
    first = len(calls)
    try:
        return _masked(name, mask, run, args)
    finally:
        for call in calls[first:]:
            call["decisions"] = call.get("decisions", []) + ["mask_semantics"]
            call["level"] = "model" if call["level"] == "exact" else call["level"]


def _masked(name, mask, run, args):
    fold = _FOLDS.get(name)
    if fold is not None and (name != "activation" or args.get("reduce_res") is not None
                             or getattr(args.get("reduce_cmd"), "name", args.get("reduce_cmd")) != "idle"):
        over, axes = fold(args)
        return shrink(Selection(mask, np.shape(args[over]), name), over, axes, run, args)
    if name == "nc_matmul":
        return matmul(mask, run, args)
    dst = args.get("dst")
    if isinstance(dst, np.ndarray):
        keep = ~fit(mask, dst.shape, name)
        old = np.array(dst)
        result = run(**args)
        merged = np.where(keep, old, np.asarray(dst))
        put(dst, merged.astype(dst.dtype, copy=False), "dst")
        return result
    result = run(**args)
    if isinstance(result, np.ndarray):
        off = ~fit(mask, result.shape, name)
        result[off] = sentinel_like(result)[off]
    return result


def matmul(mask, run, args):
    """nc_matmul under a mask over its three axes (contraction K, M, N; FAMILY-NEXT §9 [N26S]): the kept rows of
    stationary [K, M] and moving [K, N] multiplied, the [M, N] result spread over the sentinel."""
    stationary, moving = args["stationary"], args["moving"]
    k, m = stationary.shape[0], int(np.prod(stationary.shape[1:], dtype=np.int64))
    n = int(np.prod(moving.shape[1:], dtype=np.int64))
    selection = Selection(mask, (k, m, n), "nc_matmul")
    small = dict(args, stationary=stationary.reshape(k, m)[np.ix_(selection.kept[0], selection.kept[1])],
                 moving=moving.reshape(moving.shape[0], n)[np.ix_(selection.kept[0], selection.kept[2])])
    part = np.asarray(run(**small))
    out = sentinel_like(np.empty((m, n), part.dtype))
    out[np.ix_(selection.kept[1], selection.kept[2])] = part
    return _dtypes.wrap(out)


class Reach:
    """An index expression of a kernel tensor that reaches past it: kept, not evaluated, until a masked load or store
    says which of its elements are used."""

    def __init__(self, base, index, error):
        self.base, self.index, self.error = base, index, error

    def __getattr__(self, name):
        raise self.error  # used as a tensor without a mask: the index error it is

    def _grid(self):
        items = self.index if isinstance(self.index, tuple) else (self.index,)
        if len(items) != self.base.ndim or any(not isinstance(i, (int, np.integer, np.ndarray)) for i in items):
            raise self.error
        return [on_tile_axes(g, len(items)) for g in np.broadcast_arrays(*[np.asarray(i, dtype=np.int64)
                                                                            for i in items])]

    def _selected(self, mask):
        grid = self._grid()
        keep = fit(mask, grid[0].shape, "masked index")
        chosen = tuple(g[keep] for g in grid)
        for axis, (g, n) in enumerate(zip(chosen, self.base.shape)):
            bad = g[(g < 0) | (g >= n)]
            if bad.size:
                raise IndexError(f"index {int(bad[0])} is out of bounds for axis {axis} with size {n}, inside the"
                                 " mask")
        return grid[0].shape, keep, chosen

    def inside(self):
        """Where every index of the expression is inside its dimension (what `oob_mode=skip` keeps)."""
        grid = self._grid()
        ok = np.ones(grid[0].shape, bool)
        for g, n in zip(grid, self.base.shape):
            ok &= (g >= 0) & (g < n)
        return ok

    def gather(self, mask):
        """The elements the mask keeps, the others the sentinel, as a new array of the index's shape."""
        shape, keep, chosen = self._selected(mask)
        out = sentinel_like(np.empty(shape, self.base.dtype))
        out[keep] = np.asarray(self.base)[chosen]
        return out

    def scatter(self, values, mask):
        """Writes values (already in the base's dtype) where the mask keeps, through the base tensor."""
        shape, keep, chosen = self._selected(mask)
        np.asarray(self.base)[chosen] = np.broadcast_to(values, shape)[keep]
