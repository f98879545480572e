"""The rest of NKI's published names (FAMILY-NEXT §0.5 `nki_names`): every public name of the API stubs exists in
stt_nki with the stub's signature. What the model can honour is done here or where its family lives; a name the
model cannot honour is `not_modelled`: it raises NotImplementedError naming itself and why when it is called, never
at import, whatever the arguments (a Beta 1 call of an `nki.isa` name is told the same as a Beta 2 one)."""
import functools


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
