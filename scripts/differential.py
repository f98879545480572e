#!/usr/bin/env python3
"""Differential test of this checkout against another build of stt: random programs over every opcode, run through
both builds (one `stt batch` process each), alternating engines and generations; any difference in the run's exit
code, standard output or standard error, in `check --json`'s exit code and rule names per word, or in the machine's
memory afterwards is reported.

The programs are the oracle's random programs over the executable family (tests/oracle/run_programs.py), the same
words with one field changed at random (ops the engine does not run, dtypes, channels, immediates, accumulator
commands, register-held addresses: the validation and refusal paths), and random 64-byte words with a known opcode
byte (the decode-only opcodes). After each run, the first 16 KiB of every SBUF partition and the first 2 KiB of
every PSUM partition are dumped and compared byte for byte.

    python3 scripts/differential.py --programs 2000 --base-rev 474c60c --exclude-opcodes 0x48
    python3 scripts/differential.py --programs 200 --base-stt /path/to/other/checkout/stt
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "oracle"))
import run_programs as rp  # noqa: E402  (the oracle's program generator)
from run_oracle import progress  # noqa: E402

GENERATIONS = ["cayman", "mariana", "mariana_plus", "maverick", "sunda"]
OPS = ["add", "subtract", "mult", "max", "min", "pow", "divide", "bypass", "is_gt", "bitwise_and", "rsqrt",
       "crc32", "add_int", "logical_shift_left", "abs_max", "0x7f"]
DTYPES = ["fp32", "bf16", "fp16", "fp8_e4m3", "fp8_e5m2", "fp8_e3m4", "int8", "uint8", "int16", "uint16",
          "int32", "uint32", "int64", "uint64", "fp32r", "0xf"]
CHANGES = {
    "op": OPS, "op0": OPS, "op1": OPS,
    "in_dtype": DTYPES, "out_dtype": DTYPES, "in0_dtype": DTYPES, "in1_dtype": DTYPES, "dtype": DTYPES,
    "imm0_dtype": DTYPES,
    "num_active_channels": ["0", "1", "7", "64", "128", "129"],
    "accumulator_cmd": ["idle", "accumulate", "zero_accumulate", "load_accumulate", "0x7"],
    "reverse_operands": ["none", "first", "second", "both", "0x5"],
    "imm0_src": ["0", "1", "2", "3"], "imm1_src": ["0", "1", "2", "3"],
    "negated": ["0", "1", "2"], "dst_element_count": ["0", "1", "8", "64"],
    "set_value": ["0x0", "0x1000001", "0xffffffff"],
}
ADDRESS_KEYS = ("src", "src0", "src1", "dst")
SBUF_DUMP = "sbuf:0:0:128x16384:uint8"
PSUM_DUMP = {"sunda": "psum:0:0:128x2048:uint8", "cayman": "psum:0:0:128x2048:uint8",
             "mariana": "psum:0:0:128x2048:uint8", "mariana_plus": "psum:0:0:128x2048:uint8"}


def mutate(rng, line):
    """The word with one field changed: a value from CHANGES, a register-held or far address, or a reserved byte."""
    tokens = line.split()
    keys = [i for i, t in enumerate(tokens) if "=" in t and t.split("=", 1)[0] in CHANGES]
    addrs = [i for i, t in enumerate(tokens) if "=" in t and t.split("=", 1)[0] in ADDRESS_KEYS]
    kind = rng.random()
    if kind < 0.65 and keys:
        i = int(rng.choice(keys))
        key = tokens[i].split("=", 1)[0]
        tokens[i] = f"{key}={rng.choice(CHANGES[key])}"
    elif kind < 0.9 and addrs:
        i = int(rng.choice(addrs))
        key = tokens[i].split("=", 1)[0]
        tokens[i] = f"{key}={rng.choice(['reg:3', 'reg:5', 'sbuf:120:0x0', 'psum:0:0x0', 'sbuf:0:0x3fff0'])}"
    else:
        tokens.append(f"debug_hint={int(rng.integers(0, 3))}")
    return " ".join(tokens)


def raw_word(rng, excluded):
    """64 random bytes whose opcode byte is a known opcode (or, rarely, any byte), none of `excluded`."""
    codes = [0x9d, 0x9e, 0xe5, 0xea, 0x41, 0x51, 0x72, 0x99, 0x65, 0x8a, 0x43, 0x53, 0x44, 0x54, 0x93, 0x9a, 0xe6,
             0x30, 0x9b, 0x24, 0x49, 0xe9, 0x4d, 0x4b, 0x46, 0x47, 0x42, 0x52, 0x83, 0x84, 0x4e, 0x5e, 0x48, 0x6a,
             0x6b, 0x7e]
    codes = [c for c in codes if c not in excluded]
    b = bytearray(rng.integers(0, 256, 64, dtype=np.uint8).tobytes())
    anything = [c for c in range(256) if c not in excluded]
    b[0] = int(rng.choice(codes)) if rng.random() < 0.95 else int(rng.choice(anything))
    if rng.random() < 0.5:
        b[1:12] = bytes(11)  # a plausible header
    return bytes(b)


def program(rng, k, excluded, mnemonics):
    """(path suffix, bytes) of program k: oracle text, oracle text with mutated words, or raw words."""
    kind = k % 4
    if kind == 3:
        return ".bin", b"".join(raw_word(rng, excluded) for _ in range(int(rng.integers(1, 4))))
    words = [w[1] for w in rp.program(rng, k, mnemonics)]
    if kind in (1, 2):
        words = [mutate(rng, w) if rng.random() < 0.6 else w for w in words]
    return ".s", ("\n".join(words) + "\n").encode()


def verdicts(result):
    """`check --json`'s exit code and, per word, its validity and the rule names it breaks (the messages and the
    fields newer builds add, such as a verdict's level, are not compared)."""
    words = [json.loads(line) for line in result["out"].splitlines() if line.strip()]
    return {"code": result["code"], "err": result["err"],
            "words": [(w["index"], w["valid"], [v["rule"] for v in w["violations"]]) for w in words]}


class Build:
    """One `stt batch` process and its scratch files."""

    def __init__(self, name, launcher, tmp):
        self.name, self.dir = name, os.path.join(tmp, name)
        os.makedirs(self.dir)
        self.proc = subprocess.Popen([launcher, "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def call(self, args):
        self.proc.stdin.write(json.dumps(args) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"{self.name}: stt batch ended")
        return json.loads(line)

    def run(self, prog, gen, engine, load):
        """Everything observable about one program: check --json, the run's result, the memory digests."""
        out = {"check": verdicts(self.call(["check", prog, "--json", "--gen", gen]))}
        sbuf, psum = os.path.join(self.dir, "sbuf.npy"), os.path.join(self.dir, "psum.npy")
        for f in (sbuf, psum):
            if os.path.exists(f):
                os.remove(f)
        args = ["run", prog, "--gen", gen, "--engine", engine, "--load", f"sbuf:0:0={load}", "--reg", "3=0x100",
                "--reg", "5=0x7ffffff0", "--dump", f"{SBUF_DUMP}={sbuf}"]
        if gen in PSUM_DUMP:
            args += ["--dump", f"{PSUM_DUMP[gen]}={psum}"]
        out["run"] = self.call(args)
        for name, f in (("sbuf", sbuf), ("psum", psum)):
            out[name] = hashlib.sha256(open(f, "rb").read()).hexdigest() if os.path.exists(f) else None
        return out


def base_launcher(rev, tmp):
    """A launcher for a build of `rev`: a git worktree of this repository at that commit, built by its launcher."""
    where = os.path.join(tmp, "base-checkout")  # not "base": that is the base Build's scratch folder
    subprocess.run(["git", "-C", ROOT, "worktree", "add", "--detach", "-q", where, rev], check=True)
    subprocess.run([os.path.join(where, "stt"), "spec", "--model"], check=True, stdout=subprocess.DEVNULL)
    return where, os.path.join(where, "stt")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--programs", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--base-rev", help="a commit of this repository to build and compare against")
    ap.add_argument("--base-stt", help="the launcher of another build to compare against")
    ap.add_argument("--stt", default=os.path.join(ROOT, "stt"), help="the launcher under test (default: this one)")
    ap.add_argument("--show", type=int, default=3, help="how many differences to print in full")
    ap.add_argument("--exclude-opcodes", default="", help="comma-separated opcode bytes (0x48,...) whose behaviour the"
                    " change under test means to change (an opcode that newly executes): no raw word uses them")
    opts = ap.parse_args()
    if not (opts.base_rev or opts.base_stt):
        ap.error("give --base-rev REV or --base-stt LAUNCHER")
    rng = np.random.default_rng(opts.seed)
    with tempfile.TemporaryDirectory() as tmp:
        worktree = None
        base = opts.base_stt
        if base is None:
            worktree, base = base_launcher(opts.base_rev, tmp)
        try:
            return compare(opts, rng, tmp, Build("base", base, tmp), Build("new", opts.stt, tmp))
        finally:
            if worktree:
                subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", worktree], check=False)


def compare(opts, rng, tmp, old, new):
    excluded = {int(c, 16) for c in opts.exclude_opcodes.split(",") if c}
    spec = subprocess.run([opts.stt, "spec", "--opcodes", "--json"], capture_output=True, text=True, check=True)
    names = {int(o["opcode"], 16): o["name"] for o in map(json.loads, spec.stdout.splitlines())}
    mnemonics = [m for m in rp.OPCODES if m not in {names.get(c) for c in excluded}]
    differences, ran, words = 0, {"fast": 0, "reference": 0}, 0
    load = os.path.join(tmp, "in.npy")
    outcomes = {}
    for k in range(opts.programs):
        progress(k, opts.programs, "differential programs")
        suffix, data = program(rng, k, excluded, mnemonics)
        prog = os.path.join(tmp, "p" + suffix)
        with open(prog, "wb") as f:
            f.write(data)
        np.save(load, rng.integers(0, 256, (rp.LANES, rp.SLOTS * rp.SLOT), dtype=np.uint8))
        gen = GENERATIONS[k % len(GENERATIONS)]
        engine = "fast" if k % 2 == 0 else "reference"
        a, b = old.run(prog, gen, engine, load), new.run(prog, gen, engine, load)
        ran[engine] += 1
        words += len(data) // 64 if suffix == ".bin" else data.count(b"\n")
        code = a["run"]["code"]
        outcomes[code] = outcomes.get(code, 0) + 1
        if a != b:
            differences += 1
            if differences <= opts.show:
                diff = {key: (a[key], b[key]) for key in a if a[key] != b[key]}
                text = data.decode(errors="replace") if suffix == ".s" else data.hex()
                print(f"program {k} ({gen}, {engine}) DIFFERS:\n{text}"
                      f"\n{json.dumps(diff, indent=1)}", file=sys.stderr)
    progress(opts.programs, opts.programs, "differential programs")
    print(f"differential: {opts.programs} programs ({words} words; fast {ran['fast']}, reference {ran['reference']};"
          f" run exit codes {dict(sorted(outcomes.items()))}), {differences} differences, seed {opts.seed}"
          + (f", opcodes excluded: {opts.exclude_opcodes}" if excluded else ""))
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
