"""Runs the public NKI kernels under aws-neuron-sdk@81ce03ae/ unmodified on the model (stt_nki installed as `nki` and
`neuronxcc.nki`): each Beta 1 file's own unittest cases, each Beta 2 example's own `__main__` check (and for the
matmul tutorial, which has its check in a torch driver, the same check with NumPy). Prints one line per file, "@@result " then JSON:
{"file", "run", "failed", "errors": [last lines], "seconds", "report"}."""
import contextlib
import importlib.util
import io
import json
import os
import runpy
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", ".."))  # stt_nki from this checkout

import numpy as np  # noqa: E402

import stt_nki  # noqa: E402

stt_nki.install_as_nki()


def _bits(a):
    return np.ascontiguousarray(a).view(np.uint8)


def _tensor_scalar(m, rng):
    """a - 1, 1 - c and e * f + 2.5, each stage one fp32 rounding: NumPy's fp32 arithmetic is the model's."""
    f32 = np.float32
    a, c = (rng.random((128, 512), dtype=f32) * 100 for _ in range(2))
    e, f = rng.random((64, 1024), dtype=f32) * 100, rng.random((64, 1), dtype=f32) * 100
    b, d, g = m.nki_tensor_scalar(a, c, e, f)
    return [np.array_equal(_bits(b), _bits(a - f32(1))), np.array_equal(_bits(d), _bits(f32(1) - c)),
            np.array_equal(_bits(g), _bits(e * f + f32(2.5)))]


def _tensor_tensor(m, rng):
    a, b = (rng.random((128, 512), dtype=np.float32) * 100 for _ in range(2))
    return [np.array_equal(_bits(m.nki_tensor_tensor(a, b)), _bits(a + b))]


def _reciprocal(m, rng):
    """IEEE division is correctly rounded: NumPy's fp32 1 / x is the model's reciprocal_rne."""
    x = rng.random((128, 512), dtype=np.float32) * 100
    return [np.array_equal(_bits(m.reciprocal_kernel(x)), _bits(np.float32(1) / x))]


# Beta 1 files whose Vector Engine results are also compared bit for bit with an independent NumPy model
BIT_EXACT = {"test_nki_isa_tensor_scalar.py": _tensor_scalar, "test_nki_isa_tensor_tensor.py": _tensor_tensor,
             "test_nki_isa_reciprocal.py": _reciprocal}


def beta1(path):
    name = os.path.basename(path)[:-3]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    bad = [f"{t.id().split('.')[-1]}: {tb.strip().splitlines()[-1]}" for t, tb in result.failures + result.errors]
    check = BIT_EXACT.get(os.path.basename(path))
    if check is not None:
        verdicts = check(module, np.random.default_rng(7))
        bad += [f"bit-exact check {k} of {os.path.basename(path)}: the model differs from NumPy"
                for k, same in enumerate(verdicts) if not same]
        return result.testsRun + len(verdicts), bad
    return result.testsRun, bad


def matmul_tutorial(path):
    """The matmul tutorial's own check (matrix_multiplication_torch.py), with NumPy in place of torch: bf16 inputs,
    allclose(atol=1e-4, rtol=1e-2) against the fp32 product."""
    import ml_dtypes
    sys.path.insert(0, os.path.dirname(path))
    kernels = runpy.run_path(path)
    rng = np.random.default_rng(0)
    bf = ml_dtypes.bfloat16
    failures = []
    for name, (m, k, n) in (("nki_matmul_basic_", (64, 128, 512)), ("nki_matmul_tiled_", (256, 256, 1024)),
                            ("nki_matmul_hoist_load_", (256, 256, 1024)),
                            ("nki_matmul_block_free_dimension_", (256, 256, 1024))):
        lhs, rhs = rng.random((m, k)).astype(bf), rng.random((k, n)).astype(bf)
        out = kernels[name](np.ascontiguousarray(lhs.T), rhs)
        if not np.allclose(lhs.astype(np.float32) @ rhs.astype(np.float32), out.astype(np.float32), atol=1e-4,
                           rtol=1e-2):
            failures.append(f"{name}: NKI and NumPy differ")
    return 4, failures


def tensor_addition(path):
    """The tensor-addition tutorial's check (its torch driver's), with NumPy: a + b on [256, 1024] fp32 tiles."""
    kernels = runpy.run_path(path)
    a, b = (np.random.default_rng(1).random((256, 1024), dtype=np.float32) for _ in range(2))
    try:
        out = kernels["nki_tensor_add"](a, b)
    except BaseException as e:
        return 1, [f"{type(e).__name__}: {e}"]
    return 1, [] if np.allclose(out, a + b) else ["nki_tensor_add: NKI and NumPy differ"]


def beta2(path):
    if os.path.basename(path).startswith("matrix_multiplication"):
        return matmul_tutorial(path)
    if os.path.basename(path).startswith("tensor_addition"):
        return tensor_addition(path)
    sys.argv = [path]
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            runpy.run_path(path, run_name="__main__")
    except BaseException as e:  # the example's own assert, or the model's refusal
        return 1, [f"{type(e).__name__}: {e}"]
    # examples that print their verdict instead of asserting it (mamba: "matches? True")
    verdicts = [line for line in printed.getvalue().splitlines() if "matches?" in line or " differ" in line]
    return 1, [v for v in verdicts if " differ" in v or v.rstrip().endswith("False")]


def main(paths):
    environ = dict(os.environ)
    for path in paths:
        os.environ.clear()
        os.environ.update(environ)  # a kernel file may set NEURON_PLATFORM_TARGET_OVERRIDE for itself only
        started = time.perf_counter()
        try:
            run, errors = (beta1 if os.sep + os.path.join("nki", "test") + os.sep in path else beta2)(path)
        except BaseException as e:
            run, errors = 0, [f"{type(e).__name__}: {e}"]
        report = stt_nki.last_report()
        print("@@result " + json.dumps({"file": os.path.basename(path), "run": run, "failed": len(errors),
                          "errors": [e[-400:] for e in errors], "seconds": time.perf_counter() - started,
                          "report": report and {k: report[k] for k in ("kernel", "calls", "by_engine", "by_level",
                                                                        "words", "wall_seconds")}}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
