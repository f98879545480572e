"""Beta 1's `mask=` (FAMILY-NEXT §9, the model's mask_semantics): a predicate over a kernel's `nl.arange` /
`nl.mgrid` index expressions, which here are NumPy arrays, so a mask is a bool array that broadcasts to the tile.
Masked-off elements of a new tile keep the uninitialised sentinel; those of an existing dst keep their old values.
A masked index expression may reach past its tensor (`Reach`): only the elements the mask keeps are read or
written, and those must be inside."""
import numpy as np

from . import _dtypes


def fit(mask, shape, what):
    """The mask as a bool array of `shape`, or an error saying why it does not fit."""
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
        raise TypeError(f"{what}: mask={mask!r}: a mask is a predicate over the kernel's index expressions, a bool"
                        " array such as (i_p < 64) & (i_f < 256)")
    try:
        return np.broadcast_to(np.asarray(mask, dtype=bool), shape)
    except ValueError:
        raise NotImplementedError(f"{what}: mask of shape {np.shape(mask)} on a tile of shape {shape}: a mask that"
                                  " does not cover the result (one that shrinks a reduction) is not modelled") from None


def sentinel_like(a):
    """An array of a's shape and dtype holding the uninitialised sentinel (NaN, or 4 for integers)."""
    from ._kernel import uninitialised
    return np.asarray(uninitialised(a.shape, _dtypes.of_array(a, "tile")[0])).view(a.dtype)


def apply(name, mask, run, args):
    """Runs a Beta 1 call under `mask`: its new tile masked to the sentinel, or its dst kept where masked off."""
    dst = args.get("dst")
    if isinstance(dst, np.ndarray):
        keep = ~fit(mask, dst.shape, name)
        old = np.array(dst)
        result = run()
        merged = np.where(keep, old, np.asarray(dst))
        from ._level import put
        put(dst, merged.astype(dst.dtype, copy=False), "dst")
        return result
    result = run()
    if isinstance(result, np.ndarray):
        off = ~fit(mask, result.shape, name)
        result[off] = sentinel_like(result)[off]
    return result


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
        return np.broadcast_arrays(*[np.asarray(i, dtype=np.int64) for i in items])

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
