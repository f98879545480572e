#!/usr/bin/env python3
"""Drives `stt eval` (through one `stt batch` process) over random cases and compares every output with the
independent implementation in semantics.py. Exit 1 on any mismatch.

    python3 tests/oracle/run_oracle.py --cases 10000        # the full run
    python3 tests/oracle/run_oracle.py --cases 300 --seed 7 # what CI runs
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

import semantics as sem

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GENS = ["sunda", "cayman", "mariana", "mariana_plus", "maverick"]  # sunda: FAMILY-NEXT §0.1 sunda_vector_engine
ARITH_CORE = ["bypass", "add", "subtract", "mult", "max", "min", "logical_and", "logical_or", "logical_xor",
              "is_eq", "is_gt", "is_ge", "is_le", "is_lt", "is_ne", "absolute_diff", "absolute_value"]
ARITH_MARIANA = ARITH_CORE + ["abs_max", "abs_min", "relu", "square"]


def general_arith(gen):
    """The generation's general-arith set (SPEC §2): 17 ops on SUNDA and CAYMAN, 21 from MARIANA on."""
    return ARITH_CORE if gen in ("sunda", "cayman") else ARITH_MARIANA

BITVEC = ["bypass", "bitwise_not", "arith_shift_left", "arith_shift_right", "logical_shift_left",
          "logical_shift_right", "bitwise_and", "bitwise_or", "bitwise_xor"]
IN_DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "bf16", "fp16", "fp32", "fp8_e3m4",
             "fp8_e4m3", "fp8_e5m2"]
OUT_DTYPES = IN_DTYPES + ["fp32r"]
NPY_SCALAR_DTYPES = ["fp32", "fp16", "int8", "uint8", "int16", "uint16", "int32", "uint32"]
SIZES_P = [1, 2, 3, 7, 31, 64, 128]
SIZES_F = [1, 7, 13, 63, 65, 207, 1000]
FLOAT_SPECIALS = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -1e-45, 1e-40, 5.9e-39, 3.4e38, -3.4e38,
                  1.0, -1.0, 0.5, 65504.0, 57344.0, 240.0, 15.5, 448.0, 1e-7, 2.0 ** 24 + 1]


def random_values(rng, dtype, shape):
    """Storage-typed random values with the dtype's special values mixed in."""
    n = int(np.prod(shape))
    if dtype in sem.INTS:
        info = np.iinfo(sem.INTS[dtype])
        v = rng.integers(info.min, info.max, size=n, endpoint=True, dtype=np.int64)
        extremes = np.array([info.min, info.max, 0, 1, -1 if info.min < 0 else 2, info.max // 2], dtype=np.int64)
        pick = rng.random(n) < 0.2
        v[pick] = rng.choice(extremes, size=int(pick.sum()))
        return v.astype(sem.INTS[dtype]).reshape(shape)
    scale = 10.0 ** rng.integers(-8, 9, size=n)
    with np.errstate(all="ignore"):
        f = (rng.standard_normal(n) * scale).astype(np.float32)
    pick = rng.random(n) < 0.25
    f[pick] = rng.choice(np.array(FLOAT_SPECIALS, dtype=np.float32), size=int(pick.sum()))
    if dtype in ("bf16", "fp8_e3m4", "fp8_e4m3", "fp8_e5m2"):
        bits = rng.integers(0, 1 << (16 if dtype == "bf16" else 8), size=n)
        raw = rng.random(n) < 0.3
        stored = f.astype(sem.FLOATS[dtype]).view(sem.STORAGE[dtype])
        stored[raw] = bits[raw]  # arbitrary bit patterns too: NaN payloads, subnormals
        return stored.reshape(shape)
    with np.errstate(all="ignore"):
        return f.astype(sem.STORAGE[dtype]).reshape(shape)


INT_DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32"]


def make_sibling_case(rng, k, instruction):
    """A TensorTensorScan or SelectReduce case, dtypes walked in order."""
    p, f = int(rng.choice(SIZES_P)), int(rng.choice(SIZES_F[:-1] if instruction == "scan" else SIZES_F))
    gen = str(rng.choice(GENS))
    case = {"instruction": instruction, "gen": gen, "bitvec": False, "reverse1": bool(rng.random() < 0.5),
            "reverse0": bool(rng.random() < 0.5), "per_partition": bool(rng.random() < 0.4), "accumulate": None}
    if instruction == "scan":
        ops = general_arith(gen)
        triple = k % (len(IN_DTYPES) ** 2 * len(OUT_DTYPES))
        case.update(op0=str(rng.choice(ops)), op1=str(rng.choice(ops)), dtype0=IN_DTYPES[triple % 12],
                    dtype1=IN_DTYPES[triple // 12 % 12], out_dtype=OUT_DTYPES[triple // 144])
    else:
        on_true = [d for d in IN_DTYPES if d not in ("int32", "uint32")]
        pair = k % (len(INT_DTYPES) * len(on_true))
        case.update(op0="bypass", op1="max", reverse1=False, dtype0=INT_DTYPES[pair % 6],
                    dtype1=on_true[pair // 6], out_dtype=str(rng.choice(OUT_DTYPES)),
                    accumulate=[None, "add", "reset"][int(rng.integers(3))])
    case["scalar_dtype"] = str(rng.choice(NPY_SCALAR_DTYPES)) if case["per_partition"] else "fp32"
    case["data"] = random_values(rng, case["dtype0"], (p, f))
    if instruction == "select-reduce":
        case["data"][rng.random((p, f)) < 0.5] = 0
    case["operand1"] = random_values(rng, case["dtype1"], (p, f))
    case["scalar"] = (random_values(rng, case["scalar_dtype"], (p,)) if case["per_partition"] else
                      np.full(p, rng.choice(np.array(FLOAT_SPECIALS + [rng.standard_normal()], np.float32)),
                              dtype=np.float32))
    return case


BITVEC_ONLY = [op for op in BITVEC if op != "bypass"]


def make_family_case(rng, k, instruction):
    """A tensor-tensor case (every other one bitvec, with an op only the bitvec opcode has), a tensor_copy case
    (every other one a copy between equal dtypes, the rest casts) or a reciprocal case (likewise equal dtypes every
    other one); dtype triples (pairs) walked in order."""
    p, f = int(rng.choice(SIZES_P)), int(rng.choice(SIZES_F))
    gen = str(rng.choice(GENS))
    case = {"instruction": instruction, "gen": gen, "bitvec": False, "reverse0": False, "reverse1": False,
            "accumulate": None, "per_partition": False, "op1": None}
    j = k // 2
    if instruction == "tensor-tensor" and k % 2:
        dt = INT_DTYPES[j % 6]
        case.update(bitvec=True, dtype=dt, dtype0=dt, dtype1=dt, out_dtype=dt, op0=str(rng.choice(BITVEC_ONLY)))
    elif instruction == "tensor-tensor":
        op = ARITH_MARIANA[j % len(ARITH_MARIANA)]
        if op not in general_arith(gen):
            case["gen"] = "mariana"
        triple = j % (len(IN_DTYPES) ** 2 * len(OUT_DTYPES))
        case.update(op0=op, dtype0=IN_DTYPES[triple % 12], dtype1=IN_DTYPES[triple // 12 % 12],
                    out_dtype=OUT_DTYPES[triple // 144])
    else:
        pair = j % (len(IN_DTYPES) * len(OUT_DTYPES))
        dt = IN_DTYPES[pair % 12]
        case.update(op0="bypass", dtype0=dt, dtype1=dt, out_dtype=dt if k % 2 else OUT_DTYPES[pair // 12])
    case["data"] = random_values(rng, case["dtype0"], (p, f))
    case["operand1"] = random_values(rng, case["dtype1"], (p, f))
    return case


REDUCE_ARITH = ["add", "subtract", "mult", "max", "min", "logical_and", "logical_or", "logical_xor"]
REDUCE_BITVEC = ["bitwise_and", "bitwise_or", "bitwise_xor"]
REDUCE_DTYPES = ["uint8", "uint16", "uint32", "int32"]


def make_reduce_case(rng, k):
    """A tensor-reduce case: [P, M*K] folded in groups of K; every fourth one bitvec; arith ops and dtype pairs
    walked in order, negate every other arith case."""
    p, size, groups = int(rng.choice(SIZES_P)), int(rng.choice(SIZES_F)), int(rng.choice([1, 2, 3, 5]))
    case = {"instruction": "tensor-reduce", "gen": str(rng.choice(GENS)), "reverse0": False, "reverse1": False,
            "accumulate": None, "per_partition": False, "op1": None, "reduce_size": size, "negate": False}
    j = k // 4
    if k % 4 == 3:
        dt = REDUCE_DTYPES[j % 4]
        case.update(bitvec=True, dtype=dt, dtype0=dt, dtype1=dt, out_dtype=dt, op0=REDUCE_BITVEC[j % 3])
    else:
        pair = j % (len(IN_DTYPES) * len(OUT_DTYPES))
        case.update(bitvec=False, op0=REDUCE_ARITH[k % len(REDUCE_ARITH)], dtype0=IN_DTYPES[pair % 12],
                    out_dtype=OUT_DTYPES[pair // 12], negate=bool(k % 2))
        case["dtype1"] = case["dtype0"]
    case["data"] = random_values(rng, case["dtype0"], (p, size * groups))
    return case


def make_transpose_case(rng, k):
    """A transpose case: [P, F] of at most 32 x 32, every element dtype in turn."""
    p, f = int(rng.integers(1, 33)), int(rng.integers(1, 33))
    dt = IN_DTYPES[k % len(IN_DTYPES)]
    case = {"instruction": "transpose", "gen": str(rng.choice(GENS)), "bitvec": False, "reverse0": False,
            "reverse1": False, "accumulate": None, "per_partition": False, "op0": "bypass", "op1": None,
            "dtype0": dt, "dtype1": dt, "out_dtype": dt}
    case["data"] = random_values(rng, dt, (p, f))
    return case


def make_tensor_scalar_case(rng, k):
    """A tensor-scalar case: every other one bitvec (an op only the bitvec opcode has); one or two stages; inline
    or per-partition scalars; dtype pairs walked in order."""
    p, f = int(rng.choice(SIZES_P)), int(rng.choice(SIZES_F))
    gen = str(rng.choice(GENS))
    two = bool(rng.random() < 0.7)
    case = {"instruction": "tensor-scalar", "gen": gen, "reverse0": bool(rng.random() < 0.5),
            "reverse1": two and bool(rng.random() < 0.5), "accumulate": None, "per_partition": False,
            "per_partition1": False}
    j = k // 2
    if k % 2:
        dt = INT_DTYPES[j % 6]
        narrow = sem.WIDTH[dt] < 32
        ops = [o for o in BITVEC_ONLY if not (narrow and o == "arith_shift_right")]
        op0 = str(rng.choice(ops))
        op1 = str(rng.choice([o for o in BITVEC if not (narrow and (o == "arith_shift_right" or (
            o == "logical_shift_right" and op0.endswith("shift_left"))))])) if two else None
        case.update(bitvec=True, dtype=dt, dtype0=dt, dtype1=dt, out_dtype=dt, op0=op0, op1=op1)
        for key in ("scalar", "scalar1"):
            case[key] = np.full(p, int(rng.integers(0, 1 << sem.WIDTH[dt])), dtype=np.int64)
    else:
        ops = general_arith(gen)
        pair = j % (len(IN_DTYPES) * len(OUT_DTYPES))
        op0 = str(rng.choice([o for o in ops if o != "bypass"] if two else ops))
        case.update(bitvec=False, dtype0=IN_DTYPES[pair % 12], dtype1="fp32", out_dtype=OUT_DTYPES[pair // 12],
                    op0=op0, op1=str(rng.choice(ops)) if two else None)
        for key, flag in (("scalar", "per_partition"), ("scalar1", "per_partition1")):
            case[flag] = bool(rng.random() < 0.4)
            case[key] = (random_values(rng, "fp32", (p,)) if case[flag] else
                         np.full(p, rng.choice(np.array(FLOAT_SPECIALS + [rng.standard_normal()], np.float32)),
                                 dtype=np.float32))
    case["data"] = random_values(rng, case["dtype0"], (p, f))
    return case


def tensor_scalar_args(case, d, k):
    paths = {name: os.path.join(d, f"{k}_{name}.npy") for name in ("a", "s0", "s1", "o")}
    np.save(paths["a"], case["data"])
    args = ["eval", "--instruction", "tensor-scalar", "--data", paths["a"], "-o", paths["o"], "--gen", case["gen"],
            "--op0", case["op0"]]
    for option, key, flag, path in (("--operand0", "scalar", "per_partition", "s0"),
                                    ("--operand1", "scalar1", "per_partition1", "s1")):
        if option == "--operand1":
            if case["op1"] is None:
                break
            args += ["--op1", case["op1"]]
        if case.get(flag):
            np.save(paths[path], case[key].reshape(-1, 1))
            args += [option, paths[path]]
        elif case["bitvec"]:
            args += [option, hex(int(case[key][0]))]
        else:
            args += [option, repr(float(case[key][0]))]
    if case["dtype0"] in ("bf16", "fp8_e3m4", "fp8_e4m3", "fp8_e5m2"):
        args += ["--dtype0", case["dtype0"]]
    if not case["bitvec"]:
        args += ["--out-dtype", case["out_dtype"]]
    args += ["--reverse0"] if case["reverse0"] else []
    args += ["--reverse1"] if case["reverse1"] else []
    return args, paths


def family_args(case, d, k):
    paths = {name: os.path.join(d, f"{k}_{name}.npy") for name in ("a", "b", "o")}
    np.save(paths["a"], case["data"])
    args = ["eval", "--instruction", case["instruction"], "--data", paths["a"], "-o", paths["o"], "--gen",
            case["gen"]]
    if case["instruction"] == "tensor-tensor":
        np.save(paths["b"], case["operand1"])
        args += ["--data2", paths["b"], "--op", case["op0"]]
    if case["instruction"] == "tensor-reduce":
        args += ["--op", case["op0"], "--reduce-size", str(case["reduce_size"])] + (["--negate"] if case["negate"]
                                                                                   else [])
    for flag, name in (("--dtype0", "dtype0"), ("--dtype1", "dtype1")):
        if case[name] in ("bf16", "fp8_e3m4", "fp8_e4m3", "fp8_e5m2") and (name == "dtype0"
                                                                          or "--data2" in args):
            args += [flag, case[name]]
    if not case["bitvec"] and case["instruction"] != "transpose":
        args += ["--out-dtype", case["out_dtype"]]
    return args, paths


def make_case(rng, k, seen):
    """Case k: op pairs and dtype triples are walked in order so a long run covers every combination."""
    gen = str(rng.choice(GENS))
    bitvec = k % 10 >= 7
    n = seen.setdefault("bitvec" if bitvec else "arith", [0])
    j = n[0]
    n[0] += 1
    p, f = int(rng.choice(SIZES_P)), int(rng.choice(SIZES_F))
    case = {"gen": gen, "bitvec": bitvec, "reverse0": bool(rng.random() < 0.5),
            "reverse1": bool(rng.random() < 0.5), "accumulate": None, "per_partition": bool(rng.random() < 0.4)}
    if bitvec:
        dt = list(sem.INTS)[j % len(sem.INTS)]
        case.update(dtype=dt, dtype0=dt, dtype1=dt, out_dtype=dt, scalar_dtype=dt)
        # every ordered pair with at least one bitvec-only op (else eval picks the arith opcode)
        pairs = [(x, y) for x in BITVEC for y in BITVEC if (x, y) != ("bypass", "bypass")]
        case["op0"], case["op1"] = pairs[(j // len(sem.INTS)) % len(pairs)]
    else:
        ops = general_arith(gen)
        pair = j % (len(ARITH_MARIANA) ** 2)
        op0, op1 = ARITH_MARIANA[pair % len(ARITH_MARIANA)], ARITH_MARIANA[pair // len(ARITH_MARIANA)]
        if op0 not in ops or op1 not in ops:
            gen = "mariana"
        triple = j % (len(IN_DTYPES) ** 2 * len(OUT_DTYPES))
        case.update(gen=gen, op0=op0, op1=op1, dtype0=IN_DTYPES[triple % 12], dtype1=IN_DTYPES[triple // 12 % 12],
                    out_dtype=OUT_DTYPES[triple // 144], accumulate=[None, "add", "reset"][int(rng.integers(3))])
        case["scalar_dtype"] = str(rng.choice(NPY_SCALAR_DTYPES)) if case["per_partition"] else "fp32"
    case["data"] = random_values(rng, case["dtype0"], (p, f))
    case["operand1"] = random_values(rng, case["dtype1"], (p, f))
    if case["per_partition"]:
        case["scalar"] = random_values(rng, case["scalar_dtype"], (p,))
    elif bitvec:
        case["scalar"] = np.full(p, int(rng.integers(0, 1 << 32)), dtype=np.int64)
    else:
        case["scalar"] = np.full(p, rng.choice(np.array(FLOAT_SPECIALS + [rng.standard_normal()], np.float32)),
                                 dtype=np.float32)
    return case


def eval_args(case, d, k):
    paths = {name: os.path.join(d, f"{k}_{name}.npy") for name in ("a", "b", "s", "o", "acc")}
    np.save(paths["a"], case["data"])
    np.save(paths["b"], case["operand1"])
    args = ["eval", "--data", paths["a"], "--op0", case["op0"], "--op1", case["op1"], "--operand1", paths["b"],
            "-o", paths["o"], "--gen", case["gen"]]
    if case["per_partition"]:
        np.save(paths["s"], case["scalar"].reshape(-1, 1))
        args += ["--operand0", paths["s"]]
    elif case["bitvec"]:
        args += ["--operand0", hex(int(case["scalar"][0]) & 0xFFFFFFFF)]
    else:
        args += ["--operand0", repr(float(case["scalar"][0]))]
    for flag, name in (("--dtype0", "dtype0"), ("--dtype1", "dtype1")):
        if case[name] in ("bf16", "fp8_e3m4", "fp8_e4m3", "fp8_e5m2"):
            args += [flag, case[name]]
    if not case["bitvec"]:
        args += ["--out-dtype", case["out_dtype"]]
    args += ["--instruction", case.get("instruction", "stt")]
    if case["reverse0"]:
        args.append("--reverse0")
    if case["reverse1"]:
        args.append("--reverse1")
    if case["accumulate"]:
        args += ["--accumulate", case["accumulate"], "--accum-out", paths["acc"]]
    return args, paths


def same(got, want, dtype):
    """Bit-equal, except that any two NaNs match (SPEC pins no NaN payload or sign)."""
    if got.shape != want.shape or got.dtype != want.dtype:
        return np.zeros(want.shape, bool)
    if dtype in sem.FLOATS:
        gf = sem.storage_to_f32(got, dtype)
        wf = sem.storage_to_f32(want, dtype)
        both_nan = np.isnan(gf) & np.isnan(wf)
        return both_nan | (got.view(np.uint8).reshape(got.shape + (-1,)) ==
                           want.view(np.uint8).reshape(want.shape + (-1,))).all(axis=-1)
    return got == want


def progress(k, n, what):
    """A progress line on a terminal (rewritten in place every 25 cases), nothing when standard error is piped."""
    if sys.stderr.isatty() and (k % 25 == 0 or k == n):
        print(f"\r\033[K{what} {k}/{n}", end="" if k < n else "\r\033[K", file=sys.stderr, flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stt", default=os.path.join(ROOT, "stt"))
    ap.add_argument("--engine", default="reference")
    ap.add_argument("--show", type=int, default=5, help="mismatching cases to print")
    ap.add_argument("--instruction", default="stt",
                    choices=["stt", "scan", "select-reduce", "tensor-tensor", "tensor-scalar", "copy", "reciprocal",
                             "tensor-reduce", "transpose"])
    opts = ap.parse_args()
    rng = np.random.default_rng(opts.seed)
    proc = subprocess.Popen([opts.stt, "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            bufsize=1)
    mismatches, elements, seen = 0, 0, {}
    pairs, triples, gens = set(), set(), {g: 0 for g in GENS}
    with tempfile.TemporaryDirectory() as d:
        for k in range(opts.cases):
            progress(k, opts.cases, f"oracle {opts.instruction}")
            family = opts.instruction in ("tensor-tensor", "copy", "reciprocal", "tensor-reduce", "transpose")
            case = (make_case(rng, k, seen) if opts.instruction == "stt"
                    else make_tensor_scalar_case(rng, k) if opts.instruction == "tensor-scalar"
                    else make_reduce_case(rng, k) if opts.instruction == "tensor-reduce"
                    else make_transpose_case(rng, k) if opts.instruction == "transpose"
                    else make_family_case(rng, k, opts.instruction) if family
                    else make_sibling_case(rng, k, opts.instruction))
            pairs.add((case["bitvec"], case["op0"], case["op1"]))
            triples.add((case["dtype0"], case["dtype1"], case["out_dtype"]))
            gens[case["gen"]] += 1
            args, paths = (tensor_scalar_args(case, d, k) if opts.instruction == "tensor-scalar"
                           else family_args(case, d, k) if family else eval_args(case, d, k))
            args += ["--engine", opts.engine]
            proc.stdin.write(json.dumps(args) + "\n")
            proc.stdin.flush()
            result = json.loads(proc.stdout.readline())
            want, want_acc = {"stt": sem.stt, "scan": sem.scan, "select-reduce": sem.select_reduce,
                              "tensor-tensor": sem.tensor_tensor, "copy": sem.copy, "reciprocal": sem.reciprocal,
                              "tensor-scalar": sem.tensor_scalar, "tensor-reduce": sem.tensor_reduce,
                              "transpose": sem.transpose}[opts.instruction](case)
            problem = None
            if result["code"] != 0:
                problem = f"exit {result['code']}: {result['err'].strip()}"
            else:
                got = np.load(paths["o"])
                ok = same(got, want, case["out_dtype"])
                elements += ok.size
                if not ok.all():
                    i = tuple(np.argwhere(~ok)[0])
                    problem = f"out{list(i)}: stt {got[i]!r}, oracle {want[i]!r}"
                elif want_acc is not None:
                    acc = np.load(paths["acc"]).reshape(-1)
                    okacc = same(acc, want_acc, "fp32")
                    if not okacc.all():
                        i = int(np.argwhere(~okacc)[0][0])
                        problem = f"acc[{i}]: stt {acc[i]!r}, oracle {want_acc[i]!r}"
            for path in paths.values():
                if os.path.exists(path):
                    os.remove(path)
            if problem:
                mismatches += 1
                if mismatches <= opts.show:
                    print(f"case {k} MISMATCH {problem}\n  stt {' '.join(args)}", file=sys.stderr)
    progress(opts.cases, opts.cases, f"oracle {opts.instruction}")
    proc.stdin.close()
    proc.wait()
    print(f"oracle {opts.instruction}: {opts.cases} cases ({elements} elements), {mismatches} mismatches,"
          f" engine {opts.engine},"
          f" seed {opts.seed}; {len(pairs)} op pairs, {len(triples)} (in0, in1, out) dtype triples; cases per"
          f" generation: {', '.join(f'{g} {n}' for g, n in gens.items())}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
