"""One stt_nki call from Python on a new session, call by call: a [128, 512] fp32 scalar_tensor_tensor, new data each
call, against NumPy's `a * s + b` on the same arrays in the same run (issue 32's target: from the 6th call, median
<= 5x NumPy).

    PYTHONPATH=python python3 bench/nki_roundtrip.py [--calls 500] [--runs 3] [--launcher STT ...]

Each run starts a new session (a new `stt serve`, JIT cold). The first call starts the server and maps the shared
memory (reported apart: "start", from launching the server to the memory handshake's reply and the mapping) and then
runs (its own work); from the second, a call writes its inputs into the shared SBUF and sends its words (no array
bytes). With several --launcher (e.g. two checkouts' ./stt), the runs alternate between them: A, B, A, B, ...
"""
import argparse
import time

import numpy as np

import stt_nki
from stt_nki import isa as nisa, language as nl


def run(calls, rng, launcher):
    arrays = [(rng.standard_normal((128, 512), dtype=np.float32), rng.standard_normal((128, 512), dtype=np.float32))
              for _ in range(8)]
    model, numpy = [], []
    start = []
    session = stt_nki.Session(launcher=launcher)
    started = session._start

    def timed_start():
        t = time.perf_counter()
        started()
        start.append(time.perf_counter() - t)
    session._start = timed_start
    with session as s:
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
    return np.array(model) * 1e3, np.array(numpy) * 1e3, shared, start[0] * 1e3


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=500)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--launcher", action="append", help="a ./stt to run the server with (repeat to alternate)")
    o = ap.parse_args()
    rng = np.random.default_rng(0)
    best = {}
    for r in range(o.runs):
        for launcher in o.launcher or [None]:
            model, numpy, shared, start = run(o.calls, rng, launcher)
            late, ref = np.median(model[5:]), np.median(numpy[5:])
            print(f"run {r + 1}{f' {launcher}' if launcher else ''}: first call {model[0]:.1f} ms (start {start:.1f},"
                  f" call {model[0] - start:.1f}), calls 2-5 median {np.median(model[1:5]):.3f} ms, calls 6-{o.calls}"
                  f" median {late:.3f} ms (p90 {np.percentile(model[5:], 90):.3f}), numpy median {ref:.4f} ms:"
                  f" {late / ref:.1f}x numpy (shared memory: {shared})")
            b = best.setdefault(launcher, {"first": model[0], "ratio": (late / ref, late, ref)})
            b["first"] = min(b["first"], model[0])
            b["ratio"] = min(b["ratio"], (late / ref, late, ref))
    for launcher, b in best.items():
        ratio, late, ref = b["ratio"]
        print(f"best of {o.runs}{f' {launcher}' if launcher else ''}: first call {b['first']:.1f} ms; calls"
              f" 6-{o.calls} {late:.3f} ms vs numpy {ref:.4f} ms = {ratio:.1f}x")


if __name__ == "__main__":
    main()
