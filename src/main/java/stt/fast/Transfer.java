package stt.fast;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import stt.exec.Operand;
import stt.isa.Dtype;
import stt.machine.Machine;
import stt.machine.internal.RawMemory;

/**
 * Moves chunks of one lane's operand stream between machine memory and float/int buffers: bulk copies and
 * conversions ({@link Contiguous}) for streams whose elements are evenly spaced, element by element otherwise. Every
 * conversion is the {@link Dtype} one, so the buffers hold exactly what the reference engine computes with.
 */
final class Transfer {
    private static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private Transfer() {
    }

    /** Scratch space for one lane's chunk of raw elements. */
    static final class Scratch {
        final byte[] bytes;
        final short[] shorts;

        Scratch(int chunk) {
            bytes = new byte[chunk];
            shorts = new short[chunk];
        }
    }

    /** The byte address of lane {@code lane}'s first element of {@code o} in its space's segment. */
    static long start(Machine m, Operand o, int lane) {
        return m.address(o.start().space(), o.partition(lane), o.start().offset());
    }

    /** The byte address of element {@code k} of lane {@code lane} of {@code o}, whose stride is 1. */
    private static long contiguous(Machine m, Operand o, int lane, long k) {
        return m.address(o.start().space(), o.partition(lane), o.start().offset() + k * o.dtype().size());
    }

    /** Elements k0 .. k0+len-1 of lane {@code lane} of {@code o}, converted to fp32, into {@code out}. */
    static void loadFloats(Machine m, Operand o, int lane, long k0, int len, float[] out) {
        loadFloats(m, o, lane, k0, len, out, 0);
    }

    /** The same into {@code out[off ..]}. */
    static void loadFloats(Machine m, Operand o, int lane, long k0, int len, float[] out, int off) {
        Dtype d = o.dtype();
        long stride = o.linearStride();
        if (stride == 0) {
            Arrays.fill(out, off, off + len, d.toFp32(m.readBits(o.start().space(), o.partition(lane), o.start().offset(),
                    d.size())));
            return;
        }
        if (stride != 1) {
            loadEach(m, o, lane, k0, len, out, off);
            return;
        }
        loadContiguous(d, RawMemory.segment(m, o.start().space()), contiguous(m, o, lane, k0), len, out, off);
    }

    /**
     * {@link #loadFloats} for a caller that resolved the operand's rows once ({@link Rows#of}): a stride-1 stream is
     * addressed from them, without the machine's address arithmetic per call.
     */
    static void loadFloats(Machine m, Operand o, Rows rows, int lane, long k0, int len, float[] out, int off) {
        if (o.linearStride() == 1) {
            loadContiguous(o.dtype(), rows.seg(), rows.at(lane) + k0 * o.dtype().size(), len, out, off);
        } else {
            loadFloats(m, o, lane, k0, len, out, off);
        }
    }

    /** The {@code len} contiguous elements of dtype {@code d} at {@code at}, converted to fp32, into out[off ..]. */
    private static void loadContiguous(Dtype d, MemorySegment seg, long at, int len, float[] out, int off) {
        for (int i = Contiguous.of(d).widen.into(seg, at, out, off, len); i < len; i++) {
            out[off + i] = d.toFp32(RawMemory.readBits(seg, at + (long) i * d.size(), d.size()));
        }
    }

    /** Elements k0 .. k0+len-1, one at a time, into out[off .. off+len). */
    private static void loadEach(Machine m, Operand o, int lane, long k0, int len, float[] out, int off) {
        Dtype d = o.dtype();
        for (int i = 0; i < len; i++) {
            out[off + i] = d.toFp32(m.readBits(o.start().space(), o.partition(lane), o.offset(k0 + i), d.size()));
        }
    }

    /** Writes {@code r[0..len)}, converted to the operand's dtype, as elements k0 .. of lane {@code lane}. */
    static void storeFloats(Machine m, Operand o, int lane, long k0, int len, float[] r) {
        storeFloats(m, o, lane, k0, len, r, 0);
    }

    /** The same from {@code r[off ..]}. */
    static void storeFloats(Machine m, Operand o, int lane, long k0, int len, float[] r, int off) {
        if (o.linearStride() != 1) {
            storeEach(m, o, lane, k0, len, r, off);
            return;
        }
        storeContiguous(o.dtype(), RawMemory.segment(m, o.start().space()), contiguous(m, o, lane, k0), len, r, off);
    }

    /** {@link #storeFloats} for a caller that resolved the operand's rows once, as {@link #loadFloats} with rows. */
    static void storeFloats(Machine m, Operand o, Rows rows, int lane, long k0, int len, float[] r, int off) {
        if (o.linearStride() == 1) {
            storeContiguous(o.dtype(), rows.seg(), rows.at(lane) + k0 * o.dtype().size(), len, r, off);
        } else {
            storeEach(m, o, lane, k0, len, r, off);
        }
    }

    /** Writes r[off .. off+len), converted to dtype {@code d}, as the contiguous elements at {@code at}. */
    private static void storeContiguous(Dtype d, MemorySegment seg, long at, int len, float[] r, int off) {
        for (int i = Contiguous.of(d).narrow.from(r, off, seg, at, len); i < len; i++) {
            RawMemory.writeBits(seg, at + (long) i * d.size(), d.size(), d.fromFp32(r[off + i]));
        }
    }

    /** Writes r[off .. off+len) as elements k0 .. of lane {@code lane}, one at a time. */
    private static void storeEach(Machine m, Operand o, int lane, long k0, int len, float[] r, int off) {
        Dtype d = o.dtype();
        for (int i = 0; i < len; i++) {
            m.writeBits(o.start().space(), o.partition(lane), o.offset(k0 + i), d.size(), d.fromFp32(r[off + i]));
        }
    }

    /** Elements k0 .. k0+len-1 of lane {@code lane} as raw bits, zero-extended. */
    static void loadInts(Machine m, Operand o, int lane, long k0, int len, int[] out, Scratch s) {
        int size = o.dtype().size();
        long stride = o.linearStride();
        if (stride == 0) {
            Arrays.fill(out, 0, len, m.readBits(o.start().space(), o.partition(lane), o.start().offset(), size));
            return;
        }
        if (stride != 1) {
            for (int i = 0; i < len; i++) {
                out[i] = m.readBits(o.start().space(), o.partition(lane), o.offset(k0 + i), size);
            }
            return;
        }
        MemorySegment seg = RawMemory.segment(m, o.start().space());
        long at = contiguous(m, o, lane, k0);
        switch (size) {
            case 1 -> {
                MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, at, s.bytes, 0, len);
                for (int i = 0; i < len; i++) {
                    out[i] = s.bytes[i] & 0xff;
                }
            }
            case 2 -> {
                MemorySegment.copy(seg, I16, at, s.shorts, 0, len);
                for (int i = 0; i < len; i++) {
                    out[i] = s.shorts[i] & 0xffff;
                }
            }
            default -> MemorySegment.copy(seg, I32, at, out, 0, len);
        }
    }

    static void storeInts(Machine m, Operand o, int lane, long k0, int len, int[] r, Scratch s) {
        int size = o.dtype().size();
        if (o.linearStride() != 1) {
            for (int i = 0; i < len; i++) {
                m.writeBits(o.start().space(), o.partition(lane), o.offset(k0 + i), size, r[i]);
            }
            return;
        }
        MemorySegment seg = RawMemory.segment(m, o.start().space());
        long at = contiguous(m, o, lane, k0);
        switch (size) {
            case 1 -> {
                for (int i = 0; i < len; i++) {
                    s.bytes[i] = (byte) r[i];
                }
                MemorySegment.copy(s.bytes, 0, seg, ValueLayout.JAVA_BYTE, at, len);
            }
            case 2 -> {
                for (int i = 0; i < len; i++) {
                    s.shorts[i] = (short) r[i];
                }
                MemorySegment.copy(s.shorts, 0, seg, I16, at, len);
            }
            default -> MemorySegment.copy(r, 0, seg, I32, at, len);
        }
    }
}
