package stt.isa;

import java.util.Optional;

/**
 * NEURON_ISA_TPB_ALU_OP (common.h:939) with the first generation whose enum defines each op (SPEC §2).
 * The general-arith and general-bitvec sets are decided per generation by {@link Generation}.
 */
public enum AluOp implements Coded {
    BYPASS(0x00), BITWISE_NOT(0x01), ARITH_SHIFT_LEFT(0x02), ARITH_SHIFT_RIGHT(0x03),
    ADD(0x04), SUBTRACT(0x05), MULT(0x06), DIVIDE(0x07), MAX(0x08), MIN(0x09),
    BITWISE_AND(0x0A), BITWISE_OR(0x0B), BITWISE_XOR(0x0C),
    LOGICAL_AND(0x0D), LOGICAL_OR(0x0E), LOGICAL_XOR(0x0F),
    LOGICAL_SHIFT_LEFT(0x10), LOGICAL_SHIFT_RIGHT(0x11),
    IS_EQ(0x12), IS_GT(0x13), IS_GE(0x14), IS_LE(0x15), IS_LT(0x16),
    ABSOLUTE_DIFF(0x17), IS_NE(0x18), ABSOLUTE_VALUE(0x19), POW(0x1A), MOD(0x1B), CRC32(0x1C), RSQRT(0x1D),
    ABS_MAX(0x20, Generation.MARIANA), ABS_MIN(0x21, Generation.MARIANA), RELU(0x22, Generation.MARIANA),
    SQUARE(0x23, Generation.MARIANA), SYMMETRIC_CLAMP(0x24, Generation.MAVERICK),
    ADD_INT(0xC4, Generation.CAYMAN), MULT_INT(0xC5, Generation.CAYMAN), SUBTRACT_INT(0xC6, Generation.CAYMAN),
    DIVIDE_INT(0xC7, Generation.CAYMAN), MOD_INT(0xC8, Generation.CAYMAN), IS_EQUAL_INT(0xC9, Generation.CAYMAN),
    IS_NE_INT(0xCA, Generation.CAYMAN), ABS_MAX_INT(0xCB), ABS_MIN_INT(0xCC),
    ABS_DIFF_INT(0xCD, Generation.CAYMAN), ABS_VALUE_INT(0xCE, Generation.CAYMAN), MAX_INT(0xCF, Generation.CAYMAN),
    MIN_INT(0xD0, Generation.CAYMAN), IS_GT_INT(0xD1, Generation.CAYMAN), IS_GE_INT(0xD2, Generation.CAYMAN),
    IS_LE_INT(0xD3, Generation.CAYMAN), IS_LT_INT(0xD4, Generation.CAYMAN), MAX_UINT(0xD5, Generation.CAYMAN),
    MIN_UINT(0xD6, Generation.CAYMAN), IS_GT_UINT(0xD7, Generation.CAYMAN), IS_GE_UINT(0xD8, Generation.CAYMAN),
    IS_LE_UINT(0xD9, Generation.CAYMAN), IS_LT_UINT(0xDA, Generation.CAYMAN), MULT_UINT(0xDB, Generation.CAYMAN),
    DIVIDE_UINT(0xDC, Generation.CAYMAN), MOD_UINT(0xDD, Generation.CAYMAN), AMAX_INT(0xDE, Generation.CAYMAN),
    AMIN_INT(0xDF, Generation.CAYMAN), AMAX_UINT(0xE0, Generation.CAYMAN), AMIN_UINT(0xE1, Generation.CAYMAN);

    private final int code;
    private final Generation since;

    AluOp(int code) {
        this(code, Generation.SUNDA);
    }

    AluOp(int code, Generation since) {
        this.code = code;
        this.since = since;
    }

    @Override
    public int code() {
        return code;
    }

    /** True when {@code gen}'s ALU_OP enum defines this op. */
    public boolean definedOn(Generation gen) {
        return gen.compareTo(since) >= 0;
    }

    public static Optional<AluOp> of(int code) {
        return Coded.byCode(AluOp.class, code);
    }
}
