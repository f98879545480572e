package stt.fast;

import static jdk.incubator.vector.VectorOperators.ABS;
import static jdk.incubator.vector.VectorOperators.EQ;
import static jdk.incubator.vector.VectorOperators.GE;
import static jdk.incubator.vector.VectorOperators.GT;
import static jdk.incubator.vector.VectorOperators.IS_NAN;
import static jdk.incubator.vector.VectorOperators.LE;
import static jdk.incubator.vector.VectorOperators.LT;
import static jdk.incubator.vector.VectorOperators.NE;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import stt.alu.ArithAlu;
import stt.isa.AluOp;

/**
 * The two arith stages over float arrays, {@link Species#F} lanes at a time, each op exactly
 * {@link ArithAlu}'s: stages round to fp32 separately (no FMA) and a NaN result is the canonical NaN.
 */
final class ArithKernel {
    private static final FloatVector ZERO = FloatVector.zero(Species.F);
    private static final FloatVector ONE = FloatVector.broadcast(Species.F, 1.0f);
    private static final FloatVector NAN = FloatVector.broadcast(Species.F, ArithAlu.CANONICAL_NAN);

    private ArithKernel() {
    }

    /** r[i] = op1(op0(a[i], s), b[i]) with the operand swaps of reverse_operands, for i < n. */
    static void run(AluOp op0, AluOp op1, boolean swap0, boolean swap1, float s, float[] a, float[] b, float[] r,
            int n) {
        FloatVector sv = FloatVector.broadcast(Species.F, s);
        int i = 0;
        for (int bound = Species.F.loopBound(n); i < bound; i += Species.F.length()) {
            FloatVector av = FloatVector.fromArray(Species.F, a, i);
            FloatVector bv = FloatVector.fromArray(Species.F, b, i);
            FloatVector mid = swap0 ? apply(op0, sv, av) : apply(op0, av, sv);
            FloatVector res = swap1 ? apply(op1, bv, mid) : apply(op1, mid, bv);
            res.intoArray(r, i);
        }
        for (; i < n; i++) {
            float mid = swap0 ? ArithAlu.apply(op0, s, a[i]) : ArithAlu.apply(op0, a[i], s);
            r[i] = swap1 ? ArithAlu.apply(op1, b[i], mid) : ArithAlu.apply(op1, mid, b[i]);
        }
    }

    /** One op, {@code a} first; the vector twin of {@link ArithAlu#apply}. */
    static FloatVector apply(AluOp op, FloatVector a, FloatVector b) {
        return switch (op) {
            case MULT -> canonical(a.mul(b));
            case ADD -> canonical(a.add(b));
            case SUBTRACT -> canonical(a.sub(b));
            case BYPASS -> canonical(a);
            case MAX -> canonical(max(a, b));
            case MIN -> canonical(min(a, b));
            case IS_EQ -> bool(a.compare(EQ, b));
            case IS_GT -> bool(a.compare(GT, b));
            case IS_GE -> bool(a.compare(GE, b));
            case IS_LE -> bool(a.compare(LE, b));
            case IS_LT -> bool(a.compare(LT, b));
            case IS_NE -> bool(a.compare(EQ, b).not());
            case LOGICAL_AND -> bool(a.compare(NE, 0f).and(b.compare(NE, 0f)));
            case LOGICAL_OR -> bool(a.compare(NE, 0f).or(b.compare(NE, 0f)));
            case LOGICAL_XOR -> bool(a.compare(NE, 0f).eq(b.compare(NE, 0f)).not());
            case ABSOLUTE_DIFF -> canonical(a.sub(b).lanewise(ABS));
            case ABSOLUTE_VALUE -> canonical(a.lanewise(ABS));
            case SQUARE -> canonical(a.mul(a));
            case RELU -> canonical(max(a, ZERO));
            case ABS_MAX -> canonical(max(a.lanewise(ABS), b.lanewise(ABS)));
            case ABS_MIN -> canonical(min(a.lanewise(ABS), b.lanewise(ABS)));
            default -> throw new IllegalArgumentException(op.isaName() + " is not a general-arith op");
        };
    }

    /** isNaN(a) ? b : isNaN(b) ? a : a >= b ? a : b. */
    private static FloatVector max(FloatVector a, FloatVector b) {
        return b.blend(a, a.compare(GE, b)).blend(a, b.test(IS_NAN)).blend(b, a.test(IS_NAN));
    }

    /** isNaN(a) ? b : isNaN(b) ? a : a <= b ? a : b. */
    private static FloatVector min(FloatVector a, FloatVector b) {
        return b.blend(a, a.compare(LE, b)).blend(a, b.test(IS_NAN)).blend(b, a.test(IS_NAN));
    }

    private static FloatVector bool(VectorMask<Float> m) {
        return ZERO.blend(ONE, m);
    }

    private static FloatVector canonical(FloatVector v) {
        return v.blend(NAN, v.test(IS_NAN));
    }
}
