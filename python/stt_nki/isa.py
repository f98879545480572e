"""`nki.isa`'s Vector Engine calls in both of NKI's call forms, answered bit-exactly by the stt model.

NKI 2.27 and later ("Beta 2", `import nki`): `dst` first, every argument positional or by keyword as published, with
`engine=` and `name=`; the call writes `dst` (and returns it). `neuronxcc.nki` ("Beta 1"): the call returns a new
array, with keyword-only `dtype=` (default: the input's dtype, or NKI's type promotion for `tensor_tensor` and
`tensor_tensor_scan`) and `mask=` (a predicate over a kernel's index expressions, `_masks`). Arrays are
`[P, ...]` (P <= 128 partitions; the free dimensions are flattened in C order). A session (`stt_nki.Session`) is one
NeuronCore: every call runs its instruction words on the session's machine, whose Vector Engine accumulators persist
from call to call, so `reduce_cmd=reduce` folds onto what the previous calls left (`Session.reset()` zeroes it).
"""
import numpy as np

from . import _chip, _dtypes, _kernel, _level, _masks, _session
from ._forms import Forms, command, engine, engine_check, reduce_cmd
from ._forms import dge_mode, matmul_perf_mode, nc_version, oob_mode  # noqa: F401 (nki.isa names)
from ._forms import engine as _forms_engine
from . import language as _nl
from .language import AluOp, OPS

constants = None  # nki.isa.constants: set by compat.install_as_nki

vector_engine, scalar_engine, gpsimd_engine, tensor_engine, unknown_engine = (
    engine.vector, engine.scalar, engine.gpsimd, engine.tensor, engine.unknown)

# ops only the bit-vector datapath has: a call using one becomes the bitvec opcode (SPEC §6)
_BITVEC_ONLY = {"bitwise_not", "arith_shift_left", "arith_shift_right", "logical_shift_left", "logical_shift_right",
                "bitwise_and", "bitwise_or", "bitwise_xor"}
_MODEL_OPS = set(OPS.values()) | _BITVEC_ONLY | {"absolute_diff", "abs_max", "abs_min", "relu", "square", "mod",
                                                 "crc32", "symmetric_clamp"}


_NUMPY_FOLDS = {"max": "max", "amax": "max", "min": "min", "amin": "min", "sum": "add", "prod": "mult"}


def _op(op, what):
    """The model's name of an op: an `nl.` op, a NumPy ufunc of the same name, or the model's name."""
    if isinstance(op, AluOp):
        return op.model
    if isinstance(op, np.ufunc) and op.__name__ in OPS:
        return OPS[op.__name__]
    if callable(op) and getattr(op, "__name__", None) in _NUMPY_FOLDS:  # np.max, np.amin, ...
        return _NUMPY_FOLDS[op.__name__]
    if isinstance(op, str) and op in _MODEL_OPS:
        return op
    raise ValueError(f"{what}={op!r}: not an ALU op; allowed: nl.{', nl.'.join(OPS)}, or a model op name")


def _tile(a, what):
    """(model dtype, [P, F] C-ordered array as it travels, original shape) of a tensor operand."""
    model, travel = _level.flat(a, what)
    return model, travel, a.shape


def _fp32_bits(x):
    return "0x%08x" % int(np.array(x, dtype=np.float32).view(np.uint32))


class _Call:
    """One stt eval command being put together: its arguments and its arrays (named as files, `@data.npy`)."""

    def __init__(self, instruction, new_tile=True):
        """`new_tile`: a Beta 1 call without dst gets a new tile placed for it (False for the Vector Engine transpose,
        which writes a staged 32 x 32 block)."""
        self.args = ["eval", "--instruction", instruction]
        self.arrays = {}
        self.new_tile = new_tile
        self.first = None  # (name, shape) of the first tile operand: the others must have its partition count

    def partitions(self, name, a):
        """An nki.isa call does not broadcast partitions (the model's tile_broadcast): every tile operand has the
        first one's partition count, else a ValueError naming both shapes."""
        shape = np.shape(a)
        if self.first is None:
            self.first = (name, shape)
        elif shape[:1] != self.first[1][:1]:
            first, first_shape = self.first
            raise ValueError(f"{name} {shape} and {first} {first_shape}: the operands of an nki.isa call have one"
                             f" partition count ({shape[0]} against {first_shape[0]}); only tile operators"
                             " broadcast partitions (FAMILY-NEXT §0.2)")

    def opt(self, name, value):
        self.args += [name, value]

    def flag(self, name, on):
        if on:
            self.args.append(name)

    def tensor(self, option, name, a, dtype_option=None):
        """A tile operand: its region when it lives in the session's memory (the word reads it there), else its
        values. Returns (model dtype, (P, F), shape)."""
        if isinstance(a, np.ndarray) and a.ndim >= 1:
            self.partitions(name, a)
        where = _chip.region(a) if isinstance(a, np.ndarray) and a.ndim >= 1 and 1 <= a.shape[0] <= 128 else None
        if where is not None:
            self.opt(option, where)
            return _dtypes.of_array(a, name)[0], (a.shape[0], a.size // a.shape[0]), a.shape
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
        """Runs the call; its output goes into dst (in place when dst lives in the session's memory and is of the
        output's dtype and size), or a new array. With a kernel's tensors in SBUF, the tiles it stages stay below
        them."""
        s = _session.current()
        if isinstance(dst, np.ndarray) and dst.ndim >= 1 and self.first is not None:
            self.partitions("dst", dst)
        if dst is None and self.new_tile:
            dst = _kernel.new_tile(shape, out_model)  # a Beta 1 call's new tile: in SBUF while a kernel runs
        chip = getattr(s, "_chip", None)
        staging = chip.staging() if chip is not None and chip.current() else None
        if staging is not None:
            self.args += ["--staging-bytes", str(staging)]
        where = _chip.region(dst) if isinstance(dst, np.ndarray) and dst.size == int(np.prod(shape)) else None
        if where is not None and where.endswith(":" + out_model) and dst.shape[0] == shape[0]:
            self.args += ["-o", where]
            outputs = []
        else:
            where = None
            self.args.append("-o")
            self.args.append("@out.npy")
            outputs = ["out.npy"]
        self.args += ["--gen", s.gen, "--engine", s.engine]
        if reduce_res is not None:
            self.args += ["--accum-out", "@acc.npy"]
            outputs.append("acc.npy")
        code, _, err, got = s.run(self.args, self.arrays, outputs)
        _session.check(code, err, what, s.last_verdicts)
        if reduce_res is not None:
            _write(reduce_res, got["acc.npy"].reshape(reduce_res.shape), "reduce_res")
        if where is not None:
            return dst
        result = _dtypes.result(got["out.npy"], out_model).reshape(shape)
        if dst is None:
            return result
        _write(dst, result, "dst")
        return dst


def _write(target, values, what):
    if not isinstance(target, np.ndarray):
        raise TypeError(f"{what}: expected a NumPy array, got {type(target).__name__}")
    if target.shape != values.shape:
        raise ValueError(f"{what}: shape {target.shape}, the call's result is {values.shape}")
    _level.put(target, values, what)


def _bitvec(*ops):
    return any(o in _BITVEC_ONLY for o in ops)


def _reduce(reduce_res, cmd, c, partitions):
    """An accumulating call's reduce_res and reduce_cmd: idle; reset_reduce (fold from the op's identity) or reduce
    (fold onto the session's accumulators as the previous calls left them), with reduce_res (a float32 [P, 1] array)
    to read the fold into, or None to keep it in the engine."""
    cmd = command("reduce_cmd", cmd)
    if cmd in ("load_reduce", "reset"):
        raise NotImplementedError(f"reduce_cmd={cmd}: this call's instruction has no such accumulator command in"
                                  " the model (idle, reset_reduce and reduce run)")
    if cmd == "idle":
        if reduce_res is not None:
            raise ValueError("reduce_res needs reduce_cmd reset_reduce or reduce (idle leaves the accumulators alone)")
        return
    _check_reduce_res(reduce_res, partitions)
    c.opt("--accumulate", "reset" if cmd == "reset_reduce" else "add")


def _check_reduce_res(reduce_res, partitions):
    if reduce_res is not None and (not isinstance(reduce_res, np.ndarray) or reduce_res.dtype != np.float32
                                   or reduce_res.shape not in ((partitions,), (partitions, 1))):
        raise ValueError(f"reduce_res: a float32 [{partitions}, 1] array, got {getattr(reduce_res, 'dtype', None)}"
                         f" {getattr(reduce_res, 'shape', type(reduce_res).__name__)}")


# engines other than the Vector Engine whose work a call may name when that work is pure data movement: the bits
# are the same whichever engine moves them (FAMILY-NEXT's fidelity level L1), so the model's Vector Engine does it
_MOVERS = {engine.scalar, engine.gpsimd}


def _published(name, beta2, beta1, aliases=None, moves_data=False, picks_engine=False):
    """The call `name` in both forms: `run(beta, arguments)` does it. `aliases` maps other keyword names sources use
    for an argument onto the published one. A call that `moves_data` may name the Scalar or GpSimd engine: `run` then
    gets `mover=` that engine's name and refuses what is more than data movement there. A call that `picks_engine`
    gets `engine=` (an `engine` member) and decides itself."""
    forms = Forms(name, beta2, beta1)

    def wrap(run):
        def call(*args, **kwargs):
            for other, published in (aliases or {}).items():
                if other in kwargs and published not in kwargs:
                    kwargs[published] = kwargs.pop(other)
            beta, a = forms.bind(args, kwargs)
            named = a.pop("engine", None)
            named = engine.__members__.get(named, named) if isinstance(named, str) else named
            if picks_engine:
                a["engine"] = engine.unknown if named is None else named
            elif moves_data and named in _MOVERS:
                a["mover"] = named.name
            else:
                engine_check(name, named)
            a.pop("name", None)
            mask = a.pop("mask", None) if beta == 1 else None
            if mask is not None:
                return _masks.apply(name, mask, lambda **given: run(beta, **given), a)
            return run(beta, **a)
        call.__name__ = call.__qualname__ = name
        call.__signature__ = forms.beta2  # NKI 2.27+'s, as published
        call.__doc__ = (run.__doc__ or "") + (f"\n\nForms: {name}{forms.beta2} (NKI 2.27+), {name}{forms.beta1}"
                                              " (Beta 1).")
        return call
    return wrap


# The published signatures (aws-neuron-sdk nki/api/nki/isa/__init__.py for NKI 2.32; general/nki/api/nki/isa at
# v2.26.0 for Beta 1). stt_nki's extensions are keyword-only: reduce_res/reduce_cmd on scalar_tensor_tensor, a
# select_reduce without dst returning a new array.

def _b2_scalar_tensor_tensor(dst, data, op0, operand0, op1, operand1, reverse0=False, reverse1=False, name=None, *,
                             reduce_res=None, reduce_cmd=reduce_cmd.idle):
    pass


def _b1_scalar_tensor_tensor(*, data, op0, operand0, op1, operand1, reverse0=False, reverse1=False, dtype=None,
                             mask=None, reduce_res=None, reduce_cmd=reduce_cmd.idle, **kwargs):
    pass


@_published("scalar_tensor_tensor", _b2_scalar_tensor_tensor, _b1_scalar_tensor_tensor)
def scalar_tensor_tensor(beta, data, op0, operand0, op1, operand1, reverse0, reverse1, reduce_res, reduce_cmd,
                         dst=None, dtype=None):
    """`(data op0 operand0) op1 operand1` (reverse0/1 swap a stage's operands): 0x9d, or 0x9e for bit-vector ops.
    With `reduce_res` (a float32 [P, 1] array) and `reduce_cmd=reset_reduce`, the per-partition fp32 sum of the
    results is written into it."""
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


def _b2_tensor_tensor(dst, data1, data2, op, engine=engine.unknown, name=None):
    pass


def _b1_tensor_tensor(data1, data2, op, *, dtype=None, mask=None, engine=engine.unknown, **kwargs):
    pass


@_published("tensor_tensor", _b2_tensor_tensor, _b1_tensor_tensor)
def tensor_tensor(beta, data1, data2, op, dst=None, dtype=None):
    """`data1 op data2`: Tensor-Tensor 0x41, or 0x51 for a bit-vector op; an op the Vector Engine's word refuses
    (divide, pow, mod) runs on GpSimd (`_or_gpsimd`). Beta 1's default dtype is NKI's type promotion of the two inputs
    (bf16 with fp32 gives fp32). The operands (and dst) have one partition count."""
    c = _Call("tensor-tensor")
    m1, _, shape = c.tensor("--data", "data1", data1, "--dtype0")
    m2, _, _ = c.tensor("--data2", "data2", data2, "--dtype1")
    alu = _op(op, "op")
    c.opt("--op", alu)
    out = c.out_dtype(dtype, dst, _dtypes.promote(m1, m2))
    return _or_gpsimd(lambda: c.run("tensor_tensor", out, shape, dst), "tensor_tensor",
                      {"data1": data1, "data2": data2}, {}, {"op": alu}, out, shape, dst)


def _b2_tensor_scalar(dst, data, op0, operand0, reverse0=False, op1=None, operand1=None, reverse1=False,
                      engine=engine.unknown, name=None):
    pass


def _b1_tensor_scalar(data, op0, operand0, reverse0=False, op1=None, operand1=None, reverse1=False, *, dtype=None,
                      mask=None, engine=engine.unknown, **kwargs):
    pass


@_published("tensor_scalar", _b2_tensor_scalar, _b1_tensor_scalar)
def tensor_scalar(beta, data, op0, operand0, reverse0, op1, operand1, reverse1, dst=None, dtype=None):
    """`(data op0 operand0) op1 operand1`, the second stage optional: Tensor-Scalar 0x43 (0x53 for bit-vector); an op
    the Vector Engine's word refuses (divide, pow, mod) runs on GpSimd (`_or_gpsimd`)."""
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
        return _calls._give(dst, _level.as_result(got["dst"], out, shape))


def _b2_tensor_scalar_reduce(dst, data, op0, operand0, reduce_op, reduce_res=None, reverse0=False,
                             reduce_cmd=reduce_cmd.reset_reduce, reduce_init=None, reduce_res_negate=False,
                             name=None):
    pass


def _b1_tensor_scalar_reduce(*, data, op0, operand0, reduce_op, reduce_res, reverse0=False, dtype=None, mask=None,
                             reduce_res_negate=False, **kwargs):
    pass


@_published("tensor_scalar_reduce", _b2_tensor_scalar_reduce, _b1_tensor_scalar_reduce)
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
    a0, fold = _op(op0, "op0"), _op(reduce_op, "reduce_op")
    c = _Call("tensor-scalar")
    model, flat, shape = c.tensor("--data", "data", data, "--dtype0")
    c.opt("--op0", a0)
    c.scalar("--operand0", "operand0", operand0, False, flat[0])
    c.opt("--reduce-op", fold)
    c.opt("--reduce-cmd", cmd)
    if reduce_init is not None:
        c.scalar("--reduce-init", "reduce_init", reduce_init, False, flat[0])
    c.flag("--reduce-negate", reduce_res_negate)
    _check_reduce_res(reduce_res, flat[0])
    out = c.out_dtype(dtype, dst, model)
    return c.run("tensor_scalar_reduce", out, shape, dst, reduce_res)


def _b2_tensor_scalar_cumulative(dst, src, op0, op1, imm0, imm1=None, reduce_cmd=reduce_cmd.reset_reduce, name=None):
    pass


def _b1_tensor_scalar_cumulative(src, op0, op1, imm0, imm1=None, reduce_cmd=reduce_cmd.reset_reduce, *, dtype=None,
                                 mask=None, **kwargs):
    pass


@_published("tensor_scalar_cumulative", _b2_tensor_scalar_cumulative, _b1_tensor_scalar_cumulative)
def tensor_scalar_cumulative(beta, src, op0, op1, imm0, imm1, reduce_cmd, dst=None, dtype=None):
    """Per partition, `reg = op1(src op0 imm0, reg)` element by element, each running value written
    (TensorScalarCacheCumulative 0xe6): reg starts at op1's identity (reset_reduce), where the previous call left
    the accumulators (reduce), or `imm1` (load_reduce). Beta 1's form (returning a new tile) is stt_nki's."""
    cmd = command("reduce_cmd", reduce_cmd)
    if cmd not in ("reset_reduce", "reduce", "load_reduce"):
        raise ValueError(f"tensor_scalar_cumulative: reduce_cmd={cmd}: allowed: reset_reduce, reduce, load_reduce")
    fold = _op(op1, "op1")
    if fold not in ("add", "subtract", "mult", "max", "min"):
        raise ValueError(f"tensor_scalar_cumulative: op1={op1!r}: the fold is add, subtract, multiply, maximum or"
                         " minimum")
    c = _Call("tensor-scalar")
    model, flat, shape = c.tensor("--data", "src", src, "--dtype0")
    if model in ("int32", "uint32"):
        raise ValueError(f"tensor_scalar_cumulative: src is {model}: int32/uint32 are not supported (NKI)")
    c.opt("--op0", _op(op0, "op0"))
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


def _b2_tensor_copy(dst, src, engine=engine.unknown, name=None):
    pass


def _b1_tensor_copy(src, *, mask=None, dtype=None, engine=engine.unknown, **kwargs):
    pass


@_published("tensor_copy", _b2_tensor_copy, _b1_tensor_copy, moves_data=True)
def tensor_copy(beta, src, dst=None, dtype=None, mover=None):
    """A copy of `src` (Copy 0x46), or a cast through fp32 when the output dtype differs (Cast 0x47). With
    `engine=scalar` or `gpsimd` a copy is the same bits (data movement); a cast there is refused (that engine's
    rounding is not the model's claim)."""
    c = _Call("copy")
    model, _, shape = c.tensor("--data", "src", src, "--dtype0")
    out = c.out_dtype(dtype, dst, model)
    if mover is not None and out != model:
        raise NotImplementedError(f"tensor_copy: engine={mover}: a cast from {model} to {out} on the {mover} engine"
                                  " rounds as that engine does, which this model does not claim (FAMILY-NEXT: lower"
                                  " fidelity); a copy without a cast runs there, a cast with engine=vector")
    return c.run("tensor_copy", out, shape, dst)


def _b2_memset(dst, value, engine=engine.unknown, name=None):
    pass


def _b1_memset(shape, value, dtype, *, mask=None, engine=engine.unknown, **kwargs):
    pass


@_published("memset", _b2_memset, _b1_memset, moves_data=True)
def memset(beta, value, dst=None, shape=None, dtype=None, mover=None):
    """Every element `value`, encoded in the dtype as NKI does (Memset 0x49): an integer dtype takes an integer in its
    range exactly, a float dtype the value rounded to nearest even. Beta 2 fills `dst`; Beta 1 returns a new tile of
    `shape` and `dtype`. `engine=gpsimd` or `scalar` writes the same bits (data movement)."""
    if dst is not None:
        shape = dst.shape
        dtype = dtype if dtype is not None else dst.dtype
    shape = tuple(int(n) for n in np.atleast_1d(shape))
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


def _b2_tensor_tensor_scan(dst, data0, data1, initial, op0, op1, reverse0=False, reverse1=False, name=None):
    pass


def _b1_tensor_tensor_scan(data0, data1, initial, op0, op1, reverse0=False, reverse1=False, *, dtype=None, mask=None,
                           **kwargs):
    pass


@_published("tensor_tensor_scan", _b2_tensor_tensor_scan, _b1_tensor_tensor_scan)
def tensor_tensor_scan(beta, data0, data1, initial, op0, op1, reverse0, reverse1, dst=None, dtype=None):
    """Per partition, `state = (data0 op0 state) op1 data1` from `initial`, each state written (0xe5). Beta 1's
    default dtype is NKI's type promotion of data0 and data1."""
    c = _Call("scan")
    m0, flat, shape = c.tensor("--data", "data0", data0, "--dtype0")
    c.opt("--op0", _op(op0, "op0"))
    c.scalar("--operand0", "initial", initial, False, flat[0])
    c.opt("--op1", _op(op1, "op1"))
    m1, _, _ = c.tensor("--operand1", "data1", data1, "--dtype1")
    c.flag("--reverse0", reverse0)
    c.flag("--reverse1", reverse1)
    out = c.out_dtype(dtype, dst, _dtypes.promote(m0, m1))
    return c.run("tensor_tensor_scan", out, shape, dst)


def _b2_select_reduce(dst, predicate, on_true, on_false, reduce_res=None, reduce_cmd=reduce_cmd.idle,
                      reduce_op=np.maximum, reverse_pred=False, name=None):
    pass


def _b1_select_reduce(*, predicate, on_true, on_false, dst=None, reduce_res=None, reduce_cmd=reduce_cmd.idle,
                      reduce_op=np.maximum, reverse_pred=False, mask=None, dtype=None, **kwargs):
    pass


_MAX = {"max", "maximum", "amax"}


@_published("select_reduce", _b2_select_reduce, _b1_select_reduce)
def select_reduce(beta, predicate, on_true, on_false, reduce_res, reduce_cmd, reduce_op, reverse_pred, dst=None,
                  dtype=None):
    """`predicate ? on_true : on_false` (0xea); with `reduce_res`, the per-partition max of the selected values."""
    if getattr(reduce_op, "nki", getattr(reduce_op, "__name__", reduce_op)) not in _MAX:
        raise ValueError(f"select_reduce: reduce_op={reduce_op!r}: the select-reduce folds with maximum only")
    c = _Call("select-reduce")
    _, flat, _ = c.tensor("--data", "predicate", predicate, "--dtype0")
    model, _, shape = c.tensor("--operand1", "on_true", on_true, "--dtype1")
    c.scalar("--operand0", "on_false", on_false, False, flat[0])
    c.flag("--reverse0", reverse_pred)
    _reduce(reduce_res, reduce_cmd, c, flat[0])
    out = c.out_dtype(dtype, dst, model)
    return c.run("select_reduce", out, shape, dst, reduce_res)


def _b2_tensor_copy_predicated(dst, src, predicate, reverse_pred=False, name=None):
    pass


def _b1_tensor_copy_predicated(*, src, dst, predicate, reverse_pred=False, mask=None, dtype=None, **kwargs):
    pass


@_published("tensor_copy_predicated", _b2_tensor_copy_predicated, _b1_tensor_copy_predicated)
def tensor_copy_predicated(beta, dst, src, predicate, reverse_pred, dtype=None):
    """Where `predicate` is non-zero (zero, with `reverse_pred`), `dst` takes `src`'s element (bits, or cast when the
    dtypes differ); the rest of `dst` is kept (CopyPredicated 0x72 / CastPredicated 0x99). `src` may be a number,
    set in a tile of dst's shape and dtype first (Memset); `reverse_pred` first makes the predicate `predicate == 0`
    (Tensor-Scalar). Writes into `dst` and returns it."""
    if not isinstance(dst, np.ndarray):
        raise TypeError(f"dst: expected a NumPy array to update, got {type(dst).__name__}")
    if dtype is not None and _dtypes.named(dtype, "dtype") != _dtypes.of_array(dst, "dst")[0]:
        raise ValueError("tensor_copy_predicated: dtype= must be dst's dtype (the call writes into dst)")
    if not isinstance(src, np.ndarray):
        src = memset(shape=dst.shape, value=src, dtype=dst.dtype)
    if reverse_pred:
        predicate = tensor_scalar(data=predicate, op0=_nl.equal, operand0=0.0, dtype=np.uint8)
    c = _Call("copy-predicated")
    c.tensor("--data", "src", src, "--dtype0")
    c.tensor("--predicate", "predicate", predicate)
    model, _, shape = c.tensor("--dst-in", "dst", dst, "--dtype1")
    return c.run("tensor_copy_predicated", model, shape, dst)


def _b2_reciprocal(dst, data, name=None):
    pass


def _b1_reciprocal(data, *, dtype=None, mask=None, **kwargs):
    pass


@_published("reciprocal", _b2_reciprocal, _b1_reciprocal, aliases={"src": "data"})
def reciprocal(beta, data, dst=None, dtype=None):
    """`1 / data` element by element (Reciprocal 0x48): the input converted to fp32, the correctly rounded fp32
    quotient (the model's reciprocal_rne decision, not verified against hardware), converted to the output dtype.
    `src=` is taken for `data=` (NKI's migration guide writes it so)."""
    c = _Call("reciprocal")
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


def _reduced_axes(axis, ndim):
    """`axis` as the sorted free axes it names: an int or a list, a contiguous run ending at the last axis, never 0."""
    axes = [axis] if isinstance(axis, (int, np.integer)) else list(axis) if isinstance(axis, (list, tuple)) else None
    if not axes or not all(isinstance(a, (int, np.integer)) for a in axes):
        raise TypeError(f"tensor_reduce: axis={axis!r}: an int or a list of ints (free axes of the tile)")
    named = sorted(int(a) + ndim if a < 0 else int(a) for a in axes)
    if named[0] < 1 or named != list(range(named[0], ndim)):
        legal = ", ".join(str(list(range(k, ndim))) for k in range(ndim - 1, 0, -1))
        raise ValueError(f"tensor_reduce: axis={axis!r} on a {ndim}-D tile: the reduced axes must be a contiguous run"
                         f" of free axes ending at the last one, never axis 0 (the partitions); allowed: {legal}")
    return named


@_published("tensor_reduce", _b2_tensor_reduce, _b1_tensor_reduce)
def tensor_reduce(beta, op, data, axis, negate, keepdims, dst=None, dtype=None):
    """Each partition's elements over `axis` folded with `op` (TensorReduce 0x42, or 0x52 for a bitwise op): in fp32
    from the op's identity, element by element in order (the model's reduce_fold decision), negated if asked, cast to
    the output dtype (default: data's). `axis` is a free axis or a run of them ending at the last; `keepdims` keeps
    them as 1s in the returned shape. A Beta 2 `dst` may have any shape with the right element count."""
    alu = _op(op, "op")
    if alu not in _REDUCE_ARITH | _REDUCE_BITVEC:
        raise ValueError(f"tensor_reduce: op={op!r} is not one of NKI's reductions: nl.add, nl.subtract,"
                         " nl.multiply, nl.maximum, nl.minimum, nl.logical_and/or/xor, nl.bitwise_and/or/xor")
    if negate and alu in _REDUCE_BITVEC:
        raise ValueError(f"tensor_reduce: negate=True with op={alu}: negate applies to arithmetic reductions only")
    if not isinstance(data, np.ndarray):
        raise TypeError(f"data: expected a NumPy array, got {type(data).__name__}")
    axes = _reduced_axes(axis, data.ndim)
    group = int(np.prod([data.shape[a] for a in axes], dtype=np.int64))
    kept = data.shape[:axes[0]]
    shape = kept + (1,) * len(axes) if keepdims else kept
    c = _Call("tensor-reduce")
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


def _b2_nc_transpose(dst, data, engine=engine.unknown, name=None):
    pass


def _b1_nc_transpose(data, *, mask=None, dtype=None, engine=engine.unknown, **kwargs):
    pass


@_published("nc_transpose", _b2_nc_transpose, _b1_nc_transpose, picks_engine=True)
def nc_transpose(beta, data, engine, dst=None, dtype=None):
    """`dst[f, p] = data[p, f]`, the free axes flattened to F, bits copied. The Vector Engine (at most 32 x 32) runs
    StreamTranspose (0x6b) on the model; the Tensor Engine (at most 128 x 128, CAYMAN and later) is a bit copy at NKI
    level. `engine=unknown` picks the Vector Engine when both sides are at most 32, as the compiler does. Beta 2's
    `dst` has data's dtype; Beta 1's `dtype=` casts the transposed tile (tensor_copy)."""
    if not isinstance(data, np.ndarray) or data.ndim < 2:
        raise TypeError(f"nc_transpose: data: expected a [P, F...] NumPy array, got {getattr(data, 'shape', data)!r}")
    p, f = data.shape[0], int(np.prod(data.shape[1:], dtype=np.int64))
    if engine not in (_forms_engine.unknown, _forms_engine.vector, _forms_engine.tensor):
        raise ValueError(f"nc_transpose: engine={engine.name}: a transpose runs on the Vector or the Tensor Engine")
    if engine == _forms_engine.unknown:
        engine = _forms_engine.vector if p <= 32 and f <= 32 else _forms_engine.tensor
    if dst is not None and dst.dtype != data.dtype:
        raise ValueError(f"nc_transpose: dst is {dst.dtype}, data {data.dtype}: a transpose keeps the dtype")
    if engine == _forms_engine.vector:
        if p > 32 or f > 32:
            raise ValueError(f"nc_transpose: engine=vector: data is [{p}, {f}]; the Vector Engine transposes at most"
                             " 32 x 32 (engine=tensor takes up to 128 x 128)")
        c = _Call("transpose", new_tile=False)
        model, _, _ = c.tensor("--data", "data", data, "--dtype0")
        result = c.run("nc_transpose", model, (f, p), None)
    else:
        c = _level.Level("nc_transpose")  # the Tensor Engine's bit copy, at NKI level
        model, _, _ = c.tile("data", data.reshape(p, f))
        result = _level.as_result(c.run()["dst"], model, (f, p))
    if dst is not None:
        _write(dst, result.reshape(dst.shape) if dst.size == result.size else result, "dst")
        return dst
    if dtype is not None and _dtypes.named(dtype, "dtype") != _dtypes.of_array(result, "data")[0]:
        return tensor_copy(result, dtype=dtype)
    return result


# the calls the model runs at NKI level (Scalar, Tensor, GpSimd engines, DMA), in both forms
from . import _calls  # noqa: E402 (they are defined with _published above)

globals().update(_calls.install(_published))

from ._isa_names import *  # noqa: E402,F401,F403 (the rest of NKI's published names)
