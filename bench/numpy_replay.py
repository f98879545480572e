"""A NumPy replay of a kernel's calls (issue 46): the yardstick for the model's time per call inside kernels.

`recorded(run)` runs `run()` (a kernel run on the model) with every `nki.isa` call and `nl.load`/`nl.store` noted,
outermost calls only: name, the destination and the source arrays (each as where its bytes start and its shape), the
scalar operands. `replay(calls)` then does each call's NumPy equivalent on float32 arrays of those shapes, one array
for each tile the kernel used (the same tiles, so NumPy's caches see what the model's do), made beforehand (fp32 is
NumPy's fastest honest dtype for the work; the casts are not timed), and returns the seconds the loop took:

- a DMA (`dma_copy`, `nl.load`, `nl.store`), `tensor_copy`: a copy into the destination;
- `tensor_tensor`: one elementwise op; `tensor_scalar`, `scalar_tensor_tensor`: two (multiply, then add);
- `activation`: scale, bias, then `np.exp` (three passes);
- `tensor_tensor_scan`: a product, then a running sum along the free axis (NumPy has no linear recurrence; two
  passes is less work than the scan, so the ratio it gives is not flattered);
- `nc_matmul`: `stationary.T @ moving` into the destination; `memset`: a fill; `tensor_reduce`: a sum along the
  last axis; any other call: a copy of its first source into the destination.

    PYTHONPATH=python python3 bench/kernel_calls.py      (prints the replay beside each kernel)
"""
import time

import numpy as np

from stt_nki import isa, language

_DMA = {"load", "store", "dma_copy"}


def _tile(a):
    """An array argument as the replay knows it: where its bytes start, and its shape (one NumPy array a tile)."""
    return (a.__array_interface__["data"][0], tuple(a.shape)) if isinstance(a, np.ndarray) else None


def recorded(run):
    """Runs `run()` with the calls noted; returns (what run returned, the calls)."""
    calls, depth = [], [0]
    patched = {}

    def noting(module, name):
        fn = getattr(module, name)

        def call(*args, **kwargs):
            depth[0] += 1
            try:
                out = fn(*args, **kwargs)
            finally:
                depth[0] -= 1
            if depth[0] == 0:
                arrays = [a for a in list(args) + list(kwargs.values()) if isinstance(a, np.ndarray)]
                dst = kwargs.get("dst", out if isinstance(out, np.ndarray) else None)
                if name == "store":
                    dst = args[0] if args else kwargs.get("dst")
                srcs = [_tile(a) for a in arrays if a is not dst]
                numbers = [v for v in list(args) + list(kwargs.values()) if isinstance(v, (int, float))
                           and not isinstance(v, bool)]
                calls.append((name, _tile(dst), srcs, numbers))
            return out
        patched[(module, name)] = fn
        setattr(module, name, call)
    for name in dir(isa):
        if not name.startswith("_") and callable(getattr(isa, name)) and hasattr(getattr(isa, name), "__signature__"):
            noting(isa, name)
    noting(language, "load")
    noting(language, "store")
    try:
        result = run()
    finally:
        for (module, name), fn in patched.items():
            setattr(module, name, fn)
    return result, calls


def _array(tile, arrays, rng):
    """The replay's float32 array for a recorded tile: the same array wherever the kernel used the same tile."""
    if tile not in arrays:
        arrays[tile] = rng.standard_normal(tile[1]).astype(np.float32) if tile[1] else np.float32(1.5)
    return arrays[tile]


def _step(name, dst, srcs, numbers):
    """The NumPy equivalent of one call, as a function of no arguments over arrays made here."""
    first = srcs[0] if srcs else None
    scalar = np.float32(numbers[0] if numbers else 1.5)
    if name == "nc_matmul" and len(srcs) >= 2 and dst is not None:
        stationary, moving = srcs[0], srcs[1]
        out = dst.reshape(stationary.shape[1], -1)
        return lambda: np.matmul(stationary.T, moving.reshape(moving.shape[0], -1), out=out)
    if dst is None:
        return lambda: None
    flat = dst.reshape(dst.shape[0], -1)
    ins = [s.reshape(s.shape[0], -1) if s.ndim else s for s in srcs]
    other = ins[1] if len(ins) > 1 else scalar
    if name == "memset":
        return lambda: flat.fill(scalar)
    if name == "tensor_reduce" and ins:
        return lambda: np.add.reduce(ins[0], axis=-1, out=flat[:, 0])
    if name == "tensor_tensor":
        return lambda: np.add(ins[0], other, out=flat)
    if name in ("tensor_scalar", "scalar_tensor_tensor"):
        return lambda: (np.multiply(ins[0], scalar, out=flat), np.add(flat, other, out=flat))
    if name == "activation":
        return lambda: (np.multiply(ins[0], scalar, out=flat), np.add(flat, other, out=flat), np.exp(flat, out=flat))
    if name == "tensor_tensor_scan":
        return lambda: (np.multiply(ins[0], other, out=flat), np.add.accumulate(flat, axis=-1, out=flat))
    if first is None:
        return lambda: flat.fill(scalar)
    return lambda: np.copyto(flat, ins[0].reshape(flat.shape) if ins[0].size == flat.size else flat)


def replay(calls, repeat=3):
    """The best of `repeat` timed passes over the calls' NumPy equivalents, in seconds."""
    rng, arrays, steps = np.random.default_rng(0), {}, []
    for name, dst, srcs, numbers in calls:
        steps.append(_step(name, _array(dst, arrays, rng) if dst else None, [_array(s, arrays, rng) for s in srcs],
                           numbers))
    best = float("inf")
    with np.errstate(all="ignore"):
        for _ in range(repeat + 1):  # the first pass warms NumPy's caches
            started = time.perf_counter()
            for step in steps:
                step()
            best = min(best, time.perf_counter() - started)
    return best
