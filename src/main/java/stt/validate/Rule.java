package stt.validate;

import java.util.Locale;

/**
 * Every validity rule of SPEC §4, each named after the seed's predicate (or, where the seed names none, after
 * what it checks: see {@link stt.isa.Decision#INVENTED_RULE_NAMES}).
 */
public enum Rule {
    S2S2D2_STT_OPCODE,
    RESERVED_ZERO,
    VALID_ENUM_CODE,
    HAS_VALID_SCALAR_TENSOR_TENSOR_OP,
    HAS_VALID_TENSOR_TENSOR_SCAN_OP,
    HAS_VALID_SELECT_REDUCE_OP,
    IS_VALID_DTYPE,
    S2S2D2_STT_IMM0_DTYPE,
    HAS_VALID_SCALAR_TENSOR_TENSOR_DTYPES,
    S2S2D2_STT_SRC_DST_DTYPE,
    HAS_VALID_SELECT_REDUCE_DTYPES,
    HAS_VALID_SELECT_REDUCE_REV_OPS,
    HAS_VALID_S2S2D2_STT_ACCUM_CMD,
    HAS_VALID_S2S2D2_CPR_ACCUM_CMD,
    HAS_ZERO_ACCUM_CMD,
    HAS_VALID_S2S2D2_STT_IMMEDIATE,
    CHECK_ACTIVE_CHANNELS,
    START_ADDR_ACTIVE_CHANNELS,
    TENSOR2D_VALID,
    S2S2D2_STT_SRC_ELEMENT_CNT_CHECK,
    S2S2D2_STT_DST_ELEMENT_CNT_CHECK,
    TT_VALID_PARTITIONS;

    /** The predicate's name as reports show it, e.g. {@code has_valid_scalar_tensor_tensor_op}. */
    public String isaName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
