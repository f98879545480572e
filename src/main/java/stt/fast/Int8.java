package stt.fast;

import static jdk.incubator.vector.VectorOperators.B2F;
import static jdk.incubator.vector.VectorOperators.F2I;
import static jdk.incubator.vector.VectorOperators.I2B;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;

/**
 * int8 to and from fp32, {@link Species#F} lanes at a time (where {@link Species#B} exists); equal to
 * {@link stt.isa.Dtype#INT8}'s conversions: exact widening, and truncation toward zero with saturation (NaN gives
 * 0) back.
 */
final class Int8 {
    private Int8() {
    }

    /**
     * out[off+i] = the int8 element at {@code at} + i widened, for the whole vectors of the first {@code len}
     * elements: its own small loop, so the vectors stay in registers. Returns where it stopped (0 without
     * {@link Species#B}).
     */
    static int widenInto(MemorySegment seg, long at, float[] out, int off, int len) {
        if (Species.B == null) {
            return 0;
        }
        int bound = Species.F.loopBound(len);
        int i = 0;
        for (; i < bound; i += Species.F.length()) {
            load(seg, at + i).intoArray(out, off + i);
        }
        return i;
    }

    /** The int8 elements at {@code at} + i narrowed from in[off+i], as {@link #widenInto} the other way. */
    static int narrowFrom(float[] in, int off, MemorySegment seg, long at, int len) {
        if (Species.B == null) {
            return 0;
        }
        int bound = Species.F.loopBound(len);
        int i = 0;
        for (; i < bound; i += Species.F.length()) {
            store(FloatVector.fromArray(Species.F, in, off + i), seg, at + i);
        }
        return i;
    }

    /** The fp32 values of the {@link Species#F} int8 patterns at {@code at} ({@link Species#B} must exist). */
    static FloatVector load(MemorySegment seg, long at) {
        return widen(ByteVector.fromMemorySegment(Species.B, seg, at, ByteOrder.LITTLE_ENDIAN));
    }

    /** Stores {@code f} as int8 at {@code at}: truncated toward zero, saturated, NaN as 0. */
    static void store(FloatVector f, MemorySegment seg, long at) {
        narrow(f).intoMemorySegment(seg, at, ByteOrder.LITTLE_ENDIAN);
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
