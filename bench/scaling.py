#!/usr/bin/env python3
"""Issue 35's 2-thread item: the fast engine's speed-up on 2 threads over its own 1-thread time, against a triad's.

    python3 bench/scaling.py [--runs N] [F ...]     # default 3 rounds; F = 8192 21824 (2^20 and 2^21 elements)

Each round, for each F: `./stt bench --case fp32_mult_add@F` (the fast engine and the Java triad on 1 and 2 threads,
their timed windows taken in turn in one JVM), then bench/triad.c on 1 and 2 threads (OpenMP, compiled here with
gcc), run in the environment the launcher gives the model (scripts/stt.env: 2 MB pages for large malloc'd memory,
the engine's SBUF among them). So the C triad's arrays have the engine's page size, while the Java triad's heap
arrays have 4 kB pages (the JVM gives its heap 2 MB pages only with -XX:+UseTransparentHugePages, which slows the
engine at these sizes: docs/performance.md).

Prints each round's ratios (the engine's speed-up over each triad's; issue 35 asks >= 0.9) and a table of the best
of each row over the rounds.
"""
import argparse
import json
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def bench(f):
    """{(engine, threads): ns/element} of one `stt bench --case fp32_mult_add@F`."""
    out = subprocess.run([os.path.join(ROOT, "stt"), "bench", "--case", f"fp32_mult_add@{f}"], check=True,
                         capture_output=True, text=True).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return {(r["engine"], r["threads"]): r["ns_per_element"] for r in rows}


def c_triad(binary, n, threads):
    """bench/triad.c's ns/element on n elements, with the launcher's environment (scripts/jdk.sh's stt_env)."""
    script = f'. "{ROOT}/scripts/jdk.sh" >/dev/null && stt_env && exec "{binary}" {n} {threads}'
    return float(subprocess.run(["bash", "-c", script], check=True, capture_output=True, text=True).stdout)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("sizes", type=int, nargs="*", default=[8192, 21824], metavar="F")
    args = ap.parse_args()
    runs, sizes = args.runs, args.sizes
    binary = os.path.join(tempfile.mkdtemp(), "triad")
    subprocess.run(["gcc", "-O3", "-march=native", "-ffp-contract=off", "-fopenmp", "-o", binary,
                    os.path.join(ROOT, "bench", "triad.c")], check=True)
    best = {}
    for r in range(1, runs + 1):
        for f in sizes:
            n = 128 * f
            rows = bench(f)
            rows[("c-triad", 1)] = c_triad(binary, n, 1)
            rows[("c-triad", 2)] = c_triad(binary, n, 2)
            for key, ns in rows.items():
                best[(f, *key)] = min(ns, best.get((f, *key), ns))
            speedup = {e: rows[(e, 1)] / rows[(e, 2)] for e in ("fast", "java-triad", "c-triad")}
            print(f"round {r} [128x{f}]: " + ", ".join(f"{e} {rows[(e, 1)]:.4f}/{rows[(e, 2)]:.4f}"
                                                       for e in speedup)
                  + f"; speed-up vs java-triad's {speedup['fast'] / speedup['java-triad']:.2f},"
                  f" vs c-triad's {speedup['fast'] / speedup['c-triad']:.2f}", flush=True)
    print(f"\nBest of {runs} rounds, ns/element (1 thread / 2 threads), and the engine's speed-up over each triad's:\n")
    print("| [128×F] | elements | fast | java-triad | c-triad | vs java-triad | vs c-triad |")
    print("|---|---|---|---|---|---|---|")
    for f in sizes:
        ns = {e: (best[(f, e, 1)], best[(f, e, 2)]) for e in ("fast", "java-triad", "c-triad")}
        up = {e: one / two for e, (one, two) in ns.items()}
        print(f"| F = {f} | {128 * f} | " + " | ".join(f"{one:.4f} / {two:.4f}" for one, two in ns.values())
              + f" | {up['fast'] / up['java-triad']:.2f} | {up['fast'] / up['c-triad']:.2f} |")


if __name__ == "__main__":
    main()
