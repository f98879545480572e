#!/usr/bin/env python3
"""The model against the device's own time (issue 35): for fp32 STT words of [128 x F], F in 8, 512, 2048,

- `stt bench --case fp32_mult_add@F`: the steady time of one word issued again and again on the fast engine (1 and
  2 threads), the Java triad on the same element count at the same thread count, and each row's real-time factor
  (its time a word over the device's estimated time a word, `stt cost`'s FAMILY.md §7 formula);
- `stt run` of programs of N1 and N2 such words: the run's steady time a word, (t(N2) - t(N1)) / (N2 - N1), its
  real-time factor, and the warm-up: what the first N1 words cost above that steady rate, the time of a one-word
  run (JVM start) apart; for [128 x 2048], N1 is 1,000.

Every figure is the best of --runs interleaved runs (default 3). Run it on a quiet machine:
    python3 bench/realtime.py [--runs 3] [--stt ./stt]
"""
import argparse
import json
import os
import platform
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZES = {8: (20_000, 200_000), 512: (2_000, 20_000), 2048: (1_000, 8_000)}


def word(free):
    return (f"scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[{free},1]"
            f" src1=sbuf:0:{4 * free:#x} src1.step_elem=[1,0] src1.num_elem=[{free},1] dst=sbuf:0:{8 * free:#x}"
            f" dst.step_elem=[1,0] dst.num_elem=[{free},1] op0=mult op1=add imm0=1.5 imm0_dtype=fp32 in0_dtype=fp32"
            f" in1_dtype=fp32 out_dtype=fp32 num_active_channels=128\n")


def program(stt, directory, free, count):
    """A binary program of `count` copies of the [128 x free] word."""
    text = os.path.join(directory, f"w{free}.s")
    with open(text, "w") as f:
        f.write(word(free))
    one = os.path.join(directory, f"w{free}.bin")
    subprocess.run([stt, "asm", text, "-o", one], check=True, capture_output=True)
    with open(one, "rb") as f:
        bits = f.read()
    path = os.path.join(directory, f"p{free}_{count}.bin")
    with open(path, "wb") as f:
        f.write(bits * count)
    return path, one


def timed(command):
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def device_ns(stt, one):
    out = subprocess.run([stt, "cost", one, "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out.splitlines()[0])["ns"]


def bench_rows(stt, free):
    out = subprocess.run([stt, "bench", "--case", f"fp32_mult_add@{free}"], check=True, capture_output=True,
                         text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--stt", default=os.path.join(ROOT, "stt"))
    args = ap.parse_args()
    subprocess.run([args.stt, "--version"], check=True, capture_output=True)  # builds the jar and its AOT cache
    with tempfile.TemporaryDirectory() as d:
        programs = {}
        ones = {}
        for free, counts in SIZES.items():
            for n in counts + (1,):
                programs[free, n], ones[free] = program(args.stt, d, free, n)
        device = {free: device_ns(args.stt, ones[free]) for free in SIZES}
        best_run = {}
        best_bench = {}
        for _ in range(args.runs):
            for free, counts in SIZES.items():
                for n in counts + (1,):
                    t = timed([args.stt, "run", programs[free, n]])
                    best_run[free, n] = min(best_run.get((free, n), t), t)
                for r in bench_rows(args.stt, free):
                    key = (free, r["engine"], r["threads"])
                    if key not in best_bench or r["ns_per_element"] < best_bench[key]["ns_per_element"]:
                        best_bench[key] = r
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores; best of {args.runs}"
          " interleaved runs")
    print("\n| word | device ns/word | engine | threads | ns/word | x triad (same threads) | real-time factor |")
    print("|---|---|---|---|---|---|---|")
    for free in SIZES:
        dev = device[free]
        for (f, engine, threads), r in sorted(best_bench.items()):
            if f != free or engine == "reference":
                continue
            per_word = r["ns_per_element"] * 128 * free
            triad = best_bench.get((free, "java-triad", threads))
            ratio = triad["ns_per_element"] / r["ns_per_element"] if triad and engine == "fast" else None
            print(f"| fp32 STT [128x{free}] | {dev:.1f} | {engine} | {threads} | {per_word:.0f} |"
                  f" {f'{ratio:.2f}x' if ratio else '-'} | {per_word / dev:.1f}x |")
    print("\n| stt run, fp32 STT [128xF] | N1, N2 words | steady us/word | real-time factor | JVM start + 1 word |"
          " the first N1 words above the steady rate |")
    print("|---|---|---|---|---|---|")
    for free, (n1, n2) in SIZES.items():
        dev = device[free]
        steady = (best_run[free, n2] - best_run[free, n1]) / (n2 - n1)
        start = best_run[free, 1]
        first = best_run[free, n1] - start - (n1 - 1) * steady  # the warm-up: N1's words above the steady rate
        print(f"| [128x{free}] | {n1}, {n2} | {steady * 1e6:.2f} | {steady * 1e9 / dev:.1f}x | {start:.2f} s |"
              f" {first:.2f} s |")


if __name__ == "__main__":
    main()
