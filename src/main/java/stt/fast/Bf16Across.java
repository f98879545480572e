package stt.fast;

import static jdk.incubator.vector.VectorOperators.NE;
import static stt.fast.ArithKernel.I16;
import static stt.fast.ArithKernel.NAN;
import static stt.fast.ArithKernel.NAN128;
import static stt.fast.ArithKernel.NAN256;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * The fused bf16 mult/add on short rows, all lanes at once, as {@link ArithKernel#multAddAcrossFp32} for fp32: a row
 * of a few bf16 elements is shorter than one pair vector ({@link Bf16}: 2 × {@link Species#F} elements), so lane by
 * lane it would run wholly in the scalar tail.
 */
final class Bf16Across {
    private Bf16Across() {
    }

    /**
     * {@code dst = a * s[c] + b} on lanes c = 0 .. lanes-1 of {@code n} bf16 elements each, rows {@code pitch} bytes
     * apart ({@code a * s[c] + t[c]}, Tensor-Scalar's, when {@code segB} is null): the element block outermost, the
     * lanes inside; the rows' tails as 256- then 128-bit pair vectors (16 and 8 elements), the last few elements one
     * by one. Two roundings and the canonical NaN, as {@link ArithKernel#multAddContiguousBf16}.
     */
    static void multAdd(float[] s, float[] t, MemorySegment segA, long atA, long pitchA, MemorySegment segB, long atB,
            long pitchB, MemorySegment segD, long atD, long pitchD, int lanes, int n) {
        int i = 0;
        for (int e = n - n % (2 * Species.F.length()); i < e; i += 2 * Species.F.length()) {
            for (int c = 0; c < lanes; c++) {
                pairs(Species.I, NAN, s[c], t == null ? 0 : t[c], segA, atA + c * pitchA + 2L * i, segB,
                        atB + c * pitchB + 2L * i, segD, atD + c * pitchD + 2L * i);
            }
        }
        if (Species.F.length() > 8 && n - i >= 16) {
            for (int c = 0; c < lanes; c++) {
                pairs(Species.I256, NAN256, s[c], t == null ? 0 : t[c], segA, atA + c * pitchA + 2L * i, segB,
                        atB + c * pitchB + 2L * i, segD, atD + c * pitchD + 2L * i);
            }
            i += 16;
        }
        if (Species.F.length() > 4 && n - i >= 8) {
            for (int c = 0; c < lanes; c++) {
                pairs(Species.I128, NAN128, s[c], t == null ? 0 : t[c], segA, atA + c * pitchA + 2L * i, segB,
                        atB + c * pitchB + 2L * i, segD, atD + c * pitchD + 2L * i);
            }
            i += 8;
        }
        for (int c = 0; c < lanes; c++) {
            for (int k = i; k < n; k++) {
                float b = segB == null ? t[c] : Bf16.widenOne(segB.get(I16, atB + c * pitchB + 2L * k));
                float a = Bf16.widenOne(segA.get(I16, atA + c * pitchA + 2L * k));
                segD.set(I16, atD + c * pitchD + 2L * k, Bf16.narrowCanonical(ArithKernel.multAddTail(a, s[c], b)));
            }
        }
    }

    /**
     * One vector of bf16 pairs of {@code a * s + b} ({@code a * s + t} when {@code segB} is null) in species
     * {@code sp}, {@code nan} the canonical NaN in the float species of its shape. The launchers force this helper
     * inline (scripts/stt.options), so {@code sp} is a constant at every call, as the Vector API's intrinsics need.
     */
    private static void pairs(VectorSpecies<Integer> sp, FloatVector nan, float s, float t, MemorySegment segA,
            long atA, MemorySegment segB, long atB, MemorySegment segD, long atD) {
        IntVector x = IntVector.fromMemorySegment(sp, segA, atA, ByteOrder.LITTLE_ENDIAN);
        FloatVector even = Bf16.even(x).mul(s);
        FloatVector odd = Bf16.odd(x).mul(s);
        if (segB == null) {
            even = even.add(t);
            odd = odd.add(t);
        } else {
            IntVector y = IntVector.fromMemorySegment(sp, segB, atB, ByteOrder.LITTLE_ENDIAN);
            even = even.add(Bf16.even(y));
            odd = odd.add(Bf16.odd(y));
        }
        Bf16.pairsCanonical(even.blend(nan, even.compare(NE, even)), odd.blend(nan, odd.compare(NE, odd)))
                .intoMemorySegment(segD, atD, ByteOrder.LITTLE_ENDIAN);
    }
}
