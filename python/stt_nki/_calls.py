"""`nki.isa`'s calls on the Scalar, Tensor and GpSimd engines, in both call forms (FAMILY-NEXT §5-§7), each run at
NKI level by the model (`_level`): activation, activation_reduce, nc_matmul, iota, affine_select,
tensor_partition_reduce. Their signatures are the published ones (NKI 2.32 and 2.26); `isa` exports them."""
import numpy as np

from . import _dtypes, _session
from ._forms import reduce_cmd, command
from ._level import Level, as_result, give, model_of, nki_name, out_dtype, put
from ._ops import ActFunction
from ._published import published


# --- activation (Scalar Engine) ---------------------------------------------------------------------------------
def _b2_activation(dst, op, data, bias=None, scale=1.0, reduce_op=None, reduce_res=None,
                   reduce_cmd=reduce_cmd.idle, name=None):
    pass


def _b1_activation(op, data, *, bias=None, scale=1.0, reduce_op=None, reduce_res=None,
                   reduce_cmd=reduce_cmd.idle, mask=None, dtype=None, **kwargs):
    pass


@published("activation", _b2_activation, _b1_activation, defers=True)
def activation(beta, op, data, bias, scale, reduce_op, reduce_res, reduce_cmd, dst=None, dtype=None):
    """`op(data * scale + bias)` on the Scalar Engine: one fp32 fma, then the function (copy, relu, prelu, abs,
    sign, square at model level; exp, log, tanh, gelu, silu, ... approximate: StrictMath rounded once), written
    as the output dtype. `reduce_cmd` folds the fp32 function values into the engine's own per-lane registers
    (reset, reduce, reset_reduce; idle leaves them); `reduce_res` ([P, 1] fp32/bf16/fp16) reads them."""
    c = Level("activation")
    model, rows, _ = c.tile("data", data)
    c.arg("op", nki_name(op, "op", ActFunction.NAMES))
    if bias is not None:
        c.column("bias", bias, rows)
    c.column("scale", scale, rows)
    if reduce_op is not None:
        c.arg("reduce_op", nki_name(reduce_op, "reduce_op", ("add",)))
    cmd = command("reduce_cmd", reduce_cmd)
    if cmd == "load_reduce":
        raise ValueError("activation: reduce_cmd=load_reduce: allowed: idle, reset, reduce, reset_reduce")
    c.arg("reduce_cmd", cmd)
    outputs = ["dst"]
    if reduce_res is not None:
        if not isinstance(reduce_res, np.ndarray) or reduce_res.shape not in ((rows,), (rows, 1)):
            raise ValueError(f"activation: reduce_res: a [{rows}, 1] fp32, bf16 or fp16 array")
        c.into("reduce_res", reduce_res, outputs)
    out = out_dtype(dtype, dst, model)
    c.arg("dtype", out)
    c.direct("dst", dst, out, data.shape)
    got = c.run(outputs)
    if reduce_res is not None:
        c.fill(got, "reduce_res", reduce_res)
    return c.result(got, "dst", dst, out, data.shape)


def _b2_activation_reduce(dst, op, data, reduce_op, reduce_res, bias=None, scale=1.0, name=None):
    pass


def _b1_activation_reduce(op, data, *, reduce_op, reduce_res, bias=None, scale=1.0, mask=None, dtype=None,
                          **kwargs):
    pass


@published("activation_reduce", _b2_activation_reduce, _b1_activation_reduce)
def activation_reduce(beta, op, data, reduce_op, reduce_res, bias, scale, dst=None, dtype=None):
    """activation with `reduce_cmd=reset_reduce`: kept by NKI "for backward compatibility"."""
    return activation(dst, op, data, bias=bias, scale=scale, reduce_op=reduce_op, reduce_res=reduce_res,
                      reduce_cmd="reset_reduce") if dst is not None else activation(
        op=op, data=data, bias=bias, scale=scale, reduce_op=reduce_op, reduce_res=reduce_res,
        reduce_cmd="reset_reduce", dtype=dtype)


# --- nc_matmul (Tensor Engine) ----------------------------------------------------------------------------------
def _b2_nc_matmul(dst, stationary, moving, is_stationary_onezero=False, is_moving_onezero=False,
                  is_transpose=False, accumulate=None, tile_position=(), tile_size=(), perf_mode=None, name=None):
    pass


def _b1_nc_matmul(stationary, moving, *, is_stationary_onezero=False, is_moving_onezero=False,
                  is_transpose=False, tile_position=(), tile_size=(), mask=None, perf_mode=None, **kwargs):
    pass


@published("nc_matmul", _b2_nc_matmul, _b1_nc_matmul, defers=True)
def nc_matmul(beta, stationary, moving, is_stationary_onezero, is_moving_onezero, is_transpose, tile_position,
              tile_size, perf_mode, dst=None, accumulate=None):
    """`stationary.T @ moving` on the Tensor Engine, K the partitions of both: one fp32 fma per k, ascending
    (the model's matmul_numerics; bf16/fp16/fp8 inputs at model level, fp32 approximate). Beta 2 writes `dst`
    (fp32, or bf16 on NC-v4), accumulating per `accumulate` (None: overwrite dst unless a matmul wrote all of
    it, then add — the model's matmul_accumulate_none); Beta 1 returns a new fp32 tile, which `psum += ...`
    accumulates in fp32."""
    # on NC-v2 is_transpose is a profiler hint, and fp32 has no bit-moving transpose mode (the model's
    # transpose_fp32): both run as the ordinary matmul of stationary with moving (the identity kernels pass)
    mode = getattr(perf_mode, "value", perf_mode)
    if _session.PENDING and (is_transpose or mode not in (None, "none", 0)):
        _session.sync_pending()  # the transpose and double-row modes read and write values on the host
    if is_transpose and _session.current().gen != "sunda" and _model_or_none(stationary) in _TRANSPOSED:
        return _transpose_mode(stationary, dst)
    if mode not in (None, "none", 0, "double_row", "double_row_gen3"):
        raise ValueError(f"nc_matmul: perf_mode={perf_mode!r}: allowed: none, double_row (double_row_gen3)")
    _check_tiles(tile_position, tile_size)
    if not isinstance(moving, np.ndarray) or not isinstance(stationary, np.ndarray):
        raise TypeError("nc_matmul: stationary and moving are NumPy arrays")
    if mode in ("double_row", "double_row_gen3"):
        return _double_row(stationary, moving, tile_size, dst, accumulate)
    shape = (stationary.reshape(stationary.shape[0], -1).shape[1],) + moving.shape[1:]
    c = Level("nc_matmul")
    c.tile("stationary", stationary)
    c.tile("moving", moving)
    if dst is not None:
        c.arg("dtype", model_of(dst, "dst"))
        add = _flags.accumulating(dst, accumulate)
        if add:
            c.tile("psum", dst.reshape(shape[0], -1))
        c.arg("accumulate", add)
        c.direct("dst", dst, model_of(dst, "dst"), shape)
    got = c.run()
    if dst is None:
        out = as_result(got["dst"], "fp32", shape)
        _flags.result(out)
        return out
    c.result(got, "dst", dst, model_of(dst, "dst"), shape)
    _flags.written(dst)
    return dst


# --- iota, affine_select (GpSimd) -------------------------------------------------------------------------------
def _b2_iota(dst, pattern, offset=0, channel_multiplier=0, name=None):
    pass


def _b1_iota(expr, dtype, *, mask=None, **kwargs):
    pass


@published("iota", _b2_iota, _b1_iota)
def iota(beta, dst=None, pattern=None, offset=0, channel_multiplier=0, expr=None, dtype=None):
    """Affine int32 values `offset + c * channel_multiplier + sum idx * step` over `pattern` ([[step, num], ...],
    outermost first, the last fastest), written as dst's dtype (a float through fp32, an integer its low bits).
    Beta 1 takes `expr`, an integer array of such values over [P, F...] (e.g. `5 + nl.arange(128)[:, None]*2`),
    which the model reads back as its pattern."""
    if beta == 1:
        dst_shape, (pattern, offset, channel_multiplier) = np.shape(expr), _affine(expr, "iota: expr")
        out = _dtypes.named(dtype, "dtype")
    else:
        if not isinstance(dst, np.ndarray):
            raise TypeError("iota: dst: expected a NumPy array")
        dst_shape, out = dst.shape, model_of(dst, "dst")
    c = Level("iota")
    c.arg("pattern", [list(map(int, e)) for e in pattern])
    c.arg("offset", int(offset))
    c.arg("channel_multiplier", int(channel_multiplier))
    c.arg("partitions", dst_shape[0])
    c.arg("dtype", out)
    free = int(np.prod(dst_shape[1:], dtype=np.int64))
    count = int(np.prod([e[1] for e in pattern], dtype=np.int64))
    if count != free:
        raise ValueError(f"iota: pattern {pattern} gives {count} values a partition; dst has {free}")
    return give(dst, as_result(c.run()["dst"], out, dst_shape))


def _b2_affine_select(dst, pattern, channel_multiplier, on_true_tile, on_false_value, cmp_op=None, offset=0,
                      name=None):
    pass


def _b1_affine_select(pred, on_true_tile, on_false_value, *, mask=None, dtype=None, **kwargs):
    pass


@published("affine_select", _b2_affine_select, _b1_affine_select)
def affine_select(beta, on_true_tile, on_false_value, dst=None, pattern=None, channel_multiplier=0, cmp_op=None,
                  offset=0, pred=None, dtype=None):
    """`cmp_op(a, 0) ? on_true_tile : on_false_value` with `a` iota's affine value (int32, exact compare);
    `on_false_value` converts to the dtype by SPEC §5. Beta 1 takes `pred`, a boolean array [P, F...] of an
    affine comparison (e.g. `iy < ix`), which the model reads back as `a > 0` over its pattern."""
    c = Level("affine_select")
    model, _, free = c.tile("on_true_tile", on_true_tile)
    if beta == 1:
        pred = np.broadcast_to(np.asarray(pred), on_true_tile.shape).reshape(on_true_tile.shape[0], -1)
        pattern, offset, channel_multiplier, cmp = _comparison(pred)
    else:
        cmp = nki_name(cmp_op if cmp_op is not None else "equal", "cmp_op",
                    ("equal", "not_equal", "greater", "greater_equal", "less", "less_equal"))
    c.arg("pattern", [list(map(int, e)) for e in pattern])
    c.arg("channel_multiplier", int(channel_multiplier))
    c.arg("offset", int(offset))
    c.arg("cmp_op", cmp)
    c.arg("on_false_value", float(on_false_value))
    out = out_dtype(dtype, dst, model)
    c.arg("dtype", out)
    return give(dst, as_result(c.run()["dst"], out, on_true_tile.shape))


# --- tensor_partition_reduce (GpSimd) ------------------------------------------------------------------------
def _b2_tensor_partition_reduce(dst, op, data, name=None):
    pass


def _b1_tensor_partition_reduce(op, data, *, mask=None, dtype=None, **kwargs):
    pass


@published("tensor_partition_reduce", _b2_tensor_partition_reduce, _b1_tensor_partition_reduce)
def tensor_partition_reduce(beta, op, data, dst=None, dtype=None):
    """`dst[0, j] = op over p of data[p, j]`: add, maximum, bitwise_or, bitwise_and (and average in NKI 2.27+),
    folded over the partitions in order in fp32 (the model's partition_reduce_fold)."""
    allowed = ("add", "maximum", "bitwise_or", "bitwise_and") + (("average",) if beta == 2 else ())
    name = nki_name(op, "op", allowed)
    c = Level("tensor_partition_reduce")
    model, _, _ = c.tile("data", data)
    c.arg("op", "max" if name == "maximum" else name)
    out = out_dtype(dtype, dst, model)
    c.arg("dtype", out)
    return give(dst, as_result(c.run()["dst"], out, (1,) + data.shape[1:]))


def _double_row(stationary, moving, tile_size, dst, accumulate):
    """nc_matmul(perf_mode=double_row) (NC-v3+, FP8 inputs): stationary [K, 2, M] and moving [K, 2, N] hold two rows
    a partition, both contracted: out[m, n] = sum over k and r of stationary[k, r, m] * moving[k, r, n]. The model
    folds row 0's K as an ordinary matmul, then row 1's onto it (the model's double_row; two Tensor Engine calls in
    the record)."""
    if _session.current().gen == "sunda":
        raise ValueError("nc_matmul: perf_mode=double_row: NeuronCore-v2 (trn1/inf2) has no performance mode")
    if tile_size:
        raise ValueError("nc_matmul: perf_mode=double_row cannot be combined with tile_position/tile_size (NKI)")
    for what, a in (("stationary", stationary), ("moving", moving)):
        if not model_of(a, what).startswith("fp8") or a.ndim != 3 or a.shape[1] != 2:
            raise ValueError(f"nc_matmul: perf_mode=double_row: {what} {a.shape} {a.dtype}: an fp8 [K, 2, F] tile")
    shape = (stationary.shape[2], moving.shape[2])
    out = None
    for r in (0, 1):
        c = Level("nc_matmul")
        c.tile("stationary", np.ascontiguousarray(stationary[:, r]))
        c.tile("moving", np.ascontiguousarray(moving[:, r]))
        if out is not None:
            c.arg("dtype", "fp32")
            c.tile("psum", out)
            c.arg("accumulate", True)
        out = np.asarray(as_result(c.run()["dst"], "fp32", shape))
    out = as_result(out, "fp32", shape)
    if dst is None:
        _flags.result(out)
        return out
    if _flags.accumulating(dst, accumulate):
        out = as_result(dst.astype(np.float32) + out, "fp32", shape)
    put(dst, out.astype(dst.dtype), "dst")
    _flags.written(dst)
    return dst


_TRANSPOSED = frozenset(("fp16", "bf16", "fp8_e4m3", "fp8_e5m2", "fp8_e3m4"))  # the dtypes the mode moves


def _model_or_none(a):
    try:
        return model_of(a, "stationary")
    except (TypeError, ValueError):
        return None


def _transpose_mode(data, dst):
    """nc_matmul(is_transpose=True) on NC-v3 and later (FAMILY-NEXT §6.3): `data` (the stationary) transposed bit for
    bit on the Tensor Engine, fp16/bf16 as 16-bit elements, fp8 as 16-bit elements whose upper byte is 0."""
    model = model_of(data, "stationary")
    c = Level("nc_transpose")
    p = data.shape[0]
    c.tile("data", data.reshape(p, -1))
    bits = np.ascontiguousarray(c.run()["dst"]).view(np.uint8 if model.startswith("fp8") else np.uint16)
    wide = bits.astype(np.uint16)
    if dst is None:
        out = model if not model.startswith("fp8") else "uint16"
        return _dtypes.result(wide.view(_dtypes.storage(out)), out)
    if dst.dtype.itemsize != 2:
        raise ValueError(f"nc_matmul: is_transpose=True writes 16-bit elements; dst is {dst.dtype}")
    return put(dst, wide.view(dst.dtype).reshape(dst.shape), "dst")


def _check_tiles(position, size):
    """nc_matmul's tile_position / tile_size: both or neither; multiples of 32 within 128 (no effect on values)."""
    if bool(position) != bool(size):
        raise ValueError("nc_matmul: tile_position and tile_size go together")
    for what, pair in (("tile_position", position), ("tile_size", size)):
        if pair and (len(pair) != 2 or any(int(v) % 32 or not 0 <= int(v) <= 128 for v in pair)):
            raise ValueError(f"nc_matmul: {what}={pair!r}: two multiples of 32 within 0..128")
    if size and _session.current().gen == "sunda" and 32 in tuple(int(v) for v in size):
        raise ValueError("nc_matmul: tile_size 32 needs NC-v3 or later")


def _affine(expr, what):
    """(pattern, offset, channel_multiplier) of an integer array that is affine in its indices, else an error."""
    e = np.asarray(expr)
    if e.ndim < 2 or not np.issubdtype(e.dtype, np.integer):
        raise ValueError(f"{what}: an integer [P, F...] array of affine index values (e.g. 5 + nl.arange(128)[:, None]"
                         " * 2 + nl.arange(4)[None, :])")
    base = int(e.flat[0])
    multiplier = int(e[1].flat[0]) - base if e.shape[0] > 1 else 0
    pattern = []
    for d in range(1, e.ndim):
        index = [0] * e.ndim
        index[d] = 1 if e.shape[d] > 1 else 0
        pattern.append([int(e[tuple(index)]) - base if e.shape[d] > 1 else 0, e.shape[d]])
    grid = np.indices(e.shape, dtype=np.int64)
    rebuilt = base + grid[0] * multiplier + sum(grid[d] * pattern[d - 1][0] for d in range(1, e.ndim))
    if not np.array_equal(rebuilt, e.astype(np.int64)):
        raise ValueError(f"{what}: the values are not affine in the indices (offset + p * multiplier + sum idx * step)")
    return pattern, base, multiplier


def _comparison(pred):
    """An affine_select predicate array as (pattern, offset, channel_multiplier, cmp_op): the model finds an affine
    `a` with `pred == (a > 0)` among the differences of the index grid, as `iy < ix` gives `ix - iy > 0`."""
    p = np.asarray(pred).astype(bool)
    rows, cols = p.shape
    for mp in (-1, 0, 1):
        for mf in (-1, 0, 1):
            a = np.arange(rows)[:, None] * mp + np.arange(cols)[None, :] * mf
            for offset in range(-max(rows, cols), max(rows, cols) + 1):
                if np.array_equal(a + offset > 0, p):
                    return [[mf, cols]], offset, mp, "greater"
    raise NotImplementedError("affine_select: pred is not (p * a + f * b + c > 0) for a, b in {-1, 0, 1}: the model"
                              " reads Beta 1 predicates of that form only (give NKI 2.27+'s pattern instead)")


class _Flags:
    """Which elements of which arrays a matmul wrote (the model's matmul_accumulate_none): a byte per element of the
    array's base buffer, seen through the same view."""

    def __init__(self):
        self._bases = {}

    def _view(self, dst, make):
        base = dst
        while isinstance(base.base, np.ndarray):
            base = base.base
        key = id(base)
        entry = self._bases.get(key)
        if entry is None or entry[0]() is not base:
            if not make:
                return None
            import weakref
            span = sum((n - 1) * abs(st) for n, st in zip(base.shape, base.strides)) + base.itemsize  # a strided
            entry = (weakref.ref(base), np.zeros(span, np.uint8))  # base (an on-chip tensor) spans its partitions
            self._bases[key] = entry
        offset = dst.__array_interface__["data"][0] - base.__array_interface__["data"][0]
        return np.lib.stride_tricks.as_strided(entry[1][offset:], shape=dst.shape, strides=dst.strides)

    def accumulating(self, dst, accumulate, form="accumulate=None"):
        flags = self._view(dst, False)
        written = 0 if flags is None else int(np.count_nonzero(flags))
        if accumulate is None:
            if 0 < written < dst.size:
                raise ValueError(f"nc_matmul: {form} onto a dst of which a matmul wrote {written} of"
                                 f" {dst.size} elements: neither overwrite nor accumulate (the model's"
                                 " matmul_accumulate_none)")
            return written == dst.size
        if accumulate and written < dst.size:
            raise ValueError(f"nc_matmul: accumulate=True onto {dst.size - written} elements no matmul wrote: NKI"
                             " calls that undefined behaviour")
        return bool(accumulate)

    def written(self, dst):
        self._view(dst, True)[...] = 1

    def result(self, out):
        """Notes `out` as the last Beta 1 matmul's new tile, for the `psum[...] += nc_matmul(...)` that follows."""
        self._last = (out.__array_interface__["data"][0], out.shape)

    def accumulate_result(self, dst, value, is_view):
        """Beta 1's `dst += value` when `value` is the last matmul's new tile and `dst` a view of an on-chip tensor (the
        model's beta1_matmul_accumulate): the matmul accumulating into dst, as the compiler lowers it — written over
        elements no matmul wrote (an accumulation group's first matmul), added to elements one did (fp32), a mix
        refused. Returns False when the rule does not apply (an ordinary tile add)."""
        last, self._last = getattr(self, "_last", None), None
        if not is_view or not isinstance(value, np.ndarray) or last != (value.__array_interface__["data"][0],
                                                                         value.shape):
            return False
        if self.accumulating(dst, None, "+= (Beta 1)"):
            dst[...] = dst.view(np.ndarray) + value.view(np.ndarray)
        else:
            dst[...] = value
        self.written(dst)
        return True


_flags = _Flags()
