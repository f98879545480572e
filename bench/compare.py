#!/usr/bin/env python3
"""Writes docs/performance.md: stt (fast, reference), the Java triad, a C triad, NumPy, ml_dtypes and JAX jit
on the same op (mult then add: out = a * 1.5 + b) and sizes, from one run on this machine.

    gcc -O3 -march=native -ffp-contract=off -o /tmp/triad bench/triad.c
    pip install --no-index --find-links /opt/pypi/files ml_dtypes jax jaxlib
    python3 bench/compare.py            # about 5 minutes; unsets OPENBLAS_* for NumPy's own run
"""
import json
import os
import platform
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def median_ns_per_element(fn, elements, warm=1.0, windows=7):
    end = time.perf_counter() + warm
    while time.perf_counter() < end:
        fn()
    out = []
    for _ in range(windows):
        start, runs = time.perf_counter(), 0
        while True:
            fn()
            runs += 1
            t = time.perf_counter()
            if t - start >= 0.02:
                break
        out.append((t - start) / runs / elements * 1e9)
    return sorted(out)[len(out) // 2]


def peers(dtype, free):
    import ml_dtypes as md
    p = 128
    rng = np.random.default_rng(free)
    a32 = rng.standard_normal((p, free), dtype=np.float32)
    b32 = rng.standard_normal((p, free), dtype=np.float32)
    n = p * free
    row = {}
    if dtype == "fp32":
        t = np.empty_like(a32)
        c = np.empty_like(a32)

        def two_pass():
            np.multiply(a32, np.float32(1.5), out=t)
            np.add(t, b32, out=c)
        row["numpy"] = median_ns_per_element(two_pass, n)
        triad = os.environ.get("TRIAD", "/tmp/triad")
        if os.path.exists(triad):
            row["c-triad"] = float(subprocess.check_output([triad, str(n)], text=True))
    else:
        a16, b16 = a32.astype(md.bfloat16), b32.astype(md.bfloat16)

        def ml():
            return (a16.astype(np.float32) * np.float32(1.5) + b16.astype(np.float32)).astype(md.bfloat16)
        row["numpy"] = median_ns_per_element(ml, n)
    try:
        import jax
        import jax.numpy as jnp
        f = jax.jit(lambda x, y: x * 1.5 + y)
        x = jnp.asarray(a32 if dtype == "fp32" else a32.astype(jnp.bfloat16))
        y = jnp.asarray(b32 if dtype == "fp32" else b32.astype(jnp.bfloat16))
        row["jax-jit"] = median_ns_per_element(lambda: f(x, y).block_until_ready(), n)
    except ImportError:
        pass
    return row


NKI_NOTE = ("`python3 bench/nki_roundtrip.py`: a warm `stt_nki` session (one `stt serve` process), a [128, 512] fp32"
            " `scalar_tensor_tensor`, from the Python call to the returned array (issue 16's target: median <= 2 ms).")


def main():
    env = dict(os.environ)
    env.pop("OPENBLAS_CORETYPE", None)
    env.pop("OPENBLAS_L2_SIZE", None)
    out = subprocess.run([os.path.join(ROOT, "stt"), "bench", "--json", "--filter", "mult_add"],
                         capture_output=True, text=True, env=env, check=True).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    table = {}
    for r in rows:
        key = (r["case"], r["in0"], r["in1"], r["out"], r["free"])
        label = r["engine"] if r["engine"] != "fast" else f"fast-{r['threads']}t"
        table.setdefault(key, {})[label] = r["ns_per_element"]
    for (case, in0, in1, outd, free), cols in table.items():
        if case in ("fp32_mult_add", "bf16_mult_add"):
            cols.update(peers(in0, free))
    columns = ["fast-1t", "fast-2t", "reference", "java-triad", "c-triad", "numpy", "jax-jit"]
    cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
    lines = [
        "# Performance",
        "",
        f"One run of `python3 bench/compare.py` on {cpu}, {os.cpu_count()} cores, {platform.system()},"
        f" {time.strftime('%Y-%m-%d')}. Every figure is ns per element (lower is better), the median of several"
        " timed windows after warm-up; 128 partitions x F elements; op `mult` by 1.5 then `add` (`out = a * 1.5 +"
        " b`). The machine is shared and noisy: compare columns within a row, not across runs.",
        "",
        "- fast-1t / fast-2t: `stt bench`'s fast engine on 1 and 2 threads; reference: the reference engine.",
        "- java-triad: a plain Java loop `c[i] = a[i] * s + b[i]` on float arrays of the same element count.",
        "- c-triad: `bench/triad.c`, `gcc -O3 -march=native -ffp-contract=off` (no fused multiply-add, like stt).",
        "- numpy: fp32 `np.multiply(a, 1.5, out=t); np.add(t, b, out=c)`; bf16 rows: ml_dtypes arrays converted to"
        " fp32, computed, converted back.",
        "- jax-jit: `jax.jit(lambda x, y: x * 1.5 + y)` on the CPU backend (bf16 rows compute in bf16).",
        "- Other rows: the other dtype families of `stt bench`; their peers are not run.",
        "",
        "| case | in0 | in1 | out | F | " + " | ".join(columns) + " |",
        "|---|---|---|---|---|" + "---|" * len(columns),
    ]
    for (case, in0, in1, outd, free), cols in table.items():
        cells = [f"{cols[c]:.3f}" if c in cols else "" for c in columns]
        lines.append(f"| {case} | {in0} | {in1} | {outd} | {free} | " + " | ".join(cells) + " |")
    lines += ["", "Ratios the issues ask about, from this run:", ""]
    for (case, in0, in1, outd, free), cols in table.items():
        if case == "fp32_mult_add" and free == 2048:
            for peer in ("c-triad", "java-triad", "numpy", "jax-jit"):
                if peer in cols:
                    lines.append(f"- fp32 [128x2048], 1 thread: stt fast is {cols[peer] / cols['fast-1t']:.2f}x the"
                                 f" speed of {peer}")
            lines.append(f"- fp32 [128x2048]: fast is {cols['reference'] / cols['fast-1t']:.1f}x the reference")
    lines += ["", "## stt_nki: one call from Python", "", NKI_NOTE, "",
              "    " + subprocess.run([sys.executable, os.path.join(ROOT, "bench", "nki_roundtrip.py")], check=True,
                                    capture_output=True, text=True,
                                    env={**os.environ, "PYTHONPATH": os.path.join(ROOT, "python")}).stdout.strip()]
    doc = "\n".join(lines) + "\n"
    with open(os.path.join(ROOT, "docs", "performance.md"), "w") as f:
        f.write(doc)
    print(doc)


if __name__ == "__main__":
    sys.exit(main())
