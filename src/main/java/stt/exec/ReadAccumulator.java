package stt.exec;

import stt.codec.Word;
import stt.isa.Dtype;
import stt.machine.Machine;

/**
 * DveReadAccumulator 0x9b (FAMILY.md §4): lane c's fp32 accumulator (its sign bit flipped when negated) is written
 * as one element of dtype at partition dst + c; the accumulator itself is not changed.
 */
public final class ReadAccumulator implements Semantics {
    @Override
    public void execute(Machine m, Word w, Trace trace) throws ExecutionException {
        Operand dst = Resolver.operand(m, w, "dst");
        int negate = w.get("negated") == 1 ? 0x8000_0000 : 0;
        Dtype out = dst.dtype();
        trace.instruction();
        Streams.run(m, Elementwise.channels(w), 1, dst, (lane, k, s) -> Integer.toUnsignedLong(out.fromFp32(
                Float.intBitsToFloat(Float.floatToRawIntBits(m.accumulator(lane)) ^ negate))));
    }
}
