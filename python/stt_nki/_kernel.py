"""Running an NKI kernel file on the model (issue "run real NKI kernels unmodified"): the kernel's tensors are NumPy
arrays of a `Tensor` subclass that knows its buffer (FAMILY-NEXT §9, `_tiles`), index expressions of both API
generations become views of the storage, every call goes through the same call layer as module-level calls, and a run
ends with a report (calls per engine and fidelity level, Vector Engine words, estimated device time) and optionally a
profile. The call layers below own two hooks whose defaults serve calls outside a kernel; this module installs the
runner's: a call's new array becomes the kernel's Tensor (`_dtypes.wrap`), placed in SBUF (`_chip.new_tile`)."""
import contextlib
import itertools
import json
import linecache
import os
import time

import numpy as np

from . import _chip, _dtypes, _session, _timeline
from ._tiles import Tensor, _Run, _state, ndarray, sbuf, shared_hbm


# --- running a kernel ----------------------------------------------------------------------------------------------

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
    """The exception raised inside a kernel, its message prefixed with the kernel file's innermost line (a queued
    call's refusal names the line that issued it already)."""
    if getattr(e, "issued", None):
        return None
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
        better = type(e)(message)
    except Exception:  # an exception type that does not take one message
        return RuntimeError(message)
    for kept in ("verdicts", "rules", "__notes__"):  # InvalidInstruction's, and the notes
        if hasattr(e, kept):
            setattr(better, kept, getattr(e, kept))
    return better


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
            s.sync()  # the kernel's end is a host read: its queued calls run, a refused one raises here
    except Exception as e:
        try:
            s.sync()  # the calls the kernel queued before it failed run now, not inside a later call
        except Exception as queued:  # noqa: B902 (the kernel's own error is the one raised)
            notes = getattr(e, "__notes__", [])  # add_note, on Python before 3.11 too
            e.__notes__ = notes + [f"a call the kernel queued earlier was refused too: {queued}"]
        better = _kernel_error(e, fn)
        if better is None:
            raise
        raise better.with_traceback(e.__traceback__) from e
    finally:
        _state.run = outer
        chip = getattr(s, "_chip", None)
        if outer is None and chip is not None:
            chip.end_kernel()
        calls = s.calls[run.first_call:]
        timeline = _timeline.Schedule(calls, s.gen)
        report = _report(run, time.perf_counter() - started)
        report.update(timeline.report())
        _state.last_report = report
    if profile:
        write_profile(profile, report, calls, timeline)
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
    the [MODEL] decisions they stand on, the run's wall time, and the engine timeline's estimates (docs/timeline.md):
    `latency_ns` (the device latency), `engines` ({engine: {busy_ns, share}}) and `critical_path` (its largest
    contributors: call, kernel line, engine, count, cycles, ns)."""
    return getattr(_state, "last_report", None)


def write_profile(path, report, calls, timeline=None):
    """A Chrome / Perfetto trace-event JSON of the calls on the engine timeline (`_timeline.Schedule`): one track per
    engine and one per DMA queue, one complete ("X") slice per call at its scheduled start, overlapping across
    engines, and a flow arrow ("s" to "f") from each call to the one it waited for."""
    timeline = timeline or _timeline.Schedule(calls, report["generation"])
    tracks = [e for e in _timeline.ENGINES if e != "dma"] + [f"dma q{q}" for q in range(_timeline.DMA_QUEUES)]
    events = [{"ph": "M", "name": "process_name", "pid": 1, "args": {"name": f"stt: {report['kernel']}"}}]
    for tid, name in enumerate(tracks):
        events.append({"ph": "M", "name": "thread_name", "pid": 1, "tid": tid, "args": {"name": name}})

    def tid(i):
        c = calls[i]
        return tracks.index(f"dma q{timeline.queue[i]}" if c["engine"] == "dma" else c["engine"])

    for i, c in enumerate(calls):
        start, end = timeline.start[i], timeline.end[i]
        events.append({"ph": "X", "name": c["name"], "cat": c["level"], "pid": 1, "tid": tid(i), "ts": start / 1000.0,
                       "dur": (end - start) / 1000.0,
                       "args": {"level": c["level"], "decisions": c.get("decisions", []), "words": c.get("words", 0),
                                "cycles": c.get("cycles"), "ns": c.get("ns"), "formula": c.get("formula"),
                                "line": c.get("line"), "depends_on": list(timeline.deps[i]),
                                "strided": _timeline.strided(c)}})
        why = timeline.why[i]
        if why and why[0] == "dep":
            j = why[1]
            events.append({"ph": "s", "id": i, "name": "waits for", "cat": "dependency", "pid": 1, "tid": tid(j),
                           "ts": (timeline.start[j] + timeline.end[j]) / 2000.0})
            events.append({"ph": "f", "bp": "e", "id": i, "name": "waits for", "cat": "dependency", "pid": 1,
                           "tid": tid(i), "ts": start / 1000.0})
    doc = {"traceEvents": events, "displayTimeUnit": "ns",
           "otherData": {"model": "stt", "generation": report["generation"], "latency_ns": timeline.latency,
                         "note": "the engine timeline of docs/timeline.md: each engine's calls in program order,"
                                 " engines in parallel, a call after the calls whose bytes it shares (arrows); durations are"
                                 " the model's estimates from published cost formulas and [MODEL] constants, not"
                                 " measurements"}}
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


# the call layers' hooks (their defaults: a private NumPy array), while a kernel runs
_dtypes.wrap = wrap_result
_chip.new_tile = new_tile


__all__ = ["run_kernel", "jit", "baremetal", "simulate", "simulate_kernel", "last_report", "write_profile"]
