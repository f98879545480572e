package stt.exec;

import static stt.exec.TraceRegisters.SRC0;
import static stt.exec.TraceRegisters.SRC1;
import static stt.exec.TraceRegisters.RESULT;

import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * CopyPredicated (0x72) and CastPredicated (0x99), FAMILY.md §4: where src0's integer element is non-zero,
 * dst takes src1's element (0x72 its bits, 0x99 through the fp32 hub); elsewhere dst keeps its value.
 */
public final class CopyPredicated implements Semantics {
    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        boolean copy = i.opcode() == Opcode.COPY_PREDICATED;
        Streams.run(m, i.channels(), i.elements(), i.dst(), (lane, k, s) -> {
            if (trace.on()) {
                trace.mergeStage(RESULT, SRC0, SRC1);
            }
            return s[0] == 0 ? Streams.KEEP : Streams.move(copy, i.src1(), i.dst(), s[1]);
        }, i.src0(), i.src1());
    }
}
