"""Both NKI call forms of one `nki.isa` call: NKI >= 2.27 ("Beta 2": `dst` first, every argument positional or by
keyword, `engine=` and `name=`, returns nothing) and `neuronxcc.nki` ("Beta 1": returns a new tile, keyword-only
`dtype=` and `mask=`). Each form is the published signature, written as a stub; a call binds to the Beta 2 form when
its arguments fit it (a tile as `dst`, tiles and ops where the form has them), else to the Beta 1 form."""
import enum
import inspect

import numpy as np

from ._ops import AluOp

# what kind of value each parameter name takes, to tell the two forms apart
_TILES = {"dst", "data", "data0", "data1", "data2", "predicate", "on_true", "stationary", "moving", "vals",
          "src_buffer", "index", "indices", "segment_ids"}
_OPS = {"op", "op0", "op1", "reduce_op"}
_LISTS = {"pattern"}


class engine(enum.Enum):
    """`nki.isa.engine`: the NeuronCore engines (NKI 2.32's values)."""
    unknown = 0
    tensor = 1
    scalar = 2
    gpsimd = 3
    dma = 4
    vector = 5
    sync = 6


class reduce_cmd(enum.Enum):
    """`nki.isa.reduce_cmd`: what an instruction does with the engine's accumulator registers."""
    idle = 0
    reset = 1
    reduce = 2
    reset_reduce = 3
    load_reduce = 4


class dge_mode(enum.Enum):
    """`nki.isa.dge_mode`: how a DMA is generated (no effect on the values the model computes)."""
    unknown = 0
    swdge = 1
    hwdge = 2
    none = 3


class oob_mode(enum.Enum):
    """`nki.isa.oob_mode`: what an out-of-bounds indirect DMA does."""
    error = 0
    skip = 1


class matmul_perf_mode(enum.Enum):
    """`nki.isa.matmul_perf_mode`: `none`, and `double_row` (FP8 on NC-v3+: two rows a partition, the model's
    double_row; Beta 2.26's `double_row_gen3` names it too)."""
    none = "none"
    double_row = "double_row"


class nc_version(enum.Enum):
    """`nki.isa.nc_version`: the NeuronCore generations NKI names (FAMILY-NEXT §10)."""
    gen2 = 2
    gen3 = 3
    gen4 = 4


def _is_tile(x):
    return isinstance(x, np.ndarray)


def _is_op(x):
    return isinstance(x, (AluOp, np.ufunc, str)) or callable(x) and not _is_tile(x)


class Forms:
    """The two signatures of one call; `bind` gives (2 or 1, the arguments by name with defaults applied)."""

    def __init__(self, name, beta2, beta1):
        self.name = name
        self.beta2, self.beta1 = inspect.signature(beta2), inspect.signature(beta1)
        self._shapes = {}  # (positional count, keyword names) -> the forms such a call binds to (_Binding)

    def bind(self, args, kwargs):
        key = (len(args), tuple(kwargs))
        bindings = self._shapes.get(key)
        if bindings is None:
            bindings = self._shapes[key] = [_Binding(beta, sig) for beta, sig in ((2, self.beta2), (1, self.beta1))
                                            if _binds(sig, args, kwargs)]
        for b in bindings:
            a = b.arguments(args, kwargs)
            if b.beta == 1 or self._fits(a):
                return b.beta, a
        raise TypeError(f"nki.isa.{self.name}: the arguments fit neither NKI form: {self.name}{self.beta2} (NKI 2.27"
                        f" and later, dst first) or {self.name}{self.beta1} (neuronxcc.nki, returns a new tile)")

    def _fits(self, a):
        """Whether Beta 2's binding put tiles, ops and access patterns where the form has them."""
        for k, v in a.items():
            if (k in _TILES and not _is_tile(v) or k in _OPS and v is not None and not _is_op(v)
                    or k in _LISTS and not isinstance(v, (list, tuple))):
                return False
        return True


def _binds(sig, args, kwargs):
    """Whether a call of `args` and `kwargs` binds to `sig`: it depends on their count and names only."""
    try:
        sig.bind(*args, **kwargs)
    except TypeError:
        return False
    return True


class _Binding:
    """What `inspect.Signature.bind` and `apply_defaults` give for calls of one shape (their count of positional
    arguments and their keyword names), by name, with `**kwargs` spread: the defaults, then the positional arguments
    by their parameters' names, then the keywords."""

    def __init__(self, beta, sig):
        self.beta = beta
        params = [p for p in sig.parameters.values() if p.kind != p.VAR_KEYWORD]
        self.names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        self.defaults = {p.name: p.default for p in params if p.default is not p.empty}

    def arguments(self, args, kwargs):
        a = dict(self.defaults)
        a.update(zip(self.names, args))
        a.update(kwargs)
        return a


def engine_check(name, value, allowed=(engine.unknown, engine.vector)):
    """`engine=`: the engines this model runs the call on; another is an error naming it."""
    if value is None or value in allowed:
        return
    if isinstance(value, str) and value in {e.name for e in allowed}:
        return
    shown = value.name if isinstance(value, engine) else repr(value)
    raise ValueError(f"{name}: engine={shown}: this model runs {name} on the Vector Engine only (engine.vector or"
                     " engine.unknown)")


def command(name, value):
    """`reduce_cmd` as its name: a `reduce_cmd` member or its name."""
    if isinstance(value, reduce_cmd):
        return value.name
    if isinstance(value, str) and value in reduce_cmd.__members__:
        return value
    raise ValueError(f"{name}: reduce_cmd={value!r}: allowed: {', '.join(reduce_cmd.__members__)}")


def reduced_axes(axis, ndim, int_one_is_minor=False):
    """`axis` as the sorted free axes it names: an int or a list, a contiguous run ending at the last axis, never 0.
    With `int_one_is_minor` (nisa.tensor_reduce), the int 1 names the most-minor free axis whatever the rank (the
    model's reduce_axis_one: the compiler's reading, on which nki-library's rmsnorm_tkg and layernorm_tkg rely)."""
    axes = [axis] if isinstance(axis, (int, np.integer)) else list(axis) if isinstance(axis, (list, tuple)) else None
    if not axes or not all(isinstance(a, (int, np.integer)) for a in axes):
        raise TypeError(f"tensor_reduce: axis={axis!r}: an int or a list of ints (free axes of the tile)")
    minor_one = int_one_is_minor and ndim > 2
    if minor_one and isinstance(axis, (int, np.integer)) and axis == 1:
        return [ndim - 1]
    named = sorted(int(a) + ndim if a < 0 else int(a) for a in axes)
    if named[0] < 1 or named != list(range(named[0], ndim)):
        legal = ", ".join(str(list(range(k, ndim))) for k in range(ndim - 1, 0, -1))
        legal += f", the int 1 (the most-minor axis, as [{ndim - 1}])" if minor_one else ""
        raise ValueError(f"tensor_reduce: axis={axis!r} on a {ndim}-D tile: the reduced axes must be a contiguous run"
                         f" of free axes ending at the last one, never axis 0 (the partitions); allowed: {legal}")
    return named

