package stt.alu;

import stt.isa.AluOp;

/**
 * The arith ALU ops on fp32 (SPEC §5), {@code a} the first operand. Each result is rounded to fp32 by the
 * operation itself; a NaN result is the canonical quiet NaN ({@link stt.isa.Decision#CANONICAL_NAN}).
 */
public final class ArithAlu {
    public static final float CANONICAL_NAN = Float.intBitsToFloat(0x7fc0_0000);

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
            default -> throw new IllegalArgumentException(op.isaName() + " is not a general-arith op");
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

    public static float canonical(float r) {
        return Float.isNaN(r) ? CANONICAL_NAN : r;
    }

    private static float bool(boolean v) {
        return v ? 1.0f : 0.0f;
    }
}
