"""aws-neuron/nki-library: the kernels of src/nkilib_src/nkilib (core and experimental) with the goldens of their own
tests in test/integration/nkilib, each golden re-expressed in NumPy (the tests compute them with torch) at the test's
own tolerance. The kernel files are listed in ../sources.txt (scripts/kernel_sources.py materialises them; their
commits and licence: ../SOURCES.md).

kernel_assert.py (nkilib/core/utils), which nearly every kernel imports, is not in the stored index at any commit, so
it is not in ../sources.txt; `_kernel_assert` below stands in for it under its module name, with the behaviour its
callers rely on (an AssertionError carrying the message when the condition is false)."""
import sys
import types

import numpy as np

from _sources import folders, pinned

SYS_PATH = tuple(folder + "/src" for folder in folders("nki-library"))


def _src(name):
    """The file src/nkilib_src/nkilib/<name>, in the folder of the commit sources.txt pins it to."""
    return pinned("nki-library", "src/nkilib_src/nkilib/" + name)


def _kernel_assert():
    """The stand-in module nkilib_src.nkilib.core.utils.kernel_assert: kernel_assert and assert_shape."""
    module = types.ModuleType("nkilib_src.nkilib.core.utils.kernel_assert")

    def kernel_assert(condition, error_text):
        if not condition:
            raise AssertionError(f"[NCC_INKI016] Kernel validation exception: {error_text}")

    def assert_shape(tensor, expected_shape, tensor_name, error_text=""):
        kernel_assert(tuple(tensor.shape) == tuple(expected_shape),
                      f"Received unexpected shape for {tensor_name}. Expected {expected_shape}, received"
                      f" {tensor.shape}. {error_text}")
    module.kernel_assert, module.assert_shape = kernel_assert, assert_shape
    return module


sys.modules.setdefault("nkilib_src.nkilib.core.utils.kernel_assert", _kernel_assert())


def _bf16():
    import ml_dtypes
    return ml_dtypes.bfloat16


def _f32(a):
    return np.asarray(a, dtype=np.float32)


def _case(name, source, kernel, inputs, golden, rtol, atol, note, **extra):
    """A kernel case: NKI 2.x (beta2) on trn2, the repository's test default (test/conftest.py --platform-target), one
    program (no launch grid)."""
    return dict(name=name, source=_src(source), kernel=kernel, nki="beta2", target="trn2", grid=None, inputs=inputs,
                golden=golden, rtol=rtol, atol=atol, note=note, **extra)


# --- cumsum (test/integration/nkilib/core/cumsum/test_cumsum.py) ---------------------------------------------------

def _cumsum(shape, dtype):
    def inputs(rng):
        return {"x": rng.standard_normal(shape).astype(dtype)}

    def golden(x):
        return np.cumsum(_f32(x), axis=-1).astype(x.dtype)
    return inputs, golden


_CUMSUM_NOTE = ("the test's own NumPy golden_cumsum_np: cumsum(x in fp32, axis=-1) cast to x's dtype, at its"
                " tolerance (atol 1e-3 for hidden <= 5000, rtol 1e-2 bf16 / 1e-3 fp32); one of its fast"
                " parametrisation's shapes, {shape} {dtype}, Gaussian inputs")


def _cumsum_cases():
    out = []
    for tag, shape, dtype, rtol in (("fp32_1x256", (1, 256), np.float32, 1e-3),
                                    ("bf16_64x4x1024", (64, 4, 1024), _bf16(), 1e-2),
                                    ("fp32_128x2048", (128, 2048), np.float32, 1e-3)):
        inputs, golden = _cumsum(shape, dtype)
        out.append(_case(f"cumsum_{tag}", "core/cumsum/cumsum.py", "cumsum", inputs, golden, rtol, 1e-3,
                         _CUMSUM_NOTE.format(shape=list(shape), dtype=np.dtype(dtype).name)))
    return out


# --- find_nonzero_indices_with_count (experimental/benchmark/test_find_nonzero_indices_with_count.py) ---------------

def _nonzero_with_count(t, pct):
    def inputs(rng):
        x = np.zeros((1, t), np.float32)
        where = rng.choice(t, int(t * pct), replace=False)
        x[0, where] = rng.uniform(0.0, 1.0, where.size).astype(np.float32) + np.float32(1e-3)
        return {"input_tensor": x}

    def golden(input_tensor):
        idx = np.nonzero(input_tensor[0])[0]
        out = np.full((1, t + 1), -1, np.int32)
        out[0, :idx.size] = idx
        out[0, -1] = idx.size
        return out
    return inputs, golden


def _nonzero_cases():
    out = []
    for t, pct in ((128, 1 / 32), (512, 0.25)):
        inputs, golden = _nonzero_with_count(t, pct)
        out.append(_case(f"find_nonzero_indices_with_count_T{t}", "experimental/benchmark/"
                         "find_nonzero_indices_with_count.py", "find_nonzero_indices_with_count", inputs, golden, 0.0,
                         0.0, "golden: the test's own NumPy golden_output_validator (nonzero indices, -1 padding,"
                         f" the count last), exact; T={t} with {pct:.3g} of the elements nonzero"))
    return out


# --- dynamic_elementwise_add (experimental/dynamic_shapes/test_dynamic_elementwise_add.py) -------------------------

def _dynamic_add(m, h, tiles):
    def inputs(rng):
        bf = _bf16()
        return {"input_a": rng.standard_normal((m, h)).astype(bf), "input_b": rng.standard_normal((m, h)).astype(bf),
                "num_m_tiles": np.array([[tiles]], np.int32)}

    def golden(input_a, input_b, num_m_tiles):
        return (_f32(input_a) + _f32(input_b)).astype(_bf16())
    return inputs, golden


def _dynamic_add_cases():
    inputs, golden = _dynamic_add(256, 512, 2)
    return [_case("dynamic_elementwise_add_256x512", "experimental/dynamic_shapes/dynamic_elementwise_add.py",
                  "dynamic_elementwise_add", inputs, golden, 1e-2, 1e-3,
                  "the test's golden_elementwise_add (dynamic_elementwise_add_torch_ref: a + b on the fp32 values,"
                  " cast to bf16) re-expressed in NumPy, atol 1e-3, rtol 1e-2; one of its fast shapes, M=256, H=512,"
                  " num_m_tiles=M/128, Gaussian bf16 inputs")]


# --- cascaded_max (core/max/test_cascaded_max.py) ------------------------------------------------------------------

def _cascaded_max(batch, seqlen, vocab):
    def inputs(rng):  # the test's generate_inputs: np.random.seed(42), randn(batch, seqlen, vocab)
        return {"input_tensor": np.random.RandomState(42).randn(batch, seqlen, vocab).astype(np.float32)}

    def golden(input_tensor):
        return (input_tensor.max(axis=-1, keepdims=True), input_tensor.argmax(axis=-1)[..., None].astype(np.int32))
    return inputs, golden


_MAX_NOTE = ("golden re-expressed in NumPy from cascaded_max_torch_ref: torch.max(x, dim=-1, keepdim=True) (values,"
             " indices as int32); the test's unit parametrisation [lnc {lnc}, batch {b}, seqlen {s}, vocab {v}, fp32]")


def _cascaded_max_cases():
    out = []
    for b, s, v in ((1, 1, 3168), (8, 5, 4058)):
        inputs, golden = _cascaded_max(b, s, v)
        out.append(_case(f"cascaded_max_{b}x{s}x{v}", "core/max/cascaded_max.py", "cascaded_max", inputs, golden,
                         1e-5, 1e-5, _MAX_NOTE.format(lnc=1, b=b, s=s, v=v)))
    out.append({"name": "cascaded_max_lnc2_8x5x4058", "source": _src("core/max/cascaded_max.py"), "nki": "beta2",
                "out_of_scope": "more than one core",
                "detail": "the test's [lnc 2, 8, 5, 4058] case shards BxS over two NeuronCores (logical_nc_config=2)"})
    return out


# --- rope_hf (core/embeddings/test_rope_hf.py) ---------------------------------------------------------------------

def _rope_hf(b, hq, hk, s, d, dtype, backward):
    def inputs(rng):
        q = rng.standard_normal((b, hq, s, d)).astype(dtype)
        k = rng.standard_normal((b, hk, s, d)).astype(dtype)
        return {"q": q, "k": k, "q_out": np.zeros_like(q), "k_out": np.zeros_like(k),
                "cos": rng.standard_normal((b, s, d)).astype(dtype),
                "sin": rng.standard_normal((b, s, d)).astype(dtype), "backward": backward}

    def rnd(a):
        return np.asarray(a, np.float32).astype(dtype)

    def rotate(x):
        h = d // 2
        return np.concatenate((x[..., h:], -x[..., :h]) if backward else (-x[..., h:], x[..., :h]), axis=-1)

    def embed(x, cos, sin):
        x, cos, sin = _f32(x), _f32(cos)[:, None], _f32(sin)[:, None]
        if backward:
            return rnd(_f32(rnd(x * cos)) + _f32(rotate(_f32(rnd(x * sin)))))
        return rnd(_f32(rnd(x * cos)) + _f32(rnd(rotate(x) * sin)))

    def golden(q, k, q_out, k_out, cos, sin, backward):
        return {"q_out": embed(q, cos, sin), "k_out": embed(k, cos, sin)}
    return inputs, golden


def _rope_hf_cases():
    out = []
    for b, hq, hk, s, d, dtype, backward in ((1, 32, 8, 256, 128, np.float32, False),
                                              (1, 32, 8, 256, 128, np.float32, True),
                                              (4, 1, 1, 512, 128, _bf16(), False)):
        inputs, golden = _rope_hf(b, hq, hk, s, d, dtype, backward)
        tag = f"{np.dtype(dtype).name}_{b}x{hq}x{hk}x{s}x{d}" + ("_backward" if backward else "")
        out.append(_case(f"rope_hf_{tag}", "core/embeddings/rope_hf.py", "rope_hf", inputs, golden, 1e-6, 1e-6,
                         "golden re-expressed in NumPy from rope_hf_torch_ref: q * cos + rotate_half(q) * sin"
                         " (backward: q * cos + rotate_half_backward(q * sin)), each torch op rounded to the input"
                         " dtype; the"
                         f" test's lnc-1 parametrisation {tag}"))
    out.append({"name": "rope_hf_lnc2", "source": _src("core/embeddings/rope_hf.py"), "nki": "beta2",
                "out_of_scope": "more than one core",
                "detail": "test_rope_hf_lnc's lnc_count=2 cases split seq_len over two NeuronCores"})
    return out


# --- depthwise_conv1d_implicit_gemm (experimental/conv/test_depthwise_conv1d.py) -----------------------------------

def _depthwise(n, c, w, s, stride, padding):
    def inputs(rng):
        bf = _bf16()
        return {"img_ref": rng.standard_normal((n, c, 1, w)).astype(bf),
                "filter_ref": rng.standard_normal((c, 1, 1, s)).astype(bf), "padding": padding, "stride": stride,
                "rhs_dilation": (1, 1), "lhs_dilation": (1, 1), "feature_group_count": c, "batch_group_count": 1}

    def golden(img_ref, filter_ref, padding, stride, **_):
        left, right = padding[1]
        x = np.pad(_f32(img_ref)[:, :, 0, :], ((0, 0), (0, 0), (left, right)))
        q = (x.shape[-1] - s) // stride[1] + 1
        cols = np.stack([x[..., j * stride[1]:j * stride[1] + s] for j in range(q)], axis=-2)  # [n, c, q, s]
        out = np.einsum("ncqs,cs->ncq", cols, _f32(filter_ref)[:, 0, 0, :])
        return out[:, :, None, :].astype(_bf16())
    return inputs, golden


def _depthwise_cases():
    out = []
    for n, c, w, s, stride, padding in ((1, 16, 512, 64, (1, 1), ((0, 0), (0, 0))),
                                         (1, 256, 512, 64, (1, 2), ((0, 0), (0, 0)))):
        inputs, golden = _depthwise(n, c, w, s, stride, padding)
        out.append(_case(f"depthwise_conv1d_{n}x{c}x{w}_k{s}_s{stride[1]}", "experimental/conv/depthwise_conv1d.py",
                         "depthwise_conv1d_implicit_gemm", inputs, golden, 1e-2, 1e-2,
                         "golden re-expressed in NumPy from golden_depthwise_conv1d: torch conv2d(groups=C) in fp32 on"
                         f" the bf16 values, cast to bf16; the test's fast case [{n}, {c}, {w}, {s}, stride {stride},"
                         f" padding {padding}, bf16], run with one program (the kernel shards C over num_programs)",
                         ci=c == 16))
    return out


# --- cross_entropy_forward (experimental/loss/test_cross_entropy_forward.py; the kernel as core/loss held it) -------

def _cross_entropy(positions, vocab, dtype_name, per_batch, chunk):
    def inputs(rng):
        import nki.language as nl
        dtype = _bf16() if dtype_name == "bfloat16" else np.float32
        return {"logits_hbm": rng.standard_normal((positions, vocab)).astype(dtype),
                "targets_hbm": rng.integers(0, vocab, size=(positions,), dtype=np.int32),
                "positions_per_batch": per_batch, "chunk_size": chunk, "dtype": getattr(nl, dtype_name)}

    def golden(logits_hbm, targets_hbm, **_):
        x = logits_hbm.astype(np.float64)
        top = x.max(axis=1)
        lse = top + np.log(np.exp(x - top[:, None]).sum(axis=1))
        loss = lse - x[np.arange(positions), targets_hbm]
        out = _bf16() if dtype_name == "bfloat16" else np.float32
        return (loss.astype(out), lse.astype(out))
    return inputs, golden


def _cross_entropy_cases():
    out = []
    inputs, golden = _cross_entropy(1, 32128, "bfloat16", 1, 32128)
    out.append(_case("cross_entropy_forward_experimental_bfloat16_1x32128", "experimental/loss/cross_entropy.py",
                     "cross_entropy_forward", inputs, golden, 1e-2, 1e-2,
                     "the kernel its test imports (experimental/loss, 181b205); golden as for core/loss's version: the"
                     " test's minimal case [1, 1, 32128, bfloat16, PB 1, CS 32128]"))
    for positions, vocab, dtype_name, per_batch, chunk, shape in (
            (1, 32128, "bfloat16", 1, 32128, "the test's minimal case [1, 1, 32128, bfloat16, PB 1, CS 32128]"),
            (16, 32768, "float32", 16, 16384, "a reduced shape of the test's fp32 multi-chunk case [1, 4096, 129280,"
                                              " float32, PB 64, CS 32768]: 16 positions, V 32768, 2 chunks of 16384"
                                              " (two fp32 chunk buffers of 32768 need 256 KiB a partition, more than"
                                              " SBUF's 192 KiB; the kernel's docstring recommends 16384 for fp32)")):
        inputs, golden = _cross_entropy(positions, vocab, dtype_name, per_batch, chunk)
        tol = 1e-2 if dtype_name == "bfloat16" else 1e-5
        out.append(_case(f"cross_entropy_forward_{dtype_name}_{positions}x{vocab}", "core/loss/cross_entropy.py",
                         "cross_entropy_forward", inputs, golden, tol, tol,
                         "golden re-expressed in NumPy from cross_entropy_forward_torch_ref: F.cross_entropy(logits,"
                         " targets, reduction='none') and torch.logsumexp(logits, dim=1), in fp64 on the input values,"
                         f" cast to {dtype_name}; {shape}"))
    return out


# --- rmsnorm_tkg (core/subkernels/test_rmsnorm_tkg.py; the kernel as held at 1edc7bb) -------------------------------

def _rmsnorm_tkg(b, s, h, hidden_actual):
    def inputs(rng):
        return {"input": rng.standard_normal((b, s, h)).astype(np.float16),
                "gamma": rng.standard_normal((1, h)).astype(np.float16),
                "output": np.zeros((128, b * s, h // 128), np.float16), "hidden_actual": hidden_actual,
                "hidden_dim_tp": False}

    def golden(input, gamma, hidden_actual, **_):
        x = _f32(input)
        squares = np.square(x).sum(axis=-1, keepdims=True, dtype=np.float32)
        rms = np.sqrt(squares / np.float32(hidden_actual or h) + np.float32(1e-6))
        norm = (x * (np.float32(1) / rms) * _f32(gamma)).reshape(b * s, 128, h // 128).transpose(1, 0, 2)
        return {"output": norm.astype(np.float16)}
    return inputs, golden


def _rmsnorm_tkg_cases():
    out = []
    for b, s, h, hidden_actual in ((1, 1, 8192, None), (1, 4, 2048, 1920)):
        inputs, golden = _rmsnorm_tkg(b, s, h, hidden_actual)
        out.append(_case(f"rmsnorm_tkg_{b}x{s}x{h}" + (f"_actual{hidden_actual}" if hidden_actual else ""),
                         "core/subkernels/rmsnorm_tkg.py", "rmsnorm_tkg", inputs, golden, 2e-2, 1e-5,
                         "golden re-expressed in NumPy from rmsnorm_tkg_torch_ref_lnc1: x / sqrt(sum(x^2) /"
                         " hidden_actual + eps) * gamma in fp32, laid out [128, B*S, H/128], cast to fp16; the test's"
                         f" lnc-1 case [{b}, {s}, {h}, hidden_actual {hidden_actual}, fp16] (its shard_on_h argument"
                         " is not in this version's signature)"))
    out.append({"name": "rmsnorm_tkg_lnc2", "source": _src("core/subkernels/rmsnorm_tkg.py"), "nki": "beta2",
                "out_of_scope": "more than one core",
                "detail": "the test's lnc_degree=2 cases shard B*S over two NeuronCores and exchange halves with"
                          " nisa.sendrecv"})
    return out


# --- layernorm_tkg (core/subkernels/test_layernorm_tkg.py; the kernel as held at 1edc7bb) ---------------------------

def _layernorm_tkg(b, s, h):
    def inputs(rng):
        return {"input": rng.standard_normal((b, s, h)).astype(np.float16),
                "gamma": rng.standard_normal((1, h)).astype(np.float16),
                "output": np.zeros((128, b * s, h // 128), np.float16),
                "beta": rng.standard_normal((1, h)).astype(np.float16)}

    def golden(input, gamma, beta, **_):
        x = _f32(input)
        mean = x.mean(axis=-1, keepdims=True, dtype=np.float32)
        var = np.square(x - mean).mean(axis=-1, keepdims=True, dtype=np.float32)
        norm = (x - mean) * (np.float32(1) / np.sqrt(var + np.float32(1e-6))) * _f32(gamma) + _f32(beta)
        return {"output": norm.reshape(b * s, 128, h // 128).transpose(1, 0, 2).astype(np.float16)}
    return inputs, golden


def _layernorm_tkg_cases():
    out = []
    for b, s, h in ((1, 1, 8192), (1, 8, 8192)):
        inputs, golden = _layernorm_tkg(b, s, h)
        out.append(_case(f"layernorm_tkg_{b}x{s}x{h}", "core/subkernels/layernorm_tkg.py", "layernorm_tkg", inputs,
                         golden, 2e-2, 1e-5,
                         "golden re-expressed in NumPy from layernorm_tkg_torch_ref_lnc1: (x - mean) / sqrt(var + eps)"
                         " * gamma + beta in fp32 (biased variance), laid out [128, B*S, H/128], cast to fp16; the"
                         f" test's lnc-1 case [{b}, {s}, {h}, fp16]"))
    out.append({"name": "layernorm_tkg_lnc2", "source": _src("core/subkernels/layernorm_tkg.py"), "nki": "beta2",
                "out_of_scope": "more than one core",
                "detail": "the test's lnc_degree=2 cases shard B*S over two NeuronCores and exchange halves with"
                          " nisa.sendrecv"})
    return out


# --- collectives (experimental/collectives/test_sb2sb_allgather.py) -------------------------------------------------

def _collective_cases():
    source = _src("experimental/collectives/sb2sb_allgather.py")
    return [{"name": name, "source": source, "nki": "beta2", "out_of_scope": "collectives",
             "detail": f"{name} gathers each rank's tile over a ReplicaGroup with nki.collectives.all_gather; the test"
                       " runs it on tp_degree ranks and compares each rank's output with the concatenation"}
            for name in ("allgather_sb2sb", "allgather_sb2sb_tiled")]


# --- output_projection_tkg (core/output_projection/test_output_proj_tkg.py; the kernel as held at 0759719) ----------

def _output_projection_tkg(b, n, s, d, h, bias, transpose):
    def inputs(rng):
        from nkilib_src.nkilib.core.utils.common_types import QuantizationType
        bf = _bf16()
        return {"attention": rng.standard_normal((d, b, n, s)).astype(bf),
                "weight": rng.standard_normal((n * d, h)).astype(bf),
                "bias": (100 * rng.standard_normal((1, h))).astype(bf) if bias else None,
                "quantization_type": QuantizationType.NONE, "weight_scale": None, "input_scale": None,
                "TRANSPOSE_OUT": transpose, "OUT_IN_SB": False}

    def golden(attention, weight, bias, **_):
        out = _f32(attention).transpose(1, 3, 2, 0).reshape(b * s, n * d) @ _f32(weight)
        if bias is not None:
            out = out + _f32(bias)
        if transpose:  # one logical core: [128, 1, H/128, B*S]
            out = out.reshape(b * s, 1, 128, h // 128).transpose(2, 1, 3, 0)
        return out
    return inputs, golden


def _output_projection_tkg_cases():
    out = []
    for b, n, s, d, h, bias, transpose in ((4, 8, 4, 64, 3072, False, False), (4, 8, 4, 64, 3072, True, False),
                                            (4, 8, 4, 64, 3072, True, True)):
        inputs, golden = _output_projection_tkg(b, n, s, d, h, bias, transpose)
        tag = f"{b}x{n}x{s}x{d}x{h}" + ("_bias" if bias else "") + ("_transposed" if transpose else "")
        out.append(_case(f"output_projection_tkg_{tag}", "core/output_projection/output_projection_tkg.py",
                         "output_projection_tkg", inputs, golden, 2e-2, 1e-5,
                         "golden re-expressed in NumPy from output_projection_tkg_torch_ref: attention [D, B, N, S]"
                         " permuted to [B*S, N*D] @ weight + bias in fp32 (TRANSPOSE_OUT: laid out [128, lnc, H/128,"
                         f" B*S]); the test's unit case [B {b}, N {n}, S {s}, D {d}, H {h}, NONE, bias {bias},"
                         f" transpose_out {transpose}], bf16, run with one program"))
    return out


# --- cross_entropy_backward (experimental/loss/test_cross_entropy_backward.py) -------------------------------------

def _cross_entropy_backward(positions, vocab, dtype_name, per_batch, chunk, reduction):
    def dtype():
        return _bf16() if dtype_name == "bfloat16" else np.float32

    def inputs(rng):
        import nki.language as nl
        logits = rng.standard_normal((positions, vocab)).astype(dtype())
        x = logits.astype(np.float64)
        top = x.max(axis=1)
        lse = (top + np.log(np.exp(x - top[:, None]).sum(axis=1))).astype(dtype())
        return {"logits_hbm": logits, "targets_hbm": rng.integers(0, vocab, size=(positions,), dtype=np.int32),
                "lse_state_hbm": lse, "reduction": reduction, "positions_per_batch": per_batch, "chunk_size": chunk,
                "dtype": getattr(nl, dtype_name)}

    def golden(logits_hbm, targets_hbm, **_):
        x = logits_hbm.astype(np.float64)
        softmax = np.exp(x - x.max(axis=1, keepdims=True))
        softmax /= softmax.sum(axis=1, keepdims=True)
        softmax[np.arange(positions), targets_hbm] -= 1.0
        scale = 1.0 / positions if reduction == "mean" else 1.0
        return (softmax * scale).astype(dtype())
    return inputs, golden


def _cross_entropy_backward_cases():
    out = []
    for positions, vocab, dtype_name, per_batch, chunk, reduction, shape in (
            (1, 32128, "bfloat16", 1, 16384, "mean", "the test's minimal case [1, 1, 32128, bfloat16, PB 1, CS 16384,"
                                                     " mean]: 2 chunks"),
            (16, 16384, "float32", 16, 8192, "sum", "a reduced shape of the test's fp32 sum case [4, 4096, 32128,"
                                                   " float32, PB 64, CS 8192, sum]: 16 positions, V 16384, 2 chunks")):
        inputs, golden = _cross_entropy_backward(positions, vocab, dtype_name, per_batch, chunk, reduction)
        tol = 1e-2 if dtype_name == "bfloat16" else 1e-5
        out.append(_case(f"cross_entropy_backward_{dtype_name}_{positions}x{vocab}_{reduction}",
                         "experimental/loss/cross_entropy.py", "cross_entropy_backward", inputs, golden, tol, tol,
                         "golden re-expressed in NumPy from cross_entropy_backward_torch_ref (autograd of"
                         f" F.cross_entropy, reduction {reduction}): (softmax(logits) - onehot(target)) * scale in"
                         " fp64, cast to the dtype; lse_state_hbm from the forward reference's logsumexp, as the test"
                         f" makes it; {shape}"))
    return out


CASES = (_cumsum_cases() + _nonzero_cases() + _dynamic_add_cases() + _cascaded_max_cases() + _rope_hf_cases()
         + _depthwise_cases() + _cross_entropy_cases() + _cross_entropy_backward_cases() + _rmsnorm_tkg_cases()
         + _layernorm_tkg_cases() + _output_projection_tkg_cases() + _collective_cases())
