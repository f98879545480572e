"""`nki.isa`'s Vector Engine calls, in NKI's call shapes, answered bit-exactly by the stt model.

Arrays are `[P, ...]` (P <= 128 partitions; the free dimensions are flattened in C order). Each call returns a new
array of the data operand's shape, or writes into `dst` and returns it. The output dtype defaults to the data
operand's (NKI's default); `dst`'s dtype when `dst` is given. Every call runs one instruction word on a fresh
machine of the session's generation (`stt_nki.Session`), so an accumulator (`reduce_res`) starts at zero.
"""
import numpy as np

from . import _dtypes, _session
from .language import AluOp, OPS

# ops only the bit-vector datapath has: a call using one becomes the bitvec opcode (SPEC §6)
_BITVEC_ONLY = {"bitwise_not", "arith_shift_left", "arith_shift_right", "logical_shift_left", "logical_shift_right",
                "bitwise_and", "bitwise_or", "bitwise_xor"}
_MODEL_OPS = set(OPS.values()) | _BITVEC_ONLY | {"absolute_diff", "abs_max", "abs_min", "relu", "square", "mod",
                                                 "crc32", "symmetric_clamp"}
_REDUCE_CMDS = {"idle": None, "reduce": "add", "reset_reduce": "reset"}


def _op(op, what):
    """The model's name of an op: an `nl.` op, a NumPy ufunc of the same name, or the model's name."""
    if isinstance(op, AluOp):
        return op.model
    if isinstance(op, np.ufunc) and op.__name__ in OPS:
        return OPS[op.__name__]
    if isinstance(op, str) and op in _MODEL_OPS:
        return op
    raise ValueError(f"{what}={op!r}: not an ALU op; allowed: nl.{', nl.'.join(OPS)}, or a model op name")


def _tile(a, what):
    """(model dtype, [P, F] C-ordered array as it travels, original shape) of a tensor operand."""
    if not isinstance(a, np.ndarray):
        raise TypeError(f"{what}: expected a NumPy array, got {type(a).__name__}")
    if a.ndim < 1 or not 1 <= a.shape[0] <= 128:
        raise ValueError(f"{what}: shape {a.shape}: the first dimension is the partition count, 1..128")
    model, travel = _dtypes.of_array(a, what)
    return model, np.ascontiguousarray(travel.reshape(a.shape[0], -1)), a.shape


def _fp32_bits(x):
    return "0x%08x" % int(np.array(x, dtype=np.float32).view(np.uint32))


class _Call:
    """One stt eval command being put together: its arguments and its arrays (named as files, `@data.npy`)."""

    def __init__(self, instruction):
        self.args = ["eval", "--instruction", instruction]
        self.arrays = {}

    def opt(self, name, value):
        self.args += [name, value]

    def flag(self, name, on):
        if on:
            self.args.append(name)

    def tensor(self, option, name, a, dtype_option=None):
        model, travel, shape = _tile(a, name)
        self.arrays[name + ".npy"] = travel
        self.opt(option, "@" + name + ".npy")
        if dtype_option is not None and model in _dtypes.BITS_MODELS:
            self.opt(dtype_option, model)
        return model, travel.shape, shape

    def scalar(self, option, name, x, bitvec, partitions):
        """A number (fp32 immediate; an integer's low bits for bitvec) or a [P, 1] / [P] array (one per partition)."""
        if isinstance(x, np.ndarray):
            if x.shape not in ((partitions,), (partitions, 1)):
                raise ValueError(f"{name}: shape {x.shape}; a per-partition scalar is [{partitions}, 1]")
            model, travel = _dtypes.of_array(x, name)
            if model in _dtypes.BITS_MODELS:
                travel = x.astype(np.float32)  # exact: the pointer then reads fp32
            self.arrays[name + ".npy"] = np.ascontiguousarray(travel.reshape(partitions, 1))
            self.opt(option, "@" + name + ".npy")
        elif isinstance(x, (bool, np.bool_)):
            raise TypeError(f"{name}: expected a number or a [P, 1] array, got a bool")
        elif isinstance(x, (int, np.integer)):
            self.opt(option, str(int(x)) if bitvec else _fp32_bits(float(x)))
        elif isinstance(x, (float, np.floating)):
            if bitvec:
                raise TypeError(f"{name}={x!r}: a bit-vector op takes an integer scalar")
            self.opt(option, _fp32_bits(x))
        else:
            raise TypeError(f"{name}: expected a number or a [P, 1] array, got {type(x).__name__}")

    def out_dtype(self, dtype, dst, default):
        if dtype is not None:
            model = _dtypes.named(dtype, "dtype")
        elif dst is not None:
            model, _ = _dtypes.of_array(dst, "dst")
        else:
            model = default
        self.opt("--out-dtype", model)
        return model

    def run(self, what, out_model, shape, dst, reduce_res=None):
        s = _session.current()
        self.args += ["-o", "@out.npy", "--gen", s.gen, "--engine", s.engine]
        outputs = ["out.npy"]
        if reduce_res is not None:
            self.args += ["--accum-out", "@acc.npy"]
            outputs.append("acc.npy")
        code, _, err, got = s.run(self.args, self.arrays, outputs)
        _session.check(code, err, what, s.last_verdicts)
        result = _dtypes.result(got["out.npy"], out_model).reshape(shape)
        if reduce_res is not None:
            _write(reduce_res, got["acc.npy"].reshape(reduce_res.shape), "reduce_res")
        if dst is None:
            return result
        _write(dst, result, "dst")
        return dst


def _write(target, values, what):
    if not isinstance(target, np.ndarray):
        raise TypeError(f"{what}: expected a NumPy array, got {type(target).__name__}")
    if target.shape != values.shape:
        raise ValueError(f"{what}: shape {target.shape}, the call's result is {values.shape}")
    if target.dtype != values.dtype:
        raise ValueError(f"{what}: dtype {target.dtype}, the call's result is {values.dtype}")
    target[...] = values


def _bitvec(*ops):
    return any(o in _BITVEC_ONLY for o in ops)


def _reduce(reduce_res, reduce_cmd, c, partitions):
    if reduce_cmd not in _REDUCE_CMDS:
        raise ValueError(f"reduce_cmd={reduce_cmd!r}: allowed: {', '.join(_REDUCE_CMDS)}")
    if (reduce_res is None) != (_REDUCE_CMDS[reduce_cmd] is None):
        raise ValueError("reduce_res and a reduce_cmd other than 'idle' go together")
    if reduce_res is not None:
        if reduce_res.shape not in ((partitions,), (partitions, 1)) or reduce_res.dtype != np.float32:
            raise ValueError(f"reduce_res: a float32 [{partitions}, 1] array, got {reduce_res.dtype}"
                             f" {reduce_res.shape}")
        c.opt("--accumulate", _REDUCE_CMDS[reduce_cmd])


def scalar_tensor_tensor(dst=None, *, data, op0, operand0, op1, operand1, reverse0=False, reverse1=False,
                         dtype=None, reduce_res=None, reduce_cmd="idle"):
    """`(data op0 operand0) op1 operand1` (reverse0/1 swap a stage's operands): 0x9d, or 0x9e for bit-vector ops.
    With `reduce_res` (a float32 [P, 1] array) and `reduce_cmd='reduce'` or `'reset_reduce'`, the per-partition fp32
    sum of the results is written into it."""
    a0, a1 = _op(op0, "op0"), _op(op1, "op1")
    c = _Call("stt")
    model, flat, shape = c.tensor("--data", "data", data, "--dtype0")
    c.opt("--op0", a0)
    c.scalar("--operand0", "operand0", operand0, _bitvec(a0, a1), flat[0])
    c.opt("--op1", a1)
    c.tensor("--operand1", "operand1", operand1, "--dtype1")
    c.flag("--reverse0", reverse0)
    c.flag("--reverse1", reverse1)
    _reduce(reduce_res, reduce_cmd, c, flat[0])
    out = c.out_dtype(dtype, dst, model)
    return c.run("scalar_tensor_tensor", out, shape, dst, reduce_res)


def tensor_tensor(dst=None, *, data1, data2, op, dtype=None):
    """`data1 op data2`: Tensor-Tensor 0x41, or 0x51 for a bit-vector op."""
    c = _Call("tensor-tensor")
    model, _, shape = c.tensor("--data", "data1", data1, "--dtype0")
    c.tensor("--data2", "data2", data2, "--dtype1")
    c.opt("--op", _op(op, "op"))
    out = c.out_dtype(dtype, dst, model)
    return c.run("tensor_tensor", out, shape, dst)


def tensor_scalar(dst=None, *, data, op0, operand0, reverse0=False, op1=None, operand1=None, reverse1=False,
                  dtype=None):
    """`(data op0 operand0) op1 operand1`, the second stage optional: Tensor-Scalar 0x43 (0x53 for bit-vector)."""
    if (op1 is None) != (operand1 is None):
        raise ValueError("op1 and operand1 go together")
    a0 = _op(op0, "op0")
    a1 = None if op1 is None else _op(op1, "op1")
    bitvec = _bitvec(a0, a1)
    c = _Call("tensor-scalar")
    model, flat, shape = c.tensor("--data", "data", data, "--dtype0")
    c.opt("--op0", a0)
    c.scalar("--operand0", "operand0", operand0, bitvec, flat[0])
    c.flag("--reverse0", reverse0)
    if a1 is not None:
        c.opt("--op1", a1)
        c.scalar("--operand1", "operand1", operand1, bitvec, flat[0])
    c.flag("--reverse1", reverse1)
    out = c.out_dtype(dtype, dst, model)
    return c.run("tensor_scalar", out, shape, dst)


def tensor_scalar_reduce(dst=None, *, data, op0, operand0, reduce_op, reduce_res, reduce_res_negate=False,
                         dtype=None):
    """`data op0 operand0`, and its per-partition fold with `reduce_op` written into `reduce_res` (a float32
    [P, 1] array): TensorScalarCacheReduce 0x9a then DveReadAccumulator 0x9b, the fold negated if asked."""
    a0, fold = _op(op0, "op0"), _op(reduce_op, "reduce_op")
    c = _Call("tensor-scalar")
    model, flat, shape = c.tensor("--data", "data", data, "--dtype0")
    c.opt("--op0", a0)
    c.scalar("--operand0", "operand0", operand0, False, flat[0])
    c.opt("--reduce-op", fold)
    c.flag("--reduce-negate", reduce_res_negate)
    if not isinstance(reduce_res, np.ndarray) or reduce_res.dtype != np.float32 \
            or reduce_res.shape not in ((flat[0],), (flat[0], 1)):
        raise ValueError(f"reduce_res: a float32 [{flat[0]}, 1] array")
    out = c.out_dtype(dtype, dst, model)
    return c.run("tensor_scalar_reduce", out, shape, dst, reduce_res)


def tensor_copy(dst=None, *, src, dtype=None):
    """A copy of `src` (Copy 0x46), or a cast through fp32 when the output dtype differs (Cast 0x47)."""
    c = _Call("copy")
    model, _, shape = c.tensor("--data", "src", src, "--dtype0")
    out = c.out_dtype(dtype, dst, model)
    return c.run("tensor_copy", out, shape, dst)


def memset(dst=None, *, shape=None, value, dtype):
    """A `shape` ([P, ...]) tile with every element `value` encoded in `dtype` as NKI does (Memset 0x49): an integer
    dtype takes an integer in its range exactly, a float dtype the value rounded to nearest even."""
    if shape is None:
        if dst is None:
            raise ValueError("memset needs shape= or dst=")
        shape = dst.shape
    shape = tuple(int(n) for n in shape)
    if not shape or not 1 <= shape[0] <= 128:
        raise ValueError(f"shape {shape}: the first dimension is the partition count, 1..128")
    c = _Call("memset")
    free = int(np.prod(shape[1:], dtype=np.int64)) if len(shape) > 1 else 1
    c.opt("--shape", f"{shape[0]}x{free}")
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"value: expected a number, got {type(value).__name__}")
    # the value itself, exactly: the model encodes it in the dtype (an integer as is, a float rounded from the double)
    c.opt("--value", str(int(value)) if isinstance(value, (int, np.integer)) else repr(float(value)))
    out = c.out_dtype(dtype, None, None)
    return c.run("memset", out, shape, dst)


def tensor_tensor_scan(dst=None, *, data0, data1, initial, op0, op1, reverse0=False, reverse1=False, dtype=None):
    """Per partition, `state = (data0 op0 state) op1 data1` from `initial`, each state written (0xe5)."""
    c = _Call("scan")
    model, flat, shape = c.tensor("--data", "data0", data0, "--dtype0")
    c.opt("--op0", _op(op0, "op0"))
    c.scalar("--operand0", "initial", initial, False, flat[0])
    c.opt("--op1", _op(op1, "op1"))
    c.tensor("--operand1", "data1", data1, "--dtype1")
    c.flag("--reverse0", reverse0)
    c.flag("--reverse1", reverse1)
    out = c.out_dtype(dtype, dst, model)
    return c.run("tensor_tensor_scan", out, shape, dst)


def select_reduce(dst=None, *, predicate, on_true, on_false, reduce_res=None, reduce_cmd="idle", reverse_pred=False,
                  dtype=None):
    """`predicate ? on_true : on_false` (0xea); with `reduce_res`, the per-partition max of the selected values."""
    c = _Call("select-reduce")
    _, flat, _ = c.tensor("--data", "predicate", predicate, "--dtype0")
    model, _, shape = c.tensor("--operand1", "on_true", on_true, "--dtype1")
    c.scalar("--operand0", "on_false", on_false, False, flat[0])
    c.flag("--reverse0", reverse_pred)
    _reduce(reduce_res, reduce_cmd, c, flat[0])
    out = c.out_dtype(dtype, dst, model)
    return c.run("select_reduce", out, shape, dst, reduce_res)


def tensor_copy_predicated(dst, *, src, predicate):
    """Where `predicate` is non-zero, `dst` takes `src`'s element (bits, or cast when the dtypes differ); the rest of
    `dst` is kept (CopyPredicated 0x72 / CastPredicated 0x99). Writes into `dst` and returns it."""
    if dst is None:
        raise ValueError("tensor_copy_predicated writes into dst: pass the array to update")
    c = _Call("copy-predicated")
    c.tensor("--data", "src", src, "--dtype0")
    c.tensor("--predicate", "predicate", predicate)
    model, _, shape = c.tensor("--dst-in", "dst", dst, "--dtype1")
    return c.run("tensor_copy_predicated", model, shape, dst)
