package stt.exec;

import stt.alu.ArithAlu;
import stt.alu.BitvecAlu;
import stt.codec.S2S2D2_STT;
import stt.isa.AccumCmd;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * The golden model: seed §7's decode_scalar_tensor_tensor (and its siblings TensorTensorScan and SelectReduce,
 * SPEC §5), element by element. For each element k (ascending)
 * every active lane reads element k of src0 and src1, then every lane writes element k of dst, so overlapping
 * operands follow streaming order. Each ALU stage rounds to fp32 (arith) or w bits (bitvec) on its own.
 */
public final class ReferenceEngine implements Engine {
    /** Register numbers in the trace lines: R[0] src0 element, R[1] src1 element, R[2] result. */
    private static final int R_SRC0 = 0;
    private static final int R_SRC1 = 1;
    private static final int R_RESULT = 2;

    @Override
    public String name() {
        return "reference";
    }

    @Override
    public void execute(Machine m, S2S2D2_STT word, Trace trace) throws ExecutionException {
        Plan p = Resolver.resolve(m, word);
        trace.instruction(workerName(p.opcode()));
        int lanes = p.channels();
        int width = 8 * p.dst().dtype().size();
        int[] scalar = new int[lanes];
        float[] state = new float[lanes];
        for (int c = 0; c < lanes; c++) {
            scalar[c] = scalarBits(m, p, c);
            state[c] = Float.intBitsToFloat(scalar[c]);
        }
        startAccumulators(m, p);
        int[] result = new int[lanes];
        float[] resultFp32 = new float[lanes];
        for (long k = 0; k < p.elements(); k++) {
            for (int c = 0; c < lanes; c++) {
                int a = read(m, p.src0(), c, k);
                int b = read(m, p.src1(), c, k);
                switch (p.opcode()) {
                    case SCALAR_TENSOR_TENSOR_BITVEC -> result[c] = bitvecElement(p, a, b, scalar[c], width);
                    case SCALAR_TENSOR_TENSOR_ARITH -> resultFp32[c] = arithElement(p, p.src0().dtype().toFp32(a),
                            p.src1().dtype().toFp32(b), state[c]);
                    case TENSOR_TENSOR_SCAN_ARITH -> {
                        // the running state takes the scalar's place
                        state[c] = arithElement(p, p.src0().dtype().toFp32(a), p.src1().dtype().toFp32(b), state[c]);
                        resultFp32[c] = state[c];
                    }
                    case SELECT_REDUCE -> resultFp32[c] = selectElement(p, a, p.src1().dtype().toFp32(b), state[c]);
                }
                if (!p.opcode().isBitvec()) {
                    result[c] = p.dst().dtype().fromFp32(resultFp32[c]);
                }
                traceElement(trace, p);
            }
            for (int c = 0; c < lanes; c++) {
                m.writeBits(p.dst().start().space(), p.dst().partition(c), p.dst().offset(k), p.dst().dtype().size(),
                        result[c]);
                accumulate(m, p, c, resultFp32[c]);
            }
        }
    }

    /** The worker's self-name in the trace (seed §3c style). */
    static String workerName(Opcode opcode) {
        return switch (opcode) {
            case SCALAR_TENSOR_TENSOR_ARITH, SCALAR_TENSOR_TENSOR_BITVEC -> "Scalar-Tensor-Tensor";
            case TENSOR_TENSOR_SCAN_ARITH -> "TensorTensorScan";
            case SELECT_REDUCE -> "CopyPredicatedReduce";
        };
    }

    /** zero_accumulate starts each lane from 0 (a sum) or, for SelectReduce, from -inf (a max). */
    public static void startAccumulators(Machine m, Plan p) {
        if (p.accum() == AccumCmd.ZERO_ACCUMULATE) {
            float start = p.opcode() == Opcode.SELECT_REDUCE ? Float.NEGATIVE_INFINITY : 0.0f;
            for (int c = 0; c < p.channels(); c++) {
                m.setAccumulator(c, start);
            }
        }
    }

    /** accumulate / zero_accumulate: acc += r (fp32), or for SelectReduce acc = maxNum(acc, r). */
    public static void accumulate(Machine m, Plan p, int lane, float r) {
        if (p.accum() == AccumCmd.ACCUMULATE || p.accum() == AccumCmd.ZERO_ACCUMULATE) {
            m.setAccumulator(lane, accumulated(p.opcode(), m.accumulator(lane), r));
        }
    }

    /** The accumulator after folding in {@code r}: a NaN-canonical fp32 sum, or SelectReduce's NaN-ignoring max. */
    public static float accumulated(Opcode opcode, float acc, float r) {
        return opcode == Opcode.SELECT_REDUCE ? ArithAlu.max(acc, r) : ArithAlu.canonical(acc + r);
    }

    /**
     * SelectReduce: the predicate (src0's integer bits, true when non-zero, inverted by reverse_operands first)
     * picks src1, else the scalar.
     */
    public static float selectElement(Plan p, int predicateBits, float onTrue, float onFalse) {
        boolean pred = (predicateBits != 0) != p.reverse().swapsFirst();
        return pred ? onTrue : onFalse;
    }

    /** mid = src0 op0 s (first/both: s op0 src0); r = mid op1 src1 (second/both: src1 op1 mid). */
    public static float arithElement(Plan p, float a, float b, float s) {
        float mid = p.reverse().swapsFirst() ? ArithAlu.apply(p.op0(), s, a) : ArithAlu.apply(p.op0(), a, s);
        return p.reverse().swapsSecond() ? ArithAlu.apply(p.op1(), b, mid) : ArithAlu.apply(p.op1(), mid, b);
    }

    static int bitvecElement(Plan p, int a, int b, int s, int width) {
        int mid = p.reverse().swapsFirst() ? BitvecAlu.apply(p.op0(), s, a, width)
                : BitvecAlu.apply(p.op0(), a, s, width);
        return p.reverse().swapsSecond() ? BitvecAlu.apply(p.op1(), b, mid, width)
                : BitvecAlu.apply(p.op1(), mid, b, width);
    }

    /**
     * Lane c's scalar: arith as fp32 bits (inline imm0 is fp32; from memory it is converted from imm0_dtype),
     * bitvec as the low w bits of imm0 or of the element in memory.
     */
    public static int scalarBits(Machine m, Plan p, int lane) {
        if (p.pointer().isEmpty()) {
            return p.imm0();
        }
        MemoryRef at = p.pointer().get();
        int bits = m.readBits(at.space(), at.partition() + lane, at.offset(), p.scalarDtype().size());
        return p.opcode().isBitvec() ? bits : Float.floatToRawIntBits(p.scalarDtype().toFp32(bits));
    }

    private static int read(Machine m, Operand o, int lane, long k) {
        return m.readBits(o.start().space(), o.partition(lane), o.offset(k), o.dtype().size());
    }

    private static void traceElement(Trace trace, Plan p) {
        if (!trace.on()) {
            return;
        }
        if (p.opcode() == Opcode.SELECT_REDUCE) {
            trace.selectStage(R_RESULT, R_SRC0, R_SRC1);
            return;
        }
        if (p.opcode() == Opcode.TENSOR_TENSOR_SCAN_ARITH) {
            trace.tensorStage(p.op0().code(), R_RESULT, R_SRC0, R_RESULT);
        } else {
            trace.scalarStage(p.op0().code(), R_RESULT, R_SRC0);
        }
        if (p.reverse().swapsSecond()) {
            trace.tensorStage(p.op1().code(), R_RESULT, R_SRC1, R_RESULT);
        } else {
            trace.tensorStage(p.op1().code(), R_RESULT, R_RESULT, R_SRC1);
        }
    }
}
