package stt.isa;

/**
 * An IEEE-style binary float narrower than fp32 (exponent all-ones reserved for inf/NaN, subnormals kept):
 * bf16 and the fp8 formats. Widening to fp32 is exact; narrowing rounds to nearest even, overflows to ±inf and
 * turns any NaN into the sign plus the format's quiet NaN, as {@code ml_dtypes} does.
 */
public record NarrowFloat(int expBits, int manBits, int bias, boolean widensNanPayload) {
    /** bf16 widens by a shift, so a NaN keeps its payload; ml_dtypes widens an fp8 NaN to the quiet NaN. */
    public static final NarrowFloat BF16 = new NarrowFloat(8, 7, 127, true);
    public static final NarrowFloat FP8_E3M4 = new NarrowFloat(3, 4, 3, false);
    public static final NarrowFloat FP8_E4M3 = new NarrowFloat(4, 3, 7, false);
    public static final NarrowFloat FP8_E5M2 = new NarrowFloat(5, 2, 15, false);

    private int width() {
        return 1 + expBits + manBits;
    }

    private int expAllOnes() {
        return (1 << expBits) - 1;
    }

    /** The fp32 value of the {@code width()}-bit pattern {@code bits}, exactly. */
    public float toFp32(int bits) {
        int sign = (bits >>> (width() - 1) & 1) << 31;
        int e = bits >>> manBits & expAllOnes();
        int m = bits & ((1 << manBits) - 1);
        if (e == expAllOnes()) {
            int payload = m == 0 || widensNanPayload ? m << (23 - manBits) : 0x40_0000;
            return Float.intBitsToFloat(sign | 0x7f80_0000 | payload);
        }
        if (e == 0) {
            float magnitude = Math.scalb((float) m, 1 - bias - manBits);
            return sign == 0 ? magnitude : -magnitude;
        }
        return Float.intBitsToFloat(sign | (e - bias + 127) << 23 | m << (23 - manBits));
    }

    /** The pattern nearest {@code f} (ties to even). */
    public int fromFp32(float f) {
        int bits = Float.floatToRawIntBits(f);
        int sign = (bits >>> 31) << (width() - 1);
        int inf = expAllOnes() << manBits;
        if (Float.isNaN(f)) {
            return sign | inf | 1 << (manBits - 1);
        }
        int e32 = bits >>> 23 & 0xff;
        if (e32 == 0xff) {
            return sign | inf;
        }
        int sig = e32 == 0 ? bits & 0x7f_ffff : (bits & 0x7f_ffff) | 0x80_0000;
        int unbiased = e32 == 0 ? -126 : e32 - 127;
        int minNormal = 1 - bias;
        // value = sig * 2^(unbiased - 23); the target's quantum is 2^(max(unbiased, minNormal) - manBits)
        int shift = 23 + Math.max(unbiased, minNormal) - manBits - unbiased;
        long r = roundShift(sig, shift);
        long out = unbiased < minNormal ? r : ((long) (unbiased + bias - 1) << manBits) + r;
        return out >= inf ? sign | inf : sign | (int) out;
    }

    /** {@code sig / 2^shift} rounded to nearest, ties to even; {@code shift >= 1}. */
    private static long roundShift(int sig, int shift) {
        if (shift > 40) {
            return 0;
        }
        long q = (long) sig >>> shift;
        long rem = (long) sig & ((1L << shift) - 1);
        long half = 1L << (shift - 1);
        return rem > half || (rem == half && (q & 1) == 1) ? q + 1 : q;
    }
}
