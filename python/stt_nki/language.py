"""The `nki.language` names a kernel passes to `nki.isa` calls, and the `nl` ops as tile functions.

Each op is an `AluOp` naming the model's op (SPEC §2); the table `OPS` maps NKI's names to them. NumPy ufuncs
(`np.add`, ...) and the model's own op names as strings (`"arith_shift_right"`) are accepted wherever an op is. An op
is also Beta 1's tile function: `nl.add(x, y, dtype=None)` runs on the model's Vector Engine (Tensor-Tensor for two
tiles, Tensor-Scalar for a tile and a number), its default dtype NKI's type promotion (a Python int counts as int32,
a float as fp32; this module installs the tile functions on `_ops`' classes). Every dtype name NKI has exists; one
the model has no code for raises when it is used. The tensors, buffers, allocation and index expressions come from
`_tiles`, the rest of NKI's published names from `_nl_names`.
"""
import builtins
import types as _types

import numpy as np

from . import _chip, _dtypes, _masks, _ops, _session, isa
from ._dma import copy_into as _copy_into
from ._forms import reduced_axes as _reduced_axes
from ._ops import OPS, ActFunction, AluOp  # noqa: F401 (nl names)
# the NKI language's tensors on the session's NeuronCore (`_tiles`)
from ._tiles import (IndexArray, ParDim, arange, broadcast_to, ds, empty_like, full, hbm, mgrid,  # noqa: F401
                     ndarray, num_programs, ones, ones_like, private_hbm, program_id, psum, sbuf, shared_hbm, zeros,
                     zeros_like)
from ._tiles import _loop as affine_range  # noqa: F401
from ._tiles import _loop as sequential_range  # noqa: F401
from ._tiles import _loop as static_range  # noqa: F401
from ._tiles import _loop as range  # noqa: F401,A001

try:
    import ml_dtypes as _ml
except ImportError:  # bf16/fp8 then travel as their uint16/uint8 bits
    _ml = None


_UNARY = {"abs", "invert", "bitwise_not"}
_ACTIVATION = {"rsqrt"}  # an nl op NKI computes on the Scalar (Activation) engine as a tile function


def _alu_call(self, x, y=None, dtype=None, *, mask=None, **kwargs):
    """`AluOp.__call__`: Beta 1's tile function `nl.multiply(x, y, dtype=None, mask=None)`."""
    if self.nki in _ACTIVATION:
        if y is not None:
            raise TypeError(f"nl.{self.nki}(x): one tile")
        return isa.activation(op=self.nki, data=x, dtype=dtype, mask=mask, **kwargs)
    tile_x, tile_y = isinstance(x, np.ndarray), isinstance(y, np.ndarray)
    if tile_x and tile_y and x.shape != y.shape and self.nki not in _UNARY:
        return self._broadcast(x, y, dtype, mask, kwargs)
    if self.nki in _UNARY:
        if y is not None or not tile_x:
            raise TypeError(f"nl.{self.nki}(x): one tile")
        return isa.tensor_scalar(x, self, 0, dtype=dtype, mask=mask, **kwargs)
    if tile_x and tile_y:
        return isa.tensor_tensor(x, y, self, dtype=dtype, mask=mask, **kwargs)
    if not (tile_x or tile_y):
        raise TypeError(f"nl.{self.nki}(x, y): at least one of x and y is a tile (a NumPy array)")
    tile, number = (x, y) if tile_x else (y, x)
    if dtype is None:
        weak = "int32" if isinstance(number, (int, np.integer)) and not isinstance(number, bool) else "fp32"
        dtype = _dtypes.promote(_dtypes.of_array(tile, "x" if tile_x else "y")[0], weak)
    return isa.tensor_scalar(tile, self, number, reverse0=not tile_x, dtype=dtype, mask=mask, **kwargs)


def tile_shape(a):
    """A tile's shape as NKI reads it, partition dimension first: a 1-D tile [P] is [P, 1] (FAMILY-NEXT §0.2)."""
    return a.shape + (1,) if a.ndim == 1 else a.shape


def broadcast_shape(x, y, what=("x", "y")):
    """The common shape of two tiles under NKI's broadcasting (the model's tile_broadcast, FAMILY-NEXT §0.2): the
    partition dims agree or one is 1 (repeated across partitions); the free dims broadcast as NumPy's do (a size-1 free
    dim is repeated along the other's), after a 1-D tile [P] is read as [P, 1]."""
    sx, sy = tile_shape(x), tile_shape(y)
    if sx[0] != sy[0] and 1 not in (sx[0], sy[0]):
        raise ValueError(f"{what[0]} {x.shape} and {what[1]} {y.shape}: the partition dims ({sx[0]}, {sy[0]}) neither"
                         " agree nor is one of them 1 (NKI broadcasts the partition dim first)")
    try:
        free = np.broadcast_shapes(sx[1:], sy[1:])
    except ValueError:
        raise ValueError(f"{what[0]} {x.shape} and {what[1]} {y.shape}: the free dims {sx[1:]} and {sy[1:]} do not"
                         " broadcast (each pair equal, or one of them 1)") from None
    return (builtins.max(sx[0], sy[0]),) + free


def as_tile_shape(a, shape):
    """`a` repeated to `shape` partition dim first (a view; `broadcast_shape` said it fits)."""
    return np.broadcast_to(a.reshape(tile_shape(a)), shape)


def _column(a, rows):
    """a as a per-partition [rows, 1] scalar when it is constant along its free dims ([rows or 1, 1, ...]), else
    None."""
    shape = tile_shape(a)
    if builtins.all(n == 1 for n in shape[1:]) and shape[0] in (1, rows):
        return np.ascontiguousarray(np.broadcast_to(a.reshape(shape[0], 1), (rows, 1)))
    return None


def _broadcast(self, x, y, dtype, mask, kwargs):
    """Two tiles of different shapes, broadcast as NKI does (partition dim first, `broadcast_shape`): a [P, 1] (or
    [P], or [1, 1]) tile is a per-partition scalar (Tensor-Scalar); otherwise both are repeated to the common shape
    (data movement) and combined (Tensor-Tensor)."""
    shape = broadcast_shape(x, y)
    if dtype is None:
        dtype = _dtypes.promote(_dtypes.of_array(x, "x")[0], _dtypes.of_array(y, "y")[0])
    col_y, col_x = _column(y, shape[0]), _column(x, shape[0])
    if col_y is not None and tile_shape(x) == shape:
        return isa.tensor_scalar(x.reshape(shape), self, col_y, dtype=dtype, mask=mask, **kwargs)
    if col_x is not None and tile_shape(y) == shape:
        return isa.tensor_scalar(y.reshape(shape), self, col_x, reverse0=True, dtype=dtype, mask=mask, **kwargs)
    full_x = np.ascontiguousarray(as_tile_shape(x, shape))
    full_y = np.ascontiguousarray(as_tile_shape(y, shape))
    return isa.tensor_tensor(full_x, full_y, self, dtype=dtype, mask=mask, **kwargs)


AluOp.__call__, AluOp._broadcast = _alu_call, _broadcast

# nl.add, ...: the AluOps of OPS
for _name in OPS:
    globals()[_name] = getattr(_ops, _name)


def _activation_call(self, x, dtype=None, *, mask=None, **kwargs):
    """`ActFunction.__call__`: the tile function `nl.exp(x, dtype=None, mask=None)`, the activation of that function."""
    return isa.activation(op=self, data=x, dtype=dtype, mask=mask, **kwargs)


ActFunction.__call__ = _activation_call


# the functions whose nl tile function is the activation; nl.copy, nl.reciprocal and nl.abs run on the Vector Engine
# (tensor_copy, reciprocal, tensor_scalar), as the model's nl_functions decision says
for _name in ActFunction.NAMES:
    if _name not in ("copy", "reciprocal", "abs", "rsqrt"):
        globals()[_name] = ActFunction(_name)


def copy(x, dtype=None, *, mask=None, **kwargs):
    """nl.copy: the tile copied (tensor_copy on the Vector Engine; a cast when dtype differs)."""
    return isa.tensor_copy(x, dtype=dtype, mask=mask, **kwargs)


def reciprocal(x, dtype=None, *, mask=None, **kwargs):
    """nl.reciprocal: 1 / x on the Vector Engine (nki.isa.reciprocal, the model's reciprocal_rne)."""
    return isa.reciprocal(x, dtype=dtype, mask=mask, **kwargs)


copy.nki, reciprocal.nki = "copy", "reciprocal"  # as activation ops, the Scalar Engine's functions of those names

float32 = np.dtype(np.float32)
float16 = np.dtype(np.float16)
int8, int16, int32 = np.dtype(np.int8), np.dtype(np.int16), np.dtype(np.int32)
uint8, uint16, uint32 = np.dtype(np.uint8), np.dtype(np.uint16), np.dtype(np.uint32)
bool_ = np.dtype(np.bool_)  # a bool array is read as the uint8 bytes it is (NKI predicates)
if _ml is not None:
    bfloat16 = np.dtype(_ml.bfloat16)
    float8_e4m3 = np.dtype(_ml.float8_e4m3)
    float8_e5m2 = np.dtype(_ml.float8_e5m2)
    float8_e3m4 = np.dtype(_ml.float8_e3m4)
else:
    bfloat16, float8_e4m3, float8_e5m2, float8_e3m4 = "bf16", "fp8_e4m3", "fp8_e5m2", "fp8_e3m4"


class Unsupported(str):
    """A dtype name NKI has and the model has no DTYPE code for (FAMILY-NEXT §6.1): it exists, so a kernel imports;
    using it raises, saying why."""

    def __new__(cls, name, why):
        self = super().__new__(cls, name)
        self.why = why
        return self


_NO_CODE = "has no DTYPE code in the ISA the model follows (SPEC §2), so the model refuses it"
tfloat32 = Unsupported("tfloat32", "tfloat32 " + _NO_CODE + " (FAMILY-NEXT §6.4 holds it as fp32 bits in matmul)")
float8_e4m3fn = Unsupported("float8_e4m3fn", "float8_e4m3fn (NC-v4) " + _NO_CODE)
float8_e5m2_x4 = _dtypes.X4["float8_e5m2_x4"]
float8_e4m3fn_x4 = _dtypes.X4["float8_e4m3fn_x4"]
float8_e8m0fnu = Unsupported("float8_e8m0fnu", "float8_e8m0fnu (an MX scale, NC-v4) " + _NO_CODE)
float4_e2m1fn_x4 = _dtypes.X4["float4_e2m1fn_x4"]


def par_dim(n):
    """Beta 1's marker of the partition dimension in a shape: the size, marked (nl.ndarray puts the partitions
    there)."""
    return ParDim(n)


class _TileSize:
    """`nl.tile_size`: the tile limits FAMILY-NEXT sources: 128 partitions (§2); a PSUM bank of 2 KiB, 512 fp32, 8
    banks a partition (§9); a matmul's stationary free size <= 128 and moving free size <= one bank, 512 (§6.2,
    NC-v2/v3); bn_stats at most 512 elements (§8.5)."""
    pmax = 128
    psum_bank_fmax = psum_fmax = 512
    psum_bank_fmax_bytes = 2048
    psum_num_banks = 8
    gemm_stationary_fmax = 128
    gemm_moving_fmax = 512
    bn_stats_fmax = 512

    # the SBUF of the session's generation (SPEC §2's active bytes per partition, 128 partitions)
    @property
    def sbuf_fmax_bytes(self):
        return _chip._SBUF_BYTES[_session.current().gen]

    total_available_sbuf_size = sbuf_fmax_bytes  # NKI's deprecated name for the same per-partition bytes

    @property
    def sbuf_fmax(self):
        return self.sbuf_fmax_bytes // 4  # fp32 elements

    @property
    def sbuf_size_bytes(self):
        return self.pmax * self.sbuf_fmax_bytes

    @property
    def psum_min_align(self):
        raise NotImplementedError("nl.tile_size.psum_min_align: NKI publishes no value for it; not modelled")

    @property
    def sbuf_min_align(self):
        raise NotImplementedError("nl.tile_size.sbuf_min_align: NKI publishes no value for it; not modelled")


tile_size = _TileSize()


def _reduction(nki, op):
    """`nl.<nki>(x, axis, dtype=None, keepdims=False, *, mask=None)`: tensor_reduce with `op` on the Vector Engine
    (FAMILY-NEXT §3.3), returning a new tile of the input's dtype unless `dtype` says otherwise."""

    def reduce(x, axis, dtype=None, keepdims=False, *, mask=None, **kwargs):
        if not isinstance(x, np.ndarray):
            return isa.tensor_reduce(globals()[op], x, axis, dtype=dtype, keepdims=keepdims, mask=mask, **kwargs)
        view, axes, kept_shape = _innermost(x, axis, mask)  # numpy.sum's axis numbers
        out = isa.tensor_reduce(globals()[op], view, axes, dtype=dtype, keepdims=keepdims, mask=mask, **kwargs)
        return out.reshape(kept_shape) if keepdims and kept_shape is not None else out
    reduce.__name__ = reduce.__qualname__ = nki
    reduce.__doc__ = (f"nl.{nki}(x, axis, dtype=None, keepdims=False): x folded with nl.{op} over axis"
                      " (nki.isa.tensor_reduce).")
    return reduce


def _innermost(x, axis, mask):
    """(x, the free axes `axis` names, None), or, when those axes are not a run ending at the last one (the
    average_pool2d tutorial's nl.sum over axes [2, 4] of a 5-D tile), x read with them moved innermost in order (an
    access pattern; the model's nl_reduce_axes), the axes they then are, and the shape keepdims gives."""
    ndim = x.ndim
    named = sorted(int(a) + ndim if a < 0 else int(a) for a in ([axis] if isinstance(axis, (int, np.integer))
                                                                else list(axis)))
    trailing = list(range(ndim - len(named), ndim))
    if not named or named[0] < 1 or named[-1] >= ndim or len(set(named)) < len(named) or named == trailing:
        return x, _reduced_axes(axis, ndim), None
    if mask is not None:
        raise ValueError(f"axis={axis!r}: a mask with reduced axes that are not the innermost ones is not modelled")
    kept_shape = tuple(1 if k in named else n for k, n in enumerate(x.shape))
    return np.moveaxis(x, named, trailing), trailing, kept_shape


sum = _reduction("sum", "add")  # noqa: A001 (NKI's names)
max = _reduction("max", "maximum")  # noqa: A001
min = _reduction("min", "minimum")  # noqa: A001
prod = _reduction("prod", "multiply")


def all(x, axis, dtype=None, *, mask=None, **kwargs):  # noqa: A001
    """nl.all(x, axis, dtype=None): x folded with nl.logical_and over axis (nki.isa.tensor_reduce); NKI's signature
    has no keepdims."""
    if kwargs.pop("keepdims", False):
        raise TypeError("nl.all: no keepdims (NKI's signature has none)")
    return _reduction("all", "logical_and")(x, axis, dtype=dtype, mask=mask, **kwargs)


def mean(x, axis, dtype=None, keepdims=False, *, mask=None, **kwargs):
    """nl.mean: the fp32 sum over axis (tensor_reduce), then times fp32(1/n) (tensor_scalar), cast to dtype (default
    x's): the model's reading of NKI's "fp32 intermediates" (FAMILY-NEXT §3.3). Under a mask, n is the count of kept
    elements and the positions the mask leaves out keep the sentinel (the model's mask_semantics)."""
    axes = _reduced_axes(axis, x.ndim)
    total = isa.tensor_reduce(globals()["add"], x, axes, dtype=float32, keepdims=keepdims, mask=mask, **kwargs)
    n = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    kept = None
    if mask is not None:
        selection = _masks.Selection(mask, x.shape, "nl.mean")
        n, kept = selection.count(axes), selection.result_mask(total.shape, axes[0])
    return isa.tensor_scalar(total, globals()["multiply"], float(np.float32(1) / np.float32(n)),
                             dtype=dtype if dtype is not None else x.dtype, mask=kept)


def var(x, axis, dtype=None, keepdims=False, *, mask=None, **kwargs):
    """nl.var: the population variance over the free axes, keeping dims whatever `keepdims` says (as NKI's stub
    says): bn_stats then bn_aggr (FAMILY-NEXT §3.3, the model's lowering; approximate). Under a mask, the variance of
    the kept elements of each kept partition (the others keep the sentinel; the model's mask_semantics)."""
    axes = _reduced_axes(axis, x.ndim)
    if axes != list(range(1, x.ndim)):
        raise ValueError(f"nl.var: axis={axis!r}: the model reduces all the free axes (bn_stats works per partition)")
    if mask is not None:
        return _masks.apply("nl.var", mask, lambda x: var(x, axis, dtype=dtype, **kwargs), {"x": x})
    flat = x.reshape(x.shape[0], -1)
    stats = [isa.bn_stats(flat[:, k:k + 512], dtype=float32) for k in range(0, flat.shape[1], 512)]
    mean_var = isa.bn_aggr(np.concatenate(stats, axis=1), dtype=dtype if dtype is not None else x.dtype)
    return mean_var[:, 1:2].reshape((x.shape[0],) + (1,) * (x.ndim - 1))


def transpose(x, dtype=None, *, mask=None, **kwargs):
    """nl.transpose: x transposed on the Tensor Engine (its result is a PSUM tile in NKI; FAMILY-NEXT §7.1)."""
    return isa.nc_transpose(x, engine=isa.tensor_engine, dtype=dtype, mask=mask, **kwargs)


def matmul(x, y, transpose_x=False, *, mask=None, **kwargs):
    """nl.matmul: x @ y as the Tensor Engine computes it (fp32 result): unless transpose_x, x is transposed first
    (its bits, as NKI inserts a transpose to make it the stationary), then nc_matmul(stationary, y); a mask ranges
    over (contraction, M, N), as nc_matmul's."""
    stationary = x if transpose_x else transpose(x)
    if mask is not None:  # over the contraction, M and N (FAMILY-NEXT §9)
        kwargs["mask"] = mask
    return isa.nc_matmul(stationary, y, **kwargs)


def where(condition, x, y, dtype=None, *, mask=None, **kwargs):
    """nl.where: x where condition is nonzero, else y (numpy.where), on the Vector Engine (the model's nl_where): y in
    the result dtype (a tile copied or cast, a number set by memset), then tensor_copy_predicated of x where
    condition is nonzero (a float condition made a uint8 predicate by tensor_scalar not_equal 0 first). Tiles
    broadcast partition dim first; the default dtype is NKI's type promotion of x and y."""
    if kwargs:
        raise TypeError(f"nl.where: unexpected arguments {sorted(kwargs)}")
    if mask is not None:
        return _masks.apply("nl.where", mask, lambda **a: where(**a, dtype=dtype),
                            {"condition": condition, "x": x, "y": y})
    if not isinstance(condition, np.ndarray):
        raise TypeError(f"nl.where: condition: expected a tile (a NumPy array), got {type(condition).__name__}")
    shape = tile_shape(condition)
    for what, v in (("x", x), ("y", y)):
        if isinstance(v, np.ndarray):
            shape = broadcast_shape(np.empty(shape, np.uint8), v, ("condition", what))
    if dtype is None:
        models = [_dtypes.of_array(v, w)[0] if isinstance(v, np.ndarray) else
                  "int32" if isinstance(v, (int, np.integer)) and not isinstance(v, bool) else "fp32"
                  for w, v in (("x", x), ("y", y))]
        dtype = _dtypes.promote(*models)
    model = _dtypes.named(dtype, "dtype")
    out = _dtypes.empty(shape, model)

    def full(v):
        return np.ascontiguousarray(as_tile_shape(v, shape)) if isinstance(v, np.ndarray) else v

    if isinstance(y, np.ndarray):
        isa.tensor_copy(dst=out, src=full(y))
    else:
        isa.memset(dst=out, value=y)
    predicate = full(condition)
    if not _dtypes.is_int(_dtypes.of_array(predicate, "condition")[0]):  # 1.0 / 0.0: a uint8 predicate first
        predicate = isa.tensor_scalar(data=predicate, op0=not_equal, operand0=0.0, dtype=uint8)
    isa.tensor_copy_predicated(dst=out, src=full(x), predicate=predicate)
    return out


def gather_flattened(data, indices, axis=0, dtype=None, *, mask=None, **kwargs):
    """nl.gather_flattened: each partition's free elements of data flattened, picked by indices (uint32), shaped as
    indices: nki.isa.nc_n_gather on GpSimd (the model's gather_flattened_lowering), then a cast when dtype differs."""
    if kwargs:
        raise TypeError(f"nl.gather_flattened: unexpected arguments {sorted(kwargs)}")
    if axis != 0:
        raise NotImplementedError(f"nl.gather_flattened: axis={axis!r}: NKI does not say what it does; the model"
                                  " takes axis=0, the default (each partition's flattened free elements)")
    result = isa.nc_n_gather(data, indices, mask=mask)
    return result if dtype is None or _dtypes.named(dtype, "dtype") == _dtypes.of_array(result, "data")[0] else \
        isa.tensor_copy(result, dtype=dtype)


def load(src, dtype=None, *, mask=None, **kwargs):
    """nl.load: a new tile holding src (a DMA copy; through fp32 when dtype differs)."""
    if kwargs:
        raise TypeError(f"nl.load: unexpected arguments {sorted(kwargs)}")
    if isinstance(src, _masks.Reach) or mask is not None:
        _session.sync_pending()  # the gather and the mask read values here
    if isinstance(src, _masks.Reach):
        if mask is None:
            raise src.error
        src = src.gather(mask)
    if mask is not None:
        return _masks.apply("nl.load", mask, lambda: load(src, dtype=dtype), {})
    model = _dtypes.of_array(src, "src")[0] if dtype is None else _dtypes.named(dtype, "dtype")
    out = _chip.new_tile(src.shape, model)  # in a kernel, a tile of the session's SBUF, as the kernel's own
    if out is None:
        out = _dtypes.wrap(np.empty(src.shape, src.dtype)) if dtype is None else _dtypes.empty(src.shape, model)
    return _copy_into(out, src, None, "nl.load")


def store(dst, value, *, mask=None, **kwargs):
    """nl.store: dst takes value (a DMA copy; through fp32 when the dtypes differ); a number fills dst."""
    if isinstance(dst, _masks.Reach) or mask is not None:
        _session.sync_pending()  # the scatter and the mask read and write values here
    if isinstance(dst, _masks.Reach):
        if mask is None:
            raise dst.error
        shape = dst._grid()[0].shape
        converted = np.empty(shape, dst.base.dtype)
        _copy_into(converted, np.ascontiguousarray(np.broadcast_to(value, shape)), None, "nl.store")
        dst.scatter(converted, mask)
        return dst.base
    if not isinstance(value, np.ndarray) and isinstance(value, (int, float, np.integer, np.floating)):
        value = np.full(np.shape(dst), value, np.int32 if isinstance(value, (int, np.integer)) else np.float32)
    if mask is not None:
        return _masks.apply("nl.store", mask, lambda dst: store(dst, value), {"dst": dst})
    if kwargs:
        raise TypeError(f"nl.store: unexpected arguments {sorted(kwargs)}")
    return _copy_into(dst, value, None, "nl.store")


def load_transpose2d(src, dtype=None, *, mask=None, **kwargs):
    """`nl.load_transpose2d(src, dtype=None)`: a 2-D tensor loaded transposed (a DMA transpose, bits moved), then
    cast to `dtype` when given as `nl.load` casts (a DMA copy through fp32)."""
    if mask is not None:
        raise NotImplementedError("nl.load_transpose2d: mask= is not modelled")
    transposed = isa.dma_transpose(src, **kwargs)
    return transposed if dtype is None else load(transposed, dtype=dtype)


class _Limits(str):
    """A float dtype name with its limits: `nl.fp32.min` is FP32_MIN (NKI's range_select default)."""

    def __new__(cls, name, low, high):
        self = super().__new__(cls, name)
        self.min, self.max = low, high
        return self


fp32 = _Limits("float32", -3.4028235e38, 3.4028235e38)


def nc(n):
    """`nl.nc(n)`: n NeuronCores of a logical core, in a grid."""
    return int(n)


def spmd_dim(*sizes):
    """`nl.spmd_dim(...)`: a grid dimension, the product of its sizes."""
    return int(np.prod(sizes))


def device_print(print_prefix, tensor):
    """`nl.device_print(print_prefix, tensor)`: prints on the host (as NKI's CPU simulation does)."""
    print(print_prefix, np.asarray(tensor))


def __getattr__(name):
    raise AttributeError(f"nki.language.{name}: stt_nki does not have it (the model does not run it); see"
                         " stt_nki.language for what it has")


def rand(shape, dtype=float32, buffer=None, name=""):
    """nl.rand: uniform values in [0, 1) from the host's NumPy generator (the model's rand_host decision): the device's
    random state and its bits-to-value mapping are not published, so these are not the device's values. Recorded
    as an approximate GpSimd call. `buffer` and `name` are NKI's; the values come back as a new tile."""
    model = _dtypes.named(dtype, "dtype")
    values = np.random.random_sample(tuple(int(n) for n in np.atleast_1d(shape))).astype(np.float32)
    _session.current().record({"name": "rand", "engine": "gpsimd", "level": "approx", "decisions": ["rand_host"],
                               "words": 0, "cycles": None, "ns": None})
    out = _dtypes.empty(values.shape, model)
    out[...] = values
    return out


def shared_identity_matrix(n, dtype=uint8, dst=None):
    """nl.shared_identity_matrix(n, dtype=nl.uint8, dst=None): an n x n identity (ones on the diagonal, exact in
    every dtype) in shared HBM, or written into `dst` when given."""
    t = ndarray((int(n), int(n)), dtype, buffer=shared_hbm) if dst is None else dst
    t[...] = np.eye(int(n), dtype=np.float32).astype(t.dtype)
    return t


def static_cast(x, dtype):
    """nl.static_cast(x, dtype): a host array converted to dtype as NumPy / ml_dtypes convert (what NKI's tests use to
    make their inputs; no device call)."""
    model = _dtypes.named(dtype, "dtype")
    return np.asarray(x).astype(_dtypes.empty(0, model).dtype)


from ._nl_names import *  # noqa: E402,F401,F403 (the rest of NKI's published names)

# Each function of this namespace but the index expressions, the loops, allocation and the DMA copies is a host read
# (a value the kernel inspects): the calls queued in the session's memory run before it (Session.sync). nl.load and
# nl.store wait only for the queued calls that touch their bytes (_dma.copy_into)
_NOT_HOST_READS = {"load", "store", "arange", "ds", "mgrid", "ndarray", "empty_like", "program_id", "num_programs",
              "program_ndim", "par_dim", "nc", "spmd_dim", "affine_range", "sequential_range", "static_range", "range",
              "tile_shape", "broadcast_shape", "broadcast_to", "zeros", "ones", "full", "zeros_like", "ones_like"}
# broadcast_to waits for the bytes it reads itself; zeros/ones/full allocate (waiting for the calls on those bytes)
# and memset
for _name, _fn in list(globals().items()):
    if isinstance(_fn, _types.FunctionType) and not _name.startswith("_") and _name not in _NOT_HOST_READS:
        globals()[_name] = _session.synced(_fn)
