package stt.exec;

import stt.alu.ArithAlu;
import stt.alu.BitvecAlu;
import stt.isa.AccumCmd;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * The per-element rules the S2S2D2_STT opcodes share (seed §7, SPEC §5), owned here so that both engines run
 * exactly these: the two fused stages, the selection, the accumulator, and the reference's element-major streaming
 * loop (each lane's scalar is the {@link Instruction}'s imm0).
 */
public final class S2s2d2 {
    private S2s2d2() {
    }

    /** zero_accumulate starts each lane from 0 (a sum) or, for SelectReduce, from -inf (a max). */
    public static void startAccumulators(Machine m, Instruction p) {
        if (p.accum() == AccumCmd.ZERO_ACCUMULATE) {
            float start = p.opcode() == Opcode.SELECT_REDUCE ? Float.NEGATIVE_INFINITY : 0.0f;
            for (int c = 0; c < p.channels(); c++) {
                m.setAccumulator(c, start);
            }
        }
    }

    /** True when the word folds its results into the accumulator (accumulate or zero_accumulate). */
    public static boolean accumulates(Instruction p) {
        return p.accum() == AccumCmd.ACCUMULATE || p.accum() == AccumCmd.ZERO_ACCUMULATE;
    }

    /** The accumulator after folding in {@code r}: a NaN-canonical fp32 sum, or SelectReduce's NaN-ignoring max. */
    public static float accumulated(Opcode opcode, float acc, float r) {
        return opcode == Opcode.SELECT_REDUCE ? ArithAlu.max(acc, r) : ArithAlu.canonical(acc + r);
    }

    /**
     * SelectReduce: the predicate (src0's integer bits, true when non-zero, inverted by reverse_operands first)
     * picks src1, else the scalar.
     */
    public static float selectElement(Instruction p, int predicateBits, float onTrue, float onFalse) {
        boolean pred = (predicateBits != 0) != p.reverse().swapsFirst();
        return pred ? onTrue : onFalse;
    }

    /** mid = src0 op0 s (first/both: s op0 src0); r = mid op1 src1 (second/both: src1 op1 mid). */
    public static float arithElement(Instruction p, float a, float b, float s) {
        float mid = p.reverse().swapsFirst() ? ArithAlu.apply(p.op0(), s, a) : ArithAlu.apply(p.op0(), a, s);
        return p.reverse().swapsSecond() ? ArithAlu.apply(p.op1(), b, mid) : ArithAlu.apply(p.op1(), mid, b);
    }

    /** The same composition on raw {@code width}-bit integers. */
    public static int bitvecElement(Instruction p, int a, int b, int s, int width) {
        int mid = p.reverse().swapsFirst() ? BitvecAlu.apply(p.op0(), s, a, width)
                : BitvecAlu.apply(p.op0(), a, s, width);
        return p.reverse().swapsSecond() ? BitvecAlu.apply(p.op1(), b, mid, width)
                : BitvecAlu.apply(p.op1(), mid, b, width);
    }

    /** One lane's element: from src0 bits {@code a} and src1 bits {@code b}, the fp32 result. */
    @FunctionalInterface
    interface ArithStep {
        float apply(int lane, int a, int b);
    }

    /** One lane's element on the bit-vector datapath: the dst bits. */
    @FunctionalInterface
    interface BitsStep {
        int apply(int lane, int a, int b);
    }

    /**
     * The reference's streaming order over src0 and src1 ({@link Streams}): each lane's fp32 result is converted to
     * out_dtype and, when the word accumulates, folded into the lane's accumulator after its write.
     */
    static void streamArith(Machine m, Instruction p, ArithStep step) {
        float[] values = new float[p.channels()];
        boolean accumulate = accumulates(p);
        Streams.run(m, p.channels(), p.elements(), p.dst(), (lane, k, src) -> {
            values[lane] = step.apply(lane, src[0], src[1]);
            return Integer.toUnsignedLong(p.dst().dtype().fromFp32(values[lane]));
        }, lane -> {
            if (accumulate) {
                m.setAccumulator(lane, accumulated(p.opcode(), m.accumulator(lane), values[lane]));
            }
        }, p.src0(), p.src1());
    }

    /** {@link #streamArith}'s loop for the bit-vector datapath (which never accumulates). */
    static void streamBits(Machine m, Instruction p, BitsStep step) {
        Streams.run(m, p.channels(), p.elements(), p.dst(),
                (lane, k, src) -> Integer.toUnsignedLong(step.apply(lane, src[0], src[1])), p.src0(), p.src1());
    }
}
