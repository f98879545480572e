"""Kernel runs on a warm session: wall time, calls and time per call (docs/performance.md, "Kernels").

    PYTHONPATH=python python3 bench/kernel_calls.py [--repeat 3] [--warm 1]

Each kernel runs --warm times to warm the session (JVM start, C2, the shared SBUF's replay plans, the calls learnt for
the command queue), then --repeat times; the best run is reported. The JIT takes about five runs of a kernel to reach
its steady pace: --warm 6 shows it. Kernels: a synthetic loop of [128 x 512] fp32 tiles (load, tensor_scalar,
tensor_tensor, store:
4 calls an iteration), and the public tutorial kernels of python/tests/kernels (mamba v3, the tiled matmul). Beside
each: the same calls' NumPy replay (bench/numpy_replay.py), per call, and the ratio of the two wall times."""
import argparse
import os
import runpy
import time

import numpy as np

import stt_nki

stt_nki.install_as_nki()
import numpy_replay  # noqa: E402 (bench/numpy_replay.py)
import nki.isa as nisa  # noqa: E402
import nki.language as nl  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "python", "tests", "kernels", "aws-neuron-sdk@81ce03ae", "nki", "examples")


def loop_kernel(a, b, iterations):
    out = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
    acc = nl.load(b)
    for i in nl.affine_range(iterations):
        t = nl.load(a[i])
        u = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=u, data=t, op0=nl.multiply, operand0=0.5, op1=nl.add, operand1=1.0)
        nisa.tensor_tensor(dst=acc, data1=acc, data2=u, op=nl.add)
    nl.store(out, acc)
    return out


def best(run, repeat, warm=1):
    for _ in range(warm):
        run()
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times), stt_nki.last_report()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--warm", type=int, default=1, help="runs before the timed ones (default 1)")
    opts = parser.parse_args()
    rng = np.random.default_rng(0)
    a = rng.standard_normal((100, 128, 512)).astype(np.float32)
    b = np.zeros((128, 512), np.float32)
    mamba = runpy.run_path(os.path.join(EXAMPLES, "fused_mamba", "mamba_nki_kernels.py"))["mamba_v3"]
    mm = runpy.run_path(os.path.join(EXAMPLES, "matrix_multiplication",
                                   "matrix_multiplication_nki_kernels.py"))["nki_matmul_tiled_"]
    import ml_dtypes
    lhs = rng.random((256, 512)).astype(ml_dtypes.bfloat16)
    rhs = rng.random((256, 1024)).astype(ml_dtypes.bfloat16)
    ones = np.ones((1, 256, 512), np.float32)
    cases = {
        "loop of 100 x [128x512] fp32 (load, tensor_scalar, tensor_tensor)": lambda: stt_nki.simulate(loop_kernel)(
            a, b, 100),
        "mamba_v3 (batch 1, 256 channels, seq 512, state 16)": lambda: mamba(
            ones.copy(), ones.copy(), -np.ones((256, 16), np.float32), np.ones((1, 16, 512), np.float32),
            np.ones((1, 16, 512), np.float32)),
        "nki_matmul_tiled_ (bf16 [512x256] @ [256x1024])": lambda: mm(lhs, rhs),
    }
    print(f"{'kernel':70} {'wall ms':>9} {'calls':>6} {'us/call':>8} {'numpy us/call':>14} {'ratio':>6}  by engine")
    for name, run in cases.items():
        seconds, report = best(run, opts.repeat, opts.warm)
        _, calls = numpy_replay.recorded(run)
        numpy_seconds = numpy_replay.replay(calls, opts.repeat)
        print(f"{name:70} {seconds * 1e3:9.1f} {report['calls']:6d} {seconds * 1e6 / report['calls']:8.0f}"
              f" {numpy_seconds * 1e6 / len(calls):14.1f} {seconds / numpy_seconds:6.1f}  {report['by_engine']}")

if __name__ == "__main__":
    main()
