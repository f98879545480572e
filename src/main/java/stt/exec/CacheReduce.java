package stt.exec;

import static stt.exec.TraceRegisters.SRC0;
import static stt.exec.TraceRegisters.RESULT;

import stt.alu.ArithAlu;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * TensorScalarCacheReduce 0x9a and TensorScalarCacheCumulative 0xe6 (FAMILY.md §4): per lane the accumulator
 * starts as op1's identity (zero_accumulate), imm1 (load_accumulate) or itself (accumulate); per element
 * {@code r = src op0 s0} and {@code acc = op1(r, acc)} in fp32; 0x9a writes r, 0xe6 writes acc.
 */
public final class CacheReduce implements Semantics {
    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        int channels = i.channels();
        boolean cumulative = i.opcode() == Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE;
        int[] s0 = i.imm0().lanes(m, channels);
        float[] acc = start(m, i);
        Dtype in = i.src().dtype();
        Dtype out = i.dst().dtype();
        Streams.run(m, channels, i.elements(), i.dst(), (lane, k, s) -> {
            if (trace.on()) {
                trace.scalarStage(i.op0().code(), RESULT, SRC0);
            }
            float r = ArithAlu.apply(i.op0(), in.toFp32(s[0]), Float.intBitsToFloat(s0[lane]));
            acc[lane] = ArithAlu.apply(i.op1(), r, acc[lane]);
            return Integer.toUnsignedLong(out.fromFp32(cumulative ? acc[lane] : r));
        }, lane -> m.setAccumulator(lane, acc[lane]), i.src());
    }

    /** Each lane's accumulator before the first element ({@link stt.isa.Decision#CACHE_REDUCE_START}). */
    public static float[] start(Machine m, Instruction i) {
        float[] acc = new float[i.channels()];
        for (int c = 0; c < acc.length; c++) {
            acc[c] = switch (i.accum()) {
                case ZERO_ACCUMULATE -> identity(i.op1());
                case LOAD_ACCUMULATE -> Float.intBitsToFloat(i.imm1().bits(m, c));
                default -> m.accumulator(c);
            };
        }
        return acc;
    }

    /** op1's identity: 0 for add and subtract, 1 for mult, -inf for max, +inf for min. */
    static float identity(AluOp op) {
        return switch (op) {
            case MULT -> 1.0f;
            case MAX -> Float.NEGATIVE_INFINITY;
            case MIN -> Float.POSITIVE_INFINITY;
            default -> 0.0f;
        };
    }
}
