"""`nki.language` names of NKI's published stubs that the older modules lack (FAMILY-NEXT §0.5 `nki_names`), with the
stubs' signatures. Imported by `language` at its end."""
import contextlib

import numpy as np

from . import _dtypes, _tiles
from ._names import _CEILING, NKIObject, VirtualRegister, not_modelled, register_int
from ._ops import AluOp

NkiTensor = _tiles.Tensor
DType = np.dtype  # what `nl.float32` and the other dtypes are (an annotation: `dtype: nl.DType`)

_NL = "nki.language"
_NO_OP = "FAMILY-NEXT gives the model no op for it"
_RANDOM = "the device's random state and its bits-to-value mapping are not published (FAMILY-NEXT §13a)"


class MemoryRegion:
    """`nl.MemoryRegion`: the memories NKI allocates tensors in; its members are the buffers `nl.sbuf`, ..."""
    sbuf, psum, private_hbm, shared_hbm = _tiles.sbuf, _tiles.psum, _tiles.private_hbm, _tiles.shared_hbm


def is_hbm(buffer):
    """Whether `buffer` is device memory (`nl.hbm`, `private_hbm`, `shared_hbm`)."""
    return _buffer(buffer, "is_hbm") in (_tiles.hbm, _tiles.shared_hbm)


def is_on_chip(buffer):
    """Whether `buffer` is on the chip (SBUF or PSUM)."""
    return _buffer(buffer, "is_on_chip").on_chip


def is_psum(buffer):
    return _buffer(buffer, "is_psum") is _tiles.psum


def is_sbuf(buffer):
    return _buffer(buffer, "is_sbuf") is _tiles.sbuf


def _buffer(buffer, what):
    named = {b.name: b for b in (_tiles.sbuf, _tiles.psum, _tiles.hbm, _tiles.shared_hbm)}
    named["private_hbm"] = _tiles.private_hbm
    found = buffer if isinstance(buffer, _tiles.Buffer) else named.get(buffer)
    if found is None:
        raise TypeError(f"nl.{what}: buffer={buffer!r}: allowed: nl.sbuf, nl.psum, nl.hbm, nl.private_hbm,"
                        " nl.shared_hbm or their names")
    return found


class _Unary(AluOp):
    """A one-tile op (`nl.abs(x, dtype=None)`, `nl.invert`, `nl.rsqrt`) with NKI's signature."""
    __slots__ = ()

    def __call__(self, x, dtype=None, *, mask=None, **kwargs):
        return AluOp.__call__(self, x, None, dtype, mask=mask, **kwargs)


abs, invert, rsqrt = _Unary("abs", "absolute_value"), _Unary("invert", "bitwise_not"), _Unary("rsqrt", "rsqrt")
# the ISA's ABS_MAX / ABS_MIN (NC-v4 on): max(|x|, |y|), min(|x|, |y|) (the model's side of abs_max_abs_min)
abs_max, abs_min = AluOp("abs_max", "abs_max"), AluOp("abs_min", "abs_min")


finfo = _dtypes.finfo


def program_ndim():
    """`nl.program_ndim()`: the number of dimensions of the SPMD launch grid, 0 when the kernel has none."""
    run = getattr(_tiles._state, "run", None)
    return 0 if run is None else run.launch_ndim


def shared_constant(constant, *, dtype=None):
    """`nl.shared_constant(constant)`: a tensor in shared HBM holding `constant` (a NumPy array, or the path of a
    `.npy` file), its dtype kept; Beta 1's `dtype=` gives the tensor's dtype, the constant converted on the host as
    NumPy (ml_dtypes for bf16 and fp8) converts it, since the compiler embeds the host array (the model's
    shared_constant_dtype)."""
    data = np.load(constant) if isinstance(constant, str) else np.asarray(constant)
    if dtype is not None:
        _dtypes.named(dtype, "shared_constant: dtype")
        data = data.astype(dtype)
    t = _tiles.ndarray(data.shape, data.dtype, buffer=_tiles.shared_hbm)
    t[...] = data
    return t


def no_reorder():
    """`with nl.no_reorder():` keeps the calls inside in program order, which is the only order the model runs."""
    return contextlib.nullcontext()


def loop_reduce(x, op, loop_indices, *, dtype=None, mask=None, **kwargs):
    """Beta 1's `nl.loop_reduce`: stored into a tile `t[...]`, it is `t[...] = op(t[...], x)` (`_tiles.LoopReduce`);
    `loop_indices` only tells NKI's compiler which loops the reduction runs over."""
    return _tiles.LoopReduce(x, op, dtype, mask)


def expand_dims(x, axis):
    """`nl.expand_dims(x, axis)`: a view of x with a new size-1 axis at `axis` (numpy.expand_dims)."""
    return np.expand_dims(x, axis)


@not_modelled(_NL, "NKI publishes no semantics for it (its stub has no docstring)")
def average(*args, **kwargs):
    """An op NKI names without describing it."""


@not_modelled(_NL, _NO_OP)
def cos(x, dtype=None):
    """cos x element-wise (FAMILY-NEXT §5.3's activation table has no cos)."""


@not_modelled(_NL, _NO_OP)
def tan(x, dtype=None):
    """tan x element-wise (FAMILY-NEXT §5.3's activation table has no tan)."""


@not_modelled(_NL, _NO_OP)
def logical_not(x, dtype=None):
    """NOT x element-wise."""


@not_modelled(_NL, _NO_OP)
def ceil(x, dtype=None):
    """x rounded up."""


@not_modelled(_NL, _NO_OP)
def floor(x, dtype=None):
    """x rounded down."""


@not_modelled(_NL, _NO_OP)
def trunc(x, dtype=None):
    """x rounded towards zero."""


@not_modelled(_NL, _NO_OP)
def negative(x, dtype=None):
    """-x element-wise."""


@not_modelled(_NL, _NO_OP)
def fmod(x, y, dtype=None):
    """The remainder of x / y, with x's sign."""


@not_modelled(_NL, "FAMILY-NEXT does not define its lowering")
def softmax(x, axis=-1, dtype=None):
    """softmax of x along axis."""


@not_modelled(_NL, "FAMILY-NEXT does not define its lowering")
def rms_norm(x, w, axis, n, epsilon=1e-06, dtype=None, compute_dtype=None):
    """x / RMS(x) * w."""


@not_modelled(_NL, _RANDOM)
def dropout(x, rate, dtype=None):
    """x with elements zeroed with probability rate."""


@not_modelled(_NL, _RANDOM)
def random_seed(seed):
    """Seeds nl.rand."""


def dynamic_range(start, stop=None, step=1):
    """A loop whose bounds (ints or VirtualRegisters) are read when it runs: the model's Python range over their
    values (registers_host)."""
    if stop is None:
        start, stop = 0, start
    return range(register_int(start, "dynamic_range: start"), register_int(stop, "dynamic_range: stop"), int(step))


def fori_loop(lower, upper, body_fun, step=1):
    """`body_fun(i)` for i in range(lower, upper, step), the bounds ints or VirtualRegisters; i is a VirtualRegister
    when a bound is one, else an int (NKI's page; registers_host)."""
    as_register = isinstance(lower, VirtualRegister) or isinstance(upper, VirtualRegister)
    for i in dynamic_range(lower, upper, step):
        body_fun(VirtualRegister(i) if as_register else i)


def while_loop(init, body_fun):
    """`body_fun(r)` while the register `r` (init) is nonzero (registers_host); past 2^20 rounds the model calls it a
    hang and raises RuntimeError."""
    for _ in range(_CEILING):
        if register_int(init, "while_loop: init") == 0:
            return
        body_fun(init)
    raise RuntimeError(f"nl.while_loop: the register is still nonzero after {_CEILING} rounds of body_fun")


__all__ = ["NkiTensor", "DType", "MemoryRegion", "NKIObject", "is_hbm", "is_on_chip", "is_psum", "is_sbuf", "abs",
           "invert", "rsqrt", "program_ndim", "shared_constant", "finfo", "no_reorder", "loop_reduce", "expand_dims",
           "average", "cos", "tan", "abs_max", "abs_min", "logical_not", "ceil", "floor", "trunc", "negative", "fmod",
           "softmax", "rms_norm", "dropout", "random_seed", "dynamic_range",
           "fori_loop", "while_loop"]
