package stt.exec;

import stt.alu.ArithAlu;
import stt.isa.Dtype;
import stt.machine.Machine;

/**
 * Reciprocal (0x48), FAMILY-NEXT §4: {@code dst[k] = 1 / src[k]}, the source converted to fp32 and the result to
 * out_dtype through the fp32 hub; the fp32 quotient is IEEE-754's correctly rounded one (RNE), with IEEE special
 * cases and the canonical NaN ({@link stt.isa.Decision#RECIPROCAL_RNE}: not verified against hardware). Its trace
 * is the instruction line alone: no element string is known for it (FAMILY-NEXT §4).
 */
public final class Reciprocal implements Semantics {
    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        Dtype in = i.src().dtype();
        Dtype out = i.dst().dtype();
        Streams.run(m, i.channels(), i.elements(), i.dst(),
                (lane, k, s) -> Integer.toUnsignedLong(out.fromFp32(ArithAlu.canonical(1.0f / in.toFp32(s[0])))),
                i.src());
    }
}
