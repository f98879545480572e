package stt.api;

import java.util.Optional;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Trace;
import stt.isa.AccumCmd;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.ImmSrc;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.isa.ReverseOperands;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.Tile;

/**
 * The NKI-style entry point: {@code nki.isa.scalar_tensor_tensor} on tiles. A call builds one S2S2D2_STT word,
 * lays the tiles out in SBUF (partition dimension first: data, operand1, the per-partition scalar, the output,
 * each from a 64-byte aligned offset), validates and executes it on a fresh machine, and reads the output and
 * the accumulators back.
 *
 * <pre>{@code
 * Tile a = Tile.ofFloats(Dtype.FP32, 2, 3, 1, 2, 3, 4, 5, 6);
 * Tile b = Tile.ofFloats(Dtype.FP32, 2, 3, 10, 20, 30, 40, 50, 60);
 * Tile out = Nki.scalarTensorTensor(a, AluOp.MULT, Operand0.fp32(2), AluOp.ADD, b);   // 2a + b
 * }</pre>
 */
public final class Nki {
    private static final int ALIGN = 64;
    private static final int MAX_NUM_ELEM = 0xffff;
    /** dimension 1 steps over a whole dimension 0, and steps are int16. */
    private static final int MAX_DIM0 = Short.MAX_VALUE;

    private Nki() {
    }

    /** {@code (data op0 operand0) op1 operand1} with the defaults of {@link Call#of}, on the reference engine. */
    public static Tile scalarTensorTensor(Tile data, stt.isa.AluOp op0, Operand0 operand0, stt.isa.AluOp op1,
            Tile operand1) throws ExecutionException {
        return run(Call.of(data, op0, operand0, op1, operand1), new stt.exec.ReferenceEngine()).out();
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
        Word word = instruction(call, layout);
        Machine m = new Machine(call.gen());
        m.write(layout.at(layout.data), call.data());
        m.write(layout.at(layout.operand1), call.operand1());
        if (call.operand0() instanceof Operand0.PerPartition p) {
            m.write(layout.at(layout.scalar), p.values());
        }
        engine.execute(m, word, Trace.OFF);
        Tile out = m.read(layout.at(layout.out), call.resolvedOutDtype(), layout.rows, layout.cols);
        float[] acc = new float[layout.rows];
        for (int lane = 0; lane < acc.length; lane++) {
            acc[lane] = m.accumulator(lane);
        }
        return new Result(out, acc, word);
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
                imm0 = g.partitionOffset(Space.SBUF, 0, l.scalar);
            }
        }
        return Word.builder(opcode).pattern("src0", l.pattern(g, l.data)).pattern("src1", l.pattern(g, l.operand1))
                .pattern("dst", l.pattern(g, l.out)).set("op0", call.op0().code()).set("op1", call.op1().code())
                .set("reverse_operands", rev.code()).set("imm0_src", immSrc.code())
                .set("in0_dtype", call.data().dtype().code()).set("in1_dtype", call.operand1().dtype().code())
                .set("out_dtype", call.resolvedOutDtype().code()).set("num_active_channels", l.rows)
                .set("imm0_dtype", immDtype.code()).set("accumulator_cmd", accum.code())
                .set("imm0", Integer.toUnsignedLong(imm0)).build();
    }

    /** Where the call's tiles live in every partition. */
    private record Layout(int rows, int cols, int n0, int data, int operand1, int scalar, int out) {
        MemoryRef at(int offset) {
            return new MemoryRef(Space.SBUF, 0, offset);
        }

        /** A [P, F] pattern from {@code offset}: dimension 0 innermost, F split as n1 x n0 beyond a u16 count. */
        TensorPattern pattern(Generation g, int offset) {
            int n1 = cols / n0;
            return new TensorPattern(g.partitionOffset(Space.SBUF, 0, offset), new int[] {1, n1 == 1 ? 0 : n0},
                    new int[] {n0, n1});
        }

        static Layout of(Call call) {
            Tile a = call.data();
            Tile b = call.operand1();
            if (a.rows() < 1 || a.rows() > Generation.PARTITIONS) {
                throw new IllegalArgumentException("data has " + a.rows() + " partitions; allowed: 1.."
                        + Generation.PARTITIONS);
            }
            if (a.rows() != b.rows() || a.cols() != b.cols()) {
                throw new IllegalArgumentException("data is [" + a.rows() + ", " + a.cols() + "] but operand1 is ["
                        + b.rows() + ", " + b.cols() + "]; they must have the same shape");
            }
            if (a.cols() < 1) {
                throw new IllegalArgumentException("data has no elements per partition");
            }
            if (call.operand0() instanceof Operand0.PerPartition p && p.values().rows() != a.rows()) {
                throw new IllegalArgumentException("operand0 has " + p.values().rows() + " partitions, data has "
                        + a.rows());
            }
            int n0 = splitCount(a.cols()).orElseThrow(() -> new IllegalArgumentException("a free size of "
                    + a.cols() + " elements cannot be written as n1 x n0 with n0 <= " + MAX_DIM0 + " and n1 <= "
                    + MAX_NUM_ELEM));
            long dataAt = 0;
            long operand1At = align(dataAt + (long) a.rowBytes());
            long scalarAt = align(operand1At + (long) b.rowBytes());
            long outAt = align(scalarAt + 4);
            long end = outAt + (long) a.cols() * call.resolvedOutDtype().size();
            int active = call.gen().activeBytes(Space.SBUF);
            if (end > active) {
                throw new IllegalArgumentException("a free size of " + a.cols() + " elements needs " + end
                        + " bytes per partition for data, operand1 and the output; " + call.gen() + "'s SBUF has "
                        + active + " (" + active / 1024 + " KiB)");
            }
            return new Layout(a.rows(), a.cols(), n0, 0, (int) operand1At, (int) scalarAt, (int) outAt);
        }

        private static long align(long offset) {
            return (offset + ALIGN - 1) / ALIGN * ALIGN;
        }

        /** The largest n0 <= 32767 dividing {@code cols}, if cols / n0 <= 65535. */
        private static Optional<Integer> splitCount(int cols) {
            if (cols <= MAX_NUM_ELEM) {
                return Optional.of(cols);
            }
            for (int n0 = MAX_DIM0; n0 >= 1; n0--) {
                if (cols % n0 == 0) {
                    return cols / n0 <= MAX_NUM_ELEM ? Optional.of(n0) : Optional.empty();
                }
            }
            return Optional.empty();
        }
    }
}
