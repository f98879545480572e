package stt.alu;

import java.util.EnumSet;
import java.util.Set;
import stt.isa.AluOp;

/**
 * The arith ALU ops on fp32 (SPEC §5), {@code a} the first operand. Each result is rounded to fp32 by the
 * operation itself; a NaN result is the canonical quiet NaN ({@link stt.isa.Decision#CANONICAL_NAN}). Besides the
 * general-arith ops the Vector Engine runs, divide, pow and mod, which only the GpSimd engine runs
 * ({@link stt.isa.Decision#GPSIMD_ALU}): divide is IEEE fp32 {@code a / b} (RNE), pow the double
 * {@code StrictMath.pow} rounded once to fp32, mod NumPy's {@code np.mod} (the remainder takes the divisor's sign, as
 * NKI's {@code nl.mod} documents).
 */
public final class ArithAlu {
    public static final float CANONICAL_NAN = Float.intBitsToFloat(0x7fc0_0000);
    /** The ops {@link #apply} computes. */
    public static final Set<AluOp> OPS = java.util.Collections.unmodifiableSet(EnumSet.of(AluOp.BYPASS, AluOp.ADD,
            AluOp.SUBTRACT, AluOp.MULT, AluOp.DIVIDE, AluOp.MAX, AluOp.MIN, AluOp.IS_EQ, AluOp.IS_GT, AluOp.IS_GE,
            AluOp.IS_LE, AluOp.IS_LT, AluOp.IS_NE, AluOp.LOGICAL_AND, AluOp.LOGICAL_OR, AluOp.LOGICAL_XOR,
            AluOp.ABSOLUTE_DIFF, AluOp.ABSOLUTE_VALUE, AluOp.SQUARE, AluOp.RELU, AluOp.ABS_MAX, AluOp.ABS_MIN,
            AluOp.POW, AluOp.MOD));

    private ArithAlu() {
    }

    public static float apply(AluOp op, float a, float b) {
        float r = switch (op) {
            case BYPASS -> a;
            case ADD -> a + b;
            case SUBTRACT -> a - b;
            case MULT -> a * b;
            case MAX -> max(a, b);
            case MIN -> min(a, b);
            case IS_EQ -> bool(a == b);
            case IS_GT -> bool(a > b);
            case IS_GE -> bool(a >= b);
            case IS_LE -> bool(a <= b);
            case IS_LT -> bool(a < b);
            case IS_NE -> bool(!(a == b));
            case LOGICAL_AND -> bool(a != 0 && b != 0);
            case LOGICAL_OR -> bool(a != 0 || b != 0);
            case LOGICAL_XOR -> bool((a != 0) != (b != 0));
            case ABSOLUTE_DIFF -> Math.abs(a - b);
            case ABSOLUTE_VALUE -> Math.abs(a);
            case SQUARE -> a * a;
            case RELU -> max(a, 0.0f);
            case ABS_MAX -> max(Math.abs(a), Math.abs(b));
            case ABS_MIN -> min(Math.abs(a), Math.abs(b));
            case DIVIDE -> a / b;
            case POW -> (float) StrictMath.pow(a, b);
            case MOD -> mod(a, b);
            default -> throw new IllegalArgumentException(op.isaName() + " is not an arith op this model computes");
        };
        return canonical(r);
    }

    /** NumPy fmax: a NaN operand yields the other; {@code a >= b ? a : b} otherwise. */
    public static float max(float a, float b) {
        return Float.isNaN(a) ? b : Float.isNaN(b) ? a : a >= b ? a : b;
    }

    /** NumPy fmin: a NaN operand yields the other; {@code a <= b ? a : b} otherwise. */
    public static float min(float a, float b) {
        return Float.isNaN(a) ? b : Float.isNaN(b) ? a : a <= b ? a : b;
    }

    /** NumPy's float {@code np.mod}: fmod, moved by b when its sign differs from b's; a zero takes b's sign. */
    private static float mod(float a, float b) {
        float r = a % b;
        if (r == 0) {
            return Math.copySign(0.0f, b);
        }
        return (b < 0) != (r < 0) ? r + b : r;
    }

    public static float canonical(float r) {
        return Float.isNaN(r) ? CANONICAL_NAN : r;
    }

    private static float bool(boolean v) {
        return v ? 1.0f : 0.0f;
    }
}
