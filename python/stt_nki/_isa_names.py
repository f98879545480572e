"""`nki.isa` names of NKI's published stubs that the older modules lack (FAMILY-NEXT §0.5 `nki_names`), with the
stubs' signatures. Imported by `isa` at its end."""
import enum

import numpy as np

from . import _session
from ._forms import engine, nc_version, oob_mode, reduce_cmd
from ._names import NKIObject, VirtualRegister, not_modelled, register_int

_ISA = "nki.isa"
_RANDOM = "the per-lane random state's layout and the mapping of its bits to values are not published"
_SOURCES = "FAMILY-NEXT does not define it (FAMILY-NEXT §13a)"
_CORES = "the model runs one NeuronCore; collectives across cores are not modelled"


class dma_engine(enum.Enum):
    """`nki.isa.dma_engine`: which DMA engine a transfer uses (no effect on the values the model computes)."""
    dma = 1
    gpsimd_dma = 2


class NkiValidationError(Exception):
    """`nki.isa.NkiValidationError`: a call NKI's validation refuses."""


class NkiInstruction(NKIObject):
    """`nki.isa.NkiInstruction`: a handle on an issued instruction, for scheduling dependencies."""

    def __init__(self, handle):
        super().__init__(handle=handle)

    def depends_on(self, *producers):
        """Orders this instruction after `producers`: the model runs every call in program order, so it already is."""


def get_nc_version():
    """The NeuronCore version of the current session's generation (FAMILY-NEXT §10: sunda gen2, cayman gen3,
    mariana and later gen4)."""
    gen = _session.current().gen
    return {"sunda": nc_version.gen2, "cayman": nc_version.gen3}.get(gen, nc_version.gen4)


@not_modelled(_ISA, "NKI does not publish what a NeuronCore sub-version is")
def get_nc_sub_version():
    """The NeuronCore's sub-version."""


@not_modelled(_ISA, _RANDOM)
def rng(dst, engine=engine.vector, name=None):
    """Random bits from the engine's generator."""


@not_modelled(_ISA, _RANDOM + " (dropout draws from that generator)")
def dropout(dst, data, prob, name=None):
    """data with elements zeroed with probability prob."""


@not_modelled(_ISA, _RANDOM)
def set_rng_seed(src_seeds, name=None):
    """Seeds the random generator."""


@not_modelled(_ISA, _RANDOM)
def rand_set_state(src_seeds, engine=engine.gpsimd, name=None):
    """Sets the random state."""


@not_modelled(_ISA, _RANDOM)
def rand_get_state(dst, engine=engine.gpsimd, name=None):
    """Reads the random state."""


@not_modelled(_ISA, _RANDOM)
def rand2(dst, min, max, name=None):
    """Uniform random values in [min, max)."""


@not_modelled(_ISA, _SOURCES)
def activate2(dst, op, data, imm0, imm1, op0, op1, relu_param=0.0, reverse0=False, reverse1=False, reduce_op=None,
              reduce_res=None, reduce_cmd=reduce_cmd.idle, name=None):
    """An activation between two tensor-scalar stages."""


@not_modelled(_ISA, _SOURCES)
def dma_compute(dst, srcs, reduce_op, scales=None, unique_indices=True, oob_mode=oob_mode.error, name=None):
    """A DMA that folds several sources."""


@not_modelled(_ISA, _SOURCES)
def topk(val_dst, idx_dst, src, n, name=None):
    """The K largest values and their indices (GpSimd)."""


@not_modelled(_ISA, _CORES)
def core_barrier(data, cores, engine=engine.gpsimd, name=None):
    """A barrier across NeuronCores."""


@not_modelled(_ISA, _CORES)
def sendrecv(src, dst, send_to_rank, recv_from_rank, pipe_id, dma_engine=dma_engine.dma, name=None):
    """A transfer between ranks."""


def register_alloc(x=None):
    """A new register holding x (an int, a register or a 1-element integer tile), else 0 (registers_host)."""
    return VirtualRegister(x)


def register_move(dst, src):
    """dst register = src (an int or a register)."""
    _register(dst, "register_move").register_value = register_int(src, "register_move: src")


def register_load(dst, src):
    """dst register = the value of src, a 1-element integer tile ([1, 1] in SBUF)."""
    _register(dst, "register_load").register_value = register_int(src, "register_load: src")


def register_store(dst, src):
    """dst, a 1-element integer tile, = the value of register src."""
    value = _register(src, "register_store").register_value
    if not isinstance(dst, np.ndarray) or dst.size != 1:
        raise TypeError(f"register_store: dst {dst!r}: allowed: a 1-element integer tile")
    dst[...] = value


def _register(r, what):
    if not isinstance(r, VirtualRegister):
        raise TypeError(f"{what}: {r!r}: allowed: a VirtualRegister (nisa.register_alloc())")
    return r


__all__ = ["dma_engine", "NkiValidationError", "NkiInstruction", "VirtualRegister", "get_nc_version",
           "get_nc_sub_version", "rng", "dropout", "set_rng_seed", "rand_set_state", "rand_get_state", "rand2",
           "activate2", "dma_compute", "topk", "core_barrier", "sendrecv",
           "register_alloc", "register_move", "register_load", "register_store"]
