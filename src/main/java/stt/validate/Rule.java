package stt.validate;

import java.util.Locale;

/**
 * Every validity rule, each named after the seed's or the headers' predicate (SPEC §4, FAMILY.md §3), or, where
 * no source names one, after what it checks (see {@link stt.isa.Decision#INVENTED_RULE_NAMES}).
 */
public enum Rule {
    HAS_VALID_OPCODE,
    RESERVED_ZERO,
    S3D3_TS_RESERVED_ZERO,
    D1_RD_RESERVED_ZERO,
    D4_MR_RESERVED_ZERO,
    S4D4_TR_RESERVED_ZERO,
    D4_IOTA_RESERVED_ZERO,
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
    TENSOR1D_VALID,
    TENSOR2D_VALID,
    TENSOR3D_VALID,
    TENSOR4D_VALID,
    S2S2D2_STT_SRC_ELEMENT_CNT_CHECK,
    S2S2D2_STT_DST_ELEMENT_CNT_CHECK,
    TT_VALID_PARTITIONS,
    S3S3D3_TT_VALID_OP,
    S3S3D3_TT_DTYPE,
    S3S3D3_TT_SRC_DST_DTYPE,
    S3S3D3_TT_VALID_INT_SIGNNESS,
    S3S3D3_TT_SRC_ELEMENT_CNT_CHECK,
    S3S3D3_TT_DST_ELEMENT_CNT_CHECK,
    S3S3D3_COPY_PRED_SRC0_DTYPE,
    S3S3D3_COPY_CAST_PRED_SRC1_DST_DTYPE,
    S3S3D3_TT_IS_ZERO_OP,
    MASK_ENABLE_ZERO,
    IS_ZERO_SUBDIM,
    S4D4_TR_SAME_SRC_DST_COUNT,
    S4D4_TR_OP_BYPASS,
    S4D4_TR_SAME_SRC_DST_TYPE,
    HAS_ZERO_NEGATED_FIELD,
    MEMSET_SET_VALUE_TYPE,
    D4_MR_ZERO_SERIALIZATION,
    D4_MR_DST_ELEMENT_COUNT,
    D4_IOTA_SAME_SRC_DST_COUNT;

    /** tensorNd_valid for a pattern of {@code rank} dimensions. */
    public static Rule tensorValid(int rank) {
        return switch (rank) {
            case 1 -> TENSOR1D_VALID;
            case 2 -> TENSOR2D_VALID;
            case 3 -> TENSOR3D_VALID;
            default -> TENSOR4D_VALID;
        };
    }

    /** The predicate's name as reports show it, e.g. {@code has_valid_scalar_tensor_tensor_op}. */
    public String isaName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
