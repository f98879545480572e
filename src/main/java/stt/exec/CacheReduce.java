package stt.exec;

import static stt.exec.Elementwise.R0;
import static stt.exec.Elementwise.R2;

import stt.alu.ArithAlu;
import stt.codec.Word;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Coded;
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
    public void execute(Machine m, Word w, Trace trace) throws ExecutionException {
        Operand src = Resolver.operand(m, w, "src");
        Operand dst = Resolver.operand(m, w, "dst");
        int channels = Elementwise.channels(w);
        AluOp op0 = AluOp.of((int) w.get("op0")).orElseThrow();
        AluOp op1 = AluOp.of((int) w.get("op1")).orElseThrow();
        AccumCmd cmd = Coded.byCode(AccumCmd.class, (int) w.get("accumulator_cmd")).orElseThrow();
        boolean cumulative = w.opcode().orElseThrow() == Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE;
        int[] s0 = Scalars.of(m, w, 0, channels);
        float[] acc = start(m, w, cmd, op1, channels);
        trace.instruction();
        Dtype in = src.dtype();
        Dtype out = dst.dtype();
        Streams.run(m, channels, dst.count(), dst, (lane, k, s) -> {
            if (trace.on()) {
                trace.scalarStage(op0.code(), R2, R0);
            }
            float r = ArithAlu.apply(op0, in.toFp32(s[0]), Float.intBitsToFloat(s0[lane]));
            acc[lane] = ArithAlu.apply(op1, r, acc[lane]);
            return Integer.toUnsignedLong(out.fromFp32(cumulative ? acc[lane] : r));
        }, lane -> m.setAccumulator(lane, acc[lane]), src);
    }

    /** Each lane's accumulator before the first element ({@link stt.isa.Decision#CACHE_REDUCE_START}). */
    public static float[] start(Machine m, Word w, AccumCmd cmd, AluOp op1, int channels) throws ExecutionException {
        float[] acc = new float[channels];
        int[] seed = cmd == AccumCmd.LOAD_ACCUMULATE ? Scalars.of(m, w, 1, channels) : null;
        for (int c = 0; c < channels; c++) {
            acc[c] = switch (cmd) {
                case ZERO_ACCUMULATE -> identity(op1);
                case LOAD_ACCUMULATE -> Float.intBitsToFloat(seed[c]);
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
