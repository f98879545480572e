package stt.fast;

import static jdk.incubator.vector.VectorOperators.AND;
import static jdk.incubator.vector.VectorOperators.I2S;
import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.OR;
import static jdk.incubator.vector.VectorOperators.S2I;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import stt.isa.Dtype;

/** bf16 to and from fp32, {@link Species#F} lanes at a time; equal to {@link Dtype#BF16}'s conversions. */
final class Bf16 {
    private Bf16() {
    }

    /** out[i] = the fp32 value of bf16 bits in[i]: the bits shifted into the top half. */
    static void widen(short[] in, float[] out, int n) {
        int i = 0;
        for (int bound = Species.F.loopBound(n); i < bound; i += Species.F.length()) {
            widen(ShortVector.fromArray(Species.S, in, i)).intoArray(out, i);
        }
        for (; i < n; i++) {
            out[i] = Dtype.BF16.toFp32(in[i]);
        }
    }

    /** out[i] = bf16 bits of in[i], rounded to nearest even; a NaN becomes its sign and the quiet NaN 0x7fc0. */
    static void narrow(float[] in, short[] out, int n) {
        int i = 0;
        for (int bound = Species.F.loopBound(n); i < bound; i += Species.F.length()) {
            narrow(FloatVector.fromArray(Species.F, in, i)).intoArray(out, i);
        }
        for (; i < n; i++) {
            out[i] = (short) Dtype.BF16.fromFp32(in[i]);
        }
    }

    /** The fp32 values of {@link Species#S} bf16 lanes: the bits shifted into the top half. */
    static FloatVector widen(ShortVector bf16) {
        return bf16.convertShape(S2I, Species.I, 0).reinterpretAsInts().lanewise(LSHL, 16).reinterpretAsFloats();
    }

    /** bf16 bits of {@code f}, rounded to nearest even; a NaN becomes its sign and the quiet NaN 0x7fc0. */
    static ShortVector narrow(FloatVector f) {
        IntVector bits = f.reinterpretAsInts();
        IntVector rounded = bits.add(0x7fff).add(bits.lanewise(LSHR, 16).lanewise(AND, 1)).lanewise(LSHR, 16);
        IntVector nan = bits.lanewise(LSHR, 16).lanewise(AND, 0x8000).lanewise(OR, 0x7fc0);
        return rounded.blend(nan, ArithKernel.nan(f).cast(Species.I)).convertShape(I2S, Species.S, 0)
                .reinterpretAsShorts();
    }
}
