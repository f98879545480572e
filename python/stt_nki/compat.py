"""`install_as_nki()`: makes `import nki`, `import nki.isa as nisa`, `import nki.language as nl`, `nki.typing`,
`nki.compiler`, `from neuronxcc import nki` and `import neuronxcc.nki.language` resolve to stt_nki, so a kernel file
runs on the model with no edit. It refuses to shadow a real NKI installation unless `force=True`."""
import importlib.abc
import importlib.machinery
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


class _Placeholder(types.ModuleType):
    """A device framework's module that is not installed: importable, and naming itself when a kernel file uses it."""

    def __getattr__(self, attr):
        if attr.startswith("__"):
            raise AttributeError(attr)
        raise RuntimeError(f"{self.__name__}.{attr}: {self.__name__.split('.')[0]} (a Neuron device framework) is not"
                           " installed; stt_nki runs the kernel without a device, so this use of it cannot run")


class _Placeholders(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def __init__(self, tops):
        self.tops = tuple(tops)

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] not in self.tops:
            return None
        return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec):
        module = _Placeholder(spec.name)
        module.__path__ = []
        return module

    def exec_module(self, module):
        pass


def install_device_placeholders(tops=("torch_xla", "torch_neuronx")):
    """Makes the device frameworks a kernel file may import at its top without using them in the kernel (nki-samples'
    softmax tutorial: `import torch_xla.core.xla_model as xm`) importable where they are not installed: placeholder
    modules, last on the import path, that raise RuntimeError naming themselves when an attribute is used. An
    installed framework is imported as usual. Returns the names given placeholders."""
    missing = tuple(t for t in tops if t not in sys.modules and importlib.util.find_spec(t) is None)
    if missing and not any(isinstance(f, _Placeholders) and f.tops == missing for f in sys.meta_path):
        sys.meta_path.append(_Placeholders(missing))
    return missing
