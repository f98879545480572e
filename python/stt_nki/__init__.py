"""stt_nki: NKI's Vector Engine calls (`nki.isa`) on NumPy arrays, run bit-exactly on the stt model, in both of NKI's
call forms.

    from stt_nki import isa as nisa, language as nl
    nisa.scalar_tensor_tensor(dst, a, nl.multiply, 2.5, nl.add, b)          # NKI 2.27+: writes dst
    out = nisa.scalar_tensor_tensor(data=a, op0=nl.multiply, operand0=2.5, op1=nl.add, operand1=b)  # Beta 1

Calls go through a `Session` (one `stt serve` process); module-level calls use a default one, or the innermost
`with Session(...) as s:`. An instruction the generation does not allow raises `InvalidInstruction` (`.rules`).
"""
from . import isa, language
from ._kernel import baremetal, jit, last_report, simulate, simulate_kernel
from ._session import InvalidInstruction, ServerError, Session
from .compat import install_as_nki, install_device_placeholders

__all__ = ["isa", "language", "Session", "InvalidInstruction", "ServerError", "simulate", "simulate_kernel", "jit",
           "baremetal", "last_report", "install_as_nki", "install_device_placeholders"]
