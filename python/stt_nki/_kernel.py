"""Running an NKI kernel file on the model (issue "run real NKI kernels unmodified"): the kernel's tensors are NumPy
arrays of a `Tensor` subclass that knows its buffer (FAMILY-NEXT §9), index expressions of both API generations become
views of the storage, every call goes through the same call layer as module-level calls, and a run ends with a report
(calls per engine and fidelity level, Vector Engine words, estimated device time) and optionally a profile."""
import contextlib
import itertools
import json
import linecache
import os
import threading
import time

import numpy as np

from . import _chip, _dtypes, _session
from ._tensor import TensorViews

_state = threading.local()


class Buffer:
    """A memory NKI allocates tensors in: `nl.sbuf`, `nl.psum`, `nl.hbm` (= `private_hbm`), `nl.shared_hbm`."""

    def __init__(self, name, on_chip):
        self.name, self.on_chip = name, on_chip

    def __repr__(self):
        return f"nl.{self.name}"

    def mod_alloc(self, *args, **kwargs):
        """`ncc.sbuf.mod_alloc(...)`-style allocation: the model places tensors itself, so this is the buffer."""
        return self

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
        basic = _as_basic(index, self.shape)
        if basic is not None:
            try:
                _in_bounds(basic, self.shape)
            except IndexError as e:
                from ._masks import Reach
                return Reach(self, index, e)
            return super().__getitem__(basic)
        try:
            out = super().__getitem__(index)
        except IndexError as e:  # an expression past the tensor: a masked load or store may still use it
            from ._masks import Reach
            return Reach(self, index, e)
        if isinstance(out, Tensor):
            out._origin = (self, index)
        return out

    def __setitem__(self, index, value):
        basic = _as_basic(index, self.shape)
        where = basic if basic is not None else index
        target = np.ndarray.__getitem__(self.view(np.ndarray), where)
        if isinstance(value, np.ndarray) and 1 <= value.ndim < np.ndim(target):
            # NKI broadcasts the partition dim first (the model's tile_broadcast): [P] into [P, 1], [P, F] into [P, 1, F]
            value = value.reshape(value.shape[:1] + (1,) * (np.ndim(target) - value.ndim) + value.shape[1:])
        super().__setitem__(where, value)

    # tile operators run on the model's Vector Engine, as NKI lowers them
    def _op(self, name, other, reverse=False):
        from . import language as nl
        op = getattr(nl, name)
        return op(other, self) if reverse else op(self, other)

    def __add__(self, o):
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

    def __eq__(self, o):
        return self._op("equal", o)

    def __ne__(self, o):
        return self._op("not_equal", o)

    __hash__ = None

    def __bool__(self):
        return True  # an NKI tensor is an object, not a truth value (`x if t else y` tests that it is given)

    def broadcast_to(self, shape, dtype=None):
        """`tile.broadcast_to(shape)`: nl.broadcast_to of this tile."""
        from .language import broadcast_to
        return broadcast_to(self, shape, dtype=dtype)

    def ap(self, pattern, offset=None, scalar_offset=None, vector_offset=None, indirect_dim=0, dtype=None):
        """`.ap(pattern=[[stride, count], ...], offset)`: the storage addressed directly (element strides). Indirect
        offsets and `dtype` are not modelled."""
        unmodelled = {k: v for k, v in (("scalar_offset", scalar_offset), ("vector_offset", vector_offset),
                                        ("dtype", dtype)) if v is not None}
        if unmodelled or indirect_dim:
            raise NotImplementedError(f"Tensor.ap: {unmodelled or {'indirect_dim': indirect_dim}}: indirect access"
                                      " patterns and reinterpreting dtypes are not modelled")
        offset = offset or 0
        base = self
        while base.base is not None and isinstance(base.base, Tensor):
            base = base.base
        # element e of the tensor is row e // row of its partition dim, element e % row within it; a step that is a
        # whole number of rows steps partitions (in the session's SBUF, a partition pitch apart)
        row = base.size // base.shape[0] if base.ndim > 1 else 1
        pitch = base.strides[0] if base.ndim > 1 else base.itemsize
        first = base[offset // row].reshape(-1)[offset % row:] if base.ndim > 1 else base[offset:]
        return np.lib.stride_tricks.as_strided(first, shape=[n for _, n in pattern], strides=[
            s // row * pitch if s % row == 0 and base.ndim > 1 else s * base.itemsize for s, _ in pattern])


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
    for i in items:
        if isinstance(i, (int, np.integer)):
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
        if varying[0] <= last_axis or i.ndim != len(items):
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
        from .language import IndexArray
        return _Grid(a.astype(np.int32).view(IndexArray) for a in np.ogrid[slices])


mgrid = _MGrid()


# --- allocation ----------------------------------------------------------------------------------------------------

_NAN_BITS = {"fp32": 0x7fc00000, "fp32r": 0x7fc00000, "bf16": 0x7fc0, "fp16": 0x7e00, "fp8_e4m3": 0x7f,
             "fp8_e5m2": 0x7f, "fp8_e3m4": 0x7f}


def uninitialised(shape, dtype):
    """A new array of `shape` and `dtype` holding what a new tensor holds (FAMILY-NEXT §9, the model's
    uninit_sentinel): NaN for floats (the ml_dtypes NaN bits for fp8), 4 for integers."""
    model = _dtypes.named(dtype, "dtype")
    return _sentinel(np.empty(shape, _dtypes.storage(model)), model)


def _sentinel(a, model):
    """`a` (of the model's storage dtype) filled with the uninitialised sentinel, as the caller gets the model's
    arrays."""
    a.view({1: np.uint8, 2: np.uint16, 4: np.uint32}[a.itemsize])[...] = _NAN_BITS.get(model, 4)
    return _dtypes.result(a, model)


def ndarray(shape, dtype, buffer=None, name="", address=None, **kwargs):
    """A new tensor of `shape` and `dtype` in `buffer` (default SBUF), filled with the uninitialised sentinel (NaN
    for floats, 4 for integers) so that a read of unwritten memory shows. Inside a kernel an on-chip tensor is placed
    in the session's SBUF or PSUM (`_chip`): at most 128 partitions, in a gap of the generation's bytes per partition
    left by the tensors still alive."""
    given = shape if isinstance(shape, (tuple, list)) else (shape,)
    partition_axis = next((k for k, n in enumerate(given) if isinstance(n, ParDim)), 0)
    shape = tuple(int(n) for n in given)
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
    model = _dtypes.named(dtype, "dtype")
    if buffer.on_chip and run is not None:
        bits = _chip.of(run.session).tensor(shape, _dtypes.storage(model), partition_axis, buffer.name, name)
        t = _sentinel(bits, model).view(Tensor)
    else:
        t = uninitialised(shape, dtype).view(Tensor)
    t.buffer, t.name = buffer, name
    if buffer is shared_hbm and run is not None:
        run.shared.append(t)
    return t


class ParDim(int):
    """Beta 1's `nl.par_dim(n)`: marks the partition dimension of a shape."""


def zeros(shape, dtype, buffer=None, name="", **kwargs):
    return full(shape, 0, dtype, buffer=buffer, name=name)


def ones(shape, dtype, buffer=None, name="", **kwargs):
    return full(shape, 1, dtype, buffer=buffer, name=name)


def full(shape, fill_value, dtype, buffer=None, name="", **kwargs):
    """A new tensor of `fill_value` converted to the dtype (a memset on chip, FAMILY-NEXT §9)."""
    from . import isa
    t = ndarray(shape, dtype, buffer=buffer, name=name)
    if t.buffer.on_chip:
        isa.memset(t, fill_value)
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


def _loop(start, stop=None, step=1):
    """`nl.affine_range`, `sequential_range`, `static_range`, `range`: every kind runs in order (the model's
    loops_sequential; NKI's simulator does the same)."""
    return range(start) if stop is None else range(start, stop, step)


# --- running a kernel ----------------------------------------------------------------------------------------------

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


def _target(platform_target):
    """The session a run uses: the current one, or one for `platform_target` (or NEURON_PLATFORM_TARGET_OVERRIDE)
    when that names another generation."""
    s = _session.current()
    wanted = _session.generation(platform_target) if platform_target else s.gen
    if wanted == s.gen:
        return s
    cache = _state.__dict__.setdefault("sessions", {})
    if wanted not in cache:
        cache[wanted] = _session.Session(gen=wanted)
    return cache[wanted]


def _to_tensor(a):
    if isinstance(a, np.ndarray) and not isinstance(a, Tensor):
        t = a.view(Tensor)
        t.buffer = shared_hbm
        return t
    return a


def _plain(r):
    if isinstance(r, Tensor):
        return r.view(np.ndarray)
    if isinstance(r, (tuple, list)):
        return type(r)(_plain(x) for x in r)
    if isinstance(r, dict):
        return {k: _plain(v) for k, v in r.items()}
    return r


def _kernel_error(e, fn):
    """The exception raised inside a kernel, its message prefixed with the kernel file's innermost line."""
    code = getattr(fn, "__code__", None)
    tb, where = e.__traceback__, None
    while tb is not None:
        if code is not None and tb.tb_frame.f_code.co_filename == code.co_filename:
            where = tb
        tb = tb.tb_next
    if where is None:
        return None
    line = where.tb_lineno
    text = linecache.getline(where.tb_frame.f_code.co_filename, line).strip()
    message = f"{os.path.basename(where.tb_frame.f_code.co_filename)}:{line} ({text}): {e}"
    try:
        return type(e)(message)
    except Exception:  # an exception type that does not take one message
        return RuntimeError(message)


def run_kernel(fn, args, kwargs, grid=(), platform_target=None, profile=None):
    """Runs `fn` (a kernel function) once per program of `grid` on the model; returns what it returns, NumPy arrays
    in place of its tensors. NumPy inputs are the kernel's HBM tensors, so writes to them reach the caller."""
    s = _target(platform_target or os.environ.get("NEURON_PLATFORM_TARGET_OVERRIDE"))
    grid = tuple(int(g) for g in grid) if isinstance(grid, (tuple, list)) else ((int(grid),) if grid else ())
    run = _Run(s, grid or (1,), getattr(fn, "__name__", "kernel"))
    run.launch_ndim = len(grid)  # nl.program_ndim(): 0 without a grid
    targs = [_to_tensor(a) for a in args]
    tkwargs = {k: _to_tensor(v) for k, v in kwargs.items()}
    outer = getattr(_state, "run", None)
    _state.run = run
    started = time.perf_counter()
    try:
        with _bound(s):
            result = None
            for program in itertools.product(*(range(g) for g in run.grid)):
                run.program, run.shared_seen = program, 0
                result = fn(*targs, **tkwargs)
    except Exception as e:
        better = _kernel_error(e, fn)
        if better is None:
            raise
        raise better.with_traceback(e.__traceback__) from e
    finally:
        _state.run = outer
        chip = getattr(s, "_chip", None)
        if outer is None and chip is not None:
            chip.end_kernel()
        report = _report(run, time.perf_counter() - started)
        _state.last_report = report
    if profile:
        write_profile(profile, report, s.calls[run.first_call:])
    return _plain(result)


@contextlib.contextmanager
def _bound(s):
    """`s` as the thread's session for the run (without closing it after, as `with Session()` would)."""
    _session._bound().append(s)
    try:
        yield s
    finally:
        _session._bound().remove(s)


def _report(run, seconds):
    r = _session.summary(run.session.calls[run.first_call:])
    r.update({"kernel": run.name, "generation": run.session.gen, "grid": list(run.grid), "wall_seconds": seconds})
    return r


def last_report():
    """The report of the last kernel run in this thread: its calls per engine and per fidelity level (exact, model,
    approx), the Vector Engine words run, the estimated cycles and ns per engine, the calls NKI publishes no cost for,
    the [MODEL] decisions they stand on, and the run's wall time."""
    return getattr(_state, "last_report", None)


_TRACKS = ("vector", "scalar", "tensor", "gpsimd", "dma")


def write_profile(path, report, calls):
    """A Chrome / Perfetto trace-event JSON of the calls: one track per engine, one complete ("X") slice per call
    with its estimated duration (1 ns where NKI publishes no formula, marked), in program order on its engine."""
    events = [{"ph": "M", "name": "process_name", "pid": 1, "args": {"name": f"stt: {report['kernel']}"}}]
    for tid, name in enumerate(_TRACKS):
        events.append({"ph": "M", "name": "thread_name", "pid": 1, "tid": tid, "args": {"name": name}})
    clock = {name: 0.0 for name in _TRACKS}
    for c in calls:
        engine = c["engine"]
        ns = c.get("ns")
        dur = ns if ns is not None else 1.0
        events.append({"ph": "X", "name": c["name"], "cat": c["level"], "pid": 1, "tid": _TRACKS.index(engine),
                       "ts": clock[engine] / 1000.0, "dur": dur / 1000.0,
                       "args": {"level": c["level"], "decisions": c.get("decisions", []), "words": c.get("words", 0),
                                "cycles": c.get("cycles"), "estimated": ns is not None,
                                "arrays": c.get("arrays", {})}})
        clock[engine] += dur
    doc = {"traceEvents": events, "displayTimeUnit": "ns",
           "otherData": {"model": "stt", "generation": report["generation"],
                         "note": "each engine's calls in program order on its own track; no overlap between engines"
                                 " is modelled (no source gives the device's schedule); durations are the model's"
                                 " estimates from NKI's published cost formulas, 1 ns where none is published"}}
    with open(path, "w") as f:
        json.dump(doc, f)


class Jit:
    """`nki.jit` / `nki.baremetal` on the model: calling the kernel with NumPy arrays runs it (as
    `jit(mode="simulation")` does); `kernel[g]` / `kernel[g0, g1]` gives an SPMD grid."""

    def __init__(self, fn, grid=(), platform_target=None, **options):
        self.fn, self.grid, self.platform_target, self.options = fn, grid, platform_target, options
        self.__name__ = getattr(fn, "__name__", "kernel")
        self.__doc__ = getattr(fn, "__doc__", None)
        self.__wrapped__ = fn

    def __getitem__(self, grid):
        return Jit(self.fn, grid if isinstance(grid, tuple) else (grid,), self.platform_target, **self.options)

    def __call__(self, *args, **kwargs):
        if getattr(_state, "run", None) is not None and not self.grid:
            return self.fn(*args, **kwargs)  # a kernel called from a kernel (`mode="trace"` helpers): inline
        return run_kernel(self.fn, args, kwargs, self.grid, self.platform_target)


def jit(fn=None, *, mode="auto", platform_target=None, **options):
    """`@nki.jit`, `@nki.jit(mode="simulation", platform_target="trn2")`: the kernel, run on the model when called."""
    if isinstance(fn, Jit):  # nki.jit(kernel_already_jitted, ...): the options of the outer call win
        return Jit(fn.fn, fn.grid, platform_target or fn.platform_target, mode=mode, **options)
    if fn is None:
        return lambda f: Jit(f, platform_target=platform_target, mode=mode, **options)
    return Jit(fn, platform_target=platform_target, mode=mode, **options)


baremetal = benchmark = trace = jit


def simulate(kernel, *, profile=None, platform_target=None):
    """`nki.simulate(kernel)(*args)` (NKI 2.29+): runs the kernel on the model; `kernel[2]` runs a grid.
    `profile="trace.json"` writes the run's trace-event JSON."""
    fn = getattr(kernel, "fn", kernel)
    grid = getattr(kernel, "grid", ())
    target = platform_target or getattr(kernel, "platform_target", None)

    def run(*args, **kwargs):
        return run_kernel(fn, args, kwargs, grid, target, profile)
    return run


def simulate_kernel(kernel, *args, **kwargs):
    """`nki.simulate_kernel(kernel, *args)` (Beta 1): runs the kernel on the model and returns what it returns."""
    return simulate(kernel)(*args, **kwargs)


def new_tile(shape, model):
    """Inside a kernel run on shared memory, a new SBUF tile of `shape` and model dtype for a call's result, placed
    as the kernel's own tensors are (`_chip`); else (or when SBUF has no gap for it) None: the result is then a
    private array."""
    run = getattr(_state, "run", None)
    if run is None or not _chip.of(run.session).memory or not 1 <= shape[0] <= 128:
        return None
    try:
        return ndarray(tuple(shape), model, buffer=sbuf)
    except MemoryError:
        return None


def wrap_result(a):
    """Inside a kernel run, a call's new tile is a Tensor in SBUF (PSUM for a matmul)."""
    if getattr(_state, "run", None) is None or not isinstance(a, np.ndarray):
        return a
    t = a.view(Tensor)
    t.buffer = sbuf
    return t


_dtypes.wrap = wrap_result


__all__ = ["Tensor", "Buffer", "ndarray", "zeros", "ones", "full", "zeros_like", "ones_like", "empty_like", "ds",
           "program_id", "num_programs", "mgrid", "jit", "baremetal", "simulate", "simulate_kernel", "last_report"]
