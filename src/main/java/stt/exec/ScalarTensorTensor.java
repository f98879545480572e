package stt.exec;

import stt.machine.Machine;

/**
 * ScalarTensorTensorArith (0x9d) and ScalarTensorTensorBitvec (0x9e), seed §7: per lane and element,
 * {@code dst = (src0 op0 scalar) op1 src1} with reverse_operands swapping either stage; arith through the fp32
 * hub (each stage rounds to fp32) with the optional running sum, bitvec on raw w-bit integers.
 */
public final class ScalarTensorTensor implements Semantics {
    @Override
    public void execute(Machine m, Instruction p, Trace trace) {
        int[] scalar = p.imm0().lanes(m, p.channels());
        S2s2d2.startAccumulators(m, p);
        if (p.opcode().isBitvec()) {
            int width = 8 * p.dst().dtype().size();
            S2s2d2.streamBits(m, p, (lane, a, b) -> {
                traceStages(trace, p);
                return S2s2d2.bitvecElement(p, a, b, scalar[lane], width);
            });
        } else {
            S2s2d2.streamArith(m, p, (lane, a, b) -> {
                traceStages(trace, p);
                return S2s2d2.arithElement(p, p.src0().dtype().toFp32(a), p.src1().dtype().toFp32(b),
                        Float.intBitsToFloat(scalar[lane]));
            });
        }
    }

    /** The seed's two element lines: the scalar stage, then the tensor stage. */
    private static void traceStages(Trace trace, Instruction p) {
        if (trace.on()) {
            trace.scalarStage(p.op0().code(), TraceRegisters.RESULT, TraceRegisters.SRC0);
            tensorStage(trace, p);
        }
    }

    /** {@code R[2] = OP(R[2], R[1])}, or {@code OP(R[1], R[2])} when stage 2 is reversed. */
    static void tensorStage(Trace trace, Instruction p) {
        if (p.reverse().swapsSecond()) {
            trace.tensorStage(p.op1().code(), TraceRegisters.RESULT, TraceRegisters.SRC1, TraceRegisters.RESULT);
        } else {
            trace.tensorStage(p.op1().code(), TraceRegisters.RESULT, TraceRegisters.RESULT, TraceRegisters.SRC1);
        }
    }
}
