"""Stub completeness (FAMILY-NEXT §0.5 `nki_names`): every public name of NKI's published API stubs exists in stt_nki
as `install_as_nki()` registers it, and every stub function's and method's parameters are accepted by ours: the same
names, kinds and positional order, the same default where the stub gives a literal one. Parameters of ours that the
stub lacks must be keyword-only with a default (Beta 1's `mask=`, `dtype=`), a `**kwargs`, or a `*args` after all of
the stub's positional parameters (NumPy's `t.reshape(n0, n1)` beside NKI's `t.reshape(shape)`): none of them changes
what a call written to the stub means. The names and
signatures come from stubs/aws-neuron-sdk@a3247f5b/api.txt (its README says how); they are parsed with `ast`, never
imported."""
import ast
import inspect
import os
import sys

import pytest

import stt_nki
from stt_nki import compat

API = os.path.join(os.path.dirname(os.path.abspath(__file__)), "stubs", "aws-neuron-sdk@a3247f5b", "api.txt")
_KINDS = {"posonlyargs": inspect.Parameter.POSITIONAL_ONLY, "args": inspect.Parameter.POSITIONAL_OR_KEYWORD,
          "kwonlyargs": inspect.Parameter.KEYWORD_ONLY}
_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
_NONE = object()  # no default
_NOT_LITERAL = object()  # a default that is an expression of the stub's own names (nl.sbuf, engine.unknown, ...)


def _entries():
    module, out = None, []
    with open(API, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                module = line.strip("[]")
                continue
            kind, rest = line.split(" ", 1)
            name, paren, params = rest.partition("(")
            out.append((module, kind, name, "(" + params if paren else None))
    return out


ENTRIES = _entries()


def stub_parameters(params):
    """(name, kind, default) of each parameter of a stub signature `(a, b=1, *, c=None, **kw)`, in order."""
    args = ast.parse(f"def f{params}: ...").body[0].args
    out = []
    positional = args.posonlyargs + args.args
    defaults = [_NONE] * (len(positional) - len(args.defaults)) + list(args.defaults)
    for part in ("posonlyargs", "args"):
        for a in getattr(args, part):
            out.append((a.arg, _KINDS[part], _literal(defaults[positional.index(a)])))
    if args.vararg:
        out.append((args.vararg.arg, inspect.Parameter.VAR_POSITIONAL, _NONE))
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        out.append((a.arg, inspect.Parameter.KEYWORD_ONLY, _literal(d) if d is not None else _NONE))
    if args.kwarg:
        out.append((args.kwarg.arg, inspect.Parameter.VAR_KEYWORD, _NONE))
    return out


def _literal(node):
    if node is _NONE:
        return _NONE
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return _NOT_LITERAL
    return _NOT_LITERAL if value is Ellipsis else value  # `...`: the stub does not say


def mismatches(stub, ours):
    """What in our signature refuses a call the stub's signature accepts (an empty list: nothing)."""
    theirs = {p.name: p for p in ours.parameters.values()}
    problems, seen = [], set()
    our_positional = [p.name for p in ours.parameters.values() if p.kind in _POSITIONAL]
    stub_positional = [n for n, k, _ in stub if k in _POSITIONAL]
    if our_positional[:len(stub_positional)] != stub_positional:
        problems.append(f"positional parameters {our_positional}, the stub's {stub_positional}")
    for name, kind, default in stub:
        if kind in _VARIADIC:
            match = [p for p in ours.parameters.values() if p.kind == kind]
            if not match:
                problems.append(f"no {kind.description} parameter (the stub's {name})")
            seen.update(p.name for p in match)
            continue
        p = theirs.get(name)
        if p is None:
            problems.append(f"no parameter {name}")
            continue
        seen.add(name)
        if p.kind != kind:
            problems.append(f"{name} is {p.kind.description}, the stub's is {kind.description}")
        if default is not _NONE and p.default is inspect.Parameter.empty:
            problems.append(f"{name} has no default")
        elif default not in (_NONE, _NOT_LITERAL) and (type(p.default), p.default) != (type(default), default):
            problems.append(f"{name}={p.default!r}, the stub's default is {default!r}")
    for p in ours.parameters.values():
        if p.name in seen or p.kind in _VARIADIC:  # a *args follows every positional parameter checked above
            continue
        if p.kind != inspect.Parameter.KEYWORD_ONLY or p.default is inspect.Parameter.empty:
            problems.append(f"{p.name} ({p.kind.description}) is not the stub's and not keyword-only with a default")
    return problems


@pytest.fixture(scope="module")
def nki():
    installed = stt_nki.install_as_nki()
    yield installed
    compat.uninstall_nki()


def _owner(module, name):
    """Our object for the stub's `module` and a dotted `name` (CLASS.member, constant.attribute)."""
    obj = sys.modules[module]
    for part in name.split(".")[:-1]:
        obj = getattr(obj, part)
    return obj


def _sample_tensor():
    from stt_nki import language as nl
    return nl.ndarray((2, 4), dtype=nl.float32, buffer=nl.hbm)


@pytest.mark.parametrize("module,kind,name,params", ENTRIES, ids=[f"{m}.{n}" for m, _, n, _ in ENTRIES])
def test_the_stub_name_exists_and_takes_the_stub_parameters(nki, module, kind, name, params):
    owner, last = _owner(module, name), name.split(".")[-1]
    if kind == "attribute" and isinstance(owner, type) and last not in dir(owner):
        owner = _sample_tensor()  # NkiTensor's instance attributes: a tensor's
        assert isinstance(owner, sys.modules[module].NkiTensor)
    try:
        obj = inspect.getattr_static(owner, last)  # a property is not run: some refuse, as not modelled
    except AttributeError:
        pytest.fail(f"{module}.{name}: stt_nki has no such {kind}")
    if kind == "class":
        assert isinstance(obj, type), f"{module}.{name}: the stub's is a class, ours is {obj!r}"
    if params is None:
        return
    stub = stub_parameters(params)
    if kind == "method" and last == "__init__":
        sig, stub = inspect.signature(owner), stub[1:]  # the constructor, called without self
    else:
        sig = inspect.signature(getattr(owner, last))
    problems = mismatches(stub, sig)
    assert not problems, f"{module}.{name}{params}: ours is {last}{sig}: " + "; ".join(problems)


def test_the_signature_check_refuses_what_a_stub_call_would_trip_on():
    """The checker itself, on hand-made pairs: each broken signature is reported for the reason it breaks."""
    stub = stub_parameters("(x, y, dtype=None, *, flag=False, **kwargs)")

    def sig(text):
        return inspect.signature(eval(f"lambda {text[1:-1]}: None"))
    assert mismatches(stub, sig("(x, y, dtype=None, *, flag=False, mask=None, **kw)")) == []
    assert mismatches(stub, sig("(x, z, dtype=None, *, flag=False, **kw)"))  # a renamed parameter
    assert mismatches(stub, sig("(y, x, dtype=None, *, flag=False, **kw)"))  # positional order
    assert mismatches(stub, sig("(x, y, *, dtype=None, flag=False, **kw)"))  # kind
    assert mismatches(stub, sig("(x, y, dtype=0, *, flag=False, **kw)"))  # a different literal default
    assert mismatches(stub, sig("(x, y, dtype, *, flag=False, **kw)"))  # no default
    assert mismatches(stub, sig("(x, y, dtype=None, mask=None, *, flag=False, **kw)"))  # a positional extra
    assert mismatches(stub, sig("(x, y, dtype=None, *, flag=False, mask, **kw)"))  # a required extra
    assert mismatches(stub, sig("(x, y, dtype=None, *, flag=False)"))  # no **kwargs
    assert mismatches(stub_parameters("(x, y=1)"), sig("(x, *rest, y=1)"))  # *args before a stub's positional one
    assert mismatches(stub, sig("(x, y, dtype=None, *, flag=0, **kw)"))  # False is not 0
