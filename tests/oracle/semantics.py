"""An independent NumPy + ml_dtypes implementation of SPEC §5 and FAMILY.md §4: ScalarTensorTensor (arith and
bitvec), its siblings, Tensor-Tensor and Copy/Cast; FAMILY-NEXT §3.4's TensorReduce and §4's Reciprocal.

Nothing here is shared with the Java model: conversions use NumPy's and ml_dtypes' own casts, the ALU ops are
written from SPEC's one-line definitions.
"""
import ml_dtypes as md
import numpy as np

FLOATS = {"bf16": md.bfloat16, "fp16": np.float16, "fp32": np.float32, "fp32r": np.float32,
          "fp8_e3m4": md.float8_e3m4, "fp8_e4m3": md.float8_e4m3, "fp8_e5m2": md.float8_e5m2}
INTS = {"int8": np.int8, "uint8": np.uint8, "int16": np.int16, "uint16": np.uint16, "int32": np.int32,
        "uint32": np.uint32}
# how each dtype travels in a .npy file: its own type, or its bits as unsigned integers (bf16, fp8)
STORAGE = {"bf16": np.uint16, "fp16": np.float16, "fp32": np.float32, "fp32r": np.float32,
           "fp8_e3m4": np.uint8, "fp8_e4m3": np.uint8, "fp8_e5m2": np.uint8, **INTS}
WIDTH = {"int8": 8, "uint8": 8, "int16": 16, "uint16": 16, "int32": 32, "uint32": 32}


def storage_to_f32(arr, dtype):
    """Elements stored as STORAGE[dtype] -> fp32 values (exact, but int32/uint32 beyond 2^24 round)."""
    if dtype in FLOATS:
        return arr.view(FLOATS[dtype]).astype(np.float32) if arr.dtype != FLOATS[dtype] else arr.astype(np.float32)
    return arr.astype(np.float32)


def f32_to_storage(f, dtype):
    """fp32 -> the dtype's storage: RNE for floats; truncate toward zero, saturate, NaN -> 0 for integers."""
    with np.errstate(all="ignore"):
        if dtype in ("fp32", "fp32r"):
            return f.astype(np.float32)
        if dtype in FLOATS:
            return f.astype(FLOATS[dtype]).view(STORAGE[dtype])
        info = np.iinfo(INTS[dtype])
        t = np.trunc(np.nan_to_num(f.astype(np.float64), nan=0.0, posinf=np.inf, neginf=-np.inf))
        return np.clip(t, info.min, info.max).astype(INTS[dtype])


def arith(op, a, b):
    """SPEC §5's arith ops on fp32 arrays, a the first operand."""
    with np.errstate(all="ignore"):
        f = np.float32
        one, zero = f(1), f(0)

        def fmin(x, y):
            return np.where(np.isnan(x), y, np.where(np.isnan(y), x, np.where(x <= y, x, y))).astype(f)

        def boolean(c):
            return np.where(c, one, zero).astype(f)

        table = {
            "bypass": lambda: a,
            "add": lambda: a + b,
            "subtract": lambda: a - b,
            "mult": lambda: a * b,
            "max": lambda: fmax(a, b),
            "min": lambda: fmin(a, b),
            "is_eq": lambda: boolean(a == b),
            "is_gt": lambda: boolean(a > b),
            "is_ge": lambda: boolean(a >= b),
            "is_le": lambda: boolean(a <= b),
            "is_lt": lambda: boolean(a < b),
            "is_ne": lambda: boolean(~(a == b)),
            "logical_and": lambda: boolean((a != 0) & (b != 0)),
            "logical_or": lambda: boolean((a != 0) | (b != 0)),
            "logical_xor": lambda: boolean((a != 0) ^ (b != 0)),
            "absolute_diff": lambda: np.abs(a - b),
            "absolute_value": lambda: np.abs(a),
            "square": lambda: a * a,
            "relu": lambda: fmax(a, np.zeros_like(a)),
            "abs_max": lambda: fmax(np.abs(a), np.abs(b)),
            "abs_min": lambda: fmin(np.abs(a), np.abs(b)),
        }
        r = np.asarray(table[op](), dtype=f)
        # the model's canonical quiet NaN (docs/decisions.md canonical_nan); eval comparisons accept any NaN anyway
        return np.where(np.isnan(r), np.float32(np.nan), r).astype(f)


def bitvec(op, a, b, w):
    """SPEC §5's bitvec ops on w-bit values held in int64 arrays (0 <= v < 2^w)."""
    mask = (1 << w) - 1
    count = b & mask
    over = count >= w
    safe = np.where(over, 0, count)
    signed = np.where(a >= (1 << (w - 1)), a - (1 << w), a)
    table = {
        "bypass": lambda: a,
        "bitwise_not": lambda: ~a,
        "bitwise_and": lambda: a & b,
        "bitwise_or": lambda: a | b,
        "bitwise_xor": lambda: a ^ b,
        "arith_shift_left": lambda: np.where(over, 0, a << safe),
        "logical_shift_left": lambda: np.where(over, 0, a << safe),
        "logical_shift_right": lambda: np.where(over, 0, a >> safe),
        "arith_shift_right": lambda: signed >> np.where(over, w - 1, safe),
    }
    return table[op]() & mask


def fmax(x, y):
    """SPEC's max: a NaN operand yields the other, else x >= y ? x : y."""
    return np.where(np.isnan(x), y, np.where(np.isnan(y), x, np.where(x >= y, x, y))).astype(np.float32)


def scan(case):
    """TensorTensorScan: per lane, state = scalar; state = op1(op0(src0, state), src1) element by element."""
    af = storage_to_f32(case["data"], case["dtype0"])
    bf = storage_to_f32(case["operand1"], case["dtype1"])
    state = storage_to_f32(np.asarray(case["scalar"]), case["scalar_dtype"]).reshape(-1).astype(np.float32)
    out = np.empty_like(af)
    for i in range(af.shape[1]):
        a, b = af[:, i], bf[:, i]
        mid = arith(case["op0"], state, a) if case["reverse0"] else arith(case["op0"], a, state)
        state = arith(case["op1"], b, mid) if case["reverse1"] else arith(case["op1"], mid, b)
        out[:, i] = state
    return f32_to_storage(out, case["out_dtype"]), None


def select_reduce(case):
    """SelectReduce: pred = data != 0 (reverse0 inverts) picks operand1, else the scalar; the accumulator is a
    NaN-ignoring running max, from -inf on reset and from 0 (a fresh machine) on add."""
    pred = (case["data"].astype(np.int64) != 0) ^ case["reverse0"]
    bf = storage_to_f32(case["operand1"], case["dtype1"])
    s = storage_to_f32(np.asarray(case["scalar"]), case["scalar_dtype"]).reshape(-1, 1)
    val = np.where(pred, bf, s).astype(np.float32)
    acc = None
    if case["accumulate"]:
        acc = np.full(val.shape[0], -np.inf if case["accumulate"] == "reset" else 0.0, np.float32)
        for i in range(val.shape[1]):
            acc = fmax(acc, val[:, i])
    return f32_to_storage(val, case["out_dtype"]), acc


def stt(case):
    """The expected output storage array and fp32 accumulators of an eval case (see run_oracle.py)."""
    a, b, s = case["data"], case["operand1"], case["scalar"]
    r0, r1 = case["reverse0"], case["reverse1"]
    if case["bitvec"]:
        w = WIDTH[case["dtype"]]
        mask = (1 << w) - 1
        ai = a.astype(np.int64) & mask
        bi = b.astype(np.int64) & mask
        si = (np.asarray(s).astype(np.int64) & mask).reshape(-1, 1) * np.ones_like(ai)
        mid = bitvec(case["op0"], si, ai, w) if r0 else bitvec(case["op0"], ai, si, w)
        res = bitvec(case["op1"], bi, mid, w) if r1 else bitvec(case["op1"], mid, bi, w)
        return res.astype(np.uint64).astype(INTS[case["dtype"]]), None
    af = storage_to_f32(a, case["dtype0"])
    bf = storage_to_f32(b, case["dtype1"])
    sf = storage_to_f32(np.asarray(s), case["scalar_dtype"]).reshape(-1, 1) * np.ones((1, af.shape[1]), np.float32)
    mid = arith(case["op0"], sf, af) if r0 else arith(case["op0"], af, sf)
    res = arith(case["op1"], bf, mid) if r1 else arith(case["op1"], mid, bf)
    acc = None
    if case["accumulate"]:
        acc = np.zeros(af.shape[0], np.float32)
        with np.errstate(all="ignore"):
            for i in range(res.shape[1]):
                acc = (acc + res[:, i]).astype(np.float32)
    return f32_to_storage(res, case["out_dtype"]), acc


def tensor_tensor(case):
    """Tensor-Tensor: data op data2 (data the left operand), fp32 hub for arith, raw w-bit ints for bitvec."""
    a, b = case["data"], case["operand1"]
    if case["bitvec"]:
        w = WIDTH[case["dtype"]]
        mask = (1 << w) - 1
        res = bitvec(case["op0"], a.astype(np.int64) & mask, b.astype(np.int64) & mask, w)
        return res.astype(np.uint64).astype(INTS[case["dtype"]]), None
    res = arith(case["op0"], storage_to_f32(a, case["dtype0"]), storage_to_f32(b, case["dtype1"]))
    return f32_to_storage(res, case["out_dtype"]), None


def copy(case):
    """tensor_copy: the same bits when the dtypes are equal (Copy), else the fp32 hub (Cast)."""
    if case["dtype0"] == case["out_dtype"]:
        return case["data"].copy(), None
    return f32_to_storage(storage_to_f32(case["data"], case["dtype0"]), case["out_dtype"]), None


def reciprocal(case):
    """Reciprocal 0x48 (FAMILY-NEXT §4): the source to fp32, NumPy's fp32 1/x (IEEE division, correctly rounded),
    to out_dtype; a NaN result is the canonical NaN 0x7fc00000 (NumPy would keep the input's payload, and a later
    word of a program may read those bytes as integers)."""
    return f32_to_storage(reciprocal_f32(storage_to_f32(case["data"], case["dtype0"])), case["out_dtype"]), None


def reciprocal_f32(x):
    """fp32 1/x, correctly rounded, a NaN the canonical 0x7fc00000."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        r = (np.float32(1) / x).astype(np.float32)
    r[np.isnan(r)] = np.uint32(0x7fc00000).view(np.float32)
    return r


def tensor_scalar(case):
    """Tensor-Scalar: a = data op0 s0 (s0 op0 data reversed), r = a op1 s1 (s1 op1 a reversed); an absent or
    bypass op1 passes a through. Per-partition scalars are fp32 (arith) or the data's dtype (bitvec)."""
    x = case["data"]
    r0, r1, op1 = case["reverse0"], case["reverse1"], case["op1"]
    if case["bitvec"]:
        w = WIDTH[case["dtype"]]
        mask = (1 << w) - 1
        xi = x.astype(np.int64) & mask
        s0 = (np.asarray(case["scalar"]).astype(np.int64) & mask).reshape(-1, 1) * np.ones_like(xi)
        s1 = (np.asarray(case["scalar1"]).astype(np.int64) & mask).reshape(-1, 1) * np.ones_like(xi)
        a = bitvec(case["op0"], s0, xi, w) if r0 else bitvec(case["op0"], xi, s0, w)
        res = a if op1 in (None, "bypass") else bitvec(op1, s1, a, w) if r1 else bitvec(op1, a, s1, w)
        return res.astype(np.uint64).astype(INTS[case["dtype"]]), None
    xf = storage_to_f32(x, case["dtype0"])
    ones = np.ones((1, xf.shape[1]), np.float32)
    s0 = np.asarray(case["scalar"], np.float32).reshape(-1, 1) * ones
    s1 = np.asarray(case["scalar1"], np.float32).reshape(-1, 1) * ones
    a = arith(case["op0"], s0, xf) if r0 else arith(case["op0"], xf, s0)
    res = a if op1 in (None, "bypass") else arith(op1, s1, a) if r1 else arith(op1, a, s1)
    return f32_to_storage(res, case["out_dtype"]), None


# FAMILY-NEXT §3.4 step 1: where each reduction's fold starts
REDUCE_IDENTITY = {"add": 0.0, "subtract": 0.0, "mult": 1.0, "max": -np.inf, "min": np.inf, "logical_and": 1.0,
                   "logical_or": 0.0, "logical_xor": 0.0}


def reduce_fold(op, x, w=None, negate=False):
    """FAMILY-NEXT §3.4 on x [lanes, outputs, reduced]: acc = op(x_t, acc) from the identity, t in order, in fp32
    with SPEC's ops (x already fp32), or on raw w-bit values (x int64) when w is given; negate flips the fp32 sign
    bit. Returns [lanes, outputs] fp32 values, or int64 bits for bitvec."""
    if w is not None:
        mask = (1 << w) - 1
        acc = np.full(x.shape[:2], mask if op == "bitwise_and" else 0, np.int64)
        for t in range(x.shape[2]):
            acc = bitvec(op, x[:, :, t], acc, w)
        return acc
    acc = np.full(x.shape[:2], REDUCE_IDENTITY[op], np.float32)
    for t in range(x.shape[2]):
        acc = arith(op, x[:, :, t], acc)
    if negate:
        acc = (acc.view(np.uint32) ^ np.uint32(0x80000000)).view(np.float32)
    return acc


def tensor_reduce(case):
    """eval --instruction tensor-reduce: each --reduce-size K consecutive elements of a partition folded into one."""
    x = case["data"]
    lanes, k = x.shape[0], case["reduce_size"]
    if case["bitvec"]:
        w = WIDTH[case["dtype"]]
        r = reduce_fold(case["op0"], (x.astype(np.int64) & ((1 << w) - 1)).reshape(lanes, -1, k), w)
        return r.astype(np.uint64).astype(INTS[case["dtype"]]), None
    xf = storage_to_f32(x, case["dtype0"]).reshape(lanes, -1, k)
    return f32_to_storage(reduce_fold(case["op0"], xf, negate=case["negate"]), case["out_dtype"]), None


def transpose(case):
    """nc_transpose on the Vector Engine (FAMILY-NEXT §7.1): dst[f, p] = data[p, f], bits copied."""
    return np.ascontiguousarray(case["data"].T), None
