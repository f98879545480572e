package stt.exec;

import static stt.exec.Elementwise.R0;
import static stt.exec.Elementwise.R1;
import static stt.exec.Elementwise.R2;

import stt.codec.Word;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * CopyPredicated (0x72) and CastPredicated (0x99), FAMILY.md §4: where src0's integer element is non-zero,
 * dst takes src1's element (0x72 its bits, 0x99 through the fp32 hub); elsewhere dst keeps its value.
 */
public final class CopyPredicated implements Semantics {
    @Override
    public void execute(Machine m, Word w, Trace trace) throws ExecutionException {
        Operand predicate = Resolver.operand(m, w, "src0");
        Operand src = Resolver.operand(m, w, "src1");
        Operand dst = Resolver.operand(m, w, "dst");
        boolean copy = w.opcode().orElseThrow() == Opcode.COPY_PREDICATED;
        trace.instruction();
        Streams.run(m, Elementwise.channels(w), dst.count(), dst, (lane, k, s) -> {
            if (trace.on()) {
                trace.mergeStage(R2, R0, R1);
            }
            if (s[0] == 0) {
                return Streams.KEEP;
            }
            return copy ? Integer.toUnsignedLong(s[1]) : Elementwise.cast(src.dtype(), dst.dtype(), s[1]);
        }, predicate, src);
    }
}
