"""The Vector Engine's `nki.isa` calls that copy, fill, select and transpose (`_eval.Call`), in both call forms:
tensor_copy, memset, select_reduce, tensor_copy_predicated, nc_transpose (the Tensor Engine's transpose at NKI
level)."""
import numpy as np

from . import _dtypes, _level, _ops
from ._eval import Call, reduce_args, write
from ._forms import engine, reduce_cmd
from ._forms import engine as _forms_engine
from ._published import published
from ._vector_alu import tensor_scalar

# The published signatures (aws-neuron-sdk nki/api/nki/isa/__init__.py for NKI 2.32; general/nki/api/nki/isa at
# v2.26.0 for Beta 1). stt_nki's extension, keyword-only: a select_reduce without dst returning a new array.

def _b2_tensor_copy(dst, src, engine=engine.unknown, name=None):
    pass


def _b1_tensor_copy(src, *, mask=None, dtype=None, engine=engine.unknown, **kwargs):
    pass


@published("tensor_copy", _b2_tensor_copy, _b1_tensor_copy, moves_data=True, defers=True, queues=True)
def tensor_copy(beta, src, dst=None, dtype=None, mover=None):
    """A copy of `src` (Copy 0x46), or a cast through fp32 when the output dtype differs (Cast 0x47). With
    `engine=scalar` or `gpsimd` a copy is the same bits (data movement); a cast there is refused (that engine's
    rounding is not the model's claim)."""
    c = Call("copy")
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


@published("memset", _b2_memset, _b1_memset, moves_data=True, defers=True, queues=True)
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
    c = Call("memset")
    free = int(np.prod(shape[1:], dtype=np.int64)) if len(shape) > 1 else 1
    c.opt("--shape", f"{shape[0]}x{free}")
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"value: expected a number, got {type(value).__name__}")
    # the value itself, exactly: the model encodes it in the dtype (an integer as is, a float rounded from the double)
    c.opt("--value", str(int(value)) if isinstance(value, (int, np.integer)) else repr(float(value)))
    out = c.out_dtype(dtype, None, None)
    return c.run("memset", out, shape, dst)

def _b2_select_reduce(dst, predicate, on_true, on_false, reduce_res=None, reduce_cmd=reduce_cmd.idle,
                      reduce_op=np.maximum, reverse_pred=False, name=None):
    pass


def _b1_select_reduce(*, predicate, on_true, on_false, dst=None, reduce_res=None, reduce_cmd=reduce_cmd.idle,
                      reduce_op=np.maximum, reverse_pred=False, mask=None, dtype=None, **kwargs):
    pass


_MAX = {"max", "maximum", "amax"}


@published("select_reduce", _b2_select_reduce, _b1_select_reduce, defers=True, queues=True)
def select_reduce(beta, predicate, on_true, on_false, reduce_res, reduce_cmd, reduce_op, reverse_pred, dst=None,
                  dtype=None):
    """`predicate ? on_true : on_false` (0xea); with `reduce_res`, the per-partition max of the selected values."""
    if getattr(reduce_op, "nki", getattr(reduce_op, "__name__", reduce_op)) not in _MAX:
        raise ValueError(f"select_reduce: reduce_op={reduce_op!r}: the select-reduce folds with maximum only")
    c = Call("select-reduce")
    _, flat, _ = c.tensor("--data", "predicate", predicate, "--dtype0")
    model, _, shape = c.tensor("--operand1", "on_true", on_true, "--dtype1")
    c.scalar("--operand0", "on_false", on_false, False, flat[0])
    c.flag("--reverse0", reverse_pred)
    reduce_args(reduce_res, reduce_cmd, c, flat[0])
    out = c.out_dtype(dtype, dst, model)
    return c.run("select_reduce", out, shape, dst, reduce_res)


def _b2_tensor_copy_predicated(dst, src, predicate, reverse_pred=False, name=None):
    pass


def _b1_tensor_copy_predicated(*, src, dst, predicate, reverse_pred=False, mask=None, dtype=None, **kwargs):
    pass


@published("tensor_copy_predicated", _b2_tensor_copy_predicated, _b1_tensor_copy_predicated, defers=True, queues=True)
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
        predicate = tensor_scalar(data=predicate, op0=_ops.equal, operand0=0.0, dtype=np.uint8)
    c = Call("copy-predicated")
    c.tensor("--data", "src", src, "--dtype0")
    c.tensor("--predicate", "predicate", predicate)
    model, _, shape = c.tensor("--dst-in", "dst", dst, "--dtype1")
    return c.run("tensor_copy_predicated", model, shape, dst)

def _b2_nc_transpose(dst, data, engine=engine.unknown, name=None):
    pass


def _b1_nc_transpose(data, *, mask=None, dtype=None, engine=engine.unknown, **kwargs):
    pass


@published("nc_transpose", _b2_nc_transpose, _b1_nc_transpose, picks_engine=True, defers=True, queues=True)
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
        c = Call("transpose", new_tile=False)
        model, _, _ = c.tensor("--data", "data", data, "--dtype0")
        result = c.run("nc_transpose", model, (f, p), None)
    else:
        c = _level.Level("nc_transpose")  # the Tensor Engine's bit copy, at NKI level
        model, _, _ = c.tile("data", data.reshape(p, f))
        result = _level.as_result(c.run()["dst"], model, (f, p))
    if dst is not None:
        write(dst, result.reshape(dst.shape) if dst.size == result.size else result, "dst")
        return dst
    if dtype is not None and _dtypes.named(dtype, "dtype") != _dtypes.of_array(result, "data")[0]:
        return tensor_copy(result, dtype=dtype)
    return result

