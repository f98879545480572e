package stt.exec;

import stt.alu.ArithAlu;
import stt.alu.BitvecAlu;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.TensorSubdim;
import stt.machine.Machine;

/**
 * TensorReduce 0x42 (arith) and 0x52 (bitvec), FAMILY-NEXT §3.4 ({@link Decision#REDUCE_FOLD}): per lane and per
 * output position, {@code acc} starts at the op's identity and takes {@code acc = op(x, acc)} for each reduced
 * element in source order ({@code num_elem[0]} fastest), in fp32 for arith (each step rounded, NaN canonical) or on
 * raw bits for bitvec; negate flips the fp32 result's sign bit ({@link Decision#REDUCE_NEGATE}); the k-th output
 * position (the kept dimensions, minor to major) is dst's k-th element. The source's element index is
 * {@code t + reduced * k} for the t-th reduced element of output k, since the reduced dimensions are the fastest.
 * The accumulator is not touched.
 */
public final class TensorReduce implements Semantics {
    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        Operand src = i.src();
        Operand dst = i.dst();
        int dims = Coded.byCode(TensorSubdim.class, (int) i.word().get("op_dim")).orElseThrow().dims();
        long reduced = src.pattern().elementCount(dims);
        boolean bitvec = i.opcode().isBitvec();
        AluOp op = i.op();
        int width = src.dtype().size() * 8;
        int[] result = new int[i.channels()];
        for (long k = 0; k < dst.count(); k++) {
            for (int c = 0; c < result.length; c++) {
                result[c] = bitvec ? foldBits(m, src, c, k * reduced, reduced, op, width, trace)
                        : foldArith(m, src, c, k * reduced, reduced, op, i.negated(), dst.dtype(), trace);
            }
            for (int c = 0; c < result.length; c++) {
                m.writeBits(dst.start().space(), dst.partition(c), dst.offset(k), dst.dtype().size(), result[c]);
            }
        }
    }

    private static int foldArith(Machine m, Operand src, int lane, long first, long n, AluOp op, boolean negate,
            Dtype out, Trace trace) {
        float acc = identity(op);
        for (long t = 0; t < n; t++) {
            traced(trace, op);
            acc = ArithAlu.apply(op, src.dtype().toFp32(read(m, src, lane, first + t)), acc);
        }
        int bits = Float.floatToRawIntBits(acc) ^ (negate ? 0x8000_0000 : 0);
        return out.fromFp32(Float.intBitsToFloat(bits));
    }

    private static int foldBits(Machine m, Operand src, int lane, long first, long n, AluOp op, int width,
            Trace trace) {
        int acc = op == AluOp.BITWISE_AND ? (width == 32 ? -1 : (1 << width) - 1) : 0;
        for (long t = 0; t < n; t++) {
            traced(trace, op);
            acc = BitvecAlu.apply(op, read(m, src, lane, first + t), acc, width);
        }
        return acc;
    }

    private static int read(Machine m, Operand src, int lane, long k) {
        return m.readBits(src.start().space(), src.partition(lane), src.offset(k), src.dtype().size());
    }

    private static void traced(Trace trace, AluOp op) {
        if (trace.on()) {
            trace.tensorStage(op.code(), TraceRegisters.RESULT, TraceRegisters.SRC0, TraceRegisters.RESULT);
        }
    }

    /** The arith fold's start (FAMILY-NEXT §3.4 step 1); the executability check refuses ops without one. */
    public static float identity(AluOp op) {
        return switch (op) {
            case ADD, SUBTRACT, LOGICAL_OR, LOGICAL_XOR -> 0.0f;
            case MULT, LOGICAL_AND -> 1.0f;
            case MAX -> Float.NEGATIVE_INFINITY;
            case MIN -> Float.POSITIVE_INFINITY;
            default -> throw new IllegalArgumentException(op.isaName() + " has no reduce identity");
        };
    }
}
