package stt.fast;

import static jdk.incubator.vector.VectorOperators.ABS;
import static jdk.incubator.vector.VectorOperators.EQ;
import static jdk.incubator.vector.VectorOperators.GE;
import static jdk.incubator.vector.VectorOperators.GT;
import static jdk.incubator.vector.VectorOperators.LE;
import static jdk.incubator.vector.VectorOperators.LT;
import static jdk.incubator.vector.VectorOperators.NE;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import stt.alu.ArithAlu;
import stt.isa.AluOp;
import stt.isa.Dtype;

/**
 * The arith stages over float arrays, {@link Species#F} lanes at a time, each op exactly {@link ArithAlu}'s:
 * every stage rounds to fp32 on its own (never an FMA) and a NaN result is the canonical NaN. Each op has its
 * own small loop, so its vectors never cross a call the JIT might not inline (they would then be boxed).
 */
final class ArithKernel {
    private static final FloatVector ZERO = FloatVector.zero(Species.F);
    private static final FloatVector ONE = FloatVector.broadcast(Species.F, 1.0f);
    static final FloatVector NAN = FloatVector.broadcast(Species.F, ArithAlu.CANONICAL_NAN);
    static final FloatVector NAN256 = FloatVector.broadcast(Species.F256, ArithAlu.CANONICAL_NAN);
    static final FloatVector NAN128 = FloatVector.broadcast(Species.F128, ArithAlu.CANONICAL_NAN);
    private static final int L = Species.F.length();
    static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private ArithKernel() {
    }

    /** r[i] = op1(op0(a[i], s), b[i]) with reverse_operands' swaps; {@code mid} and {@code sv} are scratch. */
    static void run(AluOp op0, AluOp op1, boolean swap0, boolean swap1, float s, float[] a, float[] b, float[] r,
            float[] mid, float[] sv, int n) {
        Arrays.fill(sv, 0, n, s);
        if (swap0) {
            binary(op0, sv, a, mid, n);
        } else {
            binary(op0, a, sv, mid, n);
        }
        if (swap1) {
            binary(op1, b, mid, r, n);
        } else {
            binary(op1, mid, b, r, n);
        }
    }

    /** r[i] = op(x[i], y[i]) for i < n. */
    static void binary(AluOp op, float[] x, float[] y, float[] r, int n) {
        binary(op, x, 0, y, 0, r, 0, n);
    }

    /** r[ro+i] = op(x[xo+i], y[yo+i]) for i < n. */
    static void binary(AluOp op, float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = switch (op) {
            case BYPASS -> bypass(x, xo, r, ro, n);
            case ADD -> add(x, xo, y, yo, r, ro, n);
            case SUBTRACT -> subtract(x, xo, y, yo, r, ro, n);
            case MULT -> mult(x, xo, y, yo, r, ro, n);
            case MAX -> max(x, xo, y, yo, r, ro, n);
            case MIN -> min(x, xo, y, yo, r, ro, n);
            case IS_EQ -> isEq(x, xo, y, yo, r, ro, n);
            case IS_GT -> isGt(x, xo, y, yo, r, ro, n);
            case IS_GE -> isGe(x, xo, y, yo, r, ro, n);
            case IS_LE -> isLe(x, xo, y, yo, r, ro, n);
            case IS_LT -> isLt(x, xo, y, yo, r, ro, n);
            case IS_NE -> isNe(x, xo, y, yo, r, ro, n);
            case LOGICAL_AND -> logicalAnd(x, xo, y, yo, r, ro, n);
            case LOGICAL_OR -> logicalOr(x, xo, y, yo, r, ro, n);
            case LOGICAL_XOR -> logicalXor(x, xo, y, yo, r, ro, n);
            case ABSOLUTE_DIFF -> absoluteDiff(x, xo, y, yo, r, ro, n);
            case ABSOLUTE_VALUE -> absoluteValue(x, xo, r, ro, n);
            case SQUARE -> mult(x, xo, x, xo, r, ro, n);
            case RELU -> relu(x, xo, r, ro, n);
            case ABS_MAX -> absMax(x, xo, y, yo, r, ro, n);
            case ABS_MIN -> absMin(x, xo, y, yo, r, ro, n);
            default -> throw new IllegalArgumentException(op.isaName() + " is not a general-arith op");
        };
        for (; i < n; i++) {
            r[ro + i] = ArithAlu.apply(op, x[xo + i], y[yo + i]);
        }
    }

    // Each loop handles the whole vectors and returns where the scalar tail starts.

    private static int bypass(float[] x, int xo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(v(x, xo + i)).intoArray(r, ro + i);
        }
        return i;
    }

    private static int add(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(v(x, xo + i).add(v(y, yo + i))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int subtract(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(v(x, xo + i).sub(v(y, yo + i))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int mult(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(v(x, xo + i).mul(v(y, yo + i))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int max(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(maxNum(v(x, xo + i), v(y, yo + i))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int min(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(minNum(v(x, xo + i), v(y, yo + i))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int isEq(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            bool(v(x, xo + i).compare(EQ, v(y, yo + i))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int isGt(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            bool(v(x, xo + i).compare(GT, v(y, yo + i))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int isGe(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            bool(v(x, xo + i).compare(GE, v(y, yo + i))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int isLe(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            bool(v(x, xo + i).compare(LE, v(y, yo + i))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int isLt(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            bool(v(x, xo + i).compare(LT, v(y, yo + i))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int isNe(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            bool(v(x, xo + i).compare(EQ, v(y, yo + i)).not()).intoArray(r, ro + i);
        }
        return i;
    }

    private static int logicalAnd(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            bool(v(x, xo + i).compare(NE, 0f).and(v(y, yo + i).compare(NE, 0f))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int logicalOr(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            bool(v(x, xo + i).compare(NE, 0f).or(v(y, yo + i).compare(NE, 0f))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int logicalXor(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            bool(v(x, xo + i).compare(NE, 0f).eq(v(y, yo + i).compare(NE, 0f)).not()).intoArray(r, ro + i);
        }
        return i;
    }

    private static int absoluteDiff(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(v(x, xo + i).sub(v(y, yo + i)).lanewise(ABS)).intoArray(r, ro + i);
        }
        return i;
    }

    private static int absoluteValue(float[] x, int xo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(v(x, xo + i).lanewise(ABS)).intoArray(r, ro + i);
        }
        return i;
    }

    private static int relu(float[] x, int xo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(maxNum(v(x, xo + i), ZERO)).intoArray(r, ro + i);
        }
        return i;
    }

    private static int absMax(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(maxNum(v(x, xo + i).lanewise(ABS), v(y, yo + i).lanewise(ABS))).intoArray(r, ro + i);
        }
        return i;
    }

    private static int absMin(float[] x, int xo, float[] y, int yo, float[] r, int ro, int n) {
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            canonical(minNum(v(x, xo + i).lanewise(ABS), v(y, yo + i).lanewise(ABS))).intoArray(r, ro + i);
        }
        return i;
    }

    /**
     * The fma-shaped word (op0 mult, op1 add, no swaps) on contiguous fp32 streams, fused straight from the
     * source segments to the destination segment. Still two roundings: {@code a * s}, then {@code + b}.
     */
    static void multAddContiguousFp32(float s, MemorySegment seg0, long at0, MemorySegment seg1, long at1,
            MemorySegment segD, long atD, int n) {
        FloatVector sv = FloatVector.broadcast(Species.F, s);
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            FloatVector a = FloatVector.fromMemorySegment(Species.F, seg0, at0 + 4L * i, ByteOrder.LITTLE_ENDIAN);
            FloatVector b = FloatVector.fromMemorySegment(Species.F, seg1, at1 + 4L * i, ByteOrder.LITTLE_ENDIAN);
            // a NaN product makes the sum NaN, which multAdd's canonical NaN replaces whatever its payload
            multAdd(a, sv, b).intoMemorySegment(segD, atD + 4L * i, ByteOrder.LITTLE_ENDIAN);
        }
        for (; i < n; i++) {
            segD.set(F32, atD + 4L * i, multAddTail(seg0.get(F32, at0 + 4L * i), s, seg1.get(F32, at1 + 4L * i)));
        }
    }

    /**
     * {@link #multAddContiguousFp32} on lanes 0 .. lanes-1 at once, lane c with scalar {@code s[c]} and its rows
     * {@code pitch} bytes apart: the element block outermost, the lanes inside, so that the loop the JIT unrolls is
     * the lanes' one. For short rows, whose own loops run too few times for the unrolled loop; from a few hundred
     * elements on, the lanes' 3 × 128 streams at once cost more than that saves.
     */
    static void multAddAcrossFp32(float[] s, MemorySegment seg0, long at0, long pitch0, MemorySegment seg1,
            long at1, long pitch1, MemorySegment segD, long atD, long pitchD, int lanes, int n) {
        int e = Species.F.loopBound(n);
        for (int i = 0; i < e; i += L) {
            long o = 4L * i;
            for (int c = 0; c < lanes; c++) {
                FloatVector a = FloatVector.fromMemorySegment(Species.F, seg0, at0 + c * pitch0 + o,
                        ByteOrder.LITTLE_ENDIAN);
                FloatVector b = FloatVector.fromMemorySegment(Species.F, seg1, at1 + c * pitch1 + o,
                        ByteOrder.LITTLE_ENDIAN);
                multAdd(a, FloatVector.broadcast(Species.F, s[c]), b).intoMemorySegment(segD, atD + c * pitchD + o,
                        ByteOrder.LITTLE_ENDIAN);
            }
        }
        acrossTail(s, null, seg0, at0, pitch0, seg1, at1, pitch1, segD, atD, pitchD, lanes, e, n);
    }

    /**
     * Elements {@code from .. n-1} of every lane's {@code dst = a * s[c] + b} ({@code + t[c]} when {@code segB} is
     * null): a row's tail, all of a row shorter than a vector (8 elements under AVX-512), as 256- then 128-bit
     * vectors, then the last few elements one by one.
     */
    private static void acrossTail(float[] s, float[] t, MemorySegment segA, long atA, long pitchA, MemorySegment segB,
            long atB, long pitchB, MemorySegment segD, long atD, long pitchD, int lanes, int from, int n) {
        int i = from;
        if (L > 8 && n - i >= 8) {
            for (int c = 0; c < lanes; c++) {
                multAdd8(s[c], t == null ? 0 : t[c], segA, atA + c * pitchA + 4L * i, segB, atB + c * pitchB + 4L * i,
                        segD, atD + c * pitchD + 4L * i);
            }
            i += 8;
        }
        if (L > 4 && n - i >= 4) {
            for (int c = 0; c < lanes; c++) {
                multAdd4(s[c], t == null ? 0 : t[c], segA, atA + c * pitchA + 4L * i, segB, atB + c * pitchB + 4L * i,
                        segD, atD + c * pitchD + 4L * i);
            }
            i += 4;
        }
        for (int c = 0; c < lanes; c++) {
            for (int k = i; k < n; k++) {
                float b = segB == null ? t[c] : segB.get(F32, atB + c * pitchB + 4L * k);
                float a = segA.get(F32, atA + c * pitchA + 4L * k);
                segD.set(F32, atD + c * pitchD + 4L * k, multAddTail(a, s[c], b));
            }
        }
    }

    /**
     * 8 elements of {@code dst = a * s + b} (of {@code a * s + t} when {@code segB} is null), two roundings and the
     * canonical NaN, as 256-bit vectors: a short row's tail. Its species is a constant here, as the Vector API's
     * intrinsics need, whether or not the JIT inlines it ({@link #multAdd4} is the same at 128 bits).
     */
    private static void multAdd8(float s, float t, MemorySegment segA, long atA, MemorySegment segB, long atB,
            MemorySegment segD, long atD) {
        FloatVector r = FloatVector.fromMemorySegment(Species.F256, segA, atA, ByteOrder.LITTLE_ENDIAN).mul(s);
        r = segB == null ? r.add(t) : r.add(FloatVector.fromMemorySegment(Species.F256, segB, atB,
                ByteOrder.LITTLE_ENDIAN));
        r.blend(NAN256, r.compare(NE, r)).intoMemorySegment(segD, atD, ByteOrder.LITTLE_ENDIAN);
    }

    /** {@link #multAdd8} on 4 elements, as 128-bit vectors. */
    private static void multAdd4(float s, float t, MemorySegment segA, long atA, MemorySegment segB, long atB,
            MemorySegment segD, long atD) {
        FloatVector r = FloatVector.fromMemorySegment(Species.F128, segA, atA, ByteOrder.LITTLE_ENDIAN).mul(s);
        r = segB == null ? r.add(t) : r.add(FloatVector.fromMemorySegment(Species.F128, segB, atB,
                ByteOrder.LITTLE_ENDIAN));
        r.blend(NAN128, r.compare(NE, r)).intoMemorySegment(segD, atD, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Tensor-Scalar's {@code dst = src * s + t} on a contiguous fp32 stream, straight on the segments: two roundings
     * and the canonical NaN, as its two stages.
     */
    static void multAddScalarsContiguousFp32(float s, float t, MemorySegment seg, long at, MemorySegment segD,
            long atD, int n) {
        FloatVector sv = FloatVector.broadcast(Species.F, s);
        FloatVector tv = FloatVector.broadcast(Species.F, t);
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            multAdd(FloatVector.fromMemorySegment(Species.F, seg, at + 4L * i, ByteOrder.LITTLE_ENDIAN), sv, tv)
                    .intoMemorySegment(segD, atD + 4L * i, ByteOrder.LITTLE_ENDIAN);
        }
        for (; i < n; i++) {
            segD.set(F32, atD + 4L * i, multAddTail(seg.get(F32, at + 4L * i), s, t));
        }
    }

    /** {@link #multAddScalarsContiguousFp32} on lanes 0 .. lanes-1 at once, as {@link #multAddAcrossFp32}. */
    static void multAddScalarsAcrossFp32(float[] s, float[] t, MemorySegment seg, long at, long pitch,
            MemorySegment segD, long atD, long pitchD, int lanes, int n) {
        int e = Species.F.loopBound(n);
        for (int i = 0; i < e; i += L) {
            long o = 4L * i;
            for (int c = 0; c < lanes; c++) {
                FloatVector a = FloatVector.fromMemorySegment(Species.F, seg, at + c * pitch + o,
                        ByteOrder.LITTLE_ENDIAN);
                multAdd(a, FloatVector.broadcast(Species.F, s[c]), FloatVector.broadcast(Species.F, t[c]))
                        .intoMemorySegment(segD, atD + c * pitchD + o, ByteOrder.LITTLE_ENDIAN);
            }
        }
        acrossTail(s, t, seg, at, pitch, null, 0, 0, segD, atD, pitchD, lanes, e, n);
    }

    /** Tensor-Scalar's {@code dst = src * s + t} on a contiguous bf16 stream, as {@link #multAddContiguousBf16}. */
    static void multAddScalarsContiguousBf16(float s, float t, MemorySegment seg, long at, MemorySegment segD,
            long atD, int n) {
        FloatVector sv = FloatVector.broadcast(Species.F, s);
        FloatVector tv = FloatVector.broadcast(Species.F, t);
        int i = 0;
        for (int e = n - n % (2 * L); i < e; i += 2 * L) {
            IntVector x = pairs(seg, at + 2L * i);
            Bf16.pairsCanonical(multAdd(Bf16.even(x), sv, tv), multAdd(Bf16.odd(x), sv, tv))
                    .intoMemorySegment(segD, atD + 2L * i, ByteOrder.LITTLE_ENDIAN);
        }
        for (; i < n; i++) {
            segD.set(I16, atD + 2L * i, Bf16.narrowCanonical(multAddTail(Bf16.widenOne(seg.get(I16, at + 2L * i)), s,
                    t)));
        }
    }

    /** The {@link Bf16} pairs of the 2 × {@link Species#F} bf16 elements at {@code at}. */
    private static IntVector pairs(MemorySegment seg, long at) {
        return IntVector.fromMemorySegment(Species.I, seg, at, ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * The same mult/add on contiguous bf16 streams with a bf16 result, straight on the segments, two vectors of
     * elements at a time as {@link Bf16} pairs: widen by shift or mask, two fp32 stages, the canonical NaN, RNE
     * narrow ({@link Bf16#pairsCanonical}); the tail element by element as the reference.
     */
    static void multAddContiguousBf16(float s, MemorySegment seg0, long at0, MemorySegment seg1, long at1,
            MemorySegment segD, long atD, int n) {
        FloatVector sv = FloatVector.broadcast(Species.F, s);
        int i = 0;
        for (int e = n - n % (2 * L); i < e; i += 2 * L) {
            IntVector x = pairs(seg0, at0 + 2L * i);
            IntVector y = pairs(seg1, at1 + 2L * i);
            Bf16.pairsCanonical(multAdd(Bf16.even(x), sv, Bf16.even(y)), multAdd(Bf16.odd(x), sv, Bf16.odd(y)))
                    .intoMemorySegment(segD, atD + 2L * i, ByteOrder.LITTLE_ENDIAN);
        }
        for (; i < n; i++) {
            float r = multAddTail(Bf16.widenOne(seg0.get(I16, at0 + 2L * i)), s,
                    Bf16.widenOne(seg1.get(I16, at1 + 2L * i)));
            segD.set(I16, atD + 2L * i, Bf16.narrowCanonical(r));
        }
    }

    /**
     * The same mult/add on contiguous streams of one fp16 or fp8 dtype, in chunks of {@code a.length}: the codec's
     * widening loops, the fp32 kernel with the canonical NaN, the codec's narrowing loop (the canonical NaN narrows
     * as the reference's, so a NaN input's payload never matters).
     */
    static void multAddChunked(float s, StreamCodec c, MemorySegment seg0, long at0, MemorySegment seg1, long at1,
            MemorySegment segD, long atD, int n, float[] a, float[] b) {
        FloatVector sv = FloatVector.broadcast(Species.F, s);
        for (int k0 = 0; k0 < n; k0 += a.length) {
            int len = Math.min(a.length, n - k0);
            for (int t = 0; t < 2; t++) { // one call site, so the JIT inlines one copy of the widening
                c.widen(t == 0 ? seg0 : seg1, (t == 0 ? at0 : at1) + (long) c.size * k0, t == 0 ? a : b, 0, len);
            }
            int i = 0;
            for (int e = Species.F.loopBound(len); i < e; i += L) {
                multAdd(v(a, i), sv, v(b, i)).intoArray(a, i);
            }
            for (; i < len; i++) {
                a[i] = multAddTail(a[i], s, b[i]);
            }
            c.narrow(a, 0, segD, atD + (long) c.size * k0, len);
        }
    }

    /**
     * The same mult/add on contiguous int8 streams with an int8 result, on the segments: bytes widened to fp32,
     * two fp32 stages, then truncation toward zero and saturation to int8 (NaN gives 0), as {@link Int8}.
     */
    static void multAddContiguousInt8(float s, MemorySegment seg0, long at0, MemorySegment seg1, long at1,
            MemorySegment segD, long atD, int n) {
        FloatVector sv = FloatVector.broadcast(Species.F, s);
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            FloatVector a = Int8.widen(ByteVector.fromMemorySegment(Species.B, seg0, at0 + i, ByteOrder.LITTLE_ENDIAN));
            FloatVector b = Int8.widen(ByteVector.fromMemorySegment(Species.B, seg1, at1 + i, ByteOrder.LITTLE_ENDIAN));
            Int8.narrow(a.mul(sv).add(b)).intoMemorySegment(segD, atD + i, ByteOrder.LITTLE_ENDIAN);
        }
        for (; i < n; i++) {
            float r = multAddTail(seg0.get(ValueLayout.JAVA_BYTE, at0 + i), s,
                    seg1.get(ValueLayout.JAVA_BYTE, at1 + i));
            segD.set(ValueLayout.JAVA_BYTE, atD + i, (byte) Dtype.INT8.fromFp32(r));
        }
    }

    /**
     * The same mult/add on contiguous int32 streams with an int32 result: I2F (round to nearest even, as
     * {@code (float) int}), two fp32 stages, F2I (Java's cast: toward zero, saturating, NaN to 0, as
     * {@link Dtype#fromFp32}); no canonical NaN, which F2I would make 0 anyway.
     */
    static void multAddContiguousInt32(float s, MemorySegment seg0, long at0, MemorySegment seg1, long at1,
            MemorySegment segD, long atD, int n) {
        FloatVector sv = FloatVector.broadcast(Species.F, s);
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            FloatVector a = (FloatVector) IntVector.fromMemorySegment(Species.I, seg0, at0 + 4L * i,
                    ByteOrder.LITTLE_ENDIAN).convert(VectorOperators.I2F, 0);
            FloatVector b = (FloatVector) IntVector.fromMemorySegment(Species.I, seg1, at1 + 4L * i,
                    ByteOrder.LITTLE_ENDIAN).convert(VectorOperators.I2F, 0);
            a.mul(sv).add(b).convert(VectorOperators.F2I, 0).intoMemorySegment(segD, atD + 4L * i,
                    ByteOrder.LITTLE_ENDIAN);
        }
        for (; i < n; i++) {
            float r = multAddTail(seg0.get(I32, at0 + 4L * i), s, seg1.get(I32, at1 + 4L * i));
            segD.set(I32, atD + 4L * i, Dtype.INT32.fromFp32(r));
        }
    }

    /**
     * One element of the fused kernels' scalar tails: the reference's two stages, mult then add, as
     * {@link ArithAlu#apply}'s MULT and ADD arms compute them. Not a call to it: at 410 bytecodes it is too big for
     * C2 to inline, and two calls an element made rows shorter than a vector (all tail) 10-16 ns an element.
     */
    static float multAddTail(float a, float s, float b) {
        return ArithAlu.canonical(ArithAlu.canonical(a * s) + b);
    }

    /** SelectReduce's selection: r[i] = (pred[i] != 0) != invert ? onTrue[i] : s (S2s2d2.selectElement). */
    static void select(int[] pred, float[] onTrue, float s, boolean invert, float[] r, int n) {
        FloatVector sv = FloatVector.broadcast(Species.F, s);
        int i = 0;
        for (int e = Species.F.loopBound(n); i < e; i += L) {
            VectorMask<Integer> set = IntVector.fromArray(Species.I, pred, i).compare(NE, 0);
            VectorMask<Float> take = (invert ? set.not() : set).cast(Species.F);
            sv.blend(v(onTrue, i), take).intoArray(r, i);
        }
        for (; i < n; i++) {
            r[i] = (pred[i] != 0) != invert ? onTrue[i] : s;
        }
    }

    private static FloatVector v(float[] x, int i) {
        return FloatVector.fromArray(Species.F, x, i);
    }

    /** IEEE 754's maxNum: isNaN(a) ? b : isNaN(b) ? a : a >= b ? a : b. */
    private static FloatVector maxNum(FloatVector a, FloatVector b) {
        return b.blend(a, a.compare(GE, b)).blend(a, nan(b)).blend(b, nan(a));
    }

    /** IEEE 754's minNum: isNaN(a) ? b : isNaN(b) ? a : a <= b ? a : b. */
    private static FloatVector minNum(FloatVector a, FloatVector b) {
        return b.blend(a, a.compare(LE, b)).blend(a, nan(b)).blend(b, nan(a));
    }

    private static FloatVector bool(VectorMask<Float> m) {
        return ZERO.blend(ONE, m);
    }

    /**
     * The NaN lanes of {@code v}, as {@code v != v}: the same lanes as {@code test(IS_NAN)}, but a float compare,
     * which lets C2 unroll the loops around it and hoist their checks (IS_NAN compiles to integer masking).
     */
    static VectorMask<Float> nan(FloatVector v) {
        return v.compare(NE, v);
    }

    /** a·s + b, two roundings, with the canonical NaN: mult then add as the two stages give them. */
    static FloatVector multAdd(FloatVector a, FloatVector s, FloatVector b) {
        return canonical(a.mul(s).add(b));
    }

    private static FloatVector canonical(FloatVector v) {
        return v.blend(NAN, nan(v));
    }
}
