"""aws-neuron/nki-samples: the reference kernels (src/nki_samples/reference) with the goldens of their unit tests
(test/unit: each golden is the test's own NumPy function, imported from the test file) and the
tutorials' kernels (src/nki_samples/tutorials) with the goldens of their own checks (the file's __main__, or its torch
driver re-expressed in NumPy). The files are listed in ../sources.txt (scripts/kernel_sources.py materialises them;
their commits and licence: ../SOURCES.md)."""
import importlib.util

import numpy as np
from _goldens import mamba_golden, mamba_inputs, softmax, transpose_golden, transpose_inputs
from _sources import folders, path, pinned

SYS_PATH = tuple(folder + "/src" for folder in folders("nki-samples"))


def _ref(name):
    """A reference kernel's file, in the folder of the commit sources.txt pins it to."""
    return pinned("nki-samples", "src/nki_samples/reference/" + name)


def _tut(name):
    """A tutorial's file, in the folder of the commit sources.txt pins it to."""
    return pinned("nki-samples", "src/nki_samples/tutorials/" + name)


def _test(name):
    """A unit test file of test/unit, loaded as a module (its golden functions)."""
    file = path(pinned("nki-samples", f"test/unit/{name}.py"))
    spec = importlib.util.spec_from_file_location("nki_samples_" + name, file)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _uniform(rng, shape):
    """The tests' (np.random.random_sample(shape) - 0.5) * 2."""
    return ((rng.random(shape) - 0.5) * 2).astype(np.float32)


def _case(name, source, inputs, golden, rtol, atol, note, nki="beta1", grid=None, **more):
    """A case whose kernel is the function its name ends with (`tutorial:kernel`, or the kernel's own name)."""
    return dict({"name": name, "source": source, "kernel": name.rsplit(":", 1)[-1], "nki": nki, "target": "trn2",
                 "grid": grid,
                 "inputs": inputs, "golden": golden, "rtol": rtol, "atol": atol, "note": note}, **more)


# --- tutorials ------------------------------------------------------------------------------------------------------

def _add_inputs(rng):
    return dict(a_input=rng.random((256, 1024)).astype(np.float16),
                b_input=rng.random((256, 1024)).astype(np.float16))


def _add_golden(a_input, b_input):
    return a_input + b_input


def _avgpool_inputs(rng):
    return dict(in_tensor=np.arange(2 * 6 * 6, dtype=np.float16).reshape(2, 6, 6), pool_size=2)


def _avgpool_golden(in_tensor, pool_size):
    c, h, w = in_tensor.shape
    return np.nanmean(in_tensor.reshape(c, h // pool_size, pool_size, w // pool_size, pool_size), axis=(2, 4))


def _rmsnorm_inputs(rng):
    return dict(a_tensor=rng.random((128, 512)).astype(np.float32), g_tensor=rng.random(512).astype(np.float32))


def _rmsnorm_golden(a_tensor, g_tensor):
    a = a_tensor
    return a * (1.0 / np.sqrt(np.mean(a * a, axis=1).reshape(a.shape[0], 1))) * g_tensor


def _layernorm_inputs(rng):
    return dict(input_tensor=rng.random((256, 1024)).astype(np.float32), epsilon=1e-5,
                gamma_vector=rng.random(1024).astype(np.float32), beta_vector=rng.random(1024).astype(np.float32))


def _layernorm_golden(input_tensor, epsilon, gamma_vector, beta_vector):
    mean = input_tensor.mean(axis=-1, keepdims=True)
    variance = input_tensor.var(axis=-1, keepdims=True)
    return (input_tensor - mean) / np.sqrt(variance + epsilon) * gamma_vector + beta_vector


def _layernorm(version):
    return _case(f"nki_layernorm_kernel_{version}", _tut("layernorm/layernorm_nki_kernel.py"), _layernorm_inputs,
                 _layernorm_golden, 1e-2, 1e-3,
                 "the file's own check compares v1 with itself; the golden is aws-neuron-sdk's layernorm_torch.py"
                 " (layernorm_layer: (x - mean) / sqrt(var_biased + eps) * gamma + beta, allclose atol=1e-3,"
                 " rtol=1e-2) re-expressed in NumPy, on [256, 1024] (its default is [4096, 8192])")


def _softmax_inputs(rng):
    return dict(a_tensor=np.array([[1.0, 2.0, 3.0, 4.0, 5.0], [5.0, 4.0, 3.0, 2.0, 1.0]], np.float32))


def _softmax_golden(a_tensor):
    e = np.exp(a_tensor)
    return e / e.sum(axis=-1, keepdims=True)


def _indirection_inputs(rng):
    return dict(index_tensor=rng.integers(0, 64, (1, 32)).astype(np.uint16),
                data_tensor=rng.random((128, 64)).astype(np.float32))


def _indirection_golden(index_tensor, data_tensor):
    return data_tensor[:, index_tensor[0].astype(np.int64)]


def _sd_tutorial_inputs(rng):
    return {name: rng.random((512, 64)).astype(np.float32) for name in ("q_ref", "k_ref", "v_ref")}


def _sd_tutorial_golden(q_ref, k_ref, v_ref):
    return np.matmul(softmax(np.matmul(q_ref * 0.125, k_ref.transpose()), axis=-1), v_ref)


def _mamba(version):
    return _case(f"mamba_{version}", _tut("fused_mamba/mamba_nki_kernels.py"), mamba_inputs,
                 mamba_golden, 1e-2, 1e-2,
                 "golden re-expressed in NumPy from mamba_torch.py's mamba_layer, allclose(atol=1e-2, rtol=1e-2), on"
                 " its inputs (ones, A = -1) at batch 1, seq_len 512, channels 256, state_size 16")


def _attention_inputs(seqlen):
    """test_attention.py's accuracy mode: (random_sample([128, seqlen]) - 0.5) * 2 for q, k and v in turn, fp32."""
    def inputs(rng):
        return {name: _uniform(rng, (128, seqlen)) for name in ("q", "k", "v")}
    return inputs


def _attention_golden(q, k, v):
    """test_attention.py's numpy_attention, re-expressed (importing the test file runs attn_fwd_v1 at its top level):
    softmax(q^T k) v^T, no scaling."""
    qk = np.matmul(q.T, k)
    exp_row = np.exp(qk - np.max(qk, axis=1, keepdims=True))
    return np.matmul(exp_row / np.sum(exp_row, axis=1, keepdims=True), v.T)


def _attention(version, seqlen):
    own = "" if seqlen == 128 else "; its own: 4096"
    return _case(f"attn_fwd_{version}", _tut("attention_fwd_performance/attention_kernels.py"),
                 _attention_inputs(seqlen), _attention_golden, 1e-5, 1e-2,
                 f"test_attention.py's accuracy mode: numpy_attention, np.allclose(atol=1e-2) (its default rtol"
                 f" 1e-5), on uniform [-1, 1) fp32 q, k, v of [128, {seqlen}]{own}")


ATTENTION = [_attention("v1", 128), _attention("v2", 128)] + [
    _attention(v, 1024) for v in ("v3", "v4", "v5", "v6", "v7", "v8", "v8a", "v9", "v10", "v11")]

TUTORIALS = ATTENTION + [
    _case("tensor_addition:nki_tensor_add_kernel_", _tut("tensor_addition/tensor_addition_nki_kernels.py"),
          _add_inputs, _add_golden, 1e-2, 1e-4,
          "the file's own check: allclose(a + b, atol=1e-4, rtol=1e-2) on [256, 1024] fp16, launched on the [2, 2]"
          " grid its nki_tensor_add sets (nl.arange indices)", grid=(2, 2), ci=True),
    _case("spmd_tensor_addition:nki_tensor_add_kernel_", _tut("tensor_addition/spmd_tensor_addition_nki_kernels.py"),
          _add_inputs, _add_golden, 1e-2, 1e-4,
          "the file's own check: allclose(a + b, atol=1e-4, rtol=1e-2) on [256, 1024] fp16, launched on the [2, 2]"
          " grid its nki_tensor_add sets (nl.mgrid indices)", grid=(2, 2)),
    _case("average_pool2d:tensor_avgpool_kernel", _tut("average_pool2d/average_pool2d_nki_kernels.py"),
          _avgpool_inputs, _avgpool_golden, 0.0, 0.0,
          "the file's own check: out == np_average_pool_2D(x, 2) exactly, on arange [2, 6, 6] fp16 (this version"
          " pools through an nl.mgrid index and nl.sum over axes [2, 4])"),
    _case("transpose2d:tensor_transpose2D_kernel_", _tut("transpose2d/transpose2d_nki_kernels.py"), transpose_inputs,
          transpose_golden, 1e-5, 1e-8,
          "the file's own check: np.allclose with np.transpose(a.reshape(5, 3, 4), (0, 2, 1)), int8", ci=True),
    _case("nki_rmsnorm_kernel", _tut("rmsnorm/rmsnorm_nki_kernels.py"), _rmsnorm_inputs,
          _rmsnorm_golden, 1e-2, 1e-4,
          "the file's own check: a * (1 / sqrt(mean(a * a, axis=1))) * g, allclose(atol=1e-4, rtol=1e-2), [128, 512]"),
    _layernorm("v1"), _layernorm("v2"),
    _case("nki_softmax_kernel", _tut("softmax/softmax_nki_kernels.py"), _softmax_inputs,
          _softmax_golden, 1e-5, 1e-5,
          "golden re-expressed in NumPy from softmax_torch.py: exp(x) / sum(exp(x), -1), allclose(rtol=1e-5,"
          " atol=1e-5), on its logits [[1..5], [5..1]]; the kernel file imports torch_xla at its top"),
    _case("tensor_indirection_kernel", _tut("tensor_indirection/tensor_indirection_nki_kernels.py"),
          _indirection_inputs, _indirection_golden, 1e-5, 1e-8,
          "golden re-expressed in NumPy from tensor_indirection_torch.py: data[:, index[0]], torch.allclose's"
          " defaults, index [1, 32] uint16 in [0, 64), data [128, 64] fp32", nki="beta2"),
    _case("sd_attention:fused_self_attn_for_SD_small_head_size", _tut("sd_attention/sd_attention_nki_kernels.py"),
          _sd_tutorial_inputs, _sd_tutorial_golden, 1e-3, 1e-5,
          "the file's own check: cpu_golden_attn (softmax(0.125 q k^T) v, its scipy softmax in NumPy),"
          " allclose(atol=1e-5, rtol=1e-3), on seqlen 512, d_head 64 fp32 (its own: 4096, 64); the published file"
          " names ip_k (line 119) where it defines ip_k_ (line 91), a NameError in Python on any machine (the"
          " next commit removed the file)"),
    _mamba("v1"), _mamba("v2"), _mamba("v3"),
]


# --- reference kernels and their unit tests -------------------------------------------------------------------------

def _resize_inputs(rng):
    return dict(data_tensor=rng.random((1, 30, 20, 1280)).astype(np.float32), out_shape=(1, 59, 38, 1280))


def _resize_golden(data_tensor, out_shape):
    return _test("test_resize_nearest").cpu_golden_result(data_tensor, out_shape)


def _scatter_inputs(rng):
    return dict(operand_tensor=rng.random((2, 64, 16, 16)).astype(np.float32),
                source_tensor=rng.random((2, 64, 8, 8)).astype(np.float32))


def _scatter_golden(operand_tensor, source_tensor):
    return _test("test_select_and_scatter").cpu_golden_result(operand_tensor, source_tensor)


def _sd_inputs(rng):
    return dict(q_ref=rng.random((1, 128, 512)).astype(np.float32),
                k_ref=rng.random((1, 512, 128)).astype(np.float32), v_ref=rng.random((1, 512, 128)).astype(np.float32))


def _sd_golden(q_ref, k_ref, v_ref):
    """test_SD_attention_small_head.py's cpu_golden_attn, its scipy softmax in NumPy: softmax(0.125 q^T k^T) v."""
    scores = np.matmul((q_ref * 0.125).transpose(0, 2, 1), k_ref.transpose(0, 2, 1))
    return np.matmul(softmax(scores, axis=-1), v_ref)


def _allocated_sd_inputs(rng):
    return dict(q_ref=rng.random((1, 128, 1024)).astype(np.float32),
                k_ref=rng.random((1, 128, 1024)).astype(np.float32),
                v_ref=rng.random((1, 1024, 128)).astype(np.float32))


def _allocated_sd_golden(q_ref, k_ref, v_ref):
    """test_allocated_SD_attention_small_head.py's cpu_golden_attn, its scipy softmax in NumPy: (softmax(0.125 q^T k)
    v)^T, the kernel's [bs, d, seqlen] layout."""
    scores = np.matmul((q_ref * 0.125).transpose(0, 2, 1), k_ref)
    return np.matmul(softmax(scores, axis=-1), v_ref).transpose(0, 2, 1)


def _flash_fwd_inputs(rng):
    from nki_samples.reference.attention import FlashConfig
    return dict(q=_uniform(rng, (1, 1, 128, 4096)), k=_uniform(rng, (1, 1, 128, 4096)),
                v=_uniform(rng, (1, 1, 4096, 128)), seed=None, use_causal_mask=True, mixed_precision=True,
                config=FlashConfig(seq_tile_size=2048, training=False, should_transpose_v=False))


def _flash_fwd_golden(q, k, v, **_):
    out, _, _ = _test("test_flash_attn_fwd").cpu_attention_forward(q, k, v.transpose(0, 1, 3, 2),
                                                                   use_causal_mask=True, mixed_precision=True)
    return out.transpose(0, 1, 3, 2)


def _flash_bwd_inputs(rng):
    q, k, v, dy = (_uniform(rng, (1, 1, 128, 512)) for _ in range(4))
    _, _, _, negative_max, sum_reciprocal, o_proj, _ = _test("test_flash_attn_bwd").cpu_attention_backward(
        q, k, v, dy, use_causal_mask=True, sliding_window=-1)
    lse = -1.0 * (negative_max.reshape(1, 1, 4, 128).transpose(0, 1, 3, 2)
                  + np.log(sum_reciprocal.reshape(1, 1, 4, 128).transpose(0, 1, 3, 2)))
    return dict(q_ref=q, k_ref=k, v_ref=v, o_ref=o_proj.astype(np.float32), dy_ref=dy,
                lse_ref=lse.astype(np.float32), seed_ref=None, use_causal_mask=True, mixed_precision=True,
                sliding_window=-1)


def _flash_bwd_golden(q_ref, k_ref, v_ref, dy_ref, **_):
    dq, dk, dv, *_ = _test("test_flash_attn_bwd").cpu_attention_backward(q_ref, k_ref, v_ref, dy_ref,
                                                                          use_causal_mask=True, sliding_window=-1)
    return dq, dk, dv


def _rmsnorm_qkv_inputs(rng):
    return dict(hidden=rng.random((1, 128, 512)).astype(np.float16), weights=rng.random((512, 512)).astype(np.float16))


def _rmsnorm_qkv_golden(hidden, weights):
    golden = _test("test_rmsnorm_qkv").cpu_golden_result(hidden.astype(np.float64), None, weights.astype(np.float64),
                                                          np.float16, do_norm=True)
    return golden.astype(np.float32)


def _double_row_raw():
    """The test's lhs [M, K] and rhs [K, N] (np.random.rand), drawn again for the golden from the same seed."""
    rng = np.random.default_rng(11)
    return rng.random((128, 256)), rng.random((256, 512))


def _double_row_inputs(rng):
    import nki.language as nl
    test = _test("test_double_row_matmul")
    lhs, rhs = _double_row_raw()
    rhs_scale, rhs_quantized = test.column_wise_quantize(rhs)
    return dict(lhs=lhs.astype(nl.bfloat16), rhs_quantized=test.reshape(rhs_quantized).astype(nl.float8_e4m3),
                rhs_scale=np.ascontiguousarray(rhs_scale).astype(nl.bfloat16), TILES_IN_BLOCK_M=1, TILES_IN_BLOCK_N=1,
                TILES_IN_BLOCK_K=2)


def _double_row_golden(**_):
    lhs, rhs = _double_row_raw()
    return np.matmul(lhs, rhs)


REFERENCE = [
    _case("quantized_double_row_matmul", _ref("double_row_matmul.py"),
          _double_row_inputs, _double_row_golden, 2e-2, 1e-8,
          "test_double_row_matmul.py: golden np.matmul(lhs, rhs) of the unquantized fp64 inputs, rhs quantized"
          " column-wise and reshaped by the test's own column_wise_quantize and reshape, allclose(rtol=2e-2); on"
          " [128, 256] x [256, 512] with blocks 1, 1, 2 (its own: [512, 16384] x [16384, 1024]); the test runs its"
          " check only on a trn2 instance, the case on the model's trn2"),
    _case("allocated_fused_rms_norm_qkv", _ref("allocated_fused_linear.py"),
          _rmsnorm_qkv_inputs, _rmsnorm_qkv_golden, 1e-2, 1e-2,
          "test_rmsnorm_qkv.py's cpu_golden_result (rms_norm, then @ weights, cast to fp16), allclose(atol=1e-2,"
          " rtol=1e-2), on its first case [1, 128, 512] x [512, 512] fp16; the golden takes the fp16 inputs (the"
          " test takes the fp64 values it casts from)"),
    _case("resize_nearest_fixed_dma_kernel", _ref("vision.py"), _resize_inputs,
          _resize_golden, 1e-5, 1e-2,
          "test_resize_nearest.py's cpu_golden_result, allclose(atol=1e-2), on its [1, 30, 20, 1280] ->"
          " [1, 59, 38, 1280] fp32 case (batch 1 of its three), launched on the grid [in_b] as the test does",
          grid=(1,)),
    _case("select_and_scatter_kernel", _ref("vision.py"), _scatter_inputs,
          _scatter_golden, 1e-2, 1e-2,
          "test_select_and_scatter.py's cpu_golden_result (3x3 windows, stride 2, padding 1), allclose(rtol=1e-2,"
          " atol=1e-2), on [2, 64, 16, 16] with source [2, 64, 8, 8] fp32 (its own: [8, 64, 112, 112]; the kernel"
          " needs C = 64 and an even N)"),
    _case("fused_self_attn_for_SD_small_head_size", _ref("attention.py"),
          _sd_inputs, _sd_golden, 1e-5, 1e-2,
          "test_SD_attention_small_head.py's cpu_golden_attn (its scipy softmax in NumPy), allclose(atol=1e-2), on"
          " bs 1, d 128, seqlen 512 fp32 (its own: 4096), launched on the grid [bs]", grid=(1,)),
    _case("allocated_fused_self_attn_for_SD_small_head_size", _ref("allocated_attention.py"), _allocated_sd_inputs,
          _allocated_sd_golden, 1e-5, 1e-2,
          "test_allocated_SD_attention_small_head.py's cpu_golden_attn (its scipy softmax in NumPy, output"
          " [bs, d, seqlen]), allclose(atol=1e-2), on bs 1, d 128, seqlen 1024 fp32 (its own: 4096; the kernel"
          " takes multiples of 1024), launched on the grid [bs]", grid=(1,)),
    _case("flash_fwd", _ref("attention.py"), _flash_fwd_inputs, _flash_fwd_golden, 1e-5, 1e-2,
          "test_flash_attn_fwd.py's cpu_attention_forward, allclose(atol=1e-2), on its [1, 1, 4096, 4096, 128,"
          " fp32, causal, inference, tile 2048] case, launched on the grid [bs, heads]", grid=(1, 1), timeout=900),
    _case("flash_attn_bwd", _ref("attention.py"), _flash_bwd_inputs, _flash_bwd_golden, 1e-5,
          1e-2,
          "test_flash_attn_bwd.py's cpu_attention_backward (dq, dk, dv, each allclose(atol=1e-2); lse and o from"
          " the same function, as the test builds them), causal, sliding_window -1, no sinks, on bs 1, 1 head (and 1"
          " kv head), d 128, seqlen 512 fp32 (its own: 4 heads, 4096), launched on the grid [bs, kv heads]",
          grid=(1, 1), timeout=900),
]

OUT_OF_SCOPE = [
    {"name": "allgather_matmul_ring", "source": _tut("allgather_matmul_ring/allgather_matmul_ring_nki_kernels.py"),
     "nki": "beta2", "out_of_scope": "collectives", "ci": True,
     "detail": "nki.collectives.collective_permute_implicit passes shards around a ring of 8 ranks, one NeuronCore"
               " each; its check (allgather_matmul_ring_torch.py) runs the ranks under torch_xla multiprocessing"},
]

CASES = TUTORIALS + REFERENCE + OUT_OF_SCOPE
