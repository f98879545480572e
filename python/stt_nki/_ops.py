"""The ops a kernel passes to `nki.isa` calls: `AluOp`s (`nl.add`, ...; the table `OPS` maps NKI's names to the
model's, SPEC §2) and the Scalar Engine's `ActFunction`s (`nl.exp`, ...). They are data here; `language` makes them
callable as Beta 1's tile functions (it installs `AluOp.__call__`, `AluOp._broadcast` and `ActFunction.__call__`,
which run `nki.isa` calls, a layer above this one) and exports them as `nl.` names."""


class AluOp:
    """An ALU op as NKI names it (`nl.multiply`), carrying the model's name (`mult`); callable as Beta 1's tile
    function `nl.multiply(x, y, dtype=None, mask=None)` (`language` installs it)."""

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
    "right_shift": "logical_shift_right", "mod": "mod",
}

# one AluOp per NKI name (`_ops.add` is `nl.add`)
for _name, _model in OPS.items():
    globals()[_name] = AluOp(_name, _model)


class ActFunction:
    """A Scalar Engine function as NKI names it (`nl.exp`): `nki.isa.activation`'s `op`, and the tile function
    `nl.exp(x, dtype=None, mask=None)`, which runs that activation (FAMILY-NEXT §5.3: copy, relu, prelu, abs, sign,
    square at model level, the others approximate; `language` installs the call)."""

    NAMES = ("copy", "relu", "prelu", "abs", "sign", "square", "exp", "log", "sqrt", "rsqrt", "reciprocal", "sin",
             "arctan", "tanh", "sigmoid", "softplus", "mish", "erf", "erf_dx", "gelu", "gelu_dx", "gelu_apprx_tanh",
             "gelu_apprx_sigmoid", "gelu_apprx_sigmoid_dx", "silu", "silu_dx")
    __slots__ = ("nki",)

    def __init__(self, nki):
        self.nki = nki

    def __repr__(self):
        return f"nl.{self.nki}"
