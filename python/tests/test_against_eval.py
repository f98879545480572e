"""stt_nki's results are bit-identical to `stt eval` for the same call: random cases through both."""
import json
import os
import subprocess
import tempfile

import numpy as np
import pytest

from stt_nki import isa as nisa

ml_dtypes = pytest.importorskip("ml_dtypes")
ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
ARITH = ["add", "subtract", "mult", "max", "min", "is_ge", "is_lt", "absolute_diff", "logical_or", "bypass"]
DTYPES = {"fp32": np.float32, "fp16": np.float16, "bf16": ml_dtypes.bfloat16, "int16": np.int16, "uint8": np.uint8,
          "int32": np.int32, "fp8_e4m3": ml_dtypes.float8_e4m3}
BITS = {"bf16": np.uint16, "fp8_e4m3": np.uint8}


def test_random_calls_match_eval_bit_for_bit():
    rng = np.random.default_rng(11)
    eval_proc = subprocess.Popen([os.path.join(ROOT, "stt"), "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 text=True)
    try:
        with tempfile.TemporaryDirectory() as d:
            for k in range(60):
                p, f = int(rng.integers(1, 129)), int(rng.integers(1, 200))
                d0, d1, do = (str(rng.choice(list(DTYPES))) for _ in range(3))
                a = (rng.standard_normal((p, f)) * 20).astype(np.float32).astype(DTYPES[d0])
                b = (rng.standard_normal((p, f)) * 20).astype(np.float32).astype(DTYPES[d1])
                op0, op1 = str(rng.choice(ARITH)), str(rng.choice(ARITH))
                scalar = float(np.float32(rng.standard_normal() * 4))
                rev0, rev1 = bool(rng.integers(2)), bool(rng.integers(2))
                got = nisa.scalar_tensor_tensor(data=a, op0=op0, operand0=scalar, op1=op1, operand1=b,
                                                reverse0=rev0, reverse1=rev1, dtype=do)
                fa, fb, fo = (os.path.join(d, n) for n in ("a.npy", "b.npy", "o.npy"))
                np.save(fa, a.view(BITS.get(d0, a.dtype)))
                np.save(fb, b.view(BITS.get(d1, b.dtype)))
                args = ["eval", "--data", fa, "--op0", op0, "--operand0", repr(scalar), "--op1", op1, "--operand1",
                        fb, "-o", fo, "--out-dtype", do]
                args += ["--dtype0", d0] if d0 in BITS else []
                args += ["--dtype1", d1] if d1 in BITS else []
                args += ["--reverse0"] if rev0 else []
                args += ["--reverse1"] if rev1 else []
                eval_proc.stdin.write(json.dumps(args) + "\n")
                eval_proc.stdin.flush()
                r = json.loads(eval_proc.stdout.readline())
                assert r["code"] == 0, r["err"]
                want = np.load(fo)
                assert got.shape == (p, f)
                np.testing.assert_array_equal(got.view(np.uint8).reshape(p, -1), want.view(np.uint8).reshape(p, -1),
                                              err_msg=f"case {k}: {args}")
    finally:
        eval_proc.stdin.close()
        eval_proc.wait()
