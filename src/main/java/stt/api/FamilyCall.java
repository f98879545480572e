package stt.api;

import java.util.Optional;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.Opcode;
import stt.isa.TensorSubdim;
import stt.machine.Machine;
import stt.machine.Tile;

/**
 * The single-stage NKI calls (FAMILY.md §1) on [P, F] tiles, in NKI's argument names: each builds one word,
 * lays its tiles out in SBUF ({@link Placement}), and runs on a fresh machine. An empty {@code dtype} is NKI's
 * default.
 */
public sealed interface FamilyCall {
    Generation gen();

    /** The word the call runs. */
    default Word instruction() {
        return stage().word();
    }

    /**
     * Runs the call on {@code engine}.
     *
     * @throws IllegalArgumentException when the tiles do not fit (shapes, partitions, SBUF size)
     * @throws ExecutionException when the word is invalid for the generation (its violations name the rules) or
     *     cannot execute there
     */
    default Result run(Engine engine) throws ExecutionException {
        return stage().run(engine);
    }

    /**
     * Writes the call's tiles into {@code m} where its word reads them and returns the word: what a benchmark runs
     * again and again on one machine. Nothing else of {@code m} is touched.
     *
     * @throws IllegalArgumentException when the tiles do not fit
     */
    default Word loadInto(Machine m) {
        Staged s = stage();
        s.place().write(m);
        return s.word();
    }

    /** The call laid out (placement, word, output): what {@link #instruction} and {@link #run} share. */
    Staged stage();

    /**
     * {@code nki.isa.tensor_tensor(data1, data2, op, dtype)}: {@code out = data1 op data2} (0x41, or 0x51 when the
     * op is bit-vector only); dtype defaults to fp32 (arith) or data1's (bitvec).
     */
    record TensorTensor(Tile data1, Tile data2, AluOp op, Optional<Dtype> dtype, Generation gen)
            implements FamilyCall {
        public TensorTensor {
            Arguments.present("data1, data2, op, dtype, gen", data1, data2, op, dtype, gen);
        }

        public boolean isBitvec() {
            return Call.isBitvec(op, op, gen);
        }

        public Dtype outDtype() {
            return dtype.orElse(isBitvec() ? data1.dtype() : Dtype.FP32);
        }

        @Override
        public Staged stage() {
            Placement p = new Placement(gen, "data1", data1.rows(), data1.cols());
            Arguments.sameShape("data1", data1, "data2", data2);
            int a = p.load(data1);
            int b = p.load(data2);
            int out = p.output((long) data1.cols() * outDtype().size());
            p.checkFits("data1, data2 and the output");
            Word w = Word.builder(isBitvec() ? Opcode.TENSOR_TENSOR_BITVEC : Opcode.TENSOR_TENSOR_ARITH)
                    .pattern("src0", p.pattern(a, 3)).pattern("src1", p.pattern(b, 3)).pattern("dst", p.pattern(out, 3))
                    .set("in0_dtype", data1.dtype().code()).set("in1_dtype", data2.dtype().code())
                    .set("out_dtype", outDtype().code()).set("op", op.code()).set("num_active_channels", p.rows())
                    .build();
            return new Staged(p, w, out, outDtype());
        }
    }

    /**
     * {@code nki.isa.tensor_copy(src, dtype)}: Copy (0x46) when the dtypes are equal, else Cast (0x47) through
     * fp32; dtype defaults to src's.
     */
    record TensorCopy(Tile src, Optional<Dtype> dtype, Generation gen) implements FamilyCall {
        public TensorCopy {
            Arguments.present("src, dtype, gen", src, dtype, gen);
        }

        public Dtype outDtype() {
            return dtype.orElse(src.dtype());
        }

        @Override
        public Staged stage() {
            return oneSource(outDtype() == src.dtype() ? Opcode.COPY : Opcode.CAST, src, outDtype(), gen);
        }
    }

    /**
     * {@code nki.isa.reciprocal(dst, data)}: Reciprocal (0x48), {@code 1 / data} through the fp32 hub (FAMILY-NEXT
     * §4); the output dtype defaults to data's.
     */
    record Reciprocal(Tile data, Optional<Dtype> dtype, Generation gen) implements FamilyCall {
        public Reciprocal {
            Arguments.present("data, dtype, gen", data, dtype, gen);
        }

        @Override
        public Staged stage() {
            return oneSource(Opcode.RECIPROCAL, data, dtype.orElse(data.dtype()), gen);
        }
    }

    /**
     * {@code nki.isa.tensor_reduce(op, data, axis, negate, dtype)} on a [P, F] tile whose F is M groups of K
     * consecutive elements: each group folded into one output element (TensorReduce 0x42, or 0x52 for a
     * bit-vector op, op_dim X over K; FAMILY-NEXT §3.4), the [P, M] result negated if asked; dtype defaults to data's.
     * A (P, D1, .., Dn) tile reduced over its last axes is this with K their product ({@code reduce_axes}).
     */
    record TensorReduce(Tile data, AluOp op, int reduceSize, boolean negate, Optional<Dtype> dtype, Generation gen)
            implements FamilyCall {
        public TensorReduce {
            Arguments.present("data, op, dtype, gen", data, op, dtype, gen);
        }

        /** data's dtype unless dtype says otherwise (NKI's default for a single-input call). */
        public Dtype outDtype() {
            return dtype.orElse(data.dtype());
        }

        @Override
        public Staged stage() {
            Placement p = new Placement(gen, "data", data.rows(), data.cols());
            if (reduceSize < 1 || data.cols() % reduceSize != 0) {
                throw new IllegalArgumentException("a reduce size of " + reduceSize + " elements must divide data's "
                        + data.cols() + " elements per partition");
            }
            int groups = data.cols() / reduceSize;
            if (reduceSize > 0xffff || groups > 0xffff || groups > 1 && reduceSize > Short.MAX_VALUE) {
                throw new IllegalArgumentException(groups + " groups of " + reduceSize + " elements cannot be written"
                        + " as one S4D4_TR pattern (counts <= 65535, a group's step <= 32767)");
            }
            int in = p.load(data);
            int out = p.output((long) groups * outDtype().size());
            p.checkFits("data and the output");
            TensorPattern src = new TensorPattern(in,
                    new int[] {1, groups == 1 ? 0 : reduceSize, 0, 0}, new int[] {reduceSize, groups, 1, 1});
            TensorPattern dst = new TensorPattern(out, new int[] {1, 0, 0, 0},
                    new int[] {groups, 1, 1, 1});
            boolean bitvec = Call.isBitvec(op, op, gen);
            Word w = Word.builder(bitvec ? Opcode.TENSOR_REDUCE_BITVEC : Opcode.TENSOR_REDUCE_ARITH)
                    .pattern("src", src).pattern("dst", dst).set("in_dtype", data.dtype().code())
                    .set("out_dtype", outDtype().code()).set("op", op.code()).set("op_dim", TensorSubdim.X.code())
                    .set("negated", negate ? 1 : 0).set("num_active_channels", p.rows()).build();
            return new Staged(p, w, out, outDtype(), groups);
        }
    }

    /**
     * {@code nki.isa.nc_transpose(data)} on the Vector Engine: a [P, F] tile of at most 32 x 32, zero-padded to one
     * 32 x 32 block, transposed by StreamTranspose (0x6b, bits copied; FAMILY-NEXT §7.1); the result is the [F, P]
     * corner of the transposed block.
     */
    record Transpose(Tile data, Generation gen) implements FamilyCall {
        static final int BLOCK = 32;

        public Transpose {
            Arguments.present("data, gen", data, gen);
            if (data.rows() > BLOCK || data.cols() > BLOCK) {
                throw new IllegalArgumentException("data is [" + data.rows() + ", " + data.cols() + "]; the Vector"
                        + " Engine transposes at most 32 x 32 (larger tiles are the Tensor Engine's)");
            }
        }

        @Override
        public Staged stage() {
            Tile block = corner(data, Tile.zeros(data.dtype(), BLOCK, BLOCK));
            Placement p = new Placement(gen, "the 32 x 32 block", BLOCK, BLOCK);
            int in = p.load(block);
            int out = p.reserve(block.rowBytes());
            p.checkFits("the block and its transpose");
            Word w = Word.builder(Opcode.STREAM_TRANSPOSE).pattern("src", p.pattern(in, 4))
                    .pattern("dst", p.pattern(out, 4)).set("in_dtype", data.dtype().code())
                    .set("out_dtype", data.dtype().code()).set("num_active_channels", BLOCK).build();
            return new Staged(p, w, out, data.dtype());
        }

        /** The [F, P] corner of the transposed block. */
        @Override
        public Result run(Engine engine) throws ExecutionException {
            Result r = stage().run(engine);
            return new Result(corner(r.out(), Tile.zeros(data.dtype(), data.cols(), data.rows())), r.accumulators(),
                    r.word());
        }

        /** {@code to} with the top-left corner the two tiles share copied from {@code from}; returns {@code to}. */
        private static Tile corner(Tile from, Tile to) {
            int bytes = Math.min(from.rowBytes(), to.rowBytes());
            for (int r = 0; r < Math.min(from.rows(), to.rows()); r++) {
                System.arraycopy(from.data(), r * from.rowBytes(), to.data(), r * to.rowBytes(), bytes);
            }
            return to;
        }
    }

    /** A one-source S4D4_TR word (Copy, Cast, Reciprocal) over a placed [rows, cols] tile. */
    private static Staged oneSource(Opcode opcode, Tile src, Dtype out, Generation gen) {
        Placement p = new Placement(gen, "src", src.rows(), src.cols());
        int in = p.load(src);
        int at = p.output((long) src.cols() * out.size());
        p.checkFits("src and the output");
        Word w = Word.builder(opcode).pattern("src", p.pattern(in, 4)).pattern("dst", p.pattern(at, 4))
                .set("in_dtype", src.dtype().code()).set("out_dtype", out.code())
                .set("num_active_channels", p.rows()).build();
        return new Staged(p, w, at, out);
    }

    /**
     * {@code nki.isa.memset(shape, value, dtype)}: Memset (0x49) of a [rows, cols] tile with {@code value} encoded
     * in dtype ({@link MemsetValue}: an integer exactly, a float correctly rounded from the value itself).
     */
    record Memset(int rows, int cols, Number value, Dtype dtype, Generation gen) implements FamilyCall {
        public Memset {
            Arguments.present("value, dtype, gen", value, dtype, gen);
            MemsetValue.bits(value, dtype);
        }

        @Override
        public Staged stage() {
            Placement p = new Placement(gen, "the memset shape", rows, cols);
            int out = p.output((long) cols * dtype.size());
            p.checkFits("the output");
            Word w = Word.builder(Opcode.MEMSET).pattern("dst", p.pattern(out, 4))
                    .set("dst_element_count", cols).set("dtype", dtype.code())
                    .set("set_value", MemsetValue.bits(value, dtype)).set("num_active_channels", rows)
                    .build();
            return new Staged(p, w, out, dtype);
        }
    }

    /**
     * {@code nki.isa.tensor_copy_predicated(dst, src, predicate)}: where predicate (an integer tile) is non-zero,
     * dst takes src's element (CopyPredicated 0x72 when the dtypes are equal, else CastPredicated 0x99); the
     * result is dst after the copy.
     */
    record CopyPredicated(Tile dst, Tile src, Tile predicate, Generation gen) implements FamilyCall {
        public CopyPredicated {
            Arguments.present("dst, src, predicate, gen", dst, src, predicate, gen);
        }

        @Override
        public Staged stage() {
            Placement p = new Placement(gen, "dst", dst.rows(), dst.cols());
            Arguments.sameShape("dst", dst, "src", src);
            Arguments.sameShape("dst", dst, "predicate", predicate);
            int pred = p.load(predicate);
            int in = p.load(src);
            int out = p.load(dst);
            p.checkFits("predicate, src and dst");
            Word w = Word.builder(src.dtype() == dst.dtype() ? Opcode.COPY_PREDICATED : Opcode.CAST_PREDICATED)
                    .pattern("src0", p.pattern(pred, 3)).pattern("src1", p.pattern(in, 3))
                    .pattern("dst", p.pattern(out, 3)).set("in0_dtype", predicate.dtype().code())
                    .set("in1_dtype", src.dtype().code()).set("out_dtype", dst.dtype().code())
                    .set("op", AluOp.BYPASS.code()).set("num_active_channels", p.rows()).build();
            return new Staged(p, w, out, dst.dtype());
        }
    }

    /**
     * {@code nki.isa.tensor_scalar(data, op0, operand0, reverse0, op1, operand1, reverse1, dtype)}:
     * {@code (data op0 operand0) op1 operand1} (0x43, or 0x53 when an op is bit-vector only); an absent op1 is
     * bypass. A scalar is a number (inline) or a [P, 1] tile (a pointer, one value per partition: fp32 for arith,
     * data's dtype for bitvec). dtype defaults to fp32 (arith) or data's (bitvec).
     */
    record TensorScalar(Tile data, AluOp op0, Operand0 operand0, boolean reverse0, Optional<AluOp> op1,
            Optional<Operand0> operand1, boolean reverse1, Optional<Dtype> dtype, Generation gen) implements FamilyCall {
        public TensorScalar {
            Arguments.present("data, op0, operand0, op1, operand1, dtype, gen",
                    data, op0, operand0, op1, operand1, dtype, gen);
            if (op1.isPresent() != operand1.isPresent()) {
                throw new IllegalArgumentException("op1 and operand1 go together: got op1 " + op1.map(AluOp::isaName)
                        .orElse("none") + " with " + (operand1.isPresent() ? "an" : "no") + " operand1");
            }
        }

        public boolean isBitvec() {
            return Call.isBitvec(op0, op1.orElse(AluOp.BYPASS), gen);
        }

        public Dtype outDtype() {
            return dtype.orElse(isBitvec() ? data.dtype() : Dtype.FP32);
        }

        @Override
        public Staged stage() {
            Placement p = new Placement(gen, "data", data.rows(), data.cols());
            int in = p.load(data);
            int out = p.output((long) data.cols() * outDtype().size());
            Word.Builder w = Word.builder(isBitvec() ? Opcode.TENSOR_SCALAR_BITVEC : Opcode.TENSOR_SCALAR_ARITH);
            scalar(w, p, 0, operand0);
            operand1.ifPresent(o -> scalar(w, p, 1, o));
            p.checkFits("data, the scalars and the output");
            w.pattern("src", p.pattern(in, 3)).pattern("dst", p.pattern(out, 3))
                    .set("in_dtype", data.dtype().code()).set("out_dtype", outDtype().code())
                    .set("op0", op0.code()).set("op1", op1.orElse(AluOp.BYPASS).code())
                    .set("reverse_operands", (reverse0 ? 1 : 0) + (reverse1 ? 2 : 0))
                    .set("num_active_channels", p.rows());
            return new Staged(p, w.build(), out, outDtype());
        }

        /** Immediate {@code k}: inline bits, or a pointer to a placed [P, 1] tile of fp32 (arith) or data's dtype. */
        private void scalar(Word.Builder w, Placement p, int k, Operand0 operand) {
            switch (operand) {
                case Operand0.Immediate imm -> w.set("imm" + k, Integer.toUnsignedLong(imm.bits()));
                case Operand0.PerPartition pp -> {
                    Tile values = pp.values();
                    if (values.rows() != data.rows()) {
                        throw new IllegalArgumentException("operand" + k + " has " + values.rows() + " partitions,"
                                + " data has " + data.rows());
                    }
                    Dtype need = isBitvec() ? data.dtype() : Dtype.FP32;
                    if (values.dtype() != need) {
                        throw new IllegalArgumentException("operand" + k + " is " + values.dtype().isaName() + "; a"
                                + " per-partition scalar of this call must be " + need.isaName());
                    }
                    w.set("imm" + k + "_src", stt.isa.ImmSrc.POINTER_IMMEDIATE.code());
                    w.set("imm" + k, Integer.toUnsignedLong(p.load(values)));
                }
            }
        }
    }
}
