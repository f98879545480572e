package stt.fast;

import static stt.machine.internal.RawMemory.I16;
import static stt.machine.internal.RawMemory.I32;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import stt.exec.Operand;
import stt.isa.Dtype;

/**
 * Copy and Cast straight from the source segment to the destination segment, for contiguous streams: a Copy (its two
 * dtypes are equal) moves each lane's row as one bulk copy; a Cast between bf16 and fp32 (either way) on rows of at
 * most {@link #ACROSS} elements runs all lanes at once, the element block outermost (as
 * {@link ArithKernel#multAddAcrossFp32}), so that a short row does not pay a lane's set-up: the {@link Bf16}
 * conversion, bf16 to fp32 exact (the bits shifted up), fp32 to bf16 rounding to nearest even with the quiet NaN, as
 * {@link Dtype}'s. [128x64] bf16 to fp32 went from 0.46-0.48 to 0.17-0.34 ns per element in alternating
 * {@code stt bench} runs; longer rows measured no faster than the chunked path, which keeps them.
 */
final class FusedCast {
    private static final int L = Species.F.length();
    static final int ACROSS = 128;

    private FusedCast() {
    }

    /** What a Copy or Cast from {@code src} to {@code dst} runs as here. */
    enum Shape { BITS, WIDEN_BF16, NARROW_BF16 }

    /** The shape of a Copy ({@code copy}) or Cast from {@code src} to {@code dst}; null: the chunked path. */
    static Shape shape(boolean copy, Operand src, Operand dst) {
        if (src.linearStride() != 1 || dst.linearStride() != 1) {
            return null;
        }
        Dtype s = src.dtype();
        Dtype d = dst.dtype();
        if (copy) {
            return s.size() == d.size() ? Shape.BITS : null;
        }
        if (dst.count() > ACROSS) {
            return null;
        }
        boolean fp32Src = s == Dtype.FP32 || s == Dtype.FP32R;
        boolean fp32Dst = d == Dtype.FP32 || d == Dtype.FP32R;
        return s == Dtype.BF16 && fp32Dst ? Shape.WIDEN_BF16 : fp32Src && d == Dtype.BF16 ? Shape.NARROW_BF16 : null;
    }

    /** Every lane's {@code n} elements of {@code src} into {@code dst} in shape {@code shape}. */
    static void run(Shape shape, Rows src, Rows dst, int channels, long n, Lanes lanes) {
        if (shape == Shape.BITS) {
            long bytes = n * src.dtype().size();
            lanes.run(channels, n * channels, c -> MemorySegment.copy(src.seg(), src.at(c), dst.seg(), dst.at(c),
                    bytes));
        } else {
            lanes.run(1, n * channels, unit -> {
                if (shape == Shape.WIDEN_BF16) {
                    widenAcross(src, dst, channels, (int) n);
                } else {
                    narrowAcross(src, dst, channels, (int) n);
                }
            });
        }
    }

    /** Elements from .. n-1 of a bf16 row at {@code at} as fp32 patterns at {@code atD}: shifted into the top half. */
    private static void widenTail(MemorySegment seg, long at, MemorySegment segD, long atD, int from, int n) {
        for (int i = from; i < n; i++) {
            segD.set(I32, atD + 4L * i, (seg.get(I16, at + 2L * i) & 0xffff) << 16);
        }
    }

    /** Elements from .. n-1 of an fp32 row at {@code at} narrowed to bf16 at {@code atD}, as {@link Dtype#BF16}. */
    private static void narrowTail(MemorySegment seg, long at, MemorySegment segD, long atD, int from, int n) {
        for (int i = from; i < n; i++) {
            segD.set(I16, atD + 2L * i, (short) Dtype.BF16.fromFp32(Float.intBitsToFloat(seg.get(I32, at + 4L * i))));
        }
    }

    /** bf16 rows to fp32 on lanes 0 .. lanes-1, the element block outermost. */
    private static void widenAcross(Rows src, Rows dst, int lanes, int n) {
        int e = Species.F.loopBound(n);
        for (int i = 0; i < e; i += L) {
            for (int c = 0; c < lanes; c++) {
                widened(src.seg(), src.at(c) + 2L * i).intoMemorySegment(dst.seg(), dst.at(c) + 4L * i,
                        ByteOrder.LITTLE_ENDIAN);
            }
        }
        for (int c = 0; c < lanes; c++) {
            widenTail(src.seg(), src.at(c), dst.seg(), dst.at(c), e, n);
        }
    }

    /** fp32 rows to bf16 ({@link Bf16#narrow}) on lanes 0 .. lanes-1, the element block outermost. */
    private static void narrowAcross(Rows src, Rows dst, int lanes, int n) {
        int e = Species.F.loopBound(n);
        for (int i = 0; i < e; i += L) {
            for (int c = 0; c < lanes; c++) {
                Bf16.store(FloatVector.fromMemorySegment(Species.F, src.seg(), src.at(c) + 4L * i,
                        ByteOrder.LITTLE_ENDIAN), dst.seg(), dst.at(c) + 2L * i);
            }
        }
        for (int c = 0; c < lanes; c++) {
            narrowTail(src.seg(), src.at(c), dst.seg(), dst.at(c), e, n);
        }
    }

    /** The fp32 patterns of the {@link Species#F} bf16 elements at {@code at}, as ints (every bit kept). */
    private static IntVector widened(MemorySegment seg, long at) {
        return Bf16.load(seg, at).reinterpretAsInts();
    }
}
