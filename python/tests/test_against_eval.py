"""stt_nki's calls against the independent NumPy + ml_dtypes oracle (tests/oracle/semantics.py), on the oracle's own
random cases: every op pair, dtype triple, reverse flag, per-partition scalar and accumulator command it walks, the
expectations computed outside the model (no `stt eval` in the loop)."""
import os
import sys

import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa

ml_dtypes = pytest.importorskip("ml_dtypes")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tests", "oracle"))
import run_oracle as ro  # noqa: E402  (the oracle's case generator)
import semantics as sem  # noqa: E402  (the oracle: NumPy + ml_dtypes)

# the model's names of the formats ml_dtypes holds, to view the oracle's storage arrays as stt_nki's inputs
VIEWS = {"bf16": ml_dtypes.bfloat16, "fp8_e3m4": ml_dtypes.float8_e3m4, "fp8_e4m3": ml_dtypes.float8_e4m3,
         "fp8_e5m2": ml_dtypes.float8_e5m2}


def tile(storage, dtype):
    return storage.view(VIEWS[dtype]) if dtype in VIEWS else storage


def storage(result, dtype):
    return result.view(sem.STORAGE[dtype]) if dtype in VIEWS else result.astype(sem.STORAGE[dtype], copy=False)


def scalar_of(case):
    """The call's operand0: a number, or the [P, 1] per-partition array in its own dtype."""
    if case["per_partition"]:
        return tile(case["scalar"], case["scalar_dtype"]).reshape(-1, 1)
    if case["bitvec"]:
        return int(case["scalar"][0]) & 0xFFFFFFFF
    return float(case["scalar"][0])


@pytest.fixture(scope="module")
def sessions():
    """One session per generation, reset before each case (a fresh core, as the oracle's machine is)."""
    made = {}
    yield lambda gen: made.setdefault(gen, stt_nki.Session(gen=gen))
    for s in made.values():
        s.close()


@pytest.mark.parametrize("seed", [3, 4])
def test_scalar_tensor_tensor_matches_the_oracle(seed, sessions):
    rng = np.random.default_rng(seed)
    seen = {}
    for k in range(70):
        case = ro.make_case(rng, k, seen)
        if case["per_partition"] and case["scalar_dtype"] not in ("fp32",) and not case["bitvec"]:
            case["scalar"] = case["scalar"].astype(sem.STORAGE[case["scalar_dtype"]])
        want, want_acc = sem.stt(case)
        res = np.zeros((case["data"].shape[0], 1), np.float32) if case["accumulate"] else None
        cmd = {None: "idle", "add": "reduce", "reset": "reset_reduce"}[case["accumulate"]]
        session = sessions(case["gen"])
        session.reset()  # a zeroed core: "reduce" then starts from zero, as the oracle's accumulators do
        stt_nki._session._bound().append(session)  # this thread's calls go to it (a with block would close it)
        try:
            got = nisa.scalar_tensor_tensor(data=tile(case["data"], case["dtype0"]), op0=case["op0"],
                                            operand0=scalar_of(case), op1=case["op1"],
                                            operand1=tile(case["operand1"], case["dtype1"]),
                                            reverse0=case["reverse0"], reverse1=case["reverse1"],
                                            dtype=None if case["bitvec"] else case["out_dtype"], reduce_res=res,
                                            reduce_cmd=cmd)
        finally:
            stt_nki._session._bound().remove(session)
        ok = ro.same(storage(got, case["out_dtype"]), want, case["out_dtype"])
        assert ok.all(), f"case {k}: {case['op0']}/{case['op1']} {case['dtype0']},{case['dtype1']}->" \
                         f"{case['out_dtype']} at {np.argwhere(~ok)[0]}"
        if want_acc is not None:
            assert ro.same(res.reshape(-1), want_acc, "fp32").all(), f"case {k}: accumulators"
