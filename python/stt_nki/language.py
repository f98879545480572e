"""The `nki.language` names a kernel passes to `nki.isa` calls, and the `nl` ops as tile functions.

Each op is an `AluOp` naming the model's op (SPEC §2); the table `OPS` maps NKI's names to them. NumPy ufuncs
(`np.add`, ...) and the model's own op names as strings (`"arith_shift_right"`) are accepted wherever an op is. An op
is also Beta 1's tile function: `nl.add(x, y, dtype=None)` runs on the model's Vector Engine (Tensor-Tensor for two
tiles, Tensor-Scalar for a tile and a number), its default dtype NKI's type promotion (a Python int counts as int32,
a float as fp32). Every dtype name NKI has exists; one the model has no code for raises when it is used.
"""
import numpy as np

try:
    import ml_dtypes as _ml
except ImportError:  # bf16/fp8 then travel as their uint16/uint8 bits
    _ml = None


_UNARY = {"abs", "invert", "bitwise_not"}
_ACTIVATION = {"rsqrt"}  # an nl function NKI computes on the Scalar (Activation) engine


class AluOp:
    """An ALU op as NKI names it (`nl.multiply`), carrying the model's name (`mult`); callable as Beta 1's tile
    function `nl.multiply(x, y, dtype=None, mask=None)`."""

    __slots__ = ("nki", "model")

    def __init__(self, nki, model):
        self.nki, self.model = nki, model

    def __repr__(self):
        return f"nl.{self.nki}"

    def __call__(self, x, y=None, dtype=None, mask=None, **kwargs):
        from . import isa, _dtypes  # the calls stand on this module
        if self.nki in _ACTIVATION:
            raise NotImplementedError(f"nl.{self.nki}(x): NKI computes it on the Scalar (Activation) engine, which"
                                      " this version does not model")
        tile_x, tile_y = isinstance(x, np.ndarray), isinstance(y, np.ndarray)
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


# NKI's name -> the model's op (the ISA's ALU_OP enum, SPEC §2). NKI has one left shift and one right shift for the
# bit-vector ops: they are the logical shifts here (the model's arith_shift_* are reachable by their own names).
OPS = {
    "bypass": "bypass", "add": "add", "subtract": "subtract", "multiply": "mult", "divide": "divide",
    "maximum": "max", "minimum": "min", "equal": "is_eq", "not_equal": "is_ne", "greater": "is_gt",
    "greater_equal": "is_ge", "less": "is_lt", "less_equal": "is_le", "logical_and": "logical_and",
    "logical_or": "logical_or", "logical_xor": "logical_xor", "abs": "absolute_value", "power": "pow",
    "rsqrt": "rsqrt", "invert": "bitwise_not", "bitwise_not": "bitwise_not", "bitwise_and": "bitwise_and",
    "bitwise_or": "bitwise_or", "bitwise_xor": "bitwise_xor", "left_shift": "logical_shift_left",
    "right_shift": "logical_shift_right",
}

for _name, _model in OPS.items():
    globals()[_name] = AluOp(_name, _model)

float32 = np.dtype(np.float32)
float16 = np.dtype(np.float16)
int8, int16, int32 = np.dtype(np.int8), np.dtype(np.int16), np.dtype(np.int32)
uint8, uint16, uint32 = np.dtype(np.uint8), np.dtype(np.uint16), np.dtype(np.uint32)
bool_ = np.dtype(np.bool_)  # no model dtype: a call given a bool array refuses it, naming the dtypes it takes
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
float8_e5m2_x4 = Unsupported("float8_e5m2_x4", "float8_e5m2_x4 (packed, NC-v4) " + _NO_CODE)
float8_e4m3fn_x4 = Unsupported("float8_e4m3fn_x4", "float8_e4m3fn_x4 (packed, NC-v4) " + _NO_CODE)
float8_e8m0fnu = Unsupported("float8_e8m0fnu", "float8_e8m0fnu (an MX scale, NC-v4) " + _NO_CODE)
float4_e2m1fn_x4 = Unsupported("float4_e2m1fn_x4", "float4_e2m1fn_x4 (packed, NC-v4) " + _NO_CODE)


def par_dim(n):
    """Beta 1's marker of the partition dimension in a shape: the size itself."""
    return int(n)


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


tile_size = _TileSize()


def _reduction(nki, op, keepdims_allowed=True):
    """`nl.<nki>(x, axis, dtype=None, keepdims=False, mask=None)`: tensor_reduce with `op` on the Vector Engine
    (FAMILY-NEXT §3.3), returning a new tile of the input's dtype unless `dtype` says otherwise."""

    def reduce(x, axis, dtype=None, keepdims=False, mask=None, **kwargs):
        from . import isa
        if keepdims and not keepdims_allowed:
            raise TypeError(f"nl.{nki}: no keepdims (NKI's signature has none)")
        return isa.tensor_reduce(globals()[op], x, axis, dtype=dtype, keepdims=keepdims, mask=mask, **kwargs)
    reduce.__name__ = reduce.__qualname__ = nki
    reduce.__doc__ = (f"nl.{nki}(x, axis, dtype=None{', keepdims=False' if keepdims_allowed else ''}): x folded"
                      f" with nl.{op} over axis (nki.isa.tensor_reduce).")
    return reduce


sum = _reduction("sum", "add")  # noqa: A001 (NKI's names)
max = _reduction("max", "maximum")  # noqa: A001
min = _reduction("min", "minimum")  # noqa: A001
prod = _reduction("prod", "multiply")
all = _reduction("all", "logical_and", keepdims_allowed=False)  # noqa: A001


def mean(x, axis, dtype=None, keepdims=False, mask=None, **kwargs):
    """nl.mean: the fp32 sum over axis (tensor_reduce), then times fp32(1/n) (tensor_scalar), cast to dtype (default
    x's): the model's reading of NKI's "fp32 intermediates" (FAMILY-NEXT §3.3)."""
    from . import isa
    total = isa.tensor_reduce(globals()["add"], x, axis, dtype=float32, keepdims=keepdims, mask=mask, **kwargs)
    n = int(np.prod([x.shape[a] for a in isa._reduced_axes(axis, x.ndim)], dtype=np.int64))
    return isa.tensor_scalar(total, globals()["multiply"], float(np.float32(1) / np.float32(n)),
                             dtype=dtype if dtype is not None else x.dtype)
