"""The Vector Engine's `nki.isa` calls that run ALU ops as words (`_eval.Call`), in both call forms:
scalar_tensor_tensor, tensor_tensor, tensor_scalar (on GpSimd at NKI level for an op the word refuses, the model's
gpsimd_alu), tensor_scalar_reduce, tensor_scalar_cumulative, tensor_tensor_scan, reciprocal, tensor_reduce."""
import numpy as np

from . import _dtypes, _level, _session
from ._eval import Call, check_reduce_res, model_op, reduce_args, uses_bitvec
from ._forms import command, engine, reduce_cmd, reduced_axes
from ._published import published

# The published signatures (aws-neuron-sdk nki/api/nki/isa/__init__.py for NKI 2.32; general/nki/api/nki/isa at
# v2.26.0 for Beta 1). stt_nki's extension, keyword-only: reduce_res/reduce_cmd on scalar_tensor_tensor.

def _b2_scalar_tensor_tensor(dst, data, op0, operand0, op1, operand1, reverse0=False, reverse1=False, name=None, *,
                             reduce_res=None, reduce_cmd=reduce_cmd.idle):
    pass


def _b1_scalar_tensor_tensor(*, data, op0, operand0, op1, operand1, reverse0=False, reverse1=False, dtype=None,
                             mask=None, reduce_res=None, reduce_cmd=reduce_cmd.idle, **kwargs):
    pass


@published("scalar_tensor_tensor", _b2_scalar_tensor_tensor, _b1_scalar_tensor_tensor, defers=True, queues=True)
def scalar_tensor_tensor(beta, data, op0, operand0, op1, operand1, reverse0, reverse1, reduce_res, reduce_cmd,
                         dst=None, dtype=None):
    """`(data op0 operand0) op1 operand1` (reverse0/1 swap a stage's operands): 0x9d, or 0x9e for bit-vector ops.
    With `reduce_res` (a float32 [P, 1] array) and `reduce_cmd=reset_reduce`, the per-partition fp32 sum of the
    results is written into it."""
    a0, a1 = model_op(op0, "op0"), model_op(op1, "op1")
    c = Call("stt")
    model, flat, shape = c.tensor("--data", "data", data, "--dtype0")
    c.opt("--op0", a0)
    c.scalar("--operand0", "operand0", operand0, uses_bitvec(a0, a1), flat[0])
    c.opt("--op1", a1)
    c.tensor("--operand1", "operand1", operand1, "--dtype1")
    c.flag("--reverse0", reverse0)
    c.flag("--reverse1", reverse1)
    reduce_args(reduce_res, reduce_cmd, c, flat[0])
    out = c.out_dtype(dtype, dst, model)
    return c.run("scalar_tensor_tensor", out, shape, dst, reduce_res)


def _b2_tensor_tensor(dst, data1, data2, op, engine=engine.unknown, name=None):
    pass


def _b1_tensor_tensor(data1, data2, op, *, dtype=None, mask=None, engine=engine.unknown, **kwargs):
    pass


@published("tensor_tensor", _b2_tensor_tensor, _b1_tensor_tensor, defers=True, queues=True)
def tensor_tensor(beta, data1, data2, op, dst=None, dtype=None):
    """`data1 op data2`: Tensor-Tensor 0x41, or 0x51 for a bit-vector op; an op the Vector Engine's word refuses
    (divide, pow, mod) runs on GpSimd (`_or_gpsimd`). Beta 1's default dtype is NKI's type promotion of the two inputs
    (bf16 with fp32 gives fp32). The operands (and dst) have one partition count."""
    if beta == 1:
        data1, data2 = _free_broadcast(data1, data2)
    c = Call("tensor-tensor")
    m1, _, shape = c.tensor("--data", "data1", data1, "--dtype0")
    m2, _, _ = c.tensor("--data2", "data2", data2, "--dtype1")
    alu = model_op(op, "op")
    c.opt("--op", alu)
    out = c.out_dtype(dtype, dst, _dtypes.promote(m1, m2))
    return _or_gpsimd(lambda: c.run("tensor_tensor", out, shape, dst), "tensor_tensor",
                      {"data1": data1, "data2": data2}, {}, {"op": alu}, out, shape, dst)


def _free_broadcast(a, b):
    """Beta 1's `nisa.tensor_tensor(data1 [P, F], data2 [P, 1])` (nki-samples' double_row_matmul): an operand's size-1
    free dims read again along the other's, as an access pattern of step 0 reads them (the model's
    beta1_isa_free_broadcast); operands of other shapes go on as given, for the call's own check to name."""
    if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)) or a.shape == b.shape or a.ndim != b.ndim \
            or a.ndim < 2 or a.shape[0] != b.shape[0]:
        return a, b
    try:
        shape = a.shape[:1] + np.broadcast_shapes(a.shape[1:], b.shape[1:])
    except ValueError:
        return a, b
    _session.sync_pending()  # the copies read the values
    return tuple(x if x.shape == shape else np.ascontiguousarray(np.broadcast_to(x, shape)) for x in (a, b))


def _b2_tensor_scalar(dst, data, op0, operand0, reverse0=False, op1=None, operand1=None, reverse1=False,
                      engine=engine.unknown, name=None):
    pass


def _b1_tensor_scalar(data, op0, operand0, reverse0=False, op1=None, operand1=None, reverse1=False, *, dtype=None,
                      mask=None, engine=engine.unknown, **kwargs):
    pass


@published("tensor_scalar", _b2_tensor_scalar, _b1_tensor_scalar, defers=True, queues=True)
def tensor_scalar(beta, data, op0, operand0, reverse0, op1, operand1, reverse1, dst=None, dtype=None):
    """`(data op0 operand0) op1 operand1`, the second stage optional: Tensor-Scalar 0x43 (0x53 for bit-vector); an op
    the Vector Engine's word refuses (divide, pow, mod) runs on GpSimd (`_or_gpsimd`)."""
    if (op1 is None) != (operand1 is None):
        raise ValueError("op1 and operand1 go together")
    a0 = model_op(op0, "op0")
    a1 = None if op1 is None else model_op(op1, "op1")
    bitvec = uses_bitvec(a0, a1)
    c = Call("tensor-scalar")
    model, flat, shape = c.tensor("--data", "data", data, "--dtype0")
    c.opt("--op0", a0)
    c.scalar("--operand0", "operand0", operand0, bitvec, flat[0])
    c.flag("--reverse0", reverse0)
    if a1 is not None:
        c.opt("--op1", a1)
        c.scalar("--operand1", "operand1", operand1, bitvec, flat[0])
    c.flag("--reverse1", reverse1)
    out = c.out_dtype(dtype, dst, model)
    return _or_gpsimd(lambda: c.run("tensor_scalar", out, shape, dst), "tensor_scalar", {"data": data},
                      {"operand0": operand0, "operand1": operand1},
                      {"op0": a0, "reverse0": bool(reverse0), "op1": a1, "reverse1": bool(reverse1)}, out, shape, dst)


# the rules by which the Vector Engine's word refuses an ALU op (validity or executability, FAMILY.md §3; the integer
# band's signedness rule refuses mod on floats)
_OP_RULES = {"s3s3d3_tt_valid_op", "is_valid_tensor_tensor_arith_dve", "tensor_scalar_valid_ops",
             "s3s3d3_tt_valid_int_signness"}


def _or_gpsimd(vector, name, tiles, columns, args, out, shape, dst):
    """Runs `vector()` (the call's Vector Engine word); when that word refuses the call's ALU op (divide, pow, mod),
    the call runs on GpSimd at NKI level with the same ALU bodies (the model's gpsimd_alu, FAMILY-NEXT §0.4). When
    GpSimd has no body for the op either, the Vector Engine's refusal stands."""
    try:
        return vector()
    except _session.InvalidInstruction as refused:
        if not refused.rules or not set(refused.rules) <= _OP_RULES:  # refused for something else than its op
            raise
        c = _level.Level(name)
        rows = None
        for key, tile in tiles.items():
            _, rows, _ = c.tile(key, tile)
        for key, value in columns.items():
            if value is not None:
                c.column(key, value, rows)
        for key, value in args.items():
            c.arg(key, value)
        c.arg("dtype", out)
        try:
            got = c.run()
        except ValueError as no_body:
            raise refused from no_body
        return _level.give(dst, _level.as_result(got["dst"], out, shape))


def _b2_tensor_scalar_reduce(dst, data, op0, operand0, reduce_op, reduce_res=None, reverse0=False,
                             reduce_cmd=reduce_cmd.reset_reduce, reduce_init=None, reduce_res_negate=False,
                             name=None):
    pass


def _b1_tensor_scalar_reduce(*, data, op0, operand0, reduce_op, reduce_res, reverse0=False, dtype=None, mask=None,
                             reduce_res_negate=False, **kwargs):
    pass


@published("tensor_scalar_reduce", _b2_tensor_scalar_reduce, _b1_tensor_scalar_reduce, defers=True, queues=True)
def tensor_scalar_reduce(beta, data, op0, operand0, reduce_op, reduce_res, reverse0, reduce_res_negate, dst=None,
                         dtype=None, reduce_cmd=reduce_cmd.reset_reduce, reduce_init=None):
    """`data op0 operand0`, and its per-partition fold with `reduce_op` written into `reduce_res` (a float32
    [P, 1] array; None keeps it in the engine): TensorScalarCacheReduce 0x9a then DveReadAccumulator 0x9b, the
    fold negated if asked."""
    if reverse0:
        raise NotImplementedError("tensor_scalar_reduce: reverse0=True is not supported (NKI: 'not supported yet')")
    cmd = command("reduce_cmd", reduce_cmd)
    if cmd not in ("reset_reduce", "reduce", "load_reduce"):
        raise ValueError(f"tensor_scalar_reduce: reduce_cmd={cmd}: allowed: reset_reduce, reduce, load_reduce")
    if (cmd == "load_reduce") != (reduce_init is not None):
        raise ValueError("tensor_scalar_reduce: reduce_init goes with reduce_cmd=load_reduce, and load_reduce needs it")
    a0, fold = model_op(op0, "op0"), model_op(reduce_op, "reduce_op")
    c = Call("tensor-scalar")
    model, flat, shape = c.tensor("--data", "data", data, "--dtype0")
    c.opt("--op0", a0)
    c.scalar("--operand0", "operand0", operand0, False, flat[0])
    c.opt("--reduce-op", fold)
    c.opt("--reduce-cmd", cmd)
    if reduce_init is not None:
        c.scalar("--reduce-init", "reduce_init", reduce_init, False, flat[0])
    c.flag("--reduce-negate", reduce_res_negate)
    check_reduce_res(reduce_res, flat[0])
    out = c.out_dtype(dtype, dst, model)
    return c.run("tensor_scalar_reduce", out, shape, dst, reduce_res)


def _b2_tensor_scalar_cumulative(dst, src, op0, op1, imm0, imm1=None, reduce_cmd=reduce_cmd.reset_reduce, name=None):
    pass


def _b1_tensor_scalar_cumulative(src, op0, op1, imm0, imm1=None, reduce_cmd=reduce_cmd.reset_reduce, *, dtype=None,
                                 mask=None, **kwargs):
    pass


@published("tensor_scalar_cumulative", _b2_tensor_scalar_cumulative, _b1_tensor_scalar_cumulative, defers=True,
           queues=True)
def tensor_scalar_cumulative(beta, src, op0, op1, imm0, imm1, reduce_cmd, dst=None, dtype=None):
    """Per partition, `reg = op1(src op0 imm0, reg)` element by element, each running value written
    (TensorScalarCacheCumulative 0xe6): reg starts at op1's identity (reset_reduce), where the previous call left
    the accumulators (reduce), or `imm1` (load_reduce). Beta 1's form (returning a new tile) is stt_nki's."""
    cmd = command("reduce_cmd", reduce_cmd)
    if cmd not in ("reset_reduce", "reduce", "load_reduce"):
        raise ValueError(f"tensor_scalar_cumulative: reduce_cmd={cmd}: allowed: reset_reduce, reduce, load_reduce")
    fold = model_op(op1, "op1")
    if fold not in ("add", "subtract", "mult", "max", "min"):
        raise ValueError(f"tensor_scalar_cumulative: op1={op1!r}: the fold is add, subtract, multiply, maximum or"
                         " minimum")
    c = Call("tensor-scalar")
    model, flat, shape = c.tensor("--data", "src", src, "--dtype0")
    if model in ("int32", "uint32"):
        raise ValueError(f"tensor_scalar_cumulative: src is {model}: int32/uint32 are not supported (NKI)")
    c.opt("--op0", model_op(op0, "op0"))
    c.scalar("--operand0", "imm0", imm0, False, flat[0])
    c.opt("--reduce-op", fold)
    c.opt("--reduce-cmd", cmd)
    c.flag("--cumulative", True)
    if cmd == "load_reduce":
        if imm1 is None:
            raise ValueError("tensor_scalar_cumulative: reduce_cmd=load_reduce needs imm1, the starting value")
        c.scalar("--reduce-init", "imm1", imm1, False, flat[0])
    out = c.out_dtype(dtype, dst, model)
    return c.run("tensor_scalar_cumulative", out, shape, dst)


def _b2_tensor_tensor_scan(dst, data0, data1, initial, op0, op1, reverse0=False, reverse1=False, name=None):
    pass


def _b1_tensor_tensor_scan(data0, data1, initial, op0, op1, reverse0=False, reverse1=False, *, dtype=None, mask=None,
                           **kwargs):
    pass


@published("tensor_tensor_scan", _b2_tensor_tensor_scan, _b1_tensor_tensor_scan, defers=True, queues=True)
def tensor_tensor_scan(beta, data0, data1, initial, op0, op1, reverse0, reverse1, dst=None, dtype=None):
    """Per partition, `state = (data0 op0 state) op1 data1` from `initial`, each state written (0xe5). Beta 1's
    default dtype is NKI's type promotion of data0 and data1."""
    c = Call("scan")
    m0, flat, shape = c.tensor("--data", "data0", data0, "--dtype0")
    c.opt("--op0", model_op(op0, "op0"))
    c.scalar("--operand0", "initial", initial, False, flat[0])
    c.opt("--op1", model_op(op1, "op1"))
    m1, _, _ = c.tensor("--operand1", "data1", data1, "--dtype1")
    c.flag("--reverse0", reverse0)
    c.flag("--reverse1", reverse1)
    out = c.out_dtype(dtype, dst, _dtypes.promote(m0, m1))
    return c.run("tensor_tensor_scan", out, shape, dst)

def _b2_reciprocal(dst, data, name=None):
    pass


def _b1_reciprocal(data, *, dtype=None, mask=None, **kwargs):
    pass


@published("reciprocal", _b2_reciprocal, _b1_reciprocal, aliases={"src": "data"}, defers=True, queues=True)
def reciprocal(beta, data, dst=None, dtype=None):
    """`1 / data` element by element (Reciprocal 0x48): the input converted to fp32, the correctly rounded fp32
    quotient (the model's reciprocal_rne decision, not verified against hardware), converted to the output dtype.
    `src=` is taken for `data=` (NKI's migration guide writes it so)."""
    c = Call("reciprocal")
    model, _, shape = c.tensor("--data", "data", data, "--dtype0")
    out = c.out_dtype(dtype, dst, model)
    return c.run("reciprocal", out, shape, dst)


def _b2_tensor_reduce(dst, op, data, axis, negate=False, keepdims=False, name=None):
    pass


def _b1_tensor_reduce(op, data, axis, *, mask=None, dtype=None, negate=False, keepdims=False, **kwargs):
    pass


# NKI's "Legal Reduction" ops (FAMILY-NEXT §3.2): the model's names
_REDUCE_ARITH = {"add", "subtract", "mult", "max", "min", "logical_and", "logical_or", "logical_xor"}
_REDUCE_BITVEC = {"bitwise_and", "bitwise_or", "bitwise_xor"}


@published("tensor_reduce", _b2_tensor_reduce, _b1_tensor_reduce, defers=True, queues=True)
def tensor_reduce(beta, op, data, axis, negate, keepdims, dst=None, dtype=None):
    """Each partition's elements over `axis` folded with `op` (TensorReduce 0x42, or 0x52 for a bitwise op): in fp32
    from the op's identity, element by element in order (the model's reduce_fold decision), negated if asked, cast to
    the output dtype (default: data's). `axis` is a free axis or a run of them ending at the last, or the int 1 for
    the most-minor axis (reduce_axis_one); `keepdims` keeps them as 1s in the returned shape. A Beta 2 `dst` may
    have any shape with the right element count."""
    alu = model_op(op, "op")
    if alu not in _REDUCE_ARITH | _REDUCE_BITVEC:
        raise ValueError(f"tensor_reduce: op={op!r} is not one of NKI's reductions: nl.add, nl.subtract,"
                         " nl.multiply, nl.maximum, nl.minimum, nl.logical_and/or/xor, nl.bitwise_and/or/xor")
    if negate and alu in _REDUCE_BITVEC:
        raise ValueError(f"tensor_reduce: negate=True with op={alu}: negate applies to arithmetic reductions only")
    if not isinstance(data, np.ndarray):
        raise TypeError(f"data: expected a NumPy array, got {type(data).__name__}")
    axes = reduced_axes(axis, data.ndim, int_one_is_minor=True)
    group = int(np.prod([data.shape[a] for a in axes], dtype=np.int64))
    kept = data.shape[:axes[0]]
    shape = kept + (1,) * len(axes) if keepdims else kept
    c = Call("tensor-reduce")
    model, flat, _ = c.tensor("--data", "data", data, "--dtype0")
    c.opt("--op", alu)
    c.opt("--reduce-size", str(group))
    c.flag("--negate", negate)
    if dst is not None:
        if not isinstance(dst, np.ndarray) or dst.size != int(np.prod(shape, dtype=np.int64)):
            raise ValueError(f"dst: shape {getattr(dst, 'shape', None)}: the reduce of {data.shape} over axes {axes}"
                             f" leaves {int(np.prod(shape, dtype=np.int64))} elements ({shape})")
        shape = dst.shape
    out = c.out_dtype(dtype, dst, model)
    return c.run("tensor_reduce", out, shape, dst)
