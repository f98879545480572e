"""The engine timeline (docs/timeline.md) against schedules worked out by hand from its constants: trn1 (SUNDA)
clocks Vector 1.12, Tensor 2.8 GHz; the 100-cycle static overhead between dependent instructions; DMA 500 ns +
bytes / min(16 x 27 GiB/s, 820 / 2 GB/s) (dma_cost)."""
import json

import numpy as np
import pytest

import stt_nki
from stt_nki import _timeline, isa as nisa, language as nl

F32 = np.float32
BF16 = nl.bfloat16
RNG = np.random.default_rng(47)
# [128, 512] fp32 = 262144 bytes: 16 queues x 28.99 GB/s = 463.9 GB/s is above trn1's HBM share 410 GB/s, so
# 500 + 262144 / 410 = 1139.4 ns, 1139 as the DMA call's definition rounds it
DMA_NS = 1139.0
OVERHEAD_VE = 100 / 1.12  # 89.29 ns


def _schedule(s):
    return _timeline.Schedule(s.calls, s.gen)


def _tile(shape=(128, 512)):
    return RNG.standard_normal(shape).astype(F32)


def test_a_lone_tensor_tensor_takes_its_own_cost():
    with stt_nki.Session(gen="trn1") as s:
        nisa.tensor_tensor(dst=np.empty((128, 512), F32), data1=_tile(), data2=_tile(), op=nl.add)
        t = _schedule(s)
    # fp32 add of two SBUF tiles: max(MIN_II, 2N) = 1024 cycles at 1.12 GHz = 914.29 ns; the only call
    assert t.latency == pytest.approx(1024 / 1.12)
    assert t.report()["engines"]["vector"]["share"] == pytest.approx(1.0)


def test_a_vector_call_waits_for_the_dma_that_writes_its_input():
    t, u, v = _tile(), _tile(), _tile()
    with stt_nki.Session(gen="trn1") as s:
        nisa.dma_copy(dst=t, src=u)
        nisa.tensor_scalar(dst=v, data=t, op0=nl.multiply, operand0=2.0)
        sched = _schedule(s)
    # the DMA 0 .. 1139; the tensor_scalar (max(64, 512) = 512 cycles = 457.14 ns) reads what it wrote: it starts
    # 100 VectorE cycles after, at 1228.29, and ends at 1685.43: no overlap
    assert sched.start[1] == pytest.approx(DMA_NS + OVERHEAD_VE)
    assert sched.latency == pytest.approx(DMA_NS + OVERHEAD_VE + 512 / 1.12)
    assert sched.deps[1] == (0,) and sched.why[1] == ("dep", 0)


def test_independent_calls_on_two_engines_overlap():
    a, b, c, d = _tile(), _tile(), _tile(), _tile()  # alive throughout: a freed array's address may come back
    with stt_nki.Session(gen="trn1") as s:
        nisa.dma_copy(dst=a, src=b)
        nisa.tensor_scalar(dst=c, data=d, op0=nl.multiply, operand0=2.0)
        sched = _schedule(s)
    # both start at 0: the latency is the longer one, the DMA's
    assert sched.start == [0.0, 0.0]
    assert sched.latency == pytest.approx(DMA_NS)
    report = sched.report()
    assert report["engines"]["dma"]["share"] == pytest.approx(1.0)
    assert report["engines"]["vector"]["share"] == pytest.approx(512 / 1.12 / DMA_NS)


def test_a_call_that_overwrites_what_an_earlier_one_reads_waits_for_it():
    t, u, v = _tile(), _tile(), _tile()
    with stt_nki.Session(gen="trn1") as s:
        nisa.tensor_scalar(dst=u, data=t, op0=nl.multiply, operand0=2.0)
        nisa.dma_copy(dst=t, src=v)  # WAR: the DMA may not overwrite t before the Vector Engine read it
        sched = _schedule(s)
    # the DMA starts when the tensor_scalar ends (457.14 ns; no static overhead on DMA), ends 1139 ns later
    assert sched.start[1] == pytest.approx(512 / 1.12)
    assert sched.latency == pytest.approx(512 / 1.12 + DMA_NS)


@pytest.mark.parametrize("n, cycles", [(32, 64), (200, 200)])
def test_nc_matmul_takes_max_of_n_and_64_tensor_engine_cycles(n, cycles):
    with stt_nki.Session(gen="trn1") as s:
        stationary = RNG.standard_normal((128, 128)).astype(BF16)
        moving = RNG.standard_normal((128, n)).astype(BF16)
        nisa.nc_matmul(stationary, moving)
        sched = _schedule(s)
    # max(min(64, M = 128), N) cycles at 2.8 GHz: N = 32 -> 64 cycles = 22.86 ns; N = 200 -> 71.43 ns
    assert s.calls[0]["cycles"] == cycles
    assert sched.latency == pytest.approx(cycles / 2.8)


def test_the_report_and_the_trace_show_the_kernel_schedule(tmp_path):
    def kernel(a, b):
        t = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=a)
        u = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
        nisa.dma_copy(dst=u, src=b)
        v = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=v, data=t, op0=nl.multiply, operand0=2.0)
        nisa.tensor_tensor(dst=v, data1=v, data2=u, op=nl.add)
        out = nl.ndarray((128, 512), dtype=nl.float32, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=out, src=v)
        return out
    a, b = _tile(), _tile()
    path = tmp_path / "trace.json"
    with stt_nki.Session(gen="trn1"):
        out = stt_nki.simulate(kernel, profile=str(path))(a, b)
    np.testing.assert_allclose(out, a * 2 + b, rtol=1e-6)
    r = stt_nki.last_report()
    # load a 0..1139, load b 1139..2278 (each takes all 16 queues); the tensor_scalar waits for a: 1228.29..1685.43,
    # overlapping the second load; the add waits for b: 2367.29..3281.57 (2N = 1024 cycles); the store waits for it,
    # 3281.57..4420.57
    ts, tt = 512 / 1.12, 1024 / 1.12
    assert r["latency_ns"] == pytest.approx(2 * DMA_NS + OVERHEAD_VE + tt + DMA_NS)
    assert r["engines"]["vector"]["busy_ns"] == pytest.approx(ts + tt)
    assert r["engines"]["dma"]["busy_ns"] == pytest.approx(3 * DMA_NS)
    # the critical path, back from the store: the add, the load of b it waited for, the load of a before it on DMA
    critical = r["critical_path"]
    assert [(g["call"], g["engine"], g["count"]) for g in critical] == [("dma_copy", "dma", 1)] * 3 + [
        ("tensor_tensor", "vector", 1)]
    assert sum(g["ns"] for g in critical) == pytest.approx(3 * DMA_NS + tt)
    assert all(g["line"].startswith("test_timeline.py:") for g in critical)
    doc = json.loads(path.read_text())
    slices = [e for e in doc["traceEvents"] if e["ph"] == "X"]
    assert [s["name"] for s in slices] == ["dma_copy", "dma_copy", "tensor_scalar", "tensor_tensor", "dma_copy"]
    load_b, scale = slices[1], slices[2]
    assert scale["tid"] != load_b["tid"] and scale["ts"] < load_b["ts"] + load_b["dur"]  # overlap across engines
    flows = [e for e in doc["traceEvents"] if e["ph"] in ("s", "f")]
    assert {e["ph"] for e in flows} == {"s", "f"} and len(flows) == 2 * 3  # scale <- load a, add <- load b, store
    assert doc["otherData"]["latency_ns"] == pytest.approx(r["latency_ns"])


@pytest.mark.parametrize("step, dtype, cycles", [(4, nl.float32, 512), (8, nl.float32, 1024), (8, nl.bfloat16, 512),
                                                 (10, nl.bfloat16, 1024)])
def test_a_most_minor_stride_above_16_bytes_halves_the_vector_engine(step, dtype, cycles):
    def kernel(a):
        t = nl.ndarray((128, 5120), dtype=dtype, buffer=nl.sbuf)
        nisa.dma_copy(dst=t, src=a)
        v = nl.ndarray((128, 512), dtype=dtype, buffer=nl.sbuf)
        nisa.tensor_scalar(dst=v, data=t[:, 0:512 * step:step], op0=nl.multiply, operand0=2.0)
        out = nl.ndarray((128, 512), dtype=dtype, buffer=nl.shared_hbm)
        nisa.dma_copy(dst=out, src=v)
        return out
    with stt_nki.Session(gen="trn1") as s:
        stt_nki.simulate(kernel)(_tile((128, 5120)).astype(dtype))
        sched = _schedule(s)
    # tensor_scalar, N = 512: max(MIN_II, N) = 512 cycles (457.14 ns) with a step of 4 fp32 or 8 bf16 elements (16
    # bytes: the peak); a step of 8 fp32 (32 bytes) or the guide's own 10 bf16 (20 bytes) halves the bandwidth: 1024
    i = [c["name"] for c in s.calls].index("tensor_scalar")
    assert s.calls[i]["cycles"] == 512
    assert sched.end[i] - sched.start[i] == pytest.approx(cycles / 1.12)
    assert _timeline.strided(s.calls[i]) == (cycles == 1024)
