"""One `stt eval` command being put together for a call the Vector Engine runs as a word (`Call`): its arguments,
its arrays (the session's regions when the tiles live in its memory, else values sent as files), the output
dtype, and the run that writes the result into dst or a new tile. Also the helpers those calls share: the model's
name of an op, the bit-vector test, the accumulator arguments."""
import math

import numpy as np

from . import _chip, _dtypes, _level, _session
from ._forms import command
from ._ops import AluOp, OPS

# ops only the bit-vector datapath has: a call using one becomes the bitvec opcode (SPEC §6)
_BITVEC_ONLY = {"bitwise_not", "arith_shift_left", "arith_shift_right", "logical_shift_left", "logical_shift_right",
                "bitwise_and", "bitwise_or", "bitwise_xor"}
_MODEL_OPS = set(OPS.values()) | _BITVEC_ONLY | {"absolute_diff", "abs_max", "abs_min", "relu", "square", "mod",
                                                 "crc32", "symmetric_clamp"}


_NUMPY_FOLDS = {"max": "max", "amax": "max", "min": "min", "amin": "min", "sum": "add", "prod": "mult"}


def model_op(op, what):
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


class Call:
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
        shape = a.shape if isinstance(a, np.ndarray) else np.shape(a)
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
        _session.current().touch(a)
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
        """A number (fp32 immediate; an integer's low bits for bitvec) or a [P, 1] / [P] array (one per partition): in
        the session's memory its region, which the word reads where it is, else its values."""
        if isinstance(x, np.ndarray):
            region = _chip.region(x) if x.shape in ((partitions,), (partitions, 1)) else None
            if region is not None and _dtypes.of_array(x, name)[0] not in _dtypes.BITS_MODELS:
                _session.current().touch(x)
                self.opt(option, region)
                return
            if _session.PENDING:
                _session.sync_pending()  # its values travel
            if x.shape not in ((partitions,), (partitions, 1)):
                raise ValueError(f"{name}: shape {x.shape}; a per-partition scalar is [{partitions}, 1]")
            model, travel = _dtypes.of_array(x, name)
            if model in _dtypes.BITS_MODELS:
                travel = x.astype(np.float32)  # exact: the pointer then reads fp32
            _session.current().touch(x)
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
            dst = _chip.new_tile(shape, out_model)  # a Beta 1 call's new tile: in SBUF while a kernel runs
        chip = getattr(s, "_chip", None)
        staging = chip.staging() if chip is not None and chip.current() else None
        if staging is not None:
            self.args += ["--staging-bytes", str(staging)]
        where = _chip.region(dst) if isinstance(dst, np.ndarray) and dst.size == math.prod(shape) else None
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
            write(reduce_res, got["acc.npy"].reshape(reduce_res.shape), "reduce_res")
        if where is not None:
            s.wrote(dst)
            return dst
        result = _dtypes.result(got["out.npy"], out_model).reshape(shape)
        if dst is None:
            s.wrote(result)
            return result
        write(dst, result, "dst")
        return dst


def write(target, values, what):
    if not isinstance(target, np.ndarray):
        raise TypeError(f"{what}: expected a NumPy array, got {type(target).__name__}")
    if target.shape != values.shape:
        raise ValueError(f"{what}: shape {target.shape}, the call's result is {values.shape}")
    _level.put(target, values, what)


def uses_bitvec(*ops):
    return any(o in _BITVEC_ONLY for o in ops)


def reduce_args(reduce_res, cmd, c, partitions):
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
    check_reduce_res(reduce_res, partitions)
    c.opt("--accumulate", "reset" if cmd == "reset_reduce" else "add")


def check_reduce_res(reduce_res, partitions):
    if reduce_res is not None and (not isinstance(reduce_res, np.ndarray) or reduce_res.dtype != np.float32
                                   or reduce_res.shape not in ((partitions,), (partitions, 1))):
        raise ValueError(f"reduce_res: a float32 [{partitions}, 1] array, got {getattr(reduce_res, 'dtype', None)}"
                         f" {getattr(reduce_res, 'shape', type(reduce_res).__name__)}")
