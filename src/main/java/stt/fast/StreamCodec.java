package stt.fast;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import stt.isa.Dtype;

/**
 * A narrow dtype's conversions between a contiguous stream on a segment and an fp32 chunk, for the chunked
 * fused kernels ({@link ArithKernel#multAddChunked}): each direction is its own small loop, so the vectors stay in
 * registers. Their NaNs need only be NaNs: the kernels canonicalise before narrowing.
 */
abstract sealed class StreamCodec {
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** fp16 through the JDK's conversions, which C2 turns into the hardware's vector conversions. */
    private static final StreamCodec FP16 = new Fp16();
    private static final StreamCodec FP8_E3M4 = fp8(Dtype.FP8_E3M4, 4, 3);
    private static final StreamCodec FP8_E4M3 = fp8(Dtype.FP8_E4M3, 3, 7);
    private static final StreamCodec FP8_E5M2 = fp8(Dtype.FP8_E5M2, 2, 15);
    private static final StreamCodec INT16 = new Int16(true);
    private static final StreamCodec UINT16 = new Int16(false);

    final int size;

    private StreamCodec(int size) {
        this.size = size;
    }

    /** The codec of an fp16, fp8 (which needs {@link Species#B}) or 16-bit integer dtype; null for any other. */
    static StreamCodec of(Dtype d) {
        return switch (d) {
            case FP16 -> FP16;
            case FP8_E3M4 -> FP8_E3M4;
            case FP8_E4M3 -> FP8_E4M3;
            case FP8_E5M2 -> FP8_E5M2;
            case INT16 -> INT16;
            case UINT16 -> UINT16;
            default -> null;
        };
    }

    private static StreamCodec fp8(Dtype d, int man, int bias) {
        return Species.B == null ? null : new Fp8(d, SmallFloat.of(d), man, bias);
    }

    /** out[i] = element i of the stream at {@code at}, widened, for i below {@code len}. */
    abstract void widen(MemorySegment seg, long at, float[] out, int len);

    /** Element i of the stream at {@code at} = in[i] narrowed as the reference does, for i below {@code len}. */
    abstract void narrow(float[] in, MemorySegment seg, long at, int len);

    private static final class Fp16 extends StreamCodec {
        Fp16() {
            super(2);
        }

        @Override
        void widen(MemorySegment seg, long at, float[] out, int len) {
            for (int i = 0; i < len; i++) {
                out[i] = Float.float16ToFloat(seg.get(I16, at + 2L * i));
            }
        }

        /** IEEE RNE with overflow to infinity, as the reference; only its NaNs differ (the caller canonicalises). */
        @Override
        void narrow(float[] in, MemorySegment seg, long at, int len) {
            for (int i = 0; i < len; i++) {
                seg.set(I16, at + 2L * i, Float.floatToFloat16(in[i]));
            }
        }
    }

    /**
     * An fp8 format (sign, exponent, {@code man} mantissa bits, exponent bias {@code bias}, the all-ones exponent
     * infinity and NaN): widened through fp16, whose bit pattern it becomes by a shift (the exponent field's low
     * bits; the all-ones exponent made fp16's) and whose value times 2^(15 - bias) is exact, so the JDK's fp16
     * conversion does the work; narrowed by {@link SmallFloat}'s vector RNE, the tail element by element.
     */
    private static final class Fp8 extends StreamCodec {
        private final Dtype dtype;
        private final SmallFloat format;
        private final int shift;
        private final int special;
        private final float scale;

        Fp8(Dtype dtype, SmallFloat format, int man, int bias) {
            super(1);
            this.dtype = dtype;
            this.format = format;
            this.shift = 10 - man;
            this.special = 1 << man; // magnitude + special reaches 0x80 exactly when the exponent is all ones
            this.scale = Math.scalb(1f, 15 - bias);
        }

        @Override
        void widen(MemorySegment seg, long at, float[] out, int len) {
            for (int i = format.widenFp8(seg, at, out, 0, Species.F.loopBound(len)); i < len; i++) {
                out[i] = dtype.toFp32(seg.get(ValueLayout.JAVA_BYTE, at + i));
            }
        }

        @Override
        void narrow(float[] in, MemorySegment seg, long at, int len) {
            for (int i = format.narrowFp8(in, 0, seg, at, Species.F.loopBound(len)); i < len; i++) {
                seg.set(ValueLayout.JAVA_BYTE, at + i, (byte) dtype.fromFp32(in[i]));
            }
        }
    }

    /**
     * int16 or uint16: exact widening; narrowing truncates toward zero and saturates (NaN gives 0), as
     * {@link Dtype#fromFp32}: plain loops that C2 vectorises.
     */
    private static final class Int16 extends StreamCodec {
        private final boolean signed;
        private final int min;
        private final int max;

        Int16(boolean signed) {
            super(2);
            this.signed = signed;
            this.min = signed ? Short.MIN_VALUE : 0;
            this.max = signed ? Short.MAX_VALUE : 0xffff;
        }

        @Override
        void widen(MemorySegment seg, long at, float[] out, int len) {
            if (signed) {
                for (int i = 0; i < len; i++) {
                    out[i] = seg.get(I16, at + 2L * i);
                }
            } else {
                for (int i = 0; i < len; i++) {
                    out[i] = seg.get(I16, at + 2L * i) & 0xffff;
                }
            }
        }

        @Override
        void narrow(float[] in, MemorySegment seg, long at, int len) {
            for (int i = 0; i < len; i++) {
                seg.set(I16, at + 2L * i, (short) Math.clamp((int) in[i], min, max));
            }
        }
    }
}
