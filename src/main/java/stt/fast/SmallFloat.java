package stt.fast;

import static jdk.incubator.vector.VectorOperators.AND;
import static jdk.incubator.vector.VectorOperators.B2I;
import static jdk.incubator.vector.VectorOperators.EQ;
import static jdk.incubator.vector.VectorOperators.GE;
import static jdk.incubator.vector.VectorOperators.GT;
import static jdk.incubator.vector.VectorOperators.I2B;
import static jdk.incubator.vector.VectorOperators.I2F;
import static jdk.incubator.vector.VectorOperators.I2S;
import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.LT;
import static jdk.incubator.vector.VectorOperators.OR;
import static jdk.incubator.vector.VectorOperators.S2I;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import stt.isa.Dtype;

/**
 * fp16 and the fp8 formats to and from fp32, {@link Species#F} lanes at a time with integer and float arithmetic,
 * equal to {@link Dtype}'s conversions for every pattern:
 * <ul>
 * <li>widening: a normal's magnitude bits shifted into an fp32 pattern and its exponent rebiased by an integer
 * addition; a subnormal's mantissa converted to fp32 times the format's quantum 2^(1 - bias - man) (exact, and no
 * fp32 subnormal operand, which costs this machine's float units a slow path); all-ones exponents become inf or
 * the NaN {@code Dtype} gives.
 * <li>narrowing: round to nearest even on the fp32 bits where the result is normal, and for a subnormal result
 * one float addition of 2^(24 - bias - man), whose ulp is the format's quantum; overflow saturates to inf and a
 * NaN becomes the format's NaN (fp16 keeps the top payload bits, fp8 the quiet NaN).
 * </ul>
 */
final class SmallFloat {
    static final SmallFloat FP16 = new SmallFloat(5, 10, 15, true);
    static final SmallFloat FP8_E3M4 = new SmallFloat(3, 4, 3, false);
    static final SmallFloat FP8_E4M3 = new SmallFloat(4, 3, 7, false);
    static final SmallFloat FP8_E5M2 = new SmallFloat(5, 2, 15, false);

    private final int man;
    private final int signShift;
    private final int magnitudeMask;
    private final int inf;
    private final float quantum;
    private final int rebias;
    private final int minNormalBits;
    private final float subnormalAdd;
    private final boolean keepsNanPayload;

    private SmallFloat(int exp, int man, int bias, boolean keepsNanPayload) {
        this.man = man;
        this.signShift = exp + man;
        this.magnitudeMask = (1 << signShift) - 1;
        this.inf = ((1 << exp) - 1) << man;
        this.quantum = Math.scalb(1f, 1 - bias - man);
        this.rebias = (127 - bias) << man;
        this.minNormalBits = Float.floatToRawIntBits(Math.scalb(1f, 1 - bias));
        this.subnormalAdd = Math.scalb(1f, 24 - bias - man);
        this.keepsNanPayload = keepsNanPayload;
    }

    /** The format of an fp16 or fp8 dtype; null for any other. */
    static SmallFloat of(Dtype d) {
        return switch (d) {
            case FP16 -> FP16;
            case FP8_E3M4 -> FP8_E3M4;
            case FP8_E4M3 -> FP8_E4M3;
            case FP8_E5M2 -> FP8_E5M2;
            default -> null;
        };
    }

    /**
     * out[off+i] = the fp16 element at {@code at} + i widened, for the whole vectors of the first {@code len}
     * elements: its own small loop, so the vectors stay in registers. Returns where it stopped.
     */
    static int widenFp16(MemorySegment seg, long at, float[] out, int off, int len) {
        int bound = Species.F.loopBound(len);
        int i = 0;
        for (; i < bound; i += Species.F.length()) {
            loadFp16(seg, at + 2L * i).intoArray(out, off + i);
        }
        return i;
    }

    /** The fp16 elements at {@code at} + i narrowed from in[off+i], as {@link #widenFp16} the other way. */
    static int narrowFp16(float[] in, int off, MemorySegment seg, long at, int len) {
        int bound = Species.F.loopBound(len);
        int i = 0;
        for (; i < bound; i += Species.F.length()) {
            storeFp16(FloatVector.fromArray(Species.F, in, off + i), seg, at + 2L * i);
        }
        return i;
    }

    /**
     * out[off+i] = the fp8 element at {@code at} + i widened, for the whole vectors of the first {@code len}
     * elements: its own small loop, so the vectors stay in registers. Returns where it stopped.
     */
    int widenFp8(MemorySegment seg, long at, float[] out, int off, int bound) {
        int i = 0;
        for (; i < bound; i += Species.F.length()) {
            loadFp8(seg, at + i).intoArray(out, off + i);
        }
        return i;
    }

    /** The fp8 elements at {@code at} + i narrowed from in[off+i], as {@link #widenFp8} the other way. */
    int narrowFp8(float[] in, int off, MemorySegment seg, long at, int bound) {
        int i = 0;
        for (; i < bound; i += Species.F.length()) {
            storeFp8(FloatVector.fromArray(Species.F, in, off + i), seg, at + i);
        }
        return i;
    }

    /** The fp32 values of raw patterns {@code raw} (zero-extended, one per int lane). */
    FloatVector widen(IntVector raw) {
        IntVector magnitude = raw.lanewise(AND, magnitudeMask);
        IntVector sign = raw.lanewise(LSHR, signShift).lanewise(LSHL, 31);
        IntVector normal = magnitude.lanewise(LSHL, 23 - man).add(rebias << (23 - man));
        IntVector subnormal = ((FloatVector) magnitude.convert(I2F, 0)).mul(quantum).reinterpretAsInts();
        IntVector finite = normal.blend(subnormal, magnitude.compare(LT, 1 << man));
        IntVector mantissa = magnitude.lanewise(AND, (1 << man) - 1);
        IntVector payload = keepsNanPayload ? mantissa.lanewise(LSHL, 23 - man)
                : IntVector.broadcast(Species.I, 0x40_0000).blend(0, mantissa.compare(EQ, 0));
        IntVector special = payload.lanewise(OR, 0x7f80_0000);
        return finite.blend(special, magnitude.compare(GE, inf)).lanewise(OR, sign).reinterpretAsFloats();
    }

    /** The format's patterns of {@code f} (one per int lane, zero-extended). */
    IntVector narrow(FloatVector f) {
        IntVector bits = f.reinterpretAsInts();
        IntVector sign = bits.lanewise(LSHR, 31).lanewise(LSHL, signShift);
        IntVector abs = bits.lanewise(AND, 0x7fff_ffff);
        int shift = 23 - man;
        IntVector normal = abs.add((1 << (shift - 1)) - 1).add(abs.lanewise(LSHR, shift).lanewise(AND, 1))
                .lanewise(LSHR, shift).sub(rebias).min(inf);
        IntVector subnormal = abs.reinterpretAsFloats().add(subnormalAdd).reinterpretAsInts()
                .sub(Float.floatToRawIntBits(subnormalAdd));
        IntVector nan = keepsNanPayload ? abs.lanewise(AND, 0x7f_ffff).lanewise(LSHR, shift).max(1).lanewise(OR, inf)
                : IntVector.broadcast(Species.I, inf | 1 << (man - 1));
        return normal.blend(subnormal, abs.compare(LT, minNormalBits)).blend(nan, abs.compare(GT, 0x7f80_0000))
                .lanewise(OR, sign);
    }

    /** The fp32 values of {@link Species#F} fp16 patterns at {@code at}. */
    static FloatVector loadFp16(MemorySegment seg, long at) {
        ShortVector raw = ShortVector.fromMemorySegment(Species.S, seg, at, ByteOrder.LITTLE_ENDIAN);
        return FP16.widen(((IntVector) raw.convertShape(S2I, Species.I, 0)).lanewise(AND, 0xffff));
    }

    static void storeFp16(FloatVector f, MemorySegment seg, long at) {
        FP16.narrow(f).convertShape(I2S, Species.S, 0).reinterpretAsShorts()
                .intoMemorySegment(seg, at, ByteOrder.LITTLE_ENDIAN);
    }

    /** The fp32 values of {@link Species#F} fp8 patterns at {@code at} ({@link Species#B} must exist). */
    FloatVector loadFp8(MemorySegment seg, long at) {
        ByteVector raw = ByteVector.fromMemorySegment(Species.B, seg, at, ByteOrder.LITTLE_ENDIAN);
        return widen(((IntVector) raw.convertShape(B2I, Species.I, 0)).lanewise(AND, 0xff));
    }

    void storeFp8(FloatVector f, MemorySegment seg, long at) {
        narrow(f).convertShape(I2B, Species.B, 0).reinterpretAsBytes().intoMemorySegment(seg, at,
                ByteOrder.LITTLE_ENDIAN);
    }
}
