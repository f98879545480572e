"""aws-neuron/aws-neuron-sdk at 81ce03ae: the NKI ISA reference's unittest files (nki/test, Beta 1), each its own test,
and the tutorials' kernels (nki/examples, NKI 2.27+) with the goldens of their own checks (the example's __main__, or
its torch driver re-expressed in NumPy); at 337e6041, the MXFP matmul deep dive (nki/deep-dives/src/mxfp-matmul) with
the goldens of its own CPU utilities. The 81ce03ae files are in the repository; the 337e6041 ones are listed in
../sources.txt (scripts/kernel_sources.py materialises them)."""
import glob
import importlib.util
import os

import numpy as np
from _goldens import mamba_golden, mamba_inputs, transpose_golden, transpose_inputs
from _sources import path

ROOT = "aws-neuron-sdk@81ce03ae"
EXAMPLES = ROOT + "/nki/examples/"
MX = "aws-neuron-sdk@337e6041/nki/deep-dives/src/mxfp-matmul/"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# the unittest files that cannot run here, each with the reason its calls are out of scope
OUT = {
    "test_nki_isa_dropout.py": ("rng/dropout", "nisa.dropout draws from the engine's random state, whose layout no"
                                               " source gives"),
}
# the unittest files in the CI slice (scripts/kernel_corpus.py --slice ci)
CI = {"test_nki_isa_tensor_tensor.py", "test_nki_isa_tensor_scalar.py", "test_nki_spmd_grid.py",
      "test_nki_isa_dropout.py"}


def _unittests():
    out = []
    for full in sorted(glob.glob(os.path.join(HERE, ROOT, "nki", "test", "*.py"))):
        file = os.path.basename(full)
        case = {"name": file[:-3], "source": f"{ROOT}/nki/test/{file}", "nki": "beta1", "ci": file in CI}
        if file in OUT:
            case.update(out_of_scope=OUT[file][0], detail=OUT[file][1])
        else:
            case["run"] = "unittest"
        out.append(case)
    return out


def _bf16(rng, shape):
    import ml_dtypes
    return rng.random(shape).astype(ml_dtypes.bfloat16)


def _matmul(name, k, m, n, **meta):
    """matrix_multiplication_torch.py's check_match: bf16 lhs [M, K] and rhs [K, N], the kernel given lhs.T;
    allclose(atol=1e-4, rtol=1e-2) against torch.matmul (here the fp32 product of the bf16 values)."""
    def inputs(rng):
        return dict(lhsT=np.ascontiguousarray(_bf16(rng, (m, k)).T), rhs=_bf16(rng, (k, n)), **meta)

    def golden(lhsT, rhs, **_):
        return lhsT.astype(np.float32).T @ rhs.astype(np.float32)
    return {"name": name, "source": EXAMPLES + "matrix_multiplication/matrix_multiplication_nki_kernels.py",
            "kernel": name, "nki": "beta2", "target": "trn2", "grid": None, "inputs": inputs, "golden": golden,
            "rtol": 1e-2, "atol": 1e-4,
            "note": "golden re-expressed in NumPy from matrix_multiplication_torch.py: torch.matmul(lhs, rhs)"
                    + (f"; shape [{m}, {k}] x [{k}, {n}]" if not meta else
                       f"; meta-parameters {meta} (the defaults need M >= 2048, K >= 1024), shape [{m}, {k}] x [{k},"
                       f" {n}]")}


def _mamba(version):
    """mamba_torch.py's accuracy check: mamba_layer in torch against the kernel, allclose(atol=1e-2, rtol=1e-2), on
    its inputs (ones; A = -1) at batch 1, seq_len 512, channels 256, state_size 16."""
    return {"name": f"mamba_{version}", "source": EXAMPLES + "fused_mamba/mamba_nki_kernels.py",
            "kernel": f"mamba_{version}", "nki": "beta2", "target": "trn2", "grid": None, "inputs": mamba_inputs,
            "golden": mamba_golden, "rtol": 1e-2, "atol": 1e-2,
            "note": "golden re-expressed in NumPy from mamba_torch.py's mamba_layer (exp, then the associative scan"
                    " out[i] = deltaA[i] * out[i-1] + deltaB_u[i], then sum over the state)"}


def _avgpool_inputs(rng):
    return dict(in_tensor=np.arange(2 * 6 * 6, dtype=np.float16).reshape(2, 6, 6), pool_size=2)


def _avgpool_golden(in_tensor, pool_size):
    c, h, w = in_tensor.shape
    return np.nanmean(in_tensor.reshape(c, h // pool_size, pool_size, w // pool_size, pool_size), axis=(2, 4))


def _add_inputs(shape, dtype):
    def inputs(rng):
        return dict(a_input=rng.random(shape).astype(dtype), b_input=rng.random(shape).astype(dtype))
    return inputs


def _add_golden(a_input, b_input):
    return a_input + b_input


def _simulate_inputs(rng):
    return dict(a_ptr=rng.random((128, 512)).astype(np.float32), b_ptr=rng.random((128, 512)).astype(np.float32))


def _simulate_golden(a_ptr, b_ptr):
    return a_ptr + b_ptr


def _baremetal_inputs(rng):
    return dict(a_input=np.ones((4, 3), np.float16), b_input=np.ones((4, 3), np.float16))


def _mx_cpu():
    """The deep dive's own CPU utilities (mx_cpu_utils.py): its MX data generator and its goldens."""
    spec = importlib.util.spec_from_file_location("mx_cpu_utils", path(MX + "mx_cpu_utils.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _x4(quantized):
    """mx_toplevel.py's quantized_dtype_to_x4_map."""
    import ml_dtypes as mld
    import nki.language as nl
    return {mld.float8_e5m2: nl.float8_e5m2_x4, mld.float8_e4m3fn: nl.float8_e4m3fn_x4,
            mld.float4_e2m1fn: nl.float4_e2m1fn_x4}[quantized]


def _mx_offline(dtype_name):
    """mx_toplevel.py's run_offline_quantized_matmul_mx_test: stationary [128, 512] and moving [128, 2048] MX tiles
    made on the host by generate_stabilized_mx_data, golden nc_matmul_mx_golden, allclose(rtol=5e-2, atol=5e-2)."""
    def quantized():
        import ml_dtypes as mld
        return getattr(mld, dtype_name)

    def inputs(rng):
        np.random.seed(0)  # the generator draws from NumPy's global state
        cpu = _mx_cpu()
        _, _, st_x4, st_scale = cpu.generate_stabilized_mx_data(quantized(), (128, 512))
        _, _, mv_x4, mv_scale = cpu.generate_stabilized_mx_data(quantized(), (128, 2048))
        return dict(stationary_mx_data=st_x4, stationary_mx_scale=st_scale, moving_mx_data=mv_x4,
                    moving_mx_scale=mv_scale, mx_dtype=_x4(quantized()))

    def golden(stationary_mx_data, stationary_mx_scale, moving_mx_data, moving_mx_scale, **_):
        return _mx_cpu().nc_matmul_mx_golden(stationary_mx_data, moving_mx_data, stationary_mx_scale, moving_mx_scale,
                                             quantized(), quantized())
    return _mx_case(f"kernel_offline_quantized_mx_matmul[{dtype_name}]", "kernel_offline_quantized_mx_matmul",
                    inputs, golden, f"run_offline_quantized_matmul_mx_test({dtype_name})")


def _mx_on_device(stationary_name, moving_name):
    """mx_toplevel.py's run_on_device_quantize_matmul_mx_test: the moving tile quantized on the device; golden
    quantize_mx_golden then nc_matmul_mx_golden."""
    import ml_dtypes as mld

    def inputs(rng):
        np.random.seed(0)
        cpu = _mx_cpu()
        _, _, st_x4, st_scale = cpu.generate_stabilized_mx_data(getattr(mld, stationary_name), (128, 512))
        mv_data, _, _, _ = cpu.generate_stabilized_mx_data(getattr(mld, moving_name), (128, 2048))
        return dict(stationary_mx_data=st_x4, stationary_mx_scale=st_scale, moving_data_bf16=mv_data.astype(
            mld.bfloat16), stationary_mx_dtype=_x4(getattr(mld, stationary_name)),
            moving_mx_dtype=_x4(getattr(mld, moving_name)))

    def golden(stationary_mx_data, stationary_mx_scale, moving_data_bf16, **_):
        cpu = _mx_cpu()
        moving_x4, moving_scale = cpu.quantize_mx_golden(moving_data_bf16.astype(np.float32),
                                                         getattr(mld, moving_name))
        return cpu.nc_matmul_mx_golden(stationary_mx_data, moving_x4, stationary_mx_scale, moving_scale,
                                       getattr(mld, stationary_name), getattr(mld, moving_name))
    return _mx_case(f"kernel_on_device_quantize_matmul_mx[{stationary_name}@{moving_name}]",
                    "kernel_on_device_quantize_matmul_mx", inputs, golden,
                    f"run_on_device_quantize_matmul_mx_test({stationary_name}, {moving_name})")


def _mx_copy_strided(use_tensor_copy):
    """mx_toplevel.py's run_copy_strided_test(float8_e5m2): bf16 [512, 128] and [512, 512] tiles strided into the MX
    layout and quantized on the device; golden st_data.T @ mv_data."""
    import ml_dtypes as mld

    def inputs(rng):
        np.random.seed(0)
        cpu = _mx_cpu()
        st_data, _, _, _ = cpu.generate_stabilized_mx_data(mld.float8_e5m2, (512, 128))
        mv_data, _, _, _ = cpu.generate_stabilized_mx_data(mld.float8_e5m2, (512, 512))
        return dict(stationary_hbm=st_data.astype(mld.bfloat16), moving_hbm=mv_data.astype(mld.bfloat16),
                    mx_dtype=_x4(mld.float8_e5m2), use_tensor_copy=use_tensor_copy)

    def golden(stationary_hbm, moving_hbm, **_):
        return stationary_hbm.astype(np.float32).T @ moving_hbm.astype(np.float32)
    return _mx_case(f"kernel_copy_strided_quantize_matmul_mx[{'tensor_copy' if use_tensor_copy else 'dma'}]",
                    "kernel_copy_strided_quantize_matmul_mx", inputs, golden,
                    f"run_copy_strided_test(float8_e5m2, {use_tensor_copy})")


def _mx_case(name, kernel, inputs, golden, run):
    return {"name": name, "source": MX + "mx_kernels.py", "kernel": kernel, "nki": "beta2", "target": "trn3",
            "grid": None, "inputs": inputs, "golden": golden, "rtol": 5e-2, "atol": 5e-2,
            "note": f"mx_toplevel.py's {run} (its torch driver, re-expressed in NumPy): the golden of its own"
                    " mx_cpu_utils.py, compare_and_print_results' allclose(rtol=5e-2, atol=5e-2), which it prints"
                    " rather than asserts; the kernel sets platform_target=trn3"}


MXFP = [_mx_offline("float8_e5m2"), _mx_offline("float4_e2m1fn"), _mx_on_device("float4_e2m1fn", "float8_e5m2"),
        _mx_on_device("float8_e5m2", "float8_e5m2"), _mx_copy_strided(True), _mx_copy_strided(False)]

CASES = _unittests() + MXFP + [
    {"name": "tensor_avgpool_kernel", "source": EXAMPLES + "average_pool2d/average_pool2d_nki_kernels.py",
     "kernel": "tensor_avgpool_kernel", "nki": "beta2", "target": "trn2", "grid": None, "inputs": _avgpool_inputs,
     "golden": _avgpool_golden, "rtol": 0.0, "atol": 0.0, "ci": True,
     "note": "the example's own check: out_nki == np_average_pool_2D(in_tensor, 2), exactly, on arange [2, 6, 6]"},
    {"name": "nki_tensor_add_kernel", "source": EXAMPLES + "getting_started_baremetal.py",
     "kernel": "nki_tensor_add_kernel", "nki": "beta2", "target": "trn2", "grid": None, "inputs": _baremetal_inputs,
     "golden": _add_golden, "rtol": 0.0, "atol": 0.0,
     "note": "the example prints c for ones((4, 3)) fp16 inputs; the golden is a + b (twos), exactly"},
    {"name": "add_kernel", "source": EXAMPLES + "simulate/nki_simulate_example.py", "kernel": "add_kernel",
     "nki": "beta2", "target": "trn2", "grid": None, "inputs": _simulate_inputs, "golden": _simulate_golden,
     "rtol": 1e-5, "atol": 0.0, "ci": True,
     "note": "the example's own check: assert_allclose(result, a + b, rtol=1e-5) (its import runs it once too)"},
    {"name": "nki_tensor_add", "source": EXAMPLES + "tensor_addition/tensor_addition_nki_kernels.py",
     "kernel": "nki_tensor_add", "nki": "beta2", "target": "trn1", "grid": None,
     "inputs": _add_inputs((256, 1024), np.float32), "golden": _add_golden, "rtol": 1e-5, "atol": 1e-8,
     "note": "the file sets NEURON_PLATFORM_TARGET_OVERRIDE=trn1; golden from tensor_addition_torch.py:"
             " allclose(a + b) at torch's defaults, on [256, 1024] fp32"},
    {"name": "tensor_transpose2D_kernel_", "source": EXAMPLES + "transpose2d/transpose2d_nki_kernels.py",
     "kernel": "tensor_transpose2D_kernel_", "nki": "beta2", "target": "trn2", "grid": None,
     "inputs": transpose_inputs, "golden": transpose_golden, "rtol": 1e-5, "atol": 1e-8, "ci": True,
     "note": "the example's own check: np.allclose with np.transpose(a.reshape(P, X, Y), (0, 2, 1)), P, X, Y = 5,"
             " 3, 4, int8"},
    _matmul("nki_matmul_basic_", 128, 64, 512),
    _matmul("nki_matmul_tiled_", 256, 256, 1024),
    _matmul("nki_matmul_hoist_load_", 256, 256, 1024),
    _matmul("nki_matmul_block_free_dimension_", 256, 256, 1024),
    _matmul("nki_matmul_fully_optimized_", 256, 256, 512, TILES_IN_BLOCK_M=2, TILES_IN_BLOCK_N=1,
            TILES_IN_BLOCK_K=2),
    _mamba("v1"), _mamba("v2"), _mamba("v3"),
]
