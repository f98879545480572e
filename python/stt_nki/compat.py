"""`install_as_nki()`: makes `import nki`, `import nki.isa as nisa`, `import nki.language as nl`, `nki.typing`,
`nki.compiler`, `from neuronxcc import nki` and `import neuronxcc.nki.language` resolve to stt_nki, so a kernel file
runs on the model with no edit. It refuses to shadow a real NKI installation unless `force=True`."""
import importlib.util
import sys
import types

from . import compiler, isa, language, typing
from . import _forms, _kernel

_NAMES = ("nki", "neuronxcc", "neuronxcc.nki")


def _real_nki():
    """A module named nki or neuronxcc that is installed and is not ours."""
    for name in ("nki", "neuronxcc"):
        module = sys.modules.get(name)
        if module is not None:
            if not getattr(module, "__stt_nki__", False):
                return name
            continue
        try:
            if importlib.util.find_spec(name) is not None:
                return name
        except (ImportError, ValueError):
            continue
    return None


def _package(name, **attrs):
    m = types.ModuleType(name)
    m.__path__ = []  # a package, so its submodules import
    m.__stt_nki__ = True
    m.__dict__.update(attrs)
    return m


def install_as_nki(force=False):
    """Registers stt_nki as `nki` (NKI 2.27+) and as `neuronxcc.nki` (Beta 1) in `sys.modules`. Raises
    RuntimeError when a real NKI is installed (its name said), unless `force`; returns the `nki` module."""
    real = _real_nki()
    if real is not None and not force:
        raise RuntimeError(f"install_as_nki: a real '{real}' is installed (or imported); stt_nki will not shadow it."
                           " install_as_nki(force=True) does, for this process")
    constants = types.ModuleType("nki.isa.constants")
    constants.__dict__.update(dge_mode=_forms.dge_mode, oob_mode=_forms.oob_mode, engine=_forms.engine,
                              reduce_cmd=_forms.reduce_cmd, matmul_perf_mode=_forms.matmul_perf_mode,
                              nc_version=_forms.nc_version)
    api = dict(isa=isa, language=language, typing=typing, compiler=compiler, jit=_kernel.jit,
               baremetal=_kernel.baremetal, benchmark=_kernel.benchmark, trace=_kernel.trace, simulate=_kernel.simulate,
               simulate_kernel=_kernel.simulate_kernel, last_report=_kernel.last_report,
               dtype=language.DType)
    for prefix in ("nki", "neuronxcc.nki"):
        top = _package(prefix, **api)
        sys.modules[prefix] = top
        sys.modules[prefix + ".isa"] = isa
        sys.modules[prefix + ".isa.constants"] = constants
        sys.modules[prefix + ".language"] = language
        sys.modules[prefix + ".typing"] = typing
        sys.modules[prefix + ".compiler"] = compiler
    neuronxcc = _package("neuronxcc", nki=sys.modules["neuronxcc.nki"])
    sys.modules["neuronxcc"] = neuronxcc
    return sys.modules["nki"]


def uninstall_nki():
    """Removes what install_as_nki registered."""
    for name in list(sys.modules):
        if name.split(".")[0] in ("nki", "neuronxcc") and (getattr(sys.modules[name], "__stt_nki__", False)
                                                        or name.count(".")):
            del sys.modules[name]
