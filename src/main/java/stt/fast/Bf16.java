package stt.fast;

import static jdk.incubator.vector.VectorOperators.AND;
import static jdk.incubator.vector.VectorOperators.I2S;
import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.OR;
import static jdk.incubator.vector.VectorOperators.S2I;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import stt.isa.Dtype;

/** bf16 to and from fp32, {@link Species#F} lanes at a time; equal to {@link Dtype#BF16}'s conversions. */
final class Bf16 {
    private Bf16() {
    }

    /**
     * out[off+i] = the bf16 element at {@code at} + i widened, for the whole vectors of the first {@code len}
     * elements: its own small loop, so the vectors stay in registers. Returns where it stopped.
     */
    static int widenInto(MemorySegment seg, long at, float[] out, int off, int len) {
        int bound = Species.F.loopBound(len);
        int i = 0;
        for (; i < bound; i += Species.F.length()) {
            load(seg, at + 2L * i).intoArray(out, off + i);
        }
        return i;
    }

    /** The bf16 elements at {@code at} + i narrowed from in[off+i], as {@link #widenInto} the other way. */
    static int narrowFrom(float[] in, int off, MemorySegment seg, long at, int len) {
        int bound = Species.F.loopBound(len);
        int i = 0;
        for (; i < bound; i += Species.F.length()) {
            store(FloatVector.fromArray(Species.F, in, off + i), seg, at + 2L * i);
        }
        return i;
    }

    /** The fp32 values of the {@link Species#F} bf16 patterns at {@code at}. */
    static FloatVector load(MemorySegment seg, long at) {
        return widen(ShortVector.fromMemorySegment(Species.S, seg, at, ByteOrder.LITTLE_ENDIAN));
    }

    /** Stores {@code f} as bf16 patterns at {@code at}. */
    static void store(FloatVector f, MemorySegment seg, long at) {
        narrow(f).intoMemorySegment(seg, at, ByteOrder.LITTLE_ENDIAN);
    }

    /** The fp32 values of {@link Species#S} bf16 lanes: the bits shifted into the top half. */
    static FloatVector widen(ShortVector bf16) {
        return bf16.convertShape(S2I, Species.I, 0).reinterpretAsInts().lanewise(LSHL, 16).reinterpretAsFloats();
    }

    /** bf16 bits of {@code f}, rounded to nearest even; a NaN becomes its sign and the quiet NaN 0x7fc0. */
    static ShortVector narrow(FloatVector f) {
        IntVector bits = f.reinterpretAsInts();
        IntVector nan = bits.lanewise(LSHR, 16).lanewise(AND, 0x8000).lanewise(OR, 0x7fc0);
        return shorts(rounded(bits).blend(nan, ArithKernel.nan(f).cast(Species.I)));
    }

    /** The bf16 patterns of fp32 patterns {@code bits} rounded to nearest even, one per int lane. */
    private static IntVector rounded(IntVector bits) {
        return roundedHigh(bits).lanewise(LSHR, 16);
    }

    /** {@link #rounded}'s patterns in the top halves of the int lanes, the bottom halves garbage. */
    private static IntVector roundedHigh(IntVector bits) {
        return bits.add(0x7fff).add(bits.lanewise(LSHR, 16).lanewise(AND, 1));
    }

    /*
     * Pairs: an int vector loaded from a bf16 stream holds elements 2k (the low half, little-endian) and 2k + 1 (the
     * high half) in lane k. Both halves widen with one shift or mask, same shape, no lane-count conversion, and
     * narrow back into one int vector; elementwise kernels run on the even and the odd elements alike.
     */

    /** The fp32 values of the even elements of bf16 pairs. */
    static FloatVector even(IntVector pairs) {
        return pairs.lanewise(LSHL, 16).reinterpretAsFloats();
    }

    /** The fp32 values of the odd elements of bf16 pairs. */
    static FloatVector odd(IntVector pairs) {
        return pairs.lanewise(AND, 0xffff0000).reinterpretAsFloats();
    }

    /**
     * bf16 pairs of fp32 evens and odds whose only NaN is the canonical 0x7fc00000 (the fused kernels' results),
     * rounded to nearest even: rounding alone already gives that NaN the bf16 NaN 0x7fc0 (its low half is zero and
     * bit 16 clear), so no NaN test is needed.
     */
    static IntVector pairsCanonical(FloatVector even, FloatVector odd) {
        return roundedHigh(odd.reinterpretAsInts()).lanewise(AND, 0xffff0000)
                .lanewise(OR, roundedHigh(even.reinterpretAsInts()).lanewise(LSHR, 16));
    }

    /** The fp32 value of one bf16 pattern (the low 16 bits of {@code raw}), as {@link #even} widens a lane. */
    static float widenOne(int raw) {
        return Float.intBitsToFloat(raw << 16);
    }

    /** One fp32 value whose only NaN is the canonical one, narrowed as {@link #pairsCanonical} narrows a lane. */
    static short narrowCanonical(float f) {
        int bits = Float.floatToRawIntBits(f);
        return (short) ((bits + 0x7fff + (bits >>> 16 & 1)) >>> 16);
    }

    private static ShortVector shorts(IntVector v) {
        return v.convertShape(I2S, Species.S, 0).reinterpretAsShorts();
    }
}
