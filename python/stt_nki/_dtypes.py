"""Dtypes between NumPy (and ml_dtypes) and the model's names (SPEC §2), NKI's type promotion, and the uninitialised
sentinel a new tensor holds."""
import numpy as np

try:
    import ml_dtypes as _ml
except ImportError:
    _ml = None

# NumPy's own dtypes: the array travels as it is
_NUMPY = {"float32": "fp32", "float16": "fp16", "int8": "int8", "int16": "int16", "int32": "int32",
          "uint8": "uint8", "uint16": "uint16", "uint32": "uint32"}
# ml_dtypes' formats the model has: the array travels as its bits, read as the model's dtype (--dtype0/--dtype1)
_BITS = {"bfloat16": ("bf16", np.uint16), "float8_e4m3": ("fp8_e4m3", np.uint8),
         "float8_e5m2": ("fp8_e5m2", np.uint8), "float8_e3m4": ("fp8_e3m4", np.uint8)}
# names a caller may give as `dtype=`, beside dtype objects
_ALIASES = {"fp32": "fp32", "fp16": "fp16", "bf16": "bf16", "fp32r": "fp32r", "fp8_e4m3": "fp8_e4m3",
            "fp8_e5m2": "fp8_e5m2", "fp8_e3m4": "fp8_e3m4", **_NUMPY, **{k: v[0] for k, v in _BITS.items()}}
# the model's dtypes that travel as the bits of an ml_dtypes array
BITS_MODELS = {model for model, _ in _BITS.values()}
# NC-v4's packed MX dtypes (four elements a packed element): no ISA DTYPE code (SPEC §2), so kept as their bits, a
# NumPy dtype of one named unsigned field; name: (bits, the element format the MX calls name, bits an element)
_X4 = {"float8_e5m2_x4": (np.uint32, "fp8_e5m2", 8), "float8_e4m3fn_x4": (np.uint32, "fp8_e4m3fn", 8),
       "float4_e2m1fn_x4": (np.uint16, "fp4_e2m1", 4)}
X4 = {name: np.dtype([(name, bits)]) for name, (bits, _, _) in _X4.items()}


def x4(dtype):
    """(element format, bits an element) of a packed MX dtype, else None."""
    names = getattr(np.dtype(dtype), "names", None) if isinstance(dtype, np.dtype) else None
    return _X4[names[0]][1:] if names and names[0] in _X4 and X4[names[0]] == dtype else None


def x4_bits(a):
    """A packed MX array as its unsigned bits (the array itself otherwise)."""
    return a.view(_X4[a.dtype.names[0]][0]) if x4(a.dtype) else a


def of_array(a, what):
    """The model's dtype of array `a` and the array as it travels (ml_dtypes formats as their bits)."""
    known = _TRAVEL.get(a.dtype)
    if known is None:
        known = _TRAVEL[a.dtype] = _travel(a.dtype, what)
    model, bits = known
    return model, a if bits is None else a.view(bits)


def _travel(dtype, what):
    """(model dtype, the NumPy dtype it travels as, or None for itself) of a NumPy dtype."""
    if x4(dtype):  # a packed MX array travels as its bits
        bits = _X4[dtype.names[0]][0]
        return _NUMPY[np.dtype(bits).name], bits
    name = dtype.name
    if name in _NUMPY:
        return _NUMPY[name], None
    if name == "bool":  # NumPy's bool is a byte of 0 or 1: the model's uint8, as NKI predicates are
        return "uint8", np.uint8
    if name in _BITS:
        return _BITS[name]
    raise TypeError(f"{what}: dtype {dtype} is not one the model has; allowed: "
                    + ", ".join(list(_NUMPY) + list(_BITS)))


_TRAVEL = {}  # NumPy dtype -> _travel's answer


def named(dtype, what):
    """The model's name for a `dtype=` argument: a NumPy/ml_dtypes dtype or type, or a name."""
    if hasattr(dtype, "why"):
        raise TypeError(f"{what}: {dtype.why}")
    if x4(dtype):
        raise TypeError(f"{what}: {dtype.names[0]} is a packed MX dtype (no ISA DTYPE code, SPEC §2): nl.ndarray,"
                        " Tensor.ap(dtype=), dma_copy, quantize_mx and nc_matmul_mx take it")
    if isinstance(dtype, str):
        key = dtype
    else:
        try:
            key = np.dtype(dtype).name
        except TypeError:
            raise TypeError(f"{what}: {dtype!r} is not a dtype") from None
    if key not in _ALIASES:
        raise TypeError(f"{what}: {dtype!r} is not a dtype the model has; allowed: " + ", ".join(sorted(_ALIASES)))
    return _ALIASES[key]


def result(bits, model):
    """An output array as the caller gets it: bf16/fp8 as ml_dtypes arrays when installed, else their bits (inside a
    kernel run, as the kernel's tensor type: `wrap`)."""
    if model == "fp32r":
        return wrap(bits.view(np.float32))
    for ml_name, (m, _) in _BITS.items():
        if m == model:
            return wrap(bits.view(getattr(_ml, ml_name)) if _ml is not None else bits)
    return wrap(bits)


def wrap(a):
    """What a call's new array becomes; the kernel runner makes it the kernel's Tensor while a kernel runs."""
    return a


_FLOAT_BITS = {"fp8_e3m4": 8, "fp8_e4m3": 8, "fp8_e5m2": 8, "fp16": 16, "bf16": 16, "fp32": 32, "fp32r": 32}
_INT = {"int8": (8, True), "uint8": (8, False), "int16": (16, True), "uint16": (16, False), "int32": (32, True),
        "uint32": (32, False)}


def is_int(model):
    """Whether a model dtype is one of the integer dtypes (the Vector Engine's int datapath)."""
    return model in _INT


def promote(a, b):
    """NKI's type promotion of two input dtypes (model names), as NKI 2.26's "NKI Type Promotion" gives it: a float
    beats an integer; of two floats the wider, or a new wider one (fp16 with bf16 is fp32, two fp8 formats bf16); of
    two integers the wider, or a signed one wide enough for both (int8 with uint8 is int16; int32 with uint32,
    which would need int64, fp32)."""
    if a == b:
        return a
    fa, fb = a in _FLOAT_BITS, b in _FLOAT_BITS
    if fa != fb:
        return a if fa else b
    if fa:
        wa, wb = _FLOAT_BITS[a], _FLOAT_BITS[b]
        if wa != wb:
            return a if wa > wb else b
        return "fp32" if wa >= 16 else "bf16"
    (wa, sa), (wb, sb) = _INT[a], _INT[b]
    if sa == sb:
        return a if wa > wb else b
    signed, unsigned = (a, b) if sa else (b, a)
    if _INT[signed][0] > _INT[unsigned][0]:
        return signed
    wide = 2 * _INT[unsigned][0]
    return f"int{wide}" if wide <= 32 else "fp32"


def empty(shape, model):
    """A new array of the model's dtype as callers get it (bf16/fp8 as ml_dtypes arrays when installed)."""
    return result(np.empty(shape, storage(model)), model)


def storage(model):
    """The NumPy dtype an array of the model's dtype travels as (bf16/fp8 as their bits)."""
    for name, m in _NUMPY.items():
        if m == model:
            return np.dtype(name)
    for m, bits in _BITS.values():
        if m == model:
            return np.dtype(bits)
    raise TypeError(f"{model}: no NumPy storage for it")


def finfo(dtype):
    """Beta 1's `nl.finfo(dtype)`: the machine limits of a float dtype as `numpy.finfo` gives them (`ml_dtypes.finfo`
    for bf16 and the fp8 formats; fp32r, fp32 in memory, has fp32's)."""
    model = named(dtype, "finfo: dtype")
    if model not in _FLOAT_BITS:
        raise TypeError(f"finfo: dtype {dtype!r} is {model}, not a float; allowed: " + ", ".join(_FLOAT_BITS))
    ml_name = next((k for k, (m, _) in _BITS.items() if m == model), None)
    if ml_name is None:
        return np.finfo(np.float16 if model == "fp16" else np.float32)
    if _ml is None:
        raise TypeError(f"finfo: dtype {dtype!r}: {model} needs ml_dtypes, which is not installed")
    return _ml.finfo(getattr(_ml, ml_name))


# --- what a new tensor holds ---------------------------------------------------------------------------------------

_NAN_BITS = {"fp32": 0x7fc00000, "fp32r": 0x7fc00000, "bf16": 0x7fc0, "fp16": 0x7e00, "fp8_e4m3": 0x7f,
             "fp8_e5m2": 0x7f, "fp8_e3m4": 0x7f}


def uninitialised(shape, dtype):
    """A new array of `shape` and `dtype` holding what a new tensor holds (FAMILY-NEXT §9, the model's
    uninit_sentinel): NaN for floats (the ml_dtypes NaN bits for fp8), 4 for integers."""
    model = named(dtype, "dtype")
    return sentinel(np.empty(shape, storage(model)), model)


def sentinel(a, model):
    """`a` (of the model's storage dtype) filled with the uninitialised sentinel, as the caller gets the model's
    arrays."""
    a.view({1: np.uint8, 2: np.uint16, 4: np.uint32}[a.itemsize])[...] = _NAN_BITS.get(model, 4)
    return result(a, model)
