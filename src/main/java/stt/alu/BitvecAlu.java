package stt.alu;

import stt.isa.AluOp;

/**
 * The bitvec ALU ops on {@code width}-bit integers (SPEC §5), operands and result in the low {@code width}
 * bits. Shift counts are {@code b} as an unsigned {@code width}-bit number; a count of {@code width} or more
 * shifts everything out ({@link stt.isa.Decision#SHIFT_COUNT}).
 */
public final class BitvecAlu {
    private BitvecAlu() {
    }

    public static int apply(AluOp op, int a, int b, int width) {
        int mask = width == 32 ? -1 : (1 << width) - 1;
        int count = b & mask;
        boolean overWide = Integer.compareUnsigned(count, width) >= 0;
        int r = switch (op) {
            case BYPASS -> a;
            case BITWISE_NOT -> ~a;
            case BITWISE_AND -> a & b;
            case BITWISE_OR -> a | b;
            case BITWISE_XOR -> a ^ b;
            case ARITH_SHIFT_LEFT, LOGICAL_SHIFT_LEFT -> overWide ? 0 : a << count;
            case LOGICAL_SHIFT_RIGHT -> overWide ? 0 : (a & mask) >>> count;
            case ARITH_SHIFT_RIGHT -> signExtend(a, width) >> (overWide ? 31 : count);
            default -> throw new IllegalArgumentException(op.isaName() + " is not a general-bitvec op");
        };
        return r & mask;
    }

    static int signExtend(int a, int width) {
        return a << (32 - width) >> (32 - width);
    }
}
