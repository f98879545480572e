"""The `nki.language` names a kernel passes to `nki.isa` calls: ALU ops and dtypes.

Each op is an `AluOp` naming the model's op (SPEC §2); the table `OPS` maps NKI's names to them. NumPy ufuncs
(`np.add`, ...) and the model's own op names as strings (`"arith_shift_right"`) are accepted wherever an op is.
"""
import numpy as np

try:
    import ml_dtypes as _ml
except ImportError:  # bf16/fp8 then travel as their uint16/uint8 bits
    _ml = None


class AluOp:
    """An ALU op as NKI names it (`nl.multiply`), carrying the model's name (`mult`)."""

    __slots__ = ("nki", "model")

    def __init__(self, nki, model):
        self.nki, self.model = nki, model

    def __repr__(self):
        return f"nl.{self.nki}"


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
if _ml is not None:
    bfloat16 = np.dtype(_ml.bfloat16)
    float8_e4m3 = np.dtype(_ml.float8_e4m3)
    float8_e5m2 = np.dtype(_ml.float8_e5m2)
    float8_e3m4 = np.dtype(_ml.float8_e3m4)
else:
    bfloat16, float8_e4m3, float8_e5m2, float8_e3m4 = "bf16", "fp8_e4m3", "fp8_e5m2", "fp8_e3m4"
