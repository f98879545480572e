"""The NKI language's tensors on the session's NeuronCore (FAMILY-NEXT §9): the buffers (`nl.sbuf`, `nl.psum`, `nl.hbm`,
`nl.shared_hbm`), the kernel's `Tensor` (a NumPy array that knows its buffer; index expressions of both API
generations become views of the storage; tile operators run as `nl` ops), the index expressions (`nl.arange`,
`nl.mgrid`, `nl.ds`), allocation (`nl.ndarray`, `zeros`, `full`, ...; on chip, placed by `_chip`), and the state of
the kernel run in progress (`_Run`) that allocation, `nl.program_id` and the loops read. `language` exports them;
the kernel runner (`_kernel`) sets the run."""
import threading

import numpy as np

from . import _calls, _chip, _dtypes, _ops, _session, isa
from ._masks import Reach
from ._tensor import TensorViews

_state = threading.local()


class Buffer:
    """A memory NKI allocates tensors in: `nl.sbuf`, `nl.psum`, `nl.hbm` (= `private_hbm`), `nl.shared_hbm`."""

    def __init__(self, name, on_chip, explicit=False):
        self.name, self.on_chip, self.explicit = name, on_chip, explicit

    def __repr__(self):
        return f"nl.{self.name}"

    def mod_alloc(self, *args, **kwargs):
        """`ncc.sbuf.mod_alloc(...)` / `ncc.psum.alloc(func)`: the kernel's own placement, which the model honours as
        capacity the kernel vouches for, placing the tensor itself, unaliased (the model's explicit_allocation)."""
        return Buffer(self.name, self.on_chip, explicit=True)

    alloc = mod_alloc


sbuf, psum = Buffer("sbuf", True), Buffer("psum", True)
hbm = private_hbm = Buffer("hbm", False)
shared_hbm = Buffer("shared_hbm", False)


class Tensor(TensorViews, np.ndarray):
    """A kernel's tensor: a NumPy array with its buffer. Indexing with slices, integers, `...`, `nl.ds`, and Beta 1's
    `nl.arange`/`nl.mgrid` grids (arithmetic progressions along one axis each) gives a view of the same storage; any
    other advanced index gives a copy that remembers where it came from, so a call writing it writes through."""

    def __array_finalize__(self, obj):
        self.buffer = getattr(obj, "buffer", None)
        self._origin = None

    def __getitem__(self, index):
        index = _partition_first(index)
        basic = _as_basic(index, self.shape)
        if basic is not None:
            try:
                _in_bounds(basic, self.shape)
            except IndexError as e:
                return Reach(self, index, e)
            out = super().__getitem__(basic)
            if not isinstance(out, np.ndarray) and _session.PENDING:  # an element: a host read
                _session.sync_pending()
                out = super().__getitem__(basic)
            if (isinstance(out, np.ndarray) and out.ndim == 1 and self.ndim >= 2 and getattr(self.buffer, "on_chip", 0)
                    and isinstance((basic if isinstance(basic, tuple) else (basic,))[0], slice)):
                out = out[:, None]  # an on-chip tile stays 2-D: t[:, i] of [P, F] is [P, 1] (the model's tile_2d)
            return out
        if _session.PENDING:
            _session.sync_pending()  # a gather reads the values
        try:
            out = super().__getitem__(index)
        except IndexError as e:  # an expression past the tensor: a masked load or store may still use it
            return Reach(self, index, e)
        if isinstance(out, Tensor):
            out._origin = (self, index)
        return out

    def __setitem__(self, index, value):
        if isinstance(value, LoopReduce):
            value = value.into(self[index])
        index = _partition_first(index)
        basic = _as_basic(index, self.shape)
        where = basic if basic is not None else index
        target = np.ndarray.__getitem__(self.view(np.ndarray), where)
        if isinstance(value, np.ndarray) and value.ndim > np.ndim(target) == 1 and value.size == target.size:
            value = value.reshape(target.shape)  # a [P, 1] tile into t[:, i] (tile_2d)
        if isinstance(value, np.ndarray) and 1 <= value.ndim < np.ndim(target):
            # NKI broadcasts the partition dim first (the model's tile_broadcast): [P] into [P, 1], [P, F] into [P, 1, F]
            value = value.reshape(value.shape[:1] + (1,) * (np.ndim(target) - value.ndim) + value.shape[1:])
        if _session.PENDING:  # a write from Python: the queued calls that read or write these bytes run first
            _session.sync_for(self, value)
        np.ndarray.__setitem__(self.view(np.ndarray), where, value)  # not through our __getitem__ (tile_2d)

    # NumPy reading a tensor is a host read: the calls queued in the session's memory run first (Session.sync)
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if _session.PENDING:
            _session.sync_pending()
        out = kwargs.get("out")
        if out is not None:
            kwargs["out"] = tuple(_plain(o) for o in out)
        result = getattr(ufunc, method)(*(_plain(i) for i in inputs), **kwargs)
        if out is not None:
            return out[0] if len(out) == 1 else out
        if isinstance(result, tuple):
            return tuple(r.view(Tensor) if type(r) is np.ndarray else r for r in result)
        return result.view(Tensor) if type(result) is np.ndarray else result

    def __array_function__(self, func, types, args, kwargs):
        if _session.PENDING:
            _session.sync_pending()
        return super().__array_function__(func, types, args, kwargs)

    # tile operators run on the model's Vector Engine, as NKI lowers them
    def _op(self, name, other, reverse=False):
        op = getattr(_ops, name)
        return op(other, self) if reverse else op(self, other)

    def __add__(self, o):
        return self._op("add", o)

    def __iadd__(self, o):
        # Beta 1's `psum[...] += nisa.nc_matmul(...)` is the matmul accumulating into the tile (beta1_matmul_accumulate)
        if _calls._flags.accumulate_result(self, o, self._origin is None):
            return self
        return self._op("add", o)

    def __radd__(self, o):
        return self._op("add", o, True)

    def __sub__(self, o):
        return self._op("subtract", o)

    def __rsub__(self, o):
        return self._op("subtract", o, True)

    def __mul__(self, o):
        return self._op("multiply", o)

    def __rmul__(self, o):
        return self._op("multiply", o, True)

    def __truediv__(self, o):
        return self._op("divide", o)

    def __rtruediv__(self, o):
        return self._op("divide", o, True)

    def __lt__(self, o):
        return self._op("less", o)

    def __le__(self, o):
        return self._op("less_equal", o)

    def __gt__(self, o):
        return self._op("greater", o)

    def __ge__(self, o):
        return self._op("greater_equal", o)

    # `t == None` / `t != None` test whether an optional tensor was given (NKI kernels' `if bias != None:`): a plain
    # bool, as Python's identity comparison gives, not a tile op
    def __eq__(self, o):
        return False if o is None else self._op("equal", o)

    def __ne__(self, o):
        return True if o is None else self._op("not_equal", o)

    __hash__ = None

    def __bool__(self):
        return True  # an NKI tensor is an object, not a truth value (`x if t else y` tests that it is given)

    def broadcast_to(self, shape, dtype=None):
        """`tile.broadcast_to(shape)`: nl.broadcast_to of this tile."""
        return broadcast_to(self, shape, dtype=dtype)


for _name in ("__repr__", "__str__", "__format__", "__float__", "__int__", "__index__", "__complex__", "__iter__",
              "__reduce__", "__copy__", "__deepcopy__", "item", "tolist", "tobytes", "copy", "astype", "fill"):
    setattr(Tensor, _name, _session.synced(getattr(np.ndarray, _name)))


def _plain(a):
    return a.view(np.ndarray) if isinstance(a, Tensor) else a


def _partition_first(index):
    """Index tiles of fewer dims than the index's others, read partition dim first as NKI lays tiles out (the model's
    index_partition_first): a [P, 1] tile of row numbers beside [1, A, 1] and [1, 1, B] grids is [P, 1, 1], not NumPy's
    right-aligned [1, P, 1]."""
    items = index if isinstance(index, tuple) else (index,)
    arrays = [i for i in items if isinstance(i, np.ndarray) and i.ndim >= 1 and np.issubdtype(i.dtype, np.integer)]
    if len({a.ndim for a in arrays}) < 2:
        return index
    try:
        np.broadcast_shapes(*(a.shape for a in arrays))
        return index  # NumPy's reading broadcasts: kept as it is
    except ValueError:
        pass
    k = max(a.ndim for a in arrays)
    items = tuple(i.reshape(i.shape[:1] + (1,) * (k - i.ndim) + i.shape[1:]) if any(i is a for a in arrays)
                  and i.ndim < k else i for i in items)
    return items if isinstance(index, tuple) else items[0]


def _in_bounds(index, shape):
    """An NKI index past the end of a dimension is an error (NumPy would clip a slice silently)."""
    items = index if isinstance(index, tuple) else (index,)
    if Ellipsis in items:
        k = items.index(Ellipsis)
        items = items[:k] + (slice(None),) * (len(shape) - len(items) + 1) + items[k + 1:]
    for axis, (i, n) in enumerate(zip(items, shape)):
        if isinstance(i, slice) and i.step in (None, 1):
            start, stop = i.start or 0, n if i.stop is None else i.stop
            if start < 0 or stop < 0:
                continue
            if stop > n or start > n:
                raise IndexError(f"index {start}:{stop} is out of range for dimension {axis} of size {n}")


def _as_basic(index, shape):
    """`index` as slices and integers when every array in it is a progression along one axis of the grid, in order,
    inside its dimension; else None (a real gather, which NumPy checks)."""
    items = index if isinstance(index, tuple) else (index,)
    if not any(isinstance(i, np.ndarray) for i in items):
        return None if any(isinstance(i, (list, Tensor)) for i in items) else index
    out, last_axis = [], -1
    arrays = [i for i in items if isinstance(i, np.ndarray)]
    # integers beside grids of one axis per array (`t[g, ip, if]`, ip and if 2-D): each integer drops its axis, as
    # NumPy's indexing does; beside grids of one axis per item (`t[ip, 0]`, ip 2-D) it is a size-1 axis of the grid
    drop_ints = len(arrays) < len(items) and all(a.ndim == len(arrays) for a in arrays)
    grid_items = len(arrays) if drop_ints else len(items)
    for i in items:
        if isinstance(i, (int, np.integer)):
            if drop_ints:
                out.append(int(i))
            else:
                out.append(slice(int(i), int(i) + 1) if i != -1 else slice(-1, None))
            continue
        if not isinstance(i, np.ndarray):
            out.append(i)
            continue
        if not np.issubdtype(i.dtype, np.integer):
            return None
        varying = [a for a, n in enumerate(i.shape) if n > 1]
        if len(varying) > 1:
            return None
        flat = i.reshape(-1)
        if len(flat) == 0:
            return None
        if len(varying) == 0:
            out.append(slice(int(flat[0]), int(flat[0]) + 1))
            continue
        # a grid of as many axes as the index has items, its axes in order; or, for a tile of at least two axes (a
        # tile never falls below 2-D), one of more axes, used in order, whose other axes no index uses (a 3-axis
        # nl.mgrid indexing a 2-D tensor): size 1 in every index, they drop out (the model's beta1_grid_axes)
        if varying[0] <= last_axis or (i.ndim != grid_items and not i.ndim > grid_items >= 2):
            return None
        last_axis = varying[0]
        step = int(flat[1] - flat[0])
        if step < 1 or not np.array_equal(flat, flat[0] + step * np.arange(len(flat))):
            return None
        axis = len(out)
        if axis < len(shape) and not (0 <= int(flat[0]) and int(flat[-1]) < shape[axis]):
            return None
        out.append(slice(int(flat[0]), int(flat[0]) + step * len(flat), step))
    return tuple(out)


class _Grid(tuple):
    """`nl.mgrid[0:P, 0:F]`: the open grid of index arrays (unpackable, or `.p`, `.x`, `.y`, `.z`)."""

    @property
    def p(self):
        return self[0]

    @property
    def x(self):
        return self[1]

    @property
    def y(self):
        return self[2]

    @property
    def z(self):
        return self[3]


class _MGrid:
    def __getitem__(self, slices):
        slices = slices if isinstance(slices, tuple) else (slices,)
        return _Grid(a.astype(np.int32).view(IndexArray) for a in np.ogrid[slices])


mgrid = _MGrid()


class IndexArray(np.ndarray):
    """Beta 1's index expressions (`nl.arange`, `nl.mgrid`) and what is computed from them: NumPy arrays that, as
    NKI's symbolic expressions, are objects rather than truth values (`a and b` is b)."""

    def __bool__(self):
        return True if self.size > 1 else bool(self.view(np.ndarray))


def arange(*args):
    """nl.arange (Beta 1): int32 indices, as NumPy's arange; `nl.arange(n)[:, None]` is a partition index."""
    return np.arange(*args, dtype=np.int32).view(IndexArray)


def broadcast_to(x, shape, dtype=None):
    """`nl.broadcast_to(x, shape, dtype=None)`: a tile of `shape` holding x's elements repeated along its size-1
    dimensions (data movement, bits kept), cast to `dtype` when given (tensor_copy). A 1-D tile [P] is [P, 1], its
    axis the partitions (tile_broadcast, FAMILY-NEXT §0.2): a free-axis reduction's [P] repeats along the free axes.
    It waits only for the queued calls that write x; inside a kernel the new tile is in SBUF, so that the calls on it
    are queued too."""
    _session.sync_for(x)
    x, shape = np.asarray(x), tuple(int(n) for n in shape)
    if x.ndim == 1 and len(shape) > 1:
        x = x.reshape(x.shape + (1,) * (len(shape) - 1))
    try:
        spread = np.broadcast_to(x, shape)
    except ValueError:
        raise ValueError(f"broadcast_to: x {x.shape} into shape={shape}: each dimension must equal the target's or"
                         " be 1 (a 1-D tile [P] is [P, 1])") from None
    out = _chip.new_tile(shape, _dtypes.of_array(x, "x")[0]) if x.size else None
    if out is None or out.dtype != x.dtype:
        out = _dtypes.wrap(np.ascontiguousarray(spread))
    else:
        np.copyto(out.view(np.ndarray), spread)
    if dtype is not None and _dtypes.named(dtype, "dtype") != _dtypes.of_array(out, "x")[0]:
        return isa.tensor_copy(out, dtype=dtype)
    return out


# --- allocation ----------------------------------------------------------------------------------------------------

def ndarray(shape, dtype, buffer=None, name="", address=None, **kwargs):
    """A new tensor of `shape` and `dtype` in `buffer` (default SBUF), filled with the uninitialised sentinel (NaN
    for floats, 4 for integers) so that a read of unwritten memory shows. Inside a kernel an on-chip tensor is placed
    in the session's SBUF or PSUM (`_chip`): at most 128 partitions, in a gap of the generation's bytes per partition
    left by the tensors still alive; one the kernel places itself (`address=`, `ncc.*.alloc`/`mod_alloc`), or one with
    block dimensions before its partition dimension (whose blocks NKI maps to physical tiles as their lifetimes
    allow), is held outside the core's memory when no gap is left (explicit_allocation)."""
    partition_axis = _partition_axis(shape)
    shape = tuple(int(n) for n in (shape if isinstance(shape, (tuple, list)) else (shape,)))
    buffer = sbuf if buffer is None else buffer
    if not isinstance(buffer, Buffer):
        raise TypeError(f"buffer={buffer!r}: allowed: nl.sbuf, nl.psum, nl.hbm, nl.private_hbm, nl.shared_hbm")
    run = getattr(_state, "run", None)
    if buffer is shared_hbm and run is not None:
        shared = run.shared_tensor(shape)
        if shared is not None:
            return shared
    if buffer.on_chip and (not shape or shape[partition_axis] > 128):
        raise ValueError(f"nl.ndarray: shape {shape} in {buffer!r}: the partition dim is at most 128"
                         " (nl.tile_size.pmax)")
    packed, dtype = (dtype, _dtypes.x4_bits(np.empty(0, dtype)).dtype) if _dtypes.x4(dtype) else (None, dtype)
    model = _dtypes.named(dtype, "dtype")
    if buffer.on_chip and run is not None:
        bits = _chip.of(run.session).tensor(shape, _dtypes.storage(model), partition_axis, buffer.name, name,
                                            explicit=buffer.explicit or address is not None or partition_axis > 0)
        t = _dtypes.sentinel(bits, model).view(Tensor)
    else:
        t = _dtypes.uninitialised(shape, dtype).view(Tensor)
    if packed is not None:  # a packed MX tensor: its bits, seen as the packed dtype
        t = np.ndarray.view(t, packed)
    t.buffer, t.name = buffer, name
    if buffer is shared_hbm and run is not None:
        run.shared.append(t)
    return t


class LoopReduce:
    """Beta 1's `nl.loop_reduce(x, op, loop_indices)`: NKI makes the tile it is stored into op's other input, so
    `t[...] = nl.loop_reduce(x, op=np.add, loop_indices=...)` is `t[...] = tensor_tensor(t[...], x, op)` on the Vector
    Engine, each time the loop runs it."""

    def __init__(self, x, op, dtype, mask):
        self.x, self.op, self.dtype, self.mask = x, op, dtype, mask

    def into(self, target):
        return isa.tensor_tensor(target, self.x, self.op, dtype=self.dtype, mask=self.mask)

    def __array__(self, *args, **kwargs):
        raise TypeError("nl.loop_reduce: store its result into the tile it reduces into (t[...] = nl.loop_reduce(x,"
                        " op, loop_indices)); NKI makes that tile op's other input, so the result alone is not a tile")


class ParDim(int):
    """Beta 1's `nl.par_dim(n)`: marks the partition dimension of a shape."""


def _partition_axis(shape):
    """The axis of `shape` (a tuple, or one size) that `nl.par_dim` marks; axis 0 when none is marked."""
    given = shape if isinstance(shape, (tuple, list)) else (shape,)
    return next((k for k, n in enumerate(given) if isinstance(n, ParDim)), 0)


def zeros(shape, dtype, buffer=None, name="", **kwargs):
    return full(shape, 0, dtype, buffer=buffer, name=name)


def ones(shape, dtype, buffer=None, name="", **kwargs):
    return full(shape, 1, dtype, buffer=buffer, name=name)


def full(shape, fill_value, dtype, buffer=None, name="", **kwargs):
    """A new tensor of `fill_value` converted to the dtype (a memset on chip, FAMILY-NEXT §9)."""
    t = ndarray(shape, dtype, buffer=buffer, name=name)
    if t.buffer.on_chip:
        # the partitions first: a tile with `nl.par_dim` on a later axis is one run of bytes in each partition
        isa.memset(np.moveaxis(t, _partition_axis(shape), 0), fill_value)
    else:
        t[...] = fill_value
    return t


def zeros_like(x, dtype=None, buffer=None, name="", **kwargs):
    return zeros(x.shape, dtype if dtype is not None else x.dtype, buffer=buffer or getattr(x, "buffer", None))


def ones_like(a, dtype=None, buffer=None, name="", **kwargs):
    return ones(a.shape, dtype if dtype is not None else a.dtype, buffer=buffer or getattr(a, "buffer", None))


def empty_like(x, dtype=None, buffer=None, name="", **kwargs):
    return ndarray(x.shape, dtype if dtype is not None else x.dtype, buffer=buffer or getattr(x, "buffer", None))


def ds(start, size):
    """`nl.ds(start, size)`: the slice start:start+size."""
    return slice(int(start), int(start) + int(size))


def program_id(axis=0):
    run = getattr(_state, "run", None)
    return 0 if run is None else run.program[axis] if axis < len(run.program) else 0


def num_programs(axes=0):
    """The number of programs along `axes` of the launch grid (an axis, or a tuple of axes: their product); 1
    outside a kernel or past the grid's rank."""
    run = getattr(_state, "run", None)
    grid = (1,) if run is None else run.grid
    return int(np.prod([grid[a] if a < len(grid) else 1 for a in np.atleast_1d(axes)]))


def _loop(start, stop=None, step=1, *, directives=None):
    """`nl.affine_range`, `sequential_range`, `static_range`, `range`: every kind runs in order (the model's
    loops_sequential; NKI's simulator does the same), so `directives=` (`nki.compiler.no_reorder()`) change nothing."""
    return range(start) if stop is None else range(start, stop, step)


# --- the kernel run in progress (`_state.run`, set by `_kernel.run_kernel`) -----------------------------------------

class _Run:
    """One kernel run: its grid position, its shared_hbm tensors, and where its calls start."""

    def __init__(self, session, grid, name):
        self.session, self.grid, self.name = session, grid, name
        self.program = (0,) * len(grid)
        self.first_call = len(session.calls)
        self.shared, self.shared_seen = [], 0  # shared_hbm tensors: one per allocation site for the whole grid

    def shared_tensor(self, shape):
        """The k-th shared_hbm tensor a later program of the grid allocates is the first program's k-th."""
        if self.program == (0,) * len(self.grid) or self.shared_seen >= len(self.shared):
            return None
        t = self.shared[self.shared_seen]
        self.shared_seen += 1
        return t if t.shape == shape else None
