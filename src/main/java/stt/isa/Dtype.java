package stt.isa;

import java.util.Optional;

/**
 * NEURON_ISA_TPB_DTYPE (common.h:722). One table for every dtype code: its ISA name, element size in bytes
 * (0 where the model gives it no byte size) and the first generation that defines it. The codes from 0x10 on
 * decode by name but are never valid in an S2S2D2_STT word (SPEC §2).
 */
public enum Dtype implements Coded {
    INVALID(0x00, 0),
    UINT64(0x01, 8),
    INT8(0x02, 1),
    UINT8(0x03, 1),
    INT16(0x04, 2),
    UINT16(0x05, 2),
    BF16(0x06, 2),
    FP16(0x07, 2),
    INT32(0x08, 4),
    UINT32(0x09, 4),
    FP32(0x0A, 4),
    FP32R(0x0B, 4),
    INT64(0x0C, 8),
    FP8_E3M4(0x0D, 1),
    FP8_E4M3(0x0E, 1),
    FP8_E5M2(0x0F, 1),
    FP4_E2M1(0x10, 0, Generation.MARIANA),
    FP8_E2M5(0x11, 1, Generation.MAVERICK),
    INT4(0x12, 0, Generation.MAVERICK),
    SFP8_E8(0x13, 1, Generation.MAVERICK),
    SFP8_E7(0x14, 1, Generation.MAVERICK),
    SFP8_E6(0x15, 1, Generation.MAVERICK),
    SFP8_E5(0x16, 1, Generation.MAVERICK),
    CPTC1(0x19, 0, Generation.MARIANA),
    CPTC2(0x1A, 0, Generation.MARIANA),
    CPTC3(0x1B, 0, Generation.MARIANA),
    CPTC4(0x1C, 0, Generation.MARIANA),
    CPTC5(0x1D, 0, Generation.MARIANA),
    CPTC6(0x1E, 0, Generation.MARIANA),
    CPTC7(0x1F, 0, Generation.MARIANA);

    private final int code;
    private final int size;
    private final Generation since;

    Dtype(int code, int size) {
        this(code, size, Generation.SUNDA);
    }

    Dtype(int code, int size, Generation since) {
        this.code = code;
        this.size = size;
        this.since = since;
    }

    @Override
    public int code() {
        return code;
    }

    /** Element size in bytes; 0 for INVALID and for the sub-byte or opaque later formats. */
    public int size() {
        return size;
    }

    /** The first generation whose DTYPE enum has this code. */
    public Generation since() {
        return since;
    }

    /** The integer dtypes the int datapath handles (is_valid_int_dtype_datapath). */
    public boolean isIntDatapath() {
        return switch (this) {
            case INT8, INT16, INT32, UINT8, UINT16, UINT32 -> true;
            default -> false;
        };
    }

    public static Optional<Dtype> of(int code) {
        return Coded.byCode(Dtype.class, code);
    }
}
