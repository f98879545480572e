package stt.exec;

import stt.isa.Dtype;
import stt.machine.Machine;

/**
 * DveReadAccumulator 0x9b (FAMILY.md §4): lane c's fp32 accumulator (its sign bit flipped when negated) is written
 * as one element of dtype at partition dst + c; the accumulator itself is not changed.
 */
public final class ReadAccumulator implements Semantics {
    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        int negate = i.negated() ? 0x8000_0000 : 0;
        Dtype out = i.dst().dtype();
        Streams.run(m, i.channels(), 1, i.dst(), (lane, k, s) -> Integer.toUnsignedLong(out.fromFp32(
                Float.intBitsToFloat(Float.floatToRawIntBits(m.accumulator(lane)) ^ negate))));
    }
}
