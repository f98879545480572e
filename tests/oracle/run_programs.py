#!/usr/bin/env python3
"""Drives `stt run` (through one `stt batch` process) over random programs that chain the elementwise family
(Memset, Copy, Cast, Tensor-Tensor arith and bitvec, CopyPredicated, CastPredicated, ScalarTensorTensor,
Tensor-Scalar, the cache reductions) on 1-D to 4-D patterns, with the accumulator writers (STT accumulate,
SelectReduce, 0x9a, 0xe6) followed by DveReadAccumulator, and compares the whole SBUF region the programs use
with an independent NumPy + ml_dtypes interpreter of the same text. Exit 1 on any mismatch.

NaN: an element whose expected value is a NaN matches any NaN of its dtype (SPEC pins no payload), and the
arith stages produce the model's canonical quiet NaN (docs/decisions.md `canonical_nan`) so that a NaN's bits
read back by a later word agree.

    python3 tests/oracle/run_programs.py --programs 3000 --seed 1 --engine fast
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

import numpy as np

import semantics as sem
from run_oracle import (ARITH_CORE, BITVEC, GENS, IN_DTYPES, INT_DTYPES, OUT_DTYPES, REDUCE_ARITH, REDUCE_BITVEC,
                        REDUCE_DTYPES, ROOT, progress, random_values)

LANES = 8            # partitions the programs use (--lanes; stream_transpose needs 32 or more)
SLOT = 1024          # bytes per operand slot in each partition
SLOTS = 8
SIZE = {d: np.dtype(sem.STORAGE[d]).itemsize for d in sem.STORAGE}
OPCODES = ["memset", "copy", "cast", "tensor_tensor_arith", "tensor_tensor_bitvec", "copy_predicated",
           "cast_predicated", "scalar_tensor_tensor_arith", "tensor_scalar_arith", "tensor_scalar_bitvec",
           "tensor_scalar_cache_reduce", "tensor_scalar_cache_cumulative", "select_reduce", "tensor_scalar_ptr_arith",
           "tensor_scalar_ptr_bitvec", "reciprocal", "tensor_reduce_arith", "tensor_reduce_bitvec"]
RANK = {"memset": 4, "copy": 4, "cast": 4, "reciprocal": 4, "scalar_tensor_tensor_arith": 2, "select_reduce": 2}
# the words that write the accumulator: each is followed by a dve_read_accumulator of it
WRITERS = {"scalar_tensor_tensor_arith", "tensor_scalar_cache_reduce", "tensor_scalar_cache_cumulative",
           "select_reduce"}
FOLDS = ["add", "subtract", "mult", "max", "min"]
READ_DTYPES = ["fp8_e3m4", "fp8_e4m3", "fp8_e5m2", "fp16", "bf16", "fp32", "fp32r"]


def shape(rng, rank, n):
    """counts of `rank` dimensions multiplying to n, and positive steps (sources may broadcast with step 0)."""
    counts = [1] * rank
    left = n
    for d in range(rank - 1):
        divisors = [x for x in range(1, left + 1) if left % x == 0]
        counts[d] = int(rng.choice(divisors))
        left //= counts[d]
    counts[rank - 1] = left
    rng.shuffle(counts)
    return counts


def pattern(rng, name, slot, dtype, counts, written):
    """A pattern in `slot`: dense, or strided (steps past the inner dimensions), or (sources) broadcasting."""
    steps, run = [], 1
    stride = int(rng.choice([1, 1, 2])) if written else int(rng.choice([1, 1, 2, 0]))
    for c in counts:
        steps.append(run * stride)
        run *= c * max(stride, 1)
    reach = sum((c - 1) * s for c, s in zip(counts, steps)) + 1
    room = SLOT // SIZE[dtype] - reach
    if room < 0:
        return None
    start = slot * SLOT + int(rng.integers(0, room + 1)) * SIZE[dtype]
    text = (f"{name}=sbuf:0:{hex(start)} {name}.step_elem=[{','.join(map(str, steps))}]"
            f" {name}.num_elem=[{','.join(map(str, counts))}]")
    return text, (start, steps, counts, dtype)


def offsets(p):
    start, steps, counts, dtype = p
    idx = np.indices(counts[::-1]).reshape(len(counts), -1)[::-1]  # dimension 0 fastest
    return start + (np.asarray(steps)[:, None] * idx).sum(axis=0) * SIZE[dtype]


def read(mem, p):
    off = offsets(p)
    size = SIZE[p[3]]
    raw = mem[:, off[:, None] + np.arange(size)]          # [lanes, n, size] bytes
    return np.ascontiguousarray(raw).view(sem.STORAGE[p[3]]).reshape(mem.shape[0], -1)


class Memory:
    """The oracle's SBUF bytes, and for each byte the element (start, dtype) last written over it when its value
    was a NaN (so that any NaN of that dtype matches there)."""

    def __init__(self, data):
        self.bytes = data.copy()
        self.nan = {}
        self.acc = np.zeros(LANES, np.float32)  # the machine starts zeroed

    def lanes(self, channels):
        return Lanes(self, channels)


class Lanes:
    def __init__(self, memory, channels):
        self.m, self.channels = memory, channels
        self.shape = (channels,)

    @property
    def acc(self):
        return self.m.acc[:self.channels]

    @acc.setter
    def acc(self, values):
        self.m.acc[:self.channels] = values

    def read(self, p):
        return read(self.m.bytes[:self.channels], p)

    def write(self, p, values, where=None):
        off = offsets(p)
        dtype = p[3]
        size = SIZE[dtype]
        values = values.astype(sem.STORAGE[dtype])
        isnan = np.isnan(sem.storage_to_f32(values, dtype)) if dtype in sem.FLOATS else np.zeros(values.shape, bool)
        raw = np.ascontiguousarray(values).view(np.uint8).reshape(self.channels, -1, size)
        for lane in range(self.channels):
            for k in range(off.size):
                if where is None or where[lane, k]:
                    start = int(off[k])
                    self.m.bytes[lane, start:start + size] = raw[lane, k]
                    for b in range(start, start + size):
                        if isnan[lane, k]:
                            self.m.nan[(lane, b)] = (start, dtype)
                        else:
                            self.m.nan.pop((lane, b), None)


def matches(got, memory):
    """The first byte where stt's memory differs from the oracle's, other than NaN for NaN; None if none."""
    for lane, byte in np.argwhere(got != memory.bytes):
        entry = memory.nan.get((int(lane), int(byte)))
        if entry is not None:
            start, dtype = entry
            element = np.ascontiguousarray(got[lane, start:start + SIZE[dtype]]).view(sem.STORAGE[dtype])
            if np.isnan(sem.storage_to_f32(element, dtype)).all():
                continue
        return int(lane), int(byte)
    return None


def word(rng, op, n):
    """(text, apply) for one word of `op` with n elements per lane in distinct slots; None if it does not fit."""
    slots = [int(x) for x in rng.permutation(SLOTS)[:3]]
    channels = int(rng.integers(1, LANES + 1))
    rank = RANK.get(op, 3)
    if op == "memset":
        dt = str(rng.choice(OUT_DTYPES))
        value = int(rng.integers(0, 1 << (8 * SIZE[dt])))
        d = pattern(rng, "dst", slots[0], dt, shape(rng, rank, n), True)
        if d is None:
            return None
        text = (f"memset {d[0]} dtype={dt} set_value={hex(value)} dst_element_count={n}"
                f" num_active_channels={channels}")
        bits = np.frombuffer(value.to_bytes(8, "little")[:SIZE[dt]], dtype=sem.STORAGE[dt])
        return text, channels, lambda mem: mem.write(d[1], np.full((mem.channels, n), bits[0]))
    if op in ("copy", "cast", "reciprocal"):
        di = str(rng.choice(IN_DTYPES))
        do = di if op == "copy" else str(rng.choice(OUT_DTYPES))
        s = pattern(rng, "src", slots[0], di, shape(rng, rank, n), False)
        d = pattern(rng, "dst", slots[1], do, shape(rng, rank, n), True)
        if s is None or d is None:
            return None
        text = f"{op} {s[0]} {d[0]} in_dtype={di} out_dtype={do} num_active_channels={channels}"

        def apply(mem):
            v = mem.read(s[1])
            if op == "reciprocal":
                mem.write(d[1], sem.f32_to_storage(sem.reciprocal_f32(sem.storage_to_f32(v, di)), do))
                return
            mem.write(d[1], v if op == "copy" else sem.f32_to_storage(sem.storage_to_f32(v, di), do))
        return text, channels, apply
    bitvec = op == "tensor_tensor_bitvec"
    if op.startswith("tensor_tensor"):
        d0 = str(rng.choice(INT_DTYPES if bitvec else IN_DTYPES))
        d1, do = (d0, d0) if bitvec else (str(rng.choice(IN_DTYPES)), str(rng.choice(OUT_DTYPES)))
        alu = str(rng.choice(BITVEC if bitvec else ARITH_CORE))
        extra = f"op={alu}"
    elif op in ("copy_predicated", "cast_predicated"):
        d0, d1 = str(rng.choice(INT_DTYPES)), str(rng.choice(IN_DTYPES))
        do = d1 if op == "copy_predicated" else str(rng.choice(IN_DTYPES))  # no fp32r (AllowFP32R::False)
        extra = "op=bypass"
    else:
        d0, d1, do = str(rng.choice(IN_DTYPES)), str(rng.choice(IN_DTYPES)), str(rng.choice(OUT_DTYPES))
        a0, a1 = str(rng.choice(ARITH_CORE)), str(rng.choice(ARITH_CORE))
        scalar = np.float32(rng.choice([0.5, -2.0, 3.25, 0.0, np.inf, 1e-3]))
        rev = int(rng.integers(4))
        extra = (f"op0={a0} op1={a1} reverse_operands={['none', 'first', 'second', 'both'][rev]}"
                 f" imm0={'Infinity' if np.isinf(scalar) else repr(float(scalar))} imm0_dtype=fp32")
    s0 = pattern(rng, "src0", slots[0], d0, shape(rng, rank, n), False)
    s1 = pattern(rng, "src1", slots[1], d1, shape(rng, rank, n), False)
    d = pattern(rng, "dst", slots[2], do, shape(rng, rank, n), True)
    if s0 is None or s1 is None or d is None:
        return None
    text = (f"{op} {s0[0]} {s1[0]} {d[0]} in0_dtype={d0} in1_dtype={d1} out_dtype={do} {extra}"
            f" num_active_channels={channels}")

    def apply(mem):
        a, b = mem.read(s0[1]), mem.read(s1[1])
        if bitvec:
            w = sem.WIDTH[d0]
            mask = (1 << w) - 1
            r = sem.bitvec(alu, a.astype(np.int64) & mask, b.astype(np.int64) & mask, w)
            mem.write(d[1], r.astype(np.uint64).astype(sem.INTS[d0]))
        elif op.startswith("tensor_tensor"):
            r = sem.arith(alu, sem.storage_to_f32(a, d0), sem.storage_to_f32(b, d1))
            mem.write(d[1], sem.f32_to_storage(r, do))
        elif op == "copy_predicated":
            mem.write(d[1], b, where=a.astype(np.int64) != 0)
        elif op == "cast_predicated":
            mem.write(d[1], sem.f32_to_storage(sem.storage_to_f32(b, d1), do), where=a.astype(np.int64) != 0)
        else:
            af, bf = sem.storage_to_f32(a, d0), sem.storage_to_f32(b, d1)
            sf = np.full_like(af, scalar)
            mid = sem.arith(a0, sf, af) if rev in (1, 3) else sem.arith(a0, af, sf)
            r = sem.arith(a1, bf, mid) if rev in (2, 3) else sem.arith(a1, mid, bf)
            mem.write(d[1], sem.f32_to_storage(r, do))
    return text, channels, apply


def spread(v, like):
    """A scalar, or a [lanes, 1] column of per-lane scalars, as an array shaped and typed like `like`."""
    return np.broadcast_to(np.asarray(v).astype(like.dtype), like.shape) if np.ndim(v) == 0 else np.broadcast_to(
        v.reshape(-1, 1).astype(like.dtype), like.shape)


def canonical(x):
    """The model's canonical quiet NaN for every fp32 NaN (docs/decisions.md canonical_nan)."""
    return np.where(np.isnan(x), np.float32(np.nan), x).astype(np.float32)


def fold(op, r, acc):
    """The cache reductions' fold acc = op1(r, acc), sequential along each lane."""
    out = np.empty_like(r)
    for i in range(r.shape[1]):
        acc = sem.arith(op, r[:, i], acc)
        out[:, i] = acc
    return acc, out


def scalar_word(rng, op, n):
    """A Tensor-Scalar or cache-reduction word with inline scalars (the pointer forms: two per-lane scalars)."""
    slots = [int(x) for x in rng.permutation(SLOTS)[:2]]
    channels = int(rng.integers(1, LANES + 1))
    bitvec = op.endswith("bitvec")
    cache = "cache" in op
    ptr = "_ptr_" in op
    if bitvec:
        di = do = "int32"
        a0, a1 = str(rng.choice(BITVEC[1:])), str(rng.choice(BITVEC))
        s0, s1 = int(rng.integers(0, 1 << 32)), int(rng.integers(0, 40))
        imm = f"imm0={hex(s0)} imm1={hex(s1)}"
    else:
        small = [d for d in IN_DTYPES if d not in ("int32", "uint32")]
        di, do = (str(rng.choice(small)), str(rng.choice(small))) if cache else (str(rng.choice(IN_DTYPES)),
                                                                                str(rng.choice(OUT_DTYPES)))
        a0 = str(rng.choice(ARITH_CORE[1:]))
        a1 = str(rng.choice(FOLDS if cache else ARITH_CORE))
        s0, s1 = np.float32(rng.choice([0.5, -2.0, 3.0, 0.0, 1e-3])), np.float32(rng.choice([1.0, -4.0, 0.25]))
        imm = f"imm0={repr(float(s0))}"
    cmd = str(rng.choice(["accumulate", "zero_accumulate", "load_accumulate"])) if cache else "idle"
    if cache and cmd == "load_accumulate":
        imm += f" imm1={repr(float(s1))}"
    elif not cache and not bitvec:
        imm += f" imm1={repr(float(s1))}"
    if ptr:
        pointers = [int(rng.integers(0, SLOT // 4)) * 4 + 6 * SLOT for _ in range(2)]
        imm = f"imm0=sbuf:0:{hex(pointers[0])} imm1=sbuf:0:{hex(pointers[1])}"
    rev = 0 if cache else int(rng.integers(4))
    src = pattern(rng, "src", slots[0], di, shape(rng, 3, n), False)
    dst = pattern(rng, "dst", slots[1], do, shape(rng, 3, n), True)
    if src is None or dst is None:
        return None
    text = (f"{op} {src[0]} {dst[0]} in_dtype={di} out_dtype={do} op0={a0} op1={a1} {imm}"
            f" reverse_operands={['none', 'first', 'second', 'both'][rev]} accumulator_cmd={cmd}"
            f" num_active_channels={channels}")

    def apply(mem):
        nonlocal s0, s1
        x = mem.read(src[1])
        if ptr:  # lane c reads partition c at the pointer: fp32 (arith) or the int32 in_dtype (bitvec)
            s0, s1 = (mem.read((at, [0], [1], "int32" if bitvec else "fp32")) for at in pointers)
            s0, s1 = ((v.astype(np.int64) & 0xFFFFFFFF) if bitvec else v for v in (s0, s1))
        if bitvec:
            xi = x.astype(np.int64) & 0xFFFFFFFF
            a = sem.bitvec(a0, spread(s0, xi), xi, 32) if rev in (1, 3) else sem.bitvec(a0, xi, np.full_like(
                xi, s0), 32)
            r = a if a1 == "bypass" else (sem.bitvec(a1, spread(s1, xi), a, 32) if rev in (2, 3)
                                          else sem.bitvec(a1, a, spread(s1, xi), 32))
            mem.write(dst[1], r.astype(np.uint64).astype(np.int32))
            return
        xf = sem.storage_to_f32(x, di)
        a = sem.arith(a0, spread(s0, xf), xf) if rev in (1, 3) else sem.arith(a0, xf, spread(s0, xf))
        if not cache:
            r = a if a1 == "bypass" else (sem.arith(a1, spread(s1, xf), a) if rev in (2, 3)
                                          else sem.arith(a1, a, spread(s1, xf)))
            mem.write(dst[1], sem.f32_to_storage(r, do))
            return
        start = {"accumulate": mem.acc.copy(), "load_accumulate": np.full(mem.channels, s1, np.float32),
                 "zero_accumulate": np.full(mem.channels, {"mult": 1.0, "max": -np.inf, "min": np.inf}.get(a1, 0.0),
                                            np.float32)}[cmd]
        acc, running = fold(a1, a, start)
        mem.acc = acc
        mem.write(dst[1], sem.f32_to_storage(running if op.endswith("cumulative") else a, do))
    return text, channels, apply


def reduce_word(rng, op, n):
    """A TensorReduce over a 4-D source of n elements, op_dim x..xyzw, dst counting what the reduce leaves."""
    slots = [int(x) for x in rng.permutation(SLOTS)[:2]]
    channels = int(rng.integers(1, LANES + 1))
    counts = shape(rng, 4, n)
    dims = int(rng.integers(1, 5))
    reduced = int(np.prod(counts[:dims]))
    bitvec = op.endswith("bitvec")
    di = str(rng.choice(REDUCE_DTYPES if bitvec else IN_DTYPES))
    do = di if bitvec else str(rng.choice(OUT_DTYPES))
    alu = str(rng.choice(REDUCE_BITVEC if bitvec else REDUCE_ARITH))
    negated = 0 if bitvec else int(rng.integers(2))
    src = pattern(rng, "src", slots[0], di, counts, False)
    dst = pattern(rng, "dst", slots[1], do, shape(rng, 4, n // reduced), True)
    if src is None or dst is None:
        return None
    text = (f"{op} {src[0]} {dst[0]} in_dtype={di} out_dtype={do} op={alu}"
            f" op_dim={['x', 'xy', 'xyz', 'xyzw'][dims - 1]} negated={negated} num_active_channels={channels}")

    def apply(mem):
        x = mem.read(src[1]).reshape(mem.channels, -1, reduced)  # source order: the reduced dims are the fastest
        if bitvec:
            w = sem.WIDTH[di]
            r = sem.reduce_fold(alu, x.astype(np.int64) & ((1 << w) - 1), w)
            mem.write(dst[1], r.astype(np.uint64).astype(sem.INTS[di]))
        else:
            mem.write(dst[1], sem.f32_to_storage(sem.reduce_fold(alu, sem.storage_to_f32(x, di), negate=negated), do))
    return text, channels, apply


def transpose_word(rng, op, n):
    """A StreamTranspose of whole 32-channel groups and 32-element blocks, dst counting at most src's elements."""
    slots = [int(x) for x in rng.permutation(SLOTS)[:2]]
    channels = 32 * int(rng.integers(1, LANES // 32 + 1))
    count = 32 * int(rng.integers(1, 4))
    kept = int(rng.integers(1, count + 1))
    dt = str(rng.choice(IN_DTYPES))
    src = pattern(rng, "src", slots[0], dt, shape(rng, 4, count), False)
    dst = pattern(rng, "dst", slots[1], dt, shape(rng, 4, kept), True)
    if src is None or dst is None:
        return None
    text = f"{op} {src[0]} {dst[0]} in_dtype={dt} out_dtype={dt} num_active_channels={channels}"

    def apply(mem):
        x = mem.read(src[1])
        out = np.empty_like(x)
        for g in range(0, mem.channels, 32):
            for b in range(0, count, 32):
                out[g:g + 32, b:b + 32] = x[g:g + 32, b:b + 32].T
        mem.write(dst[1], out[:, :kept])
    return text, channels, apply


def read_accumulator(rng, channels):
    """A dve_read_accumulator of lanes 0..channels-1 into slot 7 (bytes 0..3 of it)."""
    dt = str(rng.choice(READ_DTYPES))
    negated = int(rng.integers(2))
    d = ("dst=sbuf:0:" + hex(7 * SLOT), (7 * SLOT, [1], [1], dt))
    text = (f"dve_read_accumulator {d[0]} dst.step_elem=[1] dst.num_elem=[1] dst_element_count=1 dtype={dt}"
            f" negated={negated} num_active_channels={channels}")

    def apply(mem):
        v = mem.acc.copy()
        if negated:
            v = (v.view(np.uint32) ^ np.uint32(0x80000000)).view(np.float32)
        mem.write(d[1], sem.f32_to_storage(v.reshape(-1, 1), dt))
    return text, channels, apply


def accumulating(rng, op, n):
    """An STT accumulate or a SelectReduce with an accumulator command (slots 0..6, leaving 7 to the read-out)."""
    slots = [int(x) for x in rng.permutation(7)[:3]]
    channels = int(rng.integers(1, LANES + 1))
    cmd = str(rng.choice(["accumulate", "zero_accumulate"]))
    select = op == "select_reduce"
    d0 = str(rng.choice(INT_DTYPES if select else IN_DTYPES))
    d1 = str(rng.choice([d for d in IN_DTYPES if d not in ("int32", "uint32")] if select else IN_DTYPES))
    do = str(rng.choice(OUT_DTYPES))
    a0, a1 = ("bypass", "max") if select else (str(rng.choice(ARITH_CORE)), str(rng.choice(ARITH_CORE)))
    scalar = np.float32(rng.choice([0.5, -2.0, 3.25, 0.0, 7.0]))
    s0 = pattern(rng, "src0", slots[0], d0, shape(rng, 2, n), False)
    s1 = pattern(rng, "src1", slots[1], d1, shape(rng, 2, n), False)
    d = pattern(rng, "dst", slots[2], do, shape(rng, 2, n), True)
    if s0 is None or s1 is None or d is None:
        return None
    text = (f"{op} {s0[0]} {s1[0]} {d[0]} in0_dtype={d0} in1_dtype={d1} out_dtype={do} op0={a0} op1={a1}"
            f" imm0={repr(float(scalar))} imm0_dtype=fp32 accumulator_cmd={cmd} num_active_channels={channels}")

    def apply(mem):
        a, b = mem.read(s0[1]), mem.read(s1[1])
        bf = sem.storage_to_f32(b, d1)
        if select:
            r = np.where(a.astype(np.int64) != 0, bf, scalar).astype(np.float32)
            acc = np.full(mem.channels, -np.inf, np.float32) if cmd == "zero_accumulate" else mem.acc.copy()
            for i in range(r.shape[1]):
                acc = sem.fmax(acc, r[:, i])
        else:
            af = sem.storage_to_f32(a, d0)
            r = sem.arith(a1, sem.arith(a0, af, np.full_like(af, scalar)), bf)
            acc = np.zeros(mem.channels, np.float32) if cmd == "zero_accumulate" else mem.acc.copy()
            with np.errstate(all="ignore"):
                for i in range(r.shape[1]):
                    acc = canonical((acc + r[:, i]).astype(np.float32))
        mem.acc = acc
        mem.write(d[1], sem.f32_to_storage(r, do))
    return text, channels, apply


def program(rng, k, opcodes):
    """A program of 1 to 4 words; each opcode comes up in turn so every one gets its share."""
    words = []
    for j in range(int(rng.integers(1, 5))):
        op = opcodes[(k + j) % len(opcodes)]
        make = (scalar_word if op.startswith("tensor_scalar") else reduce_word if op.startswith("tensor_reduce")
                else transpose_word if op == "stream_transpose" else accumulating
                if op in ("select_reduce", "scalar_tensor_tensor_arith") and rng.random() < 0.5 else word)
        if make is word and op == "select_reduce":
            make = accumulating
        while True:
            w = make(rng, op, int(rng.choice([1, 3, 8, 12, 30, 64, 100])))
            if w is not None:
                words.append((op,) + w)
                break
        if op in WRITERS:
            words.append(("dve_read_accumulator",) + read_accumulator(rng, w[1]))
    return words


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--programs", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stt", default=os.path.join(ROOT, "stt"))
    ap.add_argument("--engine", default="fast")
    ap.add_argument("--show", type=int, default=3)
    ap.add_argument("--opcodes", default=",".join(OPCODES), help="comma-separated: the opcodes programs cycle through")
    ap.add_argument("--lanes", type=int, default=LANES, help="partitions the programs use (stream_transpose: >= 32)")
    opts = ap.parse_args()
    if "stream_transpose" in opts.opcodes.split(",") and opts.lanes < 32:
        ap.error("stream_transpose needs --lanes 32 or more (whole 32-partition groups)")
    globals()["LANES"] = opts.lanes
    rng = np.random.default_rng(opts.seed)
    proc = subprocess.Popen([opts.stt, "batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    counts, gens, mismatches = collections.Counter(), collections.Counter(), 0
    with tempfile.TemporaryDirectory() as d:
        load, dump, prog = (os.path.join(d, x) for x in ("in.npy", "out.npy", "p.s"))
        for k in range(opts.programs):
            progress(k, opts.programs, "oracle programs")
            words = program(rng, k, opts.opcodes.split(","))
            gen = GENS[k % len(GENS)]  # the programs use SPEC §2's 17 general-arith ops, valid on every generation
            gens[gen] += 1
            mem = random_values(rng, "uint8", (LANES, SLOTS * SLOT))
            np.save(load, mem)
            with open(prog, "w") as f:
                f.write("\n".join(w[1] for w in words) + "\n")
            args = ["run", prog, "--gen", gen, "--engine", opts.engine, "--load", f"sbuf:0:0={load}",
                    "--dump", f"sbuf:0:0:{LANES}x{SLOTS * SLOT}:uint8={dump}"]
            proc.stdin.write(json.dumps(args) + "\n")
            proc.stdin.flush()
            result = json.loads(proc.stdout.readline())
            want = Memory(mem)
            for op, _, channels, apply in words:
                counts[op] += 1
                apply(want.lanes(channels))
            problem = None
            if result["code"] != 0:
                problem = f"exit {result['code']}: {result['err'].strip()}"
            else:
                got = np.load(dump)
                where = matches(got, want)
                if where is not None:
                    lane, byte = where
                    problem = (f"sbuf partition {lane} byte {hex(byte)}: stt {got[lane, byte]},"
                               f" oracle {want.bytes[lane, byte]}")
            if problem:
                mismatches += 1
                if mismatches <= opts.show:
                    print(f"program {k} on {gen} MISMATCH {problem}\n" + "\n".join(w[1] for w in words),
                          file=sys.stderr)
    progress(opts.programs, opts.programs, "oracle programs")
    proc.stdin.close()
    proc.wait()
    print(f"oracle programs: {opts.programs} programs, {sum(counts.values())} words"
          f" ({', '.join(f'{op} {counts[op]}' for op in OPCODES + ['stream_transpose', 'dve_read_accumulator'])}),"
          f" {mismatches}"
          f" mismatches, engine {opts.engine},"
          f" seed {opts.seed}; programs per generation: {', '.join(f'{g} {gens[g]}' for g in GENS)}")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
