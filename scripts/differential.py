#!/usr/bin/env python3
"""Runs the same random `stt run` programs on two builds of stt and compares what they do.

For a refactoring that must not change behaviour: each program (1 to 3 words of the S2S2D2_STT opcodes, about
a quarter of them invalid) runs on both launchers through one `stt batch` each, on both engines; the exit code,
the printed summary (less the cost estimate newer builds add), the rule names of `check --json` and every byte of the dumped SBUF/PSUM region must agree.

    python3 scripts/differential.py --old /path/to/old/stt --new ./stt --programs 2000
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

import numpy as np

OPCODES = ["scalar_tensor_tensor_arith", "scalar_tensor_tensor_bitvec", "tensor_tensor_scan_arith", "select_reduce"]
ARITH = ["bypass", "add", "subtract", "mult", "max", "min", "logical_and", "is_eq", "is_gt", "is_ne",
         "absolute_diff", "absolute_value", "relu", "square", "abs_max"]
BITVEC = ["bypass", "bitwise_not", "arith_shift_left", "arith_shift_right", "logical_shift_left",
          "logical_shift_right", "bitwise_and", "bitwise_or", "bitwise_xor"]
FLOATS = ["fp32", "bf16", "fp16", "fp8_e4m3", "fp8_e5m2", "fp8_e3m4", "int8", "uint8", "int16", "uint16", "int32",
          "uint32"]
INTS = ["int8", "uint8", "int16", "uint16", "int32", "uint32"]
SIZE = {"fp32": 4, "fp32r": 4, "int32": 4, "uint32": 4, "bf16": 2, "fp16": 2, "int16": 2, "uint16": 2}
REGION = 4096


def size(d):
    return SIZE.get(d, 1)


def pattern(rng, name, dtype, n0, n1, part, space="sbuf"):
    step0 = rng.choice([1, 1, 1, 0, -1, 2])
    step1 = rng.choice([n0 * step0, 0, rng.randint(-4, 4), n0 * max(1, abs(step0))])
    lo = min(0, (n0 - 1) * step0) + min(0, (n1 - 1) * step1)
    hi = max(0, (n0 - 1) * step0) + max(0, (n1 - 1) * step1)
    limit = (REGION if space == "sbuf" else 1024) // size(dtype)
    room = max(0, limit - (hi - lo) - 1)
    start = (-lo + rng.randint(0, room)) * size(dtype) if rng.random() < 0.97 else rng.randint(0, 5000)
    return (f"{name}={space}:{part}:{hex(start)} {name}.step_elem=[{step0},{step1}]"
            f" {name}.num_elem=[{n0},{n1 if rng.random() < 0.98 else n1 + 1}]")


def word(rng):
    op = rng.choice(OPCODES)
    bitvec = op.endswith("bitvec")
    ops = BITVEC if bitvec else ARITH
    in0 = rng.choice(INTS) if bitvec or op == "select_reduce" else rng.choice(FLOATS)
    in1 = in0 if bitvec else rng.choice(FLOATS[:6] if op == "select_reduce" else FLOATS)
    out = in0 if bitvec else rng.choice(FLOATS + ["fp32r"])
    n0, n1 = rng.choice([1, 3, 16, 64, 100]), rng.randint(1, 3)
    channels = rng.choice([1, 2, 5, 32, 128])
    imm = rng.choice(["imm0=0x%x" % rng.getrandbits(8), "imm0=0x3fc00000"]) if bitvec else f"imm0={rng.uniform(-4, 4):.3f}"
    src = "instruction_immediate"
    if rng.random() < 0.2:
        src, imm = "pointer_immediate", f"imm0=sbuf:{rng.randint(0, 128 - channels)}:{hex(rng.randint(0, 200) * 4)}"
    op0, op1 = (("bypass", "max") if op == "select_reduce" and rng.random() < 0.9
                else (rng.choice(ops), rng.choice(ops)))
    accum = "idle" if bitvec or op.startswith("tensor_tensor_scan") else rng.choice(
        ["idle", "accumulate", "zero_accumulate"])
    psum = out in ("fp32", "fp32r", "int32", "uint32") and rng.random() < 0.15
    part = rng.randint(0, 128 - channels) if rng.random() < 0.97 else rng.randint(0, 127)
    return " ".join([op, pattern(rng, "src0", in0, n0, n1, part), pattern(rng, "src1", in1, n0, n1, part),
                     pattern(rng, "dst", out, n0, n1, part, "psum" if psum else "sbuf"), f"op0={op0} op1={op1}",
                     f"reverse_operands={rng.choice(['none', 'first', 'second', 'both'])}", f"imm0_src={src}", imm,
                     f"imm0_dtype={in0 if bitvec else ('fp32' if src == 'instruction_immediate' else in0)}",
                     f"in0_dtype={in0} in1_dtype={in1} out_dtype={out} num_active_channels={channels}",
                     f"accumulator_cmd={accum}"])


def summary(out):
    """`stt run`'s summary without the cost estimate that `stt cost` added to it (issue 14): the part both builds
    print."""
    return re.sub(r"; estimated [^\n]*", "", out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", required=True)
    ap.add_argument("--programs", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    opts = ap.parse_args()
    rng = random.Random(opts.seed)
    procs = {k: subprocess.Popen([path, "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
             for k, path in (("old", opts.old), ("new", opts.new))}

    def ask(k, args):
        procs[k].stdin.write(json.dumps(args) + "\n")
        procs[k].stdin.flush()
        return json.loads(procs[k].stdout.readline())

    differences = executed = 0
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "data.npy")
        np.save(data, np.random.default_rng(opts.seed).integers(0, 256, (128, REGION), dtype=np.uint8))
        pdata = os.path.join(tmp, "pdata.npy")
        np.save(pdata, np.random.default_rng(opts.seed + 1).integers(0, 256, (128, 1024), dtype=np.uint8))
        for n in range(opts.programs):
            prog = os.path.join(tmp, "p.s")
            with open(prog, "w") as f:
                f.write("\n".join(word(rng) for _ in range(rng.randint(1, 3))) + "\n")
            engine = "reference" if n % 2 else "fast"
            got = {}
            for k in procs:
                dump = os.path.join(tmp, f"{k}.npy")
                pdump = os.path.join(tmp, f"{k}p.npy")
                r = ask(k, ["run", prog, "--engine", engine, "--load", f"sbuf:0:0={data}",
                            "--load", f"psum:0:0={pdata}", "--dump", f"sbuf:0:0:128x{REGION}:uint8={dump}",
                            "--dump", f"psum:0:0:128x1024:uint8={pdump}"])
                c = ask(k, ["check", prog, "--json"])
                rules = [[v["rule"] for v in json.loads(line)["violations"]] for line in c["out"].splitlines()]
                got[k] = (r["code"], summary(r["out"]), rules, np.load(dump).tobytes(), np.load(pdump).tobytes())
            executed += got["new"][0] == 0
            if got["old"] != got["new"]:
                differences += 1
                if differences <= 5:
                    what = [name for name, a, b in zip(["exit", "stdout", "rules", "sbuf", "psum"], got["old"],
                                                       got["new"]) if a != b]
                    print(f"program {n} ({engine}) differs in {what}:\n" + open(prog).read(), file=sys.stderr)
    for p in procs.values():
        p.stdin.close()
        p.wait()
    print(f"differential: {opts.programs} programs ({executed} ran), {differences} differences")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
