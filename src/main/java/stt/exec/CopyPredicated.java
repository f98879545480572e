package stt.exec;

import static stt.exec.Elementwise.R0;
import static stt.exec.Elementwise.R1;
import static stt.exec.Elementwise.R2;

import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * CopyPredicated (0x72) and CastPredicated (0x99), FAMILY.md §4: where src0's integer element is non-zero,
 * dst takes src1's element (0x72 its bits, 0x99 through the fp32 hub); elsewhere dst keeps its value.
 */
public final class CopyPredicated implements Semantics {
    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        Operand src = i.src1();
        Operand dst = i.dst();
        boolean copy = i.opcode() == Opcode.COPY_PREDICATED;
        Streams.run(m, i.channels(), dst.count(), dst, (lane, k, s) -> {
            if (trace.on()) {
                trace.mergeStage(R2, R0, R1);
            }
            if (s[0] == 0) {
                return Streams.KEEP;
            }
            return copy ? Integer.toUnsignedLong(s[1]) : Elementwise.cast(src.dtype(), dst.dtype(), s[1]);
        }, i.src0(), src);
    }
}
