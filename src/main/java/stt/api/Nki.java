package stt.api;

import java.util.Optional;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Trace;
import stt.engine.EngineProvider;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.ImmSrc;
import stt.isa.Opcode;
import stt.isa.ReverseOperands;
import stt.isa.MemoryRef;
import stt.machine.Machine;
import stt.machine.Tile;

/**
 * The NKI-style entry point: {@code nki.isa.scalar_tensor_tensor} (and its siblings, {@link Call}) and the
 * single-stage calls ({@link FamilyCall}: tensor_tensor, tensor_copy, memset, tensor_copy_predicated) on tiles.
 * A call builds one word, lays the tiles out in SBUF (partition dimension first, each tile from a 64-byte aligned
 * offset; for STT: data, operand1, the per-partition scalar, the output), validates and executes it on a fresh
 * machine, and reads the output and the accumulators back. The short forms use the default generation and the
 * provider's default engine.
 *
 * <pre>{@code
 * Tile a = Tile.ofFloats(Dtype.FP32, 2, 3, 1, 2, 3, 4, 5, 6);
 * Tile b = Tile.ofFloats(Dtype.FP32, 2, 3, 10, 20, 30, 40, 50, 60);
 * Tile out = Nki.scalarTensorTensor(a, AluOp.MULT, Operand0.fp32(2), AluOp.ADD, b);   // 2a + b
 * }</pre>
 */
public final class Nki {
    private Nki() {
    }

    /** {@code (data op0 operand0) op1 operand1} with the defaults of {@link Call#of}, on the default engine. */
    public static Tile scalarTensorTensor(Tile data, AluOp op0, Operand0 operand0, AluOp op1, Tile operand1)
            throws ExecutionException {
        return run(Call.of(data, op0, operand0, op1, operand1), EngineProvider.defaultEngine()).out();
    }

    /** {@code nki.isa.tensor_tensor(data1, data2, op)}: NKI's default dtype, the default generation and engine. */
    public static Tile tensorTensor(Tile data1, Tile data2, AluOp op) throws ExecutionException {
        return new FamilyCall.TensorTensor(data1, data2, op, Optional.empty(), Generation.DEFAULT)
                .run(EngineProvider.defaultEngine()).out();
    }

    /** {@code nki.isa.tensor_copy(src, dtype)}: a copy, or a cast through fp32 when dtype differs from src's. */
    public static Tile tensorCopy(Tile src, Dtype dtype) throws ExecutionException {
        return new FamilyCall.TensorCopy(src, Optional.of(dtype), Generation.DEFAULT)
                .run(EngineProvider.defaultEngine()).out();
    }

    /**
     * {@code nki.isa.memset(shape, value, dtype)} for a [rows, cols] tile: {@code value} (an integer, or a float)
     * encoded in dtype as NKI does ({@link MemsetValue}).
     */
    public static Tile memset(int rows, int cols, Number value, Dtype dtype) throws ExecutionException {
        return new FamilyCall.Memset(rows, cols, value, dtype, Generation.DEFAULT).run(EngineProvider.defaultEngine())
                .out();
    }

    /** {@code nki.isa.tensor_scalar(data, op0, operand0)}: one stage, NKI's default dtype. */
    public static Tile tensorScalar(Tile data, AluOp op0, Operand0 operand0) throws ExecutionException {
        return new FamilyCall.TensorScalar(data, op0, operand0, false, Optional.empty(), Optional.empty(), false,
                Optional.empty(), Generation.DEFAULT).run(EngineProvider.defaultEngine()).out();
    }

    /** {@code nki.isa.tensor_scalar(data, op0, operand0, op1, operand1)}: two stages, NKI's default dtype. */
    public static Tile tensorScalar(Tile data, AluOp op0, Operand0 operand0, AluOp op1, Operand0 operand1)
            throws ExecutionException {
        return new FamilyCall.TensorScalar(data, op0, operand0, false, Optional.of(op1), Optional.of(operand1), false,
                Optional.empty(), Generation.DEFAULT).run(EngineProvider.defaultEngine()).out();
    }

    /**
     * {@code nki.isa.tensor_scalar_reduce(data, op0, operand0, reduce_op)}: the elementwise result and reduce_res
     * (0x9a then 0x9b), on the default generation and engine.
     */
    public static TensorScalarReduce.Reduced tensorScalarReduce(Tile data, AluOp op0, Operand0 operand0,
            AluOp reduceOp) throws ExecutionException {
        return new TensorScalarReduce(data, op0, operand0, reduceOp, false, Optional.empty(), Generation.DEFAULT)
                .run(EngineProvider.defaultEngine());
    }

    /**
     * Reads lanes 0..channels-1 of {@code m}'s accumulators with a DveReadAccumulator word (0x9b) that writes them,
     * negated if asked, as one {@code dtype} element per partition at {@code at} (partition {@code at} + lane); the
     * [channels, 1] tile written there is returned. The accumulators are not changed.
     */
    public static Tile readAccumulator(Machine m, int channels, MemoryRef at, Dtype dtype, boolean negated,
            Engine engine) throws ExecutionException {
        engine.execute(m, readAccumulatorWord(m.generation(), channels, at, dtype, negated), Trace.OFF);
        return m.read(at, dtype, channels, 1);
    }

    /** The DveReadAccumulator word of {@link #readAccumulator}. */
    static Word readAccumulatorWord(Generation gen, int channels, MemoryRef at, Dtype dtype, boolean negated) {
        return Word.builder(Opcode.DVE_READ_ACCUMULATOR).pattern("dst", TensorScalarReduce.column(gen, at))
                .set("dst_element_count", 1).set("dtype", dtype.code()).set("negated", negated ? 1 : 0)
                .set("num_active_channels", channels).build();
    }

    /** {@code nki.isa.tensor_copy_predicated(dst, src, predicate)}: dst with src copied where predicate != 0. */
    public static Tile tensorCopyPredicated(Tile dst, Tile src, Tile predicate) throws ExecutionException {
        return new FamilyCall.CopyPredicated(dst, src, predicate, Generation.DEFAULT)
                .run(EngineProvider.defaultEngine()).out();
    }

    /**
     * Runs {@code call} on {@code engine}.
     *
     * @throws IllegalArgumentException when the tiles do not fit (shape mismatch, more than 128 partitions, a
     *     free size the generation's SBUF cannot hold)
     * @throws ExecutionException when the built word is invalid for the call's generation (its violations name
     *     the rules) or cannot execute there
     */
    public static Result run(Call call, Engine engine) throws ExecutionException {
        Layout layout = Layout.of(call);
        return new Staged(layout.place(), instruction(call, layout), layout.out(), call.resolvedOutDtype()).run(engine);
    }

    /** The word {@code call} runs, for use in one's own programs. */
    public static Word instruction(Call call) {
        return instruction(call, Layout.of(call));
    }

    private static Word instruction(Call call, Layout l) {
        Generation g = call.gen();
        Opcode opcode = call.opcode();
        ReverseOperands rev = call.reverse0() ? (call.reverse1() ? ReverseOperands.BOTH : ReverseOperands.FIRST)
                : (call.reverse1() ? ReverseOperands.SECOND : ReverseOperands.NONE);
        AccumCmd accum = switch (call.accumulate()) {
            case NONE -> AccumCmd.IDLE;
            case ADD -> AccumCmd.ACCUMULATE;
            case RESET -> AccumCmd.ZERO_ACCUMULATE;
        };
        ImmSrc immSrc;
        Dtype immDtype;
        int imm0;
        switch (call.operand0()) {
            case Operand0.Immediate imm -> {
                immSrc = ImmSrc.INSTRUCTION_IMMEDIATE;
                immDtype = call.isBitvec() ? call.resolvedOutDtype() : Dtype.FP32;
                imm0 = imm.bits();
            }
            case Operand0.PerPartition p -> {
                immSrc = ImmSrc.POINTER_IMMEDIATE;
                immDtype = p.values().dtype();
                imm0 = l.scalar();
            }
        }
        Placement p = l.place();
        return Word.builder(opcode).pattern("src0", p.pattern(l.data, 2)).pattern("src1", p.pattern(l.operand1, 2))
                .pattern("dst", p.pattern(l.out, 2)).set("op0", call.op0().code()).set("op1", call.op1().code())
                .set("reverse_operands", rev.code()).set("imm0_src", immSrc.code())
                .set("in0_dtype", call.data().dtype().code()).set("in1_dtype", call.operand1().dtype().code())
                .set("out_dtype", call.resolvedOutDtype().code()).set("num_active_channels", p.rows())
                .set("imm0_dtype", immDtype.code()).set("accumulator_cmd", accum.code())
                .set("imm0", Integer.toUnsignedLong(imm0)).build();
    }

    /** Where an STT call's tiles live: data, operand1, the per-partition scalar, the output. */
    private record Layout(Placement place, int data, int operand1, int scalar, int out) {
        static Layout of(Call call) {
            Tile a = call.data();
            Tile b = call.operand1();
            Placement p = new Placement(call.gen(), "data", a.rows(), a.cols());
            if (a.rows() != b.rows() || a.cols() != b.cols()) {
                throw new IllegalArgumentException("data is [" + a.rows() + ", " + a.cols() + "] but operand1 is ["
                        + b.rows() + ", " + b.cols() + "]; they must have the same shape");
            }
            if (call.operand0() instanceof Operand0.PerPartition pp && pp.values().rows() != a.rows()) {
                throw new IllegalArgumentException("operand0 has " + pp.values().rows() + " partitions, data has "
                        + a.rows());
            }
            int data = p.load(a);
            int operand1 = p.load(b);
            int scalar = call.operand0() instanceof Operand0.PerPartition pp ? p.load(pp.values()) : p.reserve(4);
            int out = p.output((long) a.cols() * call.resolvedOutDtype().size());
            p.checkFits("data, operand1 and the output");
            return new Layout(p, data, operand1, scalar, out);
        }
    }
}
