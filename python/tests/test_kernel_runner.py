"""The kernel runner: simulate / simulate_kernel / jit on kernels written here, the NKI language's tensors on the
session's NeuronCore, errors that name the kernel's line, the report and the trace-event profile."""
import json

import numpy as np
import pytest

import stt_nki
from stt_nki import isa as nisa, language as nl

F32 = np.float32


def test_simulate_runs_a_beta2_kernel_and_updates_hbm_inputs_in_place():
    def kernel(a, scratch):
        t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=a)
        u = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=u, data=t, op0=nl.multiply, operand0=2.0, op1=nl.add, operand1=1.0)
        nisa.dma_copy(dst=scratch, src=u)  # an HBM input written: the caller sees it, as NKI's simulator does
        out = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=out, src=u)
        return out
    a = np.random.default_rng(1).standard_normal((128, 64)).astype(F32)
    scratch = np.zeros_like(a)
    out = stt_nki.simulate(kernel)(a, scratch)
    want = (a * F32(2) + F32(1)).astype(F32)
    assert type(out) is np.ndarray
    np.testing.assert_array_equal(out, want)
    np.testing.assert_array_equal(scratch, want)
    r = stt_nki.last_report()
    assert (r["calls"], r["by_engine"], r["words"]) == (4, {"dma": 3, "vector": 1}, 1)
    assert r["cycles"]["vector"] == 64 and r["kernel"] == "kernel"


def test_beta1_tiles_and_index_grids_write_through():
    @stt_nki.jit
    def kernel(a):
        out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
        i_p, i_f = nl.arange(64)[:, None], nl.arange(32)[None, :]
        tile = nl.load(a[i_p, i_f + 32])  # columns 32..63
        nl.store(out[i_p, i_f], value=tile * 0.5 + tile * 0.5)  # tile operators, on the model: exact here
        grid = nl.mgrid[0:64, 0:32]
        nl.store(out[grid.p, grid.x + 32], value=tile)
        return out
    a = np.arange(64 * 64, dtype=F32).reshape(64, 64)
    out = kernel(a)
    np.testing.assert_array_equal(out[:, :32], a[:, 32:])
    np.testing.assert_array_equal(out[:, 32:], a[:, 32:])


def test_grids_run_every_program_with_one_shared_output():
    def kernel(a):
        b = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
        i, j = nl.program_id(0), nl.program_id(1)
        nl.store(b[i, j], nl.load(a[i, j]) + float(10 * i + j))
        return b
    a = np.zeros((3, 2, 1, 4), F32)
    out = stt_nki.simulate(stt_nki.jit(kernel)[3, 2])(a)
    np.testing.assert_array_equal(out[:, :, 0, 0], [[0, 1], [10, 11], [20, 21]])


def test_a_jit_kernel_called_from_a_kernel_runs_inline_in_the_callers_program():
    @stt_nki.jit(mode="trace")
    def helper(out, a):  # reads the caller's program, as nki-samples' attention helpers do
        nl.store(out[nl.program_id(0)], nl.load(a[nl.program_id(0)]) + float(nl.program_id(0)))

    def kernel(a):
        out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
        helper(out, a)
        return out
    out = stt_nki.simulate(stt_nki.jit(kernel)[3])(np.ones((3, 1, 4), F32))
    np.testing.assert_array_equal(out[:, 0, 0], [1, 2, 3])
    assert stt_nki.last_report()["kernel"] == "kernel"


def test_unwritten_memory_reads_as_the_sentinel():
    def kernel():
        f = nl.ndarray((4, 4), dtype=nl.float32, buffer=nl.sbuf)
        i = nl.ndarray((4, 4), dtype=nl.int32, buffer=nl.sbuf)
        b = nl.ndarray((4, 4), dtype=nl.bfloat16, buffer=nl.psum)
        return f, i, b
    f, i, b = stt_nki.simulate(kernel)()
    assert np.isnan(f).all() and (i == 4).all() and (b.view(np.uint16) == 0x7fc0).all()
    assert (f.view(np.uint32) == 0x7fc00000).all()


@pytest.mark.parametrize("body, error, message", [
    ("nl.ndarray((128, 200000), dtype=nl.float32, buffer=nl.sbuf)", MemoryError,
         "800000 bytes a partition in nl.sbuf with 262144 in use: no gap that large in the 262144 bytes"),
    ("nl.ndarray((129, 4), dtype=nl.float32, buffer=nl.sbuf)", ValueError, "at most 128"),
    ("nl.load(a[0:200, 0:4])", IndexError, "index 0:200 is out of range for dimension 0 of size 8"),
    ("nl.ndarray((4, 4), dtype=nl.float8_e4m3fn)", TypeError, "float8_e4m3fn"),
    ("nisa.tensor_scalar(a[0:4, 0:4], nl.multiply, 2.0, engine=nisa.scalar_engine)", ValueError,
     "engine=scalar: this model runs tensor_scalar on the Vector Engine only"),
])
def test_bad_kernels_fail_naming_their_line(tmp_path, body, error, message):
    source = tmp_path / "bad_kernel.py"
    source.write_text("from stt_nki import isa as nisa, language as nl\n\n\ndef kernel(a):\n"
                      "    keep = nl.ndarray((128, 65536), dtype=nl.float32, buffer=nl.sbuf)\n"
                      f"    x = {body}\n    return keep\n")
    scope = {}
    exec(compile(source.read_text(), str(source), "exec"), scope)
    a = np.ones((8, 8), F32)
    with pytest.raises(error, match=message) as raised:
        stt_nki.simulate(scope["kernel"])(a)
    assert "bad_kernel.py:6 (x = " in str(raised.value)
    np.testing.assert_array_equal(a, np.ones((8, 8), F32))  # nothing else changed


def test_the_profile_is_trace_event_json(tmp_path):
    def kernel(a):
        t = nl.load(a)
        e = nl.exp(t)
        s = nisa.tensor_reduce(nl.add, e, axis=1)
        out = nl.ndarray((128, 1), dtype=nl.float32, buffer=nl.shared_hbm)
        nl.store(out, s)
        return out
    path = tmp_path / "trace.json"
    stt_nki.simulate(kernel, profile=str(path))(np.ones((128, 16), F32))
    doc = json.loads(path.read_text())
    assert "engine timeline" in doc["otherData"]["note"]
    names = {e["tid"]: e["args"]["name"] for e in doc["traceEvents"] if e["ph"] == "M" and e["name"] == "thread_name"}
    slices = [e for e in doc["traceEvents"] if e["ph"] == "X"]
    assert [s["name"] for s in slices] == ["dma_copy", "activation", "tensor_reduce", "dma_copy"]
    ends = {}
    for s in slices:
        assert {"name", "cat", "ph", "ts", "dur", "pid", "tid", "args"} <= s.keys()
        assert s["dur"] > 0 and s["ts"] >= ends.get(s["tid"], 0)  # program order on each engine's track
        assert s["cat"] in ("exact", "model", "approx") and s["args"]["level"] == s["cat"]
        ends[s["tid"]] = s["ts"] + s["dur"]
    assert [names[s["tid"]] for s in slices] == ["dma q0", "scalar", "vector", "dma q0"]
    reduce = slices[2]
    assert reduce["args"]["cycles"] and reduce["args"]["depends_on"] == [1]  # it reads what the activation wrote


def test_install_as_nki_refuses_to_shadow_a_real_nki(monkeypatch):
    import sys
    import types
    monkeypatch.setitem(sys.modules, "nki", types.ModuleType("nki"))  # someone else's nki
    with pytest.raises(RuntimeError, match="a real 'nki' is installed"):
        stt_nki.install_as_nki()


def test_the_kernel_example_runs_and_writes_its_profile(tmp_path):
    import os
    import subprocess
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    run = subprocess.run([sys.executable, os.path.join(here, "..", "examples", "kernel_report.py")], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": os.path.join(here, "..")})
    assert run.returncode == 0, run.stderr[-2000:]
    assert "matches the tutorial's NumPy reference: True" in run.stdout
    assert "by_level       {'exact': 3, 'model': 1}" in run.stdout
    assert json.loads((tmp_path / "avgpool_trace.json").read_text())["traceEvents"]


def test_beta1_masks_keep_the_sentinel_or_the_old_value_and_let_a_partial_tile_reach_past_the_end():
    def kernel(a):  # a is [200, 8]: the second 128-partition tile is partial, as Beta 1 kernels write it
        out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
        i_p, i_f = nl.arange(128)[:, None], nl.arange(8)[None, :]
        for k in nl.affine_range(2):
            inside = k * 128 + i_p < a.shape[0]
            t = nl.load(a[k * 128 + i_p, i_f], mask=inside)
            sq = nl.square(t, mask=inside & (i_f < 4))  # the other columns keep the sentinel
            nl.store(out[k * 128 + i_p, i_f], value=sq, mask=inside)
        return out
    a = np.arange(200 * 8, dtype=F32).reshape(200, 8) / 100
    out = stt_nki.simulate(kernel)(a)
    np.testing.assert_array_equal(out[:, :4], (a[:, :4] * a[:, :4]).astype(F32))
    assert np.isnan(out[:, 4:]).all()
    with pytest.raises(IndexError, match="index 200 is out of bounds for axis 0 with size 200"):
        stt_nki.simulate(lambda a: nl.load(a[128 + nl.arange(128)[:, None], nl.arange(8)[None, :]]))(a)


def test_broadcast_to_repeats_size_one_dimensions_and_casts():
    def kernel(a):
        t = nl.load(a)  # [128, 1]
        wide = t.broadcast_to((128, 16))
        low = nl.broadcast_to(t, (128, 16), dtype=nl.bfloat16)
        return wide, low
    a = np.arange(128, dtype=F32).reshape(128, 1) / 3
    wide, low = stt_nki.simulate(kernel)(a)
    np.testing.assert_array_equal(wide, np.repeat(a, 16, axis=1))
    import ml_dtypes
    np.testing.assert_array_equal(low.view(np.uint16), np.repeat(a, 16, axis=1).astype(ml_dtypes.bfloat16).view(
        np.uint16))


def test_broadcast_to_reads_a_1d_tile_as_its_partitions():
    # nki-samples' fused_self_attn_for_SD_small_head_size: `(1.0 / sum_res).broadcast_to((128, d))` of a free-axis
    # sum [128] gives each partition its own row's value in every column (NumPy's rule would put row f's in column f)
    def kernel(a):
        sums = nisa.tensor_reduce(np.add, data=nl.load(a), axis=(1,))  # [128]
        return sums.broadcast_to((128, 16))
    a = np.arange(128 * 4, dtype=F32).reshape(128, 4)
    out = stt_nki.simulate_kernel(stt_nki.jit(kernel), a)
    np.testing.assert_array_equal(out, np.repeat(a.sum(axis=1, keepdims=True), 16, axis=1))
    with pytest.raises(ValueError, match=r"broadcast_to: x \(128, 1\) into shape=\(64, 16\)"):
        stt_nki.simulate_kernel(stt_nki.jit(lambda a: nisa.tensor_reduce(np.add, data=nl.load(a), axis=(1,))
                                            .broadcast_to((64, 16))), a)


def test_a_loop_takes_the_no_reorder_directive():
    # nki-samples' attention tutorial attn_fwd_v10: `nl.sequential_range(n, directives=nki.compiler.no_reorder())`
    from stt_nki import compiler

    def kernel(a):
        out = nl.ndarray((128, 8), dtype=a.dtype, buffer=nl.shared_hbm)
        acc = nl.zeros((128, 8), dtype=nl.float32)
        for i in nl.sequential_range(4, directives=compiler.no_reorder()):
            acc[...] = nl.add(acc, nl.load(a[:, nl.ds(i * 8, 8)]))
        nl.store(out, value=acc)
        return out
    a = np.arange(128 * 32, dtype=F32).reshape(128, 32)
    out = stt_nki.simulate_kernel(stt_nki.jit(kernel), a)
    np.testing.assert_array_equal(out, a.reshape(128, 4, 8).sum(axis=1))


def test_a_grid_with_more_axes_than_the_index_gives_one_tile_axis_per_index_expression():
    # nki-samples' layernorm tutorial: `i_p_io, i_f_io, i_p_param = nl.mgrid[0:128, 0:n, 0:1]` indexes 2-D tensors,
    # `vec.reshape((1, n))[i_p_param, i_f_io]` is a [1, n] tile broadcast to [128, n], and a mask over i_p_io keeps
    # the rows of a partial last tile (the tutorial's golden: a row-wise formula, here x * gamma)
    def kernel(x, gamma):
        out = nl.ndarray(x.shape, dtype=x.dtype, buffer=nl.shared_hbm)
        i_p, i_f, i_param = nl.mgrid[0:128, 0:x.shape[1], 0:1]
        row = nl.load(gamma.reshape((1, gamma.shape[0]))[i_param, i_f])
        assert row.shape == (1, x.shape[1])
        wide = row.broadcast_to((128, gamma.shape[0]))
        for i in nl.affine_range(2):
            t = nl.load(x[i * 128 + i_p, i_f], mask=(i * 128 + i_p < x.shape[0]))
            nl.store(out[i * 128 + i_p, i_f], value=nl.multiply(t, wide), mask=(i * 128 + i_p < x.shape[0]))
        return out
    rng = np.random.default_rng(7)
    x, gamma = rng.standard_normal((200, 16)).astype(F32), rng.standard_normal(16).astype(F32)
    np.testing.assert_array_equal(stt_nki.simulate(kernel)(x, gamma), x * gamma)


def test_a_grid_axis_no_index_uses_drops_out_wherever_it_stands():
    # nki-samples' rmsnorm tutorial: `ix, iw, iy = nl.mgrid[0:128, 0:1, 0:n]`, `a[i * 128 + ix, iy]` is a [128, n]
    # tile whose free axis nl.sum(axis=[1]) folds (its golden: a row-wise sum); small integers sum exactly in fp32
    def kernel(a):
        out = nl.ndarray((a.shape[0], 1), dtype=a.dtype, buffer=nl.shared_hbm)
        ix, iw, iy = nl.mgrid[0:128, 0:1, 0:a.shape[1]]
        for i in nl.affine_range(2):
            t = nl.load(a[i * 128 + ix, iy], mask=(i * 128 + ix < a.shape[0]))
            assert t.shape == (128, a.shape[1])
            nl.store(out[i * 128 + ix, iw], value=nl.sum(t, axis=[1], keepdims=True), mask=(i * 128 + ix < a.shape[0]))
        return out
    a = np.random.default_rng(8).integers(-50, 50, (150, 24)).astype(F32)
    np.testing.assert_array_equal(stt_nki.simulate(kernel)(a)[:, 0], a.sum(axis=1))


def test_zeros_with_par_dim_on_a_later_axis_is_one_memset_of_each_partitions_run():
    # nki-samples' mamba_v1: `nl.zeros((n_channel_tile, nl.par_dim(128), seq_len), ...)` is n_channel_tile tiles of
    # 128 partitions (FAMILY-NEXT §9: nl.par_dim marks the partition dim), 4 KiB a partition here; its memset must not
    # take axis 0 (2) as the partitions and 128 * 512 elements as one partition's row (256 KiB, past the SBUF)
    def kernel(a):
        acc = nl.zeros((2, nl.par_dim(128), 512), dtype=nl.float32)
        out = nl.ndarray((2, 128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
        for k in nl.affine_range(2):
            nl.store(out[k], value=nl.add(acc[k], nl.load(a)))
        return out
    a = np.arange(128 * 512, dtype=F32).reshape(128, 512)
    np.testing.assert_array_equal(stt_nki.simulate(kernel)(a), np.stack([a, a]))
    assert stt_nki.last_report()["by_engine"]["vector"] == 3  # one memset, two adds


def test_a_tensor_compared_with_none_is_a_plain_bool():
    # nki-library's kernels test an optional argument so (`if bias != None:`, rope_hf's `cos != None and sin != None`);
    # Python's identity comparison gives the answer, no tile op runs
    def kernel(a, bias):
        t = nl.load(a)
        flags = (t != None, t == None, a != None, a == None, bias != None)  # noqa: E711
        return nl.add(t, 1.0) if all(type(f) is bool for f in flags) and flags == (True, False, True, False, False) \
            else nl.multiply(t, 0.0)
    a = np.arange(128 * 4, dtype=F32).reshape(128, 4)
    np.testing.assert_array_equal(stt_nki.simulate(kernel)(a, None), a + F32(1))
    assert stt_nki.last_report()["by_engine"] == {"dma": 1, "vector": 1}  # the load and the add: no comparison word


def _start_addr(word, at):
    """A TENSOR2D pattern's start_addr (SPEC §1: a little-endian u32 at byte `at` of the 64-byte word)."""
    return int.from_bytes(word[at:at + 4], "little")


def test_a_kernels_tiles_live_in_the_cores_sbuf_and_psum_and_its_words_address_them():
    # MARIANA: an SBUF partition is 0x40000 bytes apart, PSUM starts at 0x2000000 (SPEC §2's address decode); the
    # model places SBUF tensors from the top of a partition down, PSUM tensors from 0 up, each 64-byte aligned
    words = []

    def kernel(a, b):
        x = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
        y = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
        z = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.psum)
        nisa.dma_copy(dst=x, src=a)
        nisa.dma_copy(dst=y, src=b)
        nisa.scalar_tensor_tensor(dst=z[64:128, :], data=x[64:128, :], op0=nl.multiply, operand0=2.0,
                                  op1=nl.add, operand1=y[64:128, :])
        words.extend(stt_nki._session.current().last_words)
        nisa.tensor_copy(dst=x[0:64, 256:512], src=y[0:64, 0:256])
        words.extend(stt_nki._session.current().last_words)
        out = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=out[64:128, :], src=z[64:128, :])
        nisa.dma_copy(dst=out[0:64, :], src=x[0:64, :])
        return out
    rng = np.random.default_rng(7)
    a, b = (rng.standard_normal((128, 512)).astype(F32) for _ in range(2))
    out = stt_nki.simulate(kernel)(a, b)
    want = np.concatenate([np.concatenate([a[:64, :256], b[:64, :256]], axis=1), a[64:] * F32(2) + b[64:]])
    np.testing.assert_array_equal(out, want)
    stt, copy = words
    assert stt[0] == 0x9d and copy[0] == 0x46
    partition = 0x40000
    assert _start_addr(stt, 12) == 64 * partition + 0x40000 - 2048  # x[64:], the first tensor: the top 2 KiB
    assert _start_addr(stt, 24) == 64 * partition + 0x40000 - 4096  # y[64:], below it
    assert _start_addr(stt, 48) == 0x2000000 + 64 * 0x8000  # z[64:], PSUM partition 64 (32 KiB apart), offset 0
    assert stt[42] == 64  # num_active_channels
    # tensor_copy: its src pattern's start_addr is at byte 12 too
    assert _start_addr(copy, 12) == 0x40000 - 4096  # y[0:64, 0:256]


def test_where_a_tile_lives_sets_the_estimated_cost():
    # FAMILY.md §7: CopyPredicated is max(MIN_II, N) cycles when the data and the predicate are in different spaces,
    # else max(MIN_II, 2N); N = 512 here
    def kernel(a, p, predicate_space):
        src = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
        pred = nl.ndarray((128, 512), dtype=nl.uint8, buffer=predicate_space)
        dst = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=src, src=a)
        nisa.dma_copy(dst=pred, src=p)
        nisa.memset(dst=dst, value=0.0)
        nisa.tensor_copy_predicated(dst=dst, src=src, predicate=pred)
        out = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=out, src=dst)
        return out
    a = np.arange(128 * 512, dtype=F32).reshape(128, 512)
    p = (np.arange(128 * 512).reshape(128, 512) % 3 == 0).astype(np.uint8)
    cycles = {}
    for space in (nl.psum, nl.sbuf):
        out = stt_nki.simulate(kernel)(a, p, space)
        np.testing.assert_array_equal(out, np.where(p != 0, a, F32(0)))
        calls = [c for c in stt_nki._session.current().calls if c["name"] == "tensor_copy_predicated"]
        cycles[space.name] = calls[-1]["cycles"]
    assert cycles == {"psum": 512, "sbuf": 1024}


def test_strided_views_travel_as_values_and_freed_tiles_are_reused():
    def kernel(a):
        out = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.shared_hbm)
        for _ in range(200):  # 200 x 8 KiB a partition: more than SBUF unless each iteration's tiles are freed
            t = nl.ndarray((128, 2048), dtype=nl.float32, buffer=nl.sbuf)
            nisa.dma_copy(dst=t[:, 0:512], src=a)
        u = nl.ndarray((128, 256), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=u, data=t[:, 0:512:2], op0=nl.add, operand0=1.0)  # every other column: strided
        nisa.dma_copy(dst=out, src=u)
        return out
    a = np.arange(128 * 512, dtype=F32).reshape(128, 512)
    np.testing.assert_array_equal(stt_nki.simulate(kernel)(a), a[:, ::2] + F32(1))


def test_a_new_tile_on_memory_an_earlier_kernel_used_reads_as_the_sentinel():
    def writes(a):
        t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=a)
        return a

    def reads(a):
        t = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.sbuf)
        out = nl.ndarray((128, 64), dtype=nl.float32, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=out, src=t)
        return out
    stt_nki.simulate(writes)(np.ones((128, 64), F32))
    out = stt_nki.simulate(reads)(np.ones((128, 64), F32))
    assert np.isnan(out).all()


def test_a_beta1_calls_new_tile_is_placed_in_sbuf_and_the_next_call_reads_it_there():
    words = []

    @stt_nki.jit
    def kernel(a):
        t = nl.load(a)
        u = nisa.scalar_tensor_tensor(data=t, op0=nl.multiply, operand0=3.0, op1=nl.add, operand1=t)
        words.extend(stt_nki._session.current().last_words)
        v = nisa.scalar_tensor_tensor(data=u, op0=nl.add, operand0=1.0, op1=nl.multiply, operand1=t)
        words.extend(stt_nki._session.current().last_words)
        out = nl.ndarray(a.shape, dtype=a.dtype, buffer=nl.shared_hbm)
        nl.store(out, v)
        return out
    a = np.arange(128 * 16, dtype=F32).reshape(128, 16)
    np.testing.assert_array_equal(kernel(a), (a * F32(3) + a + F32(1)) * a)
    first, second = words
    assert _start_addr(first, 48) == _start_addr(second, 12)  # u: where the first word wrote, the second reads
    assert 0x40000 - 4096 <= _start_addr(first, 48) < 0x40000  # near the top of partition 0, as kernel_placement says


def test_beta1_psum_plus_equals_matmul_starts_its_accumulation_group_on_a_new_psum_tensor():
    """nki-samples' allocated_fused_rms_norm_qkv: `res_psum[0] += nisa.nc_matmul(...)` onto an nl.ndarray in PSUM (no
    zeros first), which its test's golden shows is the plain sum of the matmuls (beta1_matmul_accumulate)."""
    @stt_nki.jit
    def kernel(lhs, rhs):
        out = nl.ndarray((64, 32), dtype=nl.float32, buffer=nl.shared_hbm)
        res = nl.ndarray((1, nl.par_dim(64), 32), dtype=nl.float32, buffer=nl.psum)
        for k in nl.affine_range(3):
            res[0] += nisa.nc_matmul(nl.load(lhs[k]), nl.load(rhs[k]))
        plain = nl.zeros((64, 32), dtype=nl.float32)  # an ordinary tile add is still an add
        plain += nl.load(lhs[0, :64, :32])
        nl.store(out, value=nl.add(res[0], plain))
        return out
    rng = np.random.default_rng(5)
    lhs = rng.integers(-4, 5, (3, 128, 64)).astype(F32)  # small integers: every sum exact in fp32
    rhs = rng.integers(-4, 5, (3, 128, 32)).astype(F32)
    want = sum(lhs[k].T @ rhs[k] for k in range(3)) + lhs[0][:64, :32]
    np.testing.assert_array_equal(stt_nki.simulate(kernel)(lhs, rhs), want)


def test_beta1_plus_equals_matmul_onto_a_partly_matmul_written_tile_is_refused():
    @stt_nki.jit
    def kernel(lhs, rhs):
        res = nl.ndarray((nl.par_dim(64), 32), dtype=nl.float32, buffer=nl.psum)
        res[:, :16] += nisa.nc_matmul(nl.load(lhs), nl.load(rhs[:, :16]))
        res[...] += nisa.nc_matmul(nl.load(lhs), nl.load(rhs))
        return res
    with pytest.raises(ValueError, match=r"\+= \(Beta 1\) onto a dst of which a matmul wrote 1024 of 2048"):
        stt_nki.simulate(kernel)(np.ones((128, 64), F32), np.ones((128, 32), F32))


def test_tensors_the_kernel_places_itself_may_alias_on_the_device_and_still_run():
    """nki-samples' allocated_attention places three PSUM tensors on the same banks (ncc.psum.mod_alloc / alloc): more
    than PSUM's 16 KiB a partition unaliased. The model places them apart, past its PSUM when full
    (explicit_allocation); an nl.psum tensor the compiler would place is still refused when PSUM is full."""
    from stt_nki import compiler as ncc

    @stt_nki.jit
    def kernel(a):
        out = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
        tiles = [nl.ndarray((2, nl.par_dim(128), 512), dtype=nl.float32,
                            buffer=ncc.psum.mod_alloc(base_bank=0, num_bank_tiles=(2,))) for _ in range(5)]
        for i, t in enumerate(tiles):  # 5 x 4 KiB a partition
            t[1] = nl.multiply(nl.load(a), float(i + 1))
        nl.store(out, value=nl.add(tiles[0][1], tiles[4][1]))
        return out

    a = np.random.default_rng(2).standard_normal((128, 512)).astype(F32)
    np.testing.assert_array_equal(stt_nki.simulate(kernel)(a), a * F32(1) + a * F32(5))

    @stt_nki.jit
    def blocks(a):  # the attention tutorials' qk: [q tiles, kv tiles, P, 512] fp32, 32 KiB a partition in blocks
        out = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
        qk = nl.ndarray((4, 4, nl.par_dim(128), 512), dtype=nl.float32, buffer=nl.psum)
        qk[3, 3] = nl.multiply(nl.load(a), 2.0)
        nl.store(out, value=qk[3, 3])
        return out
    np.testing.assert_array_equal(stt_nki.simulate(blocks)(a), a * F32(2))

    @stt_nki.jit
    def automatic(a):
        return [nl.ndarray((nl.par_dim(128), 2048), dtype=nl.float32, buffer=nl.psum) for _ in range(3)]
    with pytest.raises(MemoryError, match="no gap"):
        stt_nki.simulate(automatic)(a)


def test_beta1_an_integer_beside_index_grids_drops_its_axis_and_gives_a_view():
    """`psum[g, ip, if] += nisa.nc_matmul(...)` (nki-samples' allocated_attention): the integer picks a block, the grids
    its [P, F], and the result is a view of the tensor, so the matmuls accumulate in it."""
    @stt_nki.jit
    def kernel(lhs, rhs):
        out = nl.ndarray((64, 32), dtype=nl.float32, buffer=nl.shared_hbm)
        res = nl.ndarray((2, nl.par_dim(64), 32), dtype=nl.float32, buffer=nl.psum)
        ip, i_f = nl.arange(64)[:, None], nl.arange(32)[None, :]
        for k in nl.affine_range(2):
            res[1, ip, i_f] += nisa.nc_matmul(nl.load(lhs[k]), nl.load(rhs[k]))
        nl.store(out, value=res[1, ip, i_f])
        return out
    rng = np.random.default_rng(6)
    lhs = rng.integers(-4, 5, (2, 128, 64)).astype(F32)
    rhs = rng.integers(-4, 5, (2, 128, 32)).astype(F32)
    np.testing.assert_array_equal(stt_nki.simulate(kernel)(lhs, rhs), lhs[0].T @ rhs[0] + lhs[1].T @ rhs[1])


def test_a_device_framework_imported_but_unused_by_the_kernel_gets_a_placeholder():
    """nki-samples' softmax tutorial imports torch_xla.core.xla_model at its top and never uses it in the kernel."""
    import importlib.util
    import sys
    if importlib.util.find_spec("torch_xla") is not None:
        pytest.skip("torch_xla is installed: it imports as itself")
    before = list(sys.meta_path)
    try:
        assert stt_nki.install_device_placeholders() == ("torch_xla", "torch_neuronx")
        import torch_xla.core.xla_model as xm
        with pytest.raises(RuntimeError, match=r"torch_xla.core.xla_model.xla_device: torch_xla \(a Neuron device"):
            xm.xla_device()
    finally:
        sys.meta_path[:] = before
        for name in [n for n in sys.modules if n.split(".")[0] in ("torch_xla", "torch_neuronx")]:
            del sys.modules[name]
    with pytest.raises(ImportError):
        import torch_xla  # noqa: F401


def test_an_on_chip_tile_indexed_by_an_integer_free_index_stays_two_dimensional():
    """nki-samples' flash_fwd passes l_buffer[:, i] of a [P, n] tile as a [P, 1] tile and writes its [:, 0]
    (tile_2d)."""
    @stt_nki.jit
    def kernel(a):
        out = nl.ndarray((128, 4), dtype=nl.float32, buffer=nl.shared_hbm)
        t = nl.full((nl.par_dim(128), 4), fill_value=1.0, dtype=nl.float32)
        column = t[:, 2]
        assert column.shape == (128, 1)
        column[:, 0] = nl.add(nl.load(a), column)
        nl.store(out, value=t)
        return out
    a = np.arange(128, dtype=F32).reshape(128, 1)
    want = np.ones((128, 4), F32)
    want[:, 2] = a[:, 0] + 1
    np.testing.assert_array_equal(stt_nki.simulate(kernel)(a), want)


def test_a_beta1_mask_that_is_a_plain_bool_keeps_or_drops_the_whole_call():
    """nki-samples' flash_attn_bwd passes mask=<a Python bool from its loop indices> to nc_matmul."""
    x = np.arange(8 * 4, dtype=F32).reshape(8, 4)
    np.testing.assert_array_equal(nisa.tensor_copy(x, mask=True), x)
    assert np.isnan(nisa.tensor_copy(x, mask=np.bool_(False))).all()  # nothing written: the sentinel


def test_beta1_loop_reduce_stored_into_a_tile_folds_into_it():
    """NKI's nl.loop_reduce page: t = loop_reduce(a, op=np.add, loop_indices=[k]) in a loop is t = t + a each time
    (nki-samples' flash_attn_bwd stores it into dq_local_reduced[i, j, :, :])."""
    @stt_nki.jit
    def kernel(a):
        out = nl.ndarray((2, 128, 8), dtype=nl.float32, buffer=nl.shared_hbm)
        acc = nl.zeros((2, nl.par_dim(128), 8), dtype=nl.float32)
        for k in nl.affine_range(3):
            acc[1, :, :] = nl.loop_reduce(nl.load(a[k]), op=np.add, loop_indices=(k,), dtype=nl.float32)
        nl.store(out[0], value=acc[0])
        nl.store(out[1], value=acc[1])
        return out
    a = np.random.default_rng(8).integers(-9, 10, (3, 128, 8)).astype(F32)
    out = stt_nki.simulate(kernel)(a)
    np.testing.assert_array_equal(out[1], a[0] + a[1] + a[2])
    np.testing.assert_array_equal(out[0], np.zeros((128, 8), F32))
    with pytest.raises(TypeError, match="store its result into the tile"):
        np.asarray(nl.loop_reduce(a[0], op=np.add, loop_indices=(0,)))


def test_an_index_tile_of_fewer_dims_is_read_partition_first():
    """src[idx, iy, iz] with idx a [P, 1] tile of row numbers and iy, iz [1, A, 1] / [1, 1, B] grids is rows idx of
    src ([P, A, B], as NKI's dma_transpose gather example reads it), not NumPy's right-aligned broadcast."""
    @stt_nki.jit
    def kernel(src, rows):
        idx = nl.load(rows)
        iy = nl.arange(src.shape[1])[None, :, None]
        iz = nl.arange(src.shape[2])[None, None, :]
        out = nl.ndarray((rows.shape[0],) + src.shape[1:], dtype=src.dtype, buffer=nl.shared_hbm)
        nl.store(out, nl.load(src[idx, iy, iz]))
        return out
    src = np.arange(6 * 4 * 5, dtype=np.float32).reshape(6, 4, 5)
    rows = np.array([[5], [0], [3]], np.int32)
    np.testing.assert_array_equal(stt_nki.simulate(kernel)(src, rows), src[[5, 0, 3]])
