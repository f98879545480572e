package stt.fast;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import stt.isa.Dtype;

/**
 * A narrow dtype's conversions between a contiguous stream on a segment and an fp32 chunk, for the chunked
 * fused kernels ({@link ArithKernel#multAddChunked}): each direction is its own small loop, so the vectors stay in
 * registers. fp16's NaNs need only be NaNs (those kernels canonicalise before narrowing); the fp8 and 16-bit
 * integer codecs are exact, and {@link Transfer} moves 16-bit integers through them too.
 */
abstract sealed class StreamCodec {
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** fp16 through the JDK's conversions, which C2 turns into the hardware's vector conversions. */
    private static final StreamCodec FP16 = new Fp16();
    private static final StreamCodec FP8_E3M4 = fp8(Dtype.FP8_E3M4);
    private static final StreamCodec FP8_E4M3 = fp8(Dtype.FP8_E4M3);
    private static final StreamCodec FP8_E5M2 = fp8(Dtype.FP8_E5M2);
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

    private static StreamCodec fp8(Dtype d) {
        return Species.B == null ? null : new Fp8(d);
    }

    /** out[off+i] = element i of the stream at {@code at}, widened, for i below {@code len}. */
    abstract void widen(MemorySegment seg, long at, float[] out, int off, int len);

    /** Element i of the stream at {@code at} = in[off+i] narrowed as the reference does, for i below {@code len}. */
    abstract void narrow(float[] in, int off, MemorySegment seg, long at, int len);

    private static final class Fp16 extends StreamCodec {
        Fp16() {
            super(2);
        }

        @Override
        void widen(MemorySegment seg, long at, float[] out, int off, int len) {
            for (int i = 0; i < len; i++) {
                out[off + i] = Float.float16ToFloat(seg.get(I16, at + 2L * i));
            }
        }

        /** IEEE RNE with overflow to infinity, as the reference; only its NaNs differ (the caller canonicalises). */
        @Override
        void narrow(float[] in, int off, MemorySegment seg, long at, int len) {
            for (int i = 0; i < len; i++) {
                seg.set(I16, at + 2L * i, Float.floatToFloat16(in[off + i]));
            }
        }
    }

    /** An fp8 format through {@link SmallFloat}'s vector conversions, the tail element by element as {@link Dtype}. */
    private static final class Fp8 extends StreamCodec {
        private final Dtype dtype;
        private final SmallFloat format;

        Fp8(Dtype dtype) {
            super(1);
            this.dtype = dtype;
            this.format = SmallFloat.of(dtype);
        }

        @Override
        void widen(MemorySegment seg, long at, float[] out, int off, int len) {
            for (int i = format.widenFp8(seg, at, out, off, Species.F.loopBound(len)); i < len; i++) {
                out[off + i] = dtype.toFp32(seg.get(ValueLayout.JAVA_BYTE, at + i));
            }
        }

        @Override
        void narrow(float[] in, int off, MemorySegment seg, long at, int len) {
            for (int i = format.narrowFp8(in, off, seg, at, Species.F.loopBound(len)); i < len; i++) {
                seg.set(ValueLayout.JAVA_BYTE, at + i, (byte) dtype.fromFp32(in[off + i]));
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
        void widen(MemorySegment seg, long at, float[] out, int off, int len) {
            if (signed) {
                for (int i = 0; i < len; i++) {
                    out[off + i] = seg.get(I16, at + 2L * i);
                }
            } else {
                for (int i = 0; i < len; i++) {
                    out[off + i] = seg.get(I16, at + 2L * i) & 0xffff;
                }
            }
        }

        @Override
        void narrow(float[] in, int off, MemorySegment seg, long at, int len) {
            for (int i = 0; i < len; i++) {
                seg.set(I16, at + 2L * i, (short) Math.clamp((int) in[off + i], min, max));
            }
        }
    }
}
