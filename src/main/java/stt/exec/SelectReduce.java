package stt.exec;

import stt.machine.Machine;

/**
 * SelectReduce (0xea), SPEC §5 [NKI select_reduce]: {@code dst = pred ? src1 : scalar} with src0 the predicate
 * (inverted by reverse_operands first), the selected value passed through unchanged, and a NaN-ignoring running
 * max in the accumulator ({@link stt.isa.Decision#SELECT_REDUCE_PASSTHROUGH}).
 */
public final class SelectReduce implements Semantics {
    @Override
    public void execute(Machine m, Instruction p, Trace trace) {
        int[] scalar = p.imm0().lanes(m, p.channels());
        S2s2d2.startAccumulators(m, p);
        S2s2d2.streamArith(m, p, (lane, a, b) -> {
            if (trace.on()) {
                trace.selectStage(TraceRegisters.RESULT, TraceRegisters.SRC0, TraceRegisters.SRC1);
            }
            return S2s2d2.selectElement(p, a, p.src1().dtype().toFp32(b), Float.intBitsToFloat(scalar[lane]));
        });
    }
}
