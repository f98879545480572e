package stt.fast;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.EnumMap;
import java.util.Map;
import stt.isa.Dtype;

/**
 * {@link Transfer}'s bulk conversions of a contiguous stream of one element dtype, by the dtype's code: between the
 * elements at a segment address and an fp32 buffer, each as the {@link Dtype} conversion. Each direction converts a
 * leading part of the chunk (all of it, its whole vectors, or none where a vector form is missing) and says how far
 * it got; {@link Transfer} converts the rest element by element.
 */
enum Contiguous {
    INT8(Dtype.INT8, Int8::widenInto, Int8::narrowFrom),
    UINT8(Dtype.UINT8, Contiguous::uint8In, Contiguous::uint8Out),
    INT16(Dtype.INT16),
    UINT16(Dtype.UINT16),
    BF16(Dtype.BF16, Bf16::widenInto, Bf16::narrowFrom),
    FP16(Dtype.FP16, SmallFloat::widenFp16, SmallFloat::narrowFp16),
    INT32(Dtype.INT32, Contiguous::int32In, Contiguous::int32Out),
    UINT32(Dtype.UINT32, Contiguous::uint32In, Contiguous::uint32Out),
    FP32(Dtype.FP32, Contiguous::fp32In, Contiguous::fp32Out),
    FP32R(Dtype.FP32R, Contiguous::fp32In, Contiguous::fp32Out),
    FP8_E3M4(Dtype.FP8_E3M4),
    FP8_E4M3(Dtype.FP8_E4M3),
    FP8_E5M2(Dtype.FP8_E5M2);

    private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final Map<Dtype, Contiguous> BY_DTYPE = new EnumMap<>(Dtype.class);

    static {
        for (Contiguous c : values()) {
            BY_DTYPE.put(c.dtype, c);
        }
    }

    /** out[off+i] = element i at {@code at}, widened, for i below what it returns (at most {@code len}). */
    @FunctionalInterface
    interface Widen {
        int into(MemorySegment seg, long at, float[] out, int off, int len);
    }

    /** Element i at {@code at} = in[off+i] narrowed, for i below what it returns (at most {@code len}). */
    @FunctionalInterface
    interface Narrow {
        int from(float[] in, int off, MemorySegment seg, long at, int len);
    }

    final Dtype dtype;
    final Widen widen;
    final Narrow narrow;

    Contiguous(Dtype dtype, Widen widen, Narrow narrow) {
        this.dtype = dtype;
        this.widen = widen;
        this.narrow = narrow;
    }

    /** A dtype with a {@link StreamCodec} (exact for these dtypes); none for fp8 without byte vectors. */
    Contiguous(Dtype dtype) {
        this(dtype, codecWiden(StreamCodec.of(dtype)), codecNarrow(StreamCodec.of(dtype)));
    }

    /** The conversions of element dtype {@code d}. */
    static Contiguous of(Dtype d) {
        Contiguous c = BY_DTYPE.get(d);
        if (c == null) {
            throw new IllegalStateException(d + " is not an element dtype");
        }
        return c;
    }

    private static Widen codecWiden(StreamCodec codec) {
        return codec == null ? (seg, at, out, off, len) -> 0 : (seg, at, out, off, len) -> {
            codec.widen(seg, at, out, off, len);
            return len;
        };
    }

    private static Narrow codecNarrow(StreamCodec codec) {
        return codec == null ? (in, off, seg, at, len) -> 0 : (in, off, seg, at, len) -> {
            codec.narrow(in, off, seg, at, len);
            return len;
        };
    }

    private static int fp32In(MemorySegment seg, long at, float[] out, int off, int len) {
        MemorySegment.copy(seg, F32, at, out, off, len);
        return len;
    }

    private static int fp32Out(float[] in, int off, MemorySegment seg, long at, int len) {
        MemorySegment.copy(in, off, seg, F32, at, len);
        return len;
    }

    private static int int32In(MemorySegment seg, long at, float[] out, int off, int len) {
        for (int i = 0; i < len; i++) {
            out[off + i] = seg.get(I32, at + 4L * i);
        }
        return len;
    }

    private static int int32Out(float[] in, int off, MemorySegment seg, long at, int len) {
        for (int i = 0; i < len; i++) {
            seg.set(I32, at + 4L * i, (int) in[off + i]);
        }
        return len;
    }

    private static int uint32In(MemorySegment seg, long at, float[] out, int off, int len) {
        for (int i = 0; i < len; i++) {
            out[off + i] = Integer.toUnsignedLong(seg.get(I32, at + 4L * i));
        }
        return len;
    }

    private static int uint32Out(float[] in, int off, MemorySegment seg, long at, int len) {
        for (int i = 0; i < len; i++) {
            seg.set(I32, at + 4L * i, Dtype.UINT32.fromFp32(in[off + i]));
        }
        return len;
    }

    private static int uint8In(MemorySegment seg, long at, float[] out, int off, int len) {
        for (int i = 0; i < len; i++) {
            out[off + i] = seg.get(ValueLayout.JAVA_BYTE, at + i) & 0xff;
        }
        return len;
    }

    private static int uint8Out(float[] in, int off, MemorySegment seg, long at, int len) {
        for (int i = 0; i < len; i++) {
            seg.set(ValueLayout.JAVA_BYTE, at + i, (byte) Math.clamp((int) in[off + i], 0, 0xff));
        }
        return len;
    }
}
