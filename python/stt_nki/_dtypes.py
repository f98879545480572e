"""Dtypes between NumPy (and ml_dtypes) and the model's names (SPEC §2)."""
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


def of_array(a, what):
    """The model's dtype of array `a` and the array as it travels (ml_dtypes formats as their bits)."""
    name = a.dtype.name
    if name in _NUMPY:
        return _NUMPY[name], a
    if name in _BITS:
        model, bits = _BITS[name]
        return model, a.view(bits)
    raise TypeError(f"{what}: dtype {a.dtype} is not one the model has; allowed: "
                    + ", ".join(list(_NUMPY) + list(_BITS)))


def named(dtype, what):
    """The model's name for a `dtype=` argument: a NumPy/ml_dtypes dtype or type, or a name."""
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
    """An output array as the caller gets it: bf16/fp8 as ml_dtypes arrays when installed, else their bits."""
    if model == "fp32r":
        return bits.view(np.float32)
    for ml_name, (m, _) in _BITS.items():
        if m == model:
            return bits.view(getattr(_ml, ml_name)) if _ml is not None else bits
    return bits
