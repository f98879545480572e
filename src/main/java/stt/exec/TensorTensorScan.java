package stt.exec;

import stt.machine.Machine;

/**
 * TensorTensorScanArith (0xe5), SPEC §5 [NKI][KLR]: per lane, a running fp32 state starts as the scalar and
 * takes the scalar's place in STT's composition, {@code state = (src0 op0 state) op1 src1}; dst gets the state
 * after every element ({@link stt.isa.Decision#SCAN_STATE}).
 */
public final class TensorTensorScan implements Semantics {
    @Override
    public void execute(Machine m, Instruction p, Trace trace) {
        int[] scalar = p.imm0().lanes(m, p.channels());
        float[] state = new float[p.channels()];
        for (int c = 0; c < state.length; c++) {
            state[c] = Float.intBitsToFloat(scalar[c]);
        }
        S2s2d2.streamArith(m, p, (lane, a, b) -> {
            if (trace.on()) {
                trace.tensorStage(p.op0().code(), TraceRegisters.RESULT, TraceRegisters.SRC0, TraceRegisters.RESULT);
                ScalarTensorTensor.tensorStage(trace, p);
            }
            state[lane] = S2s2d2.arithElement(p, p.src0().dtype().toFp32(a), p.src1().dtype().toFp32(b),
                    state[lane]);
            return state[lane];
        });
    }
}
