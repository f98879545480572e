"""Where a warm module-level call's time goes: a [128, 512] fp32 `scalar_tensor_tensor` with new data each call, timed
whole and in its parts (writing the inputs into the shared SBUF, waiting for the server's word, copying the output
out), beside NumPy's `a * 2.5 + b` on the same arrays (docs/performance.md, "Deferred calls").

    PYTHONPATH=python python3 bench/call_parts.py [--warm 600] [--calls 1000]
"""
import argparse
import time

import numpy as np

import stt_nki
from stt_nki import isa as nisa, language as nl


def timed(obj, name, label, parts):
    """Wraps `obj.name` so that each call's seconds go to `parts[label]`."""
    f = getattr(obj, name)

    def call(*args, **kwargs):
        started = time.perf_counter()
        try:
            return f(*args, **kwargs)
        finally:
            parts.setdefault(label, []).append(time.perf_counter() - started)
    setattr(obj, name, call)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--warm", type=int, default=600)
    ap.add_argument("--calls", type=int, default=1000)
    o = ap.parse_args()
    rng = np.random.default_rng(0)
    arrays = [(rng.standard_normal((128, 512), dtype=np.float32), rng.standard_normal((128, 512), dtype=np.float32))
              for _ in range(8)]

    def call(k):
        a, b = arrays[k % len(arrays)]
        return nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=2.5, op1=nl.add, operand1=b)
    parts, whole, numpy = {}, [], []
    with stt_nki.Session() as s:
        for k in range(o.warm):
            call(k)
        timed(s, "_write_inputs", "write the inputs", parts)
        timed(s, "_read_outputs", "copy the output out", parts)
        timed(s._ring, "wait", "wait for the server", parts)
        for k in range(o.calls):
            started = time.perf_counter()
            call(k)
            whole.append(time.perf_counter() - started)
            a, b = arrays[k % len(arrays)]
            started = time.perf_counter()
            a * np.float32(2.5) + b
            numpy.append(time.perf_counter() - started)
    print(f"call {np.median(whole) * 1e3:.3f} ms, NumPy {np.median(numpy) * 1e3:.4f} ms"
          f" ({np.median(whole) / np.median(numpy):.1f}x), medians of {o.calls} calls after {o.warm}")
    for label, seconds in parts.items():
        print(f"  {label:22} {np.median(seconds) * 1e3:.3f} ms ({len(seconds)} times)")


if __name__ == "__main__":
    main()
