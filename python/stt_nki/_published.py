"""`published`: makes one `nki.isa` call from its body and its two published signatures (`_forms.Forms`): binds the
arguments to the form they fit, handles `engine=`, `name=` and Beta 1's `mask=` (`_masks.apply`), then runs the
body with the arguments by name."""
import numpy as np

from . import _masks, _session
from ._forms import Forms, engine, engine_check

# engines other than the Vector Engine whose work a call may name when that work is pure data movement: the bits
# are the same whichever engine moves them (FAMILY-NEXT's fidelity level L1), so the model's Vector Engine does it
_MOVERS = {engine.scalar, engine.gpsimd}


def published(name, beta2, beta1, aliases=None, moves_data=False, picks_engine=False, defers=False, queues=False):
    """The call `name` in both forms: `run(beta, arguments)` does it. `aliases` maps other keyword names sources use
    for an argument onto the published one. A call that `moves_data` may name the Scalar or GpSimd engine: `run` then
    gets `mover=` that engine's name and refuses what is more than data movement there. A call that `picks_engine`
    gets `engine=` (an `engine` member) and decides itself. A call that `defers` syncs itself where it reads or
    writes values (`Session.sync`); any other call is a host read, and the queued calls run before it. A call that
    `queues` (a Vector Engine word call, which defers) is queued again without binding when it is made again on the
    same tiles (`Session.learn`)."""
    forms = Forms(name, beta2, beta1)

    def wrap(run):
        def call(*args, **kwargs):
            if not defers:
                if _session.PENDING:
                    _session.sync_pending()
                return bound(*args, **kwargs)
            s = _session.current()
            key = s.call_key(name, args, kwargs) if queues else None
            if key is None:
                return bound(*args, **kwargs)
            done = s.again(key, args, kwargs)  # the same call on the same tiles as one queued before
            if done is not _session.MISS:
                return done
            mark = s.mark()
            result = bound(*args, **kwargs)
            s.learn(key, mark, result, args, kwargs)
            return result

        def bound(*args, **kwargs):
            for other, published in (aliases or {}).items():
                if other in kwargs and published not in kwargs:
                    kwargs[published] = kwargs.pop(other)
            beta, a = forms.bind(args, kwargs)
            named = a.pop("engine", None)
            named = engine.__members__.get(named, named) if isinstance(named, str) else named
            if picks_engine:
                a["engine"] = engine.unknown if named is None else named
            elif moves_data and named in _MOVERS:
                a["mover"] = named.name
            else:
                engine_check(name, named)
            a.pop("name", None)
            mask = a.pop("mask", None) if beta == 1 else None
            if isinstance(mask, (bool, np.bool_)):  # a whole-call predicate a kernel computed from its loop indices
                mask = None if mask else np.zeros((), bool)
            if mask is not None:
                _session.sync_pending()  # a masked call reads and writes values in Python
                return _masks.apply(name, mask, lambda **given: run(beta, **given), a)
            return run(beta, **a)
        call.__name__ = call.__qualname__ = name
        call.__signature__ = forms.beta2  # NKI 2.27+'s, as published
        call.__doc__ = (run.__doc__ or "") + (f"\n\nForms: {name}{forms.beta2} (NKI 2.27+), {name}{forms.beta1}"
                                              " (Beta 1).")
        return call
    return wrap
