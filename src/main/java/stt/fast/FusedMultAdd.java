package stt.fast;

import java.lang.foreign.MemorySegment;
import java.util.Optional;
import stt.exec.Operand;
import stt.isa.Dtype;

/**
 * The fused {@code dst = src0 * s + src1} kernels that read and write a lane's streams straight on the machine's
 * segments, one loop per dtype family: fp32, bf16, int8, int32 (a loop shared by families boxes its vectors once the
 * JIT has seen two); fp16, fp8 and 16-bit integers in chunks, each conversion its own loop ({@link StreamCodec}).
 * ScalarTensorTensor's mult/add runs them with its scalar; Tensor-Tensor's add with s = 1, which is exact
 * ({@code a * 1 == a}, and a NaN becomes the canonical NaN either way).
 */
final class FusedMultAdd {
    private FusedMultAdd() {
    }

    /** The dtype families the fused kernels cover, all three operands of one; CHUNKED: any {@link StreamCodec}'s. */
    enum Family { FP32, BF16, INT8, INT32, CHUNKED }

    /** The family of three contiguous operands, if they share one the kernels cover. */
    static Optional<Family> family(Operand src0, Operand src1, Operand dst) {
        boolean fp32 = true;
        boolean bf16 = true;
        boolean chunked = StreamCodec.of(dst.dtype()) != null;
        boolean int8 = Species.B != null; // no byte vectors of the float lane count at 128 bits
        boolean int32 = true;
        for (Operand o : new Operand[] {src0, src1, dst}) {
            if (o.linearStride() != 1) {
                return Optional.empty();
            }
            fp32 &= o.dtype().size() == 4 && o.dtype().isFloat();
            bf16 &= o.dtype() == Dtype.BF16;
            chunked &= o.dtype() == dst.dtype();
            int8 &= o.dtype() == Dtype.INT8;
            int32 &= o.dtype() == Dtype.INT32;
        }
        return fp32 ? Optional.of(Family.FP32) : bf16 ? Optional.of(Family.BF16)
                : int8 ? Optional.of(Family.INT8) : int32 ? Optional.of(Family.INT32)
                : chunked ? Optional.of(Family.CHUNKED) : Optional.empty();
    }

    /**
     * The fp32 values of the first {@code channels} scalar bits, one per lane, as {@link #run} and {@link #scalars}
     * take them, into {@code into}; returns {@code into}.
     */
    static float[] floats(int[] bits, int channels, float[] into) {
        for (int c = 0; c < channels; c++) {
            into[c] = Float.intBitsToFloat(bits[c]);
        }
        return into;
    }

    /**
     * Tensor-Scalar's {@code dst = src * s[c] + t[c]} on every lane's {@code n} elements, fp32 or bf16: short rows
     * all lanes at once, as {@link #run}, the rest lane by lane.
     */
    static void scalars(boolean bf16, float[] s, float[] t, Rows src, Rows dst, int channels, long n, Lanes lanes) {
        if (bf16 && n <= ACROSS) {
            lanes.run(1, n * channels, unit -> Bf16Across.multAdd(s, t, src.seg(), src.base(), src.pitch(), null, 0,
                    0, dst.seg(), dst.base(), dst.pitch(), channels, (int) n));
        } else if (n <= ACROSS) {
            lanes.run(1, n * channels, unit -> ArithKernel.multAddScalarsAcrossFp32(s, t, src.seg(), src.base(),
                    src.pitch(), dst.seg(), dst.base(), dst.pitch(), channels, (int) n));
        } else {
            lanes.run(channels, n * channels, c -> scalarsLane(bf16, s[c], t[c], src, dst, c, n));
        }
    }

    private static void scalarsLane(boolean bf16, float s, float t, Rows src, Rows dst, int lane, long n) {
        if (bf16) {
            ArithKernel.multAddScalarsContiguousBf16(s, t, src.seg(), src.at(lane), dst.seg(), dst.at(lane), (int) n);
        } else {
            ArithKernel.multAddScalarsContiguousFp32(s, t, src.seg(), src.at(lane), dst.seg(), dst.at(lane), (int) n);
        }
    }

    /**
     * Rows of at most this many elements run all lanes at once ({@link ArithKernel#multAddAcrossFp32},
     * {@link Bf16Across}).
     */
    static final int ACROSS = 512;

    /**
     * bf16 rows of two sources of at most this many elements run all lanes at once: at 512 that ran 10-20% slower
     * than lane by lane in {@code stt bench --case bf16_mult_add@512} (0.156 and 0.168 ns/element against 0.131 and
     * 0.144), and at 256 no slower. Tensor-Scalar's one source keeps {@link #ACROSS}, where it is no slower either.
     */
    static final int ACROSS_BF16 = 256;

    /**
     * Every lane's {@code n} elements in family {@code f}, lane c with scalar {@code s[c]}: short fp32 and bf16 rows
     * (ACROSS, ACROSS_BF16) all lanes at once, as one unit (so on this thread: at most 128 × ACROSS elements, below
     * the parallel threshold), the rest lane by lane.
     */
    static void run(Family f, float[] s, Rows src0, Rows src1, Rows dst, int channels, long n, Lanes lanes) {
        if (f == Family.BF16 && n <= ACROSS_BF16) {
            lanes.run(1, n * channels, unit -> Bf16Across.multAdd(s, null, src0.seg(), src0.base(), src0.pitch(),
                    src1.seg(), src1.base(), src1.pitch(), dst.seg(), dst.base(), dst.pitch(), channels, (int) n));
        } else if (f == Family.FP32 && n <= ACROSS) {
            lanes.run(1, n * channels, unit -> ArithKernel.multAddAcrossFp32(s, src0.seg(), src0.base(),
                    src0.pitch(), src1.seg(), src1.base(), src1.pitch(), dst.seg(), dst.base(), dst.pitch(), channels,
                    (int) n));
        } else if (n <= packedUpTo(f) && uniform(s, channels)) {
            lanes.run(1, n * channels, unit -> packed(f, s[0], src0, src1, dst, channels, (int) n));
        } else {
            lanes.run(channels, n * channels, c -> lane(f, s[c], src0, src1, dst, c, n));
        }
    }

    /**
     * Rows of at most this many elements of the families without an all-lanes kernel (int8, fp16, fp8, 16-bit
     * integers) run {@link #packed} when every lane has the same scalar: a row of 8 is shorter than one vector, so
     * lane by lane each element took the scalar tail (fp16 [128×8] 6 ns an element, fp8 11), and a row of 64 paid
     * the chunked path's set-up per lane.
     */
    static final int PACKED = 64;

    /**
     * The longest row of family {@code f} that runs {@link #packed}: {@link #PACKED}, but int32 only below one vector,
     * for its own loop runs a row of 64 at 0.30 ns an element, packed at 0.58 (`stt bench --case int32_mult_add@64`).
     */
    private static int packedUpTo(Family f) {
        return f == Family.INT32 ? Species.F.length() - 1 : PACKED;
    }

    /** Whether lanes 0 .. channels-1 have the same scalar (bit for bit). */
    private static boolean uniform(float[] s, int channels) {
        int first = Float.floatToRawIntBits(s[0]);
        for (int c = 1; c < channels; c++) {
            if (Float.floatToRawIntBits(s[c]) != first) {
                return false;
            }
        }
        return true;
    }

    /**
     * Every lane's {@code n} elements in family {@code f} with the one scalar {@code s}, as one stream: blocks of
     * lanes are gathered row after row into this thread's staging segments ({@link Chunks#stage}), run by the
     * family's contiguous kernel, and the results scattered back. Each element's result depends only on the same
     * element of the sources, so the order is no matter; a dst that overlaps a source otherwise never gets here
     * ({@link Hazards}).
     */
    private static void packed(Family f, float s, Rows src0, Rows src1, Rows dst, int channels, int n) {
        Chunks c = Chunks.get();
        long row = (long) n * dst.dtype().size();
        int block = (int) Math.max(1, Chunks.STAGE_BYTES / row);
        for (int first = 0; first < channels; first += block) {
            int count = Math.min(block, channels - first);
            for (int j = 0; j < count; j++) {
                MemorySegment.copy(src0.seg(), src0.at(first + j), c.stage[0], j * row, row);
                MemorySegment.copy(src1.seg(), src1.at(first + j), c.stage[1], j * row, row);
            }
            contiguous(f, dst.dtype(), s, c.stage[0], 0, c.stage[1], 0, c.stage[2], 0, count * n);
            for (int j = 0; j < count; j++) {
                MemorySegment.copy(c.stage[2], j * row, dst.seg(), dst.at(first + j), row);
            }
        }
    }

    /** Runs lane {@code lane}'s {@code n} elements in family {@code f}. */
    private static void lane(Family f, float s, Rows src0, Rows src1, Rows dst, int lane, long n) {
        contiguous(f, dst.dtype(), s, src0.seg(), src0.at(lane), src1.seg(), src1.at(lane), dst.seg(), dst.at(lane),
                (int) n);
    }

    /** {@code n} contiguous elements of family {@code f} (dst's dtype {@code dtype}): {@code dst = src0 * s + src1}. */
    private static void contiguous(Family f, Dtype dtype, float s, MemorySegment seg0, long at0, MemorySegment seg1,
            long at1, MemorySegment segD, long atD, int n) {
        switch (f) {
            case FP32 -> ArithKernel.multAddContiguousFp32(s, seg0, at0, seg1, at1, segD, atD, n);
            case BF16 -> ArithKernel.multAddContiguousBf16(s, seg0, at0, seg1, at1, segD, atD, n);
            case INT8 -> ArithKernel.multAddContiguousInt8(s, seg0, at0, seg1, at1, segD, atD, n);
            case INT32 -> ArithKernel.multAddContiguousInt32(s, seg0, at0, seg1, at1, segD, atD, n);
            case CHUNKED -> {
                Chunks c = Chunks.get();
                ArithKernel.multAddChunked(s, StreamCodec.of(dtype), seg0, at0, seg1, at1, segD, atD, n,
                        c.a, c.b);
            }
        }
    }
}
