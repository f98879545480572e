package stt.api;

import stt.isa.Dtype;

/**
 * {@code nki.isa.memset}'s value encoded in the destination dtype, as NKI encodes it (FAMILY.md §4: the word's
 * set_value holds the dtype's raw bits; {@link stt.isa.Decision#MEMSET_VALUE}): an integer dtype takes an integer
 * in its range, exactly; a float dtype takes the value correctly rounded (to nearest even) from the double itself,
 * never through fp32 first.
 */
public final class MemsetValue {
    private MemsetValue() {
    }

    /**
     * The bits of {@code value} (a {@link Long}/{@link Integer}, or a {@link Double}/{@link Float}) in
     * {@code dtype}, zero-extended.
     *
     * @throws IllegalArgumentException naming the value, the dtype and what it takes
     */
    public static long bits(Number value, Dtype dtype) {
        if (!dtype.isFloat()) {
            return integer(value, dtype);
        }
        double d = value.doubleValue();
        if (dtype == Dtype.FP32 || dtype == Dtype.FP32R) {
            return Integer.toUnsignedLong(Float.floatToRawIntBits((float) d));
        }
        return Integer.toUnsignedLong(dtype.fromFp32(toFloatRoundedToOdd(d)));
    }

    private static long integer(Number value, Dtype dtype) {
        int bitsWide = Math.min(8 * dtype.size(), 32); // set_value is 32 bits; a 64-bit dtype fails validation
        long min = dtype.isSignedInt() ? -(1L << (bitsWide - 1)) : 0;
        long max = dtype.isSignedInt() ? (1L << (bitsWide - 1)) - 1 : (1L << bitsWide) - 1;
        boolean floating = value instanceof Double || value instanceof Float;
        long v = floating ? (long) value.doubleValue() : value.longValue();
        // a float must be an integer exactly (NaN, the infinities and 1.5 are not)
        if (floating && (double) v != value.doubleValue() || v < min || v > max) {
            throw new IllegalArgumentException("dtype " + dtype.isaName() + " takes an integer in " + min + ".." + max
                    + ", not " + value);
        }
        return v & ((1L << bitsWide) - 1);
    }

    /**
     * {@code d} rounded to fp32 toward zero, with the last bit set when that was inexact (round to odd): RNE from
     * there to a format of at most 22 significand bits gives the correctly rounded result of {@code d} itself.
     */
    static float toFloatRoundedToOdd(double d) {
        float f = (float) d;
        if (Double.isNaN(d) || Double.isInfinite(d) || (double) f == d) {
            return f;
        }
        if (Float.isInfinite(f) || Math.abs((double) f) > Math.abs(d)) {
            f = d > 0 ? Math.nextDown(f) : Math.nextUp(f);
        }
        return Float.intBitsToFloat(Float.floatToRawIntBits(f) | 1);
    }
}
