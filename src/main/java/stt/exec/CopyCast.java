package stt.exec;

import static stt.exec.TraceRegisters.SRC0;
import static stt.exec.TraceRegisters.RESULT;

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
        boolean copy = i.opcode() == Opcode.COPY;
        Streams.run(m, i.channels(), i.elements(), i.dst(), (lane, k, s) -> {
            if (trace.on()) {
                trace.scalarStage(AluOp.BYPASS.code(), RESULT, SRC0);
            }
            return Streams.move(copy, i.src(), i.dst(), s[0]);
        }, i.src());
    }
}
