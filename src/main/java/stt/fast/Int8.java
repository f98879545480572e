package stt.fast;

import static jdk.incubator.vector.VectorOperators.B2F;
import static jdk.incubator.vector.VectorOperators.F2I;
import static jdk.incubator.vector.VectorOperators.I2B;

import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;

/**
 * int8 to and from fp32, {@link Species#F} lanes at a time where {@link Species#B} exists (else element by
 * element); equal to {@link stt.isa.Dtype#INT8}'s conversions: exact widening, and truncation toward zero with
 * saturation (NaN gives 0) back.
 */
final class Int8 {
    private Int8() {
    }

    static void widen(byte[] in, float[] out, int n) {
        int i = 0;
        if (Species.B != null) {
            for (int bound = Species.F.loopBound(n); i < bound; i += Species.F.length()) {
                widen(ByteVector.fromArray(Species.B, in, i)).intoArray(out, i);
            }
        }
        for (; i < n; i++) {
            out[i] = in[i];
        }
    }

    static void narrow(float[] in, byte[] out, int n) {
        int i = 0;
        if (Species.B != null) {
            for (int bound = Species.F.loopBound(n); i < bound; i += Species.F.length()) {
                narrow(FloatVector.fromArray(Species.F, in, i)).intoArray(out, i);
            }
        }
        for (; i < n; i++) {
            out[i] = (byte) Math.clamp((int) in[i], Byte.MIN_VALUE, Byte.MAX_VALUE);
        }
    }

    /** The fp32 values of {@link Species#B} int8 lanes. */
    static FloatVector widen(ByteVector int8) {
        return (FloatVector) int8.convertShape(B2F, Species.F, 0);
    }

    /** int8 lanes of {@code f}: truncated toward zero, saturated, NaN as 0. */
    static ByteVector narrow(FloatVector f) {
        IntVector r = (IntVector) f.convertShape(F2I, Species.I, 0);
        return (ByteVector) r.max(Byte.MIN_VALUE).min(Byte.MAX_VALUE).convertShape(I2B, Species.B, 0);
    }
}
