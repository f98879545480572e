package stt.exec;

import static stt.exec.Elementwise.R0;
import static stt.exec.Elementwise.R2;

import stt.isa.AluOp;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * Copy (0x46) and Cast (0x47), FAMILY.md §4: copy moves each element's bits; cast converts it through the fp32
 * hub, even when the two dtypes are equal (an int32 beyond 2^24 rounds).
 */
public final class CopyCast implements Semantics {
    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        Operand src = i.src();
        Operand dst = i.dst();
        boolean copy = i.opcode() == Opcode.COPY;
        Streams.run(m, i.channels(), dst.count(), dst, (lane, k, s) -> {
            if (trace.on()) {
                trace.scalarStage(AluOp.BYPASS.code(), R2, R0);
            }
            return copy ? Integer.toUnsignedLong(s[0]) : Elementwise.cast(src.dtype(), dst.dtype(), s[0]);
        }, src);
    }
}
