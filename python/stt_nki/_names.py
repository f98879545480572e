"""The rest of NKI's published names (FAMILY-NEXT §0.5 `nki_names`): every public name of the API stubs exists in
stt_nki with the stub's signature. What the model can honour is done here or where its family lives; a name the
model cannot honour is `not_modelled`: it raises NotImplementedError naming itself and why when it is called, never
at import, whatever the arguments (a Beta 1 call of an `nki.isa` name is told the same as a Beta 2 one)."""
import functools

import numpy as np


def not_modelled(module, why):
    """Decorates a function written with NKI's signature (its docstring says what NKI's call does): calling it
    raises NotImplementedError naming `module.name` and `why`."""
    def wrap(fn):
        @functools.wraps(fn)  # inspect.signature gives fn's: the stub's
        def call(*args, **kwargs):
            raise NotImplementedError(f"{module}.{fn.__name__}: {why}; the model does not run it")
        call.__doc__ = f"Not modelled: {why}. NKI: {fn.__doc__}"
        return call
    return wrap


class NKIObject:
    """`nl.NKIObject`: the base class of NKI kernel dataclasses and configuration objects. A plain class: keyword
    arguments become attributes; subclasses (often `@dataclass`es) are passed to kernels as arguments."""

    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)

    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({fields})"

    def __eq__(self, other):
        return type(self) is type(other) and vars(self) == vars(other)

    __hash__ = None


_CEILING = 1 << 20  # while_loop iterations before the model calls it a hang


class VirtualRegister(NKIObject):
    """`nki.isa.VirtualRegister`: an engine register holding a 32-bit integer, which the model keeps on the host
    (registers_host): `register_load`/`store`/`move`, `nl.fori_loop`, `nl.while_loop`, `nl.dynamic_range` and `ap`'s
    `scalar_offset` read and write it. As in NKI, Python's own `int()`, `range()` or `if` on one raise TypeError:
    its value exists only while the kernel runs."""

    def __init__(self, state=None, frozen=False):
        super().__init__(state=state, frozen=frozen)
        self.register_value = 0 if state is None else register_int(state, "VirtualRegister: state")

    def _refuse(self, *args):
        raise TypeError("VirtualRegister: its value is known only while the kernel runs; use nl.fori_loop,"
                        " nl.while_loop, nl.dynamic_range or a scalar_offset, not Python's int(), range() or if")

    __int__ = __index__ = __bool__ = _refuse


def register_int(x, what):
    """The 32-bit integer a register takes from `x`: an int, another register, or a 1-element integer tile."""
    if isinstance(x, VirtualRegister):
        return x.register_value
    values = np.asarray(x)
    if values.size != 1 or not (np.issubdtype(values.dtype, np.integer) or values.dtype == np.bool_):
        raise TypeError(f"{what}: {x!r}: allowed: an int, a VirtualRegister or a 1-element integer tile")
    return int(np.int32(values.reshape(-1)[0]))
