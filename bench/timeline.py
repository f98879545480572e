"""The engine timeline (docs/timeline.md) against AWS's published fused-mamba profiles (aws-neuron-sdk
nki/guides/tutorials/fused_mamba.rst, measured on trn1 with neuron-profile): the tutorial's own mamba_v1/v2/v3
kernels, unmodified, on SUNDA (trn1) at batch 1, state size 16, their estimated latency and VectorE share beside the
published figures.

    PYTHONPATH=python python3 bench/timeline.py [--all] [--markdown]

Without --all only the rows up to seq_len 2048 run (mamba_v3's long rows take minutes each on the model)."""
import argparse
import os
import runpy
import time

import numpy as np

import stt_nki

stt_nki.install_as_nki()
HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "python", "tests", "kernels", "aws-neuron-sdk@81ce03ae", "nki", "examples",
                       "fused_mamba", "mamba_nki_kernels.py")
# (kernel, seq_len, channels, published latency in us, published VectorE busy share or None): the tutorial's table
PUBLISHED = [("mamba_v1", 512, 256, 172.93, 0.9871), ("mamba_v1", 512, 4096, 2340.0, 0.9216),
             ("mamba_v2", 512, 4096, 1610.0, 0.9963)] + [
    ("mamba_v3", s, 4096, us, None) for s, us in ((512, 1600.0), (1024, 3300.0), (2048, 6600.0), (3072, 10100.0),
                                                   (4096, 13300.0), (5120, 17300.0), (6144, 19600.0),
                                                   (7168, 24200.0), (8192, 27800.0))]


def run(kernels, name, seq_len, channels):
    ones = np.ones((1, channels, seq_len), np.float32)
    state = np.ones((1, 16, seq_len), np.float32)
    started = time.perf_counter()
    with stt_nki.Session(gen="trn1"):
        stt_nki.simulate(kernels[name], platform_target="trn1")(ones, ones.copy(), -np.ones((channels, 16),
                                                                                            np.float32),
                                                                 state, state.copy())
    return stt_nki.last_report(), time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--all", action="store_true", help="every row, mamba_v3 up to seq_len 8192")
    parser.add_argument("--markdown", action="store_true", help="the table as Markdown (docs/timeline.md)")
    opts = parser.parse_args()
    kernels = runpy.run_path(KERNELS)
    rows = [r for r in PUBLISHED if opts.all or r[1] <= 2048]
    head = ("kernel", "seq_len", "channels", "published us", "estimated us", "est/pub", "published VE",
            "estimated VE", "DMA", "ACT", "critical path's largest", "calls", "wall s")
    print("| " + " | ".join(head) + " |" if opts.markdown else "  ".join(head))
    if opts.markdown:
        print("|" + "---|" * len(head))
    for name, seq_len, channels, us, ve in rows:
        r, wall = run(kernels, name, seq_len, channels)
        est = r["latency_ns"] / 1000
        share = {e: r["engines"][e]["share"] for e in ("vector", "dma", "scalar")}
        top = r["critical_path"][0] if r["critical_path"] else {}
        cells = (name, seq_len, channels, f"{us:.2f}", f"{est:.2f}", f"{est / us:.2f}",
                 "—" if ve is None else f"{ve:.2%}", f"{share['vector']:.2%}", f"{share['dma']:.2%}",
                 f"{share['scalar']:.2%}", f"{top.get('call')} ({top.get('engine')}, {top.get('line')}, "
                 f"{top.get('count')}x, {top.get('ns', 0) / 1000:.1f} us)", r["calls"], f"{wall:.0f}")
        print("| " + " | ".join(str(c) for c in cells) + " |" if opts.markdown else "  ".join(str(c) for c in cells),
              flush=True)


if __name__ == "__main__":
    main()
