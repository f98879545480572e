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
    /** True for the signed integer dtypes (two's complement). */
    public boolean isSignedInt() {
        return this == INT8 || this == INT16 || this == INT32 || this == INT64;
    }

    public boolean isIntDatapath() {
        return switch (this) {
            case INT8, INT16, INT32, UINT8, UINT16, UINT32 -> true;
            default -> false;
        };
    }

    /** True for the float formats (bf16, fp16, fp32, fp32r, fp8). */
    public boolean isFloat() {
        return switch (this) {
            case BF16, FP16, FP32, FP32R, FP8_E3M4, FP8_E4M3, FP8_E5M2 -> true;
            default -> false;
        };
    }

    /**
     * The fp32 value of an element whose bits are the low {@code 8 * size()} bits of {@code raw} (SPEC §5): exact
     * but for int32/uint32 beyond 2^24, which round to nearest even.
     */
    public float toFp32(int raw) {
        return switch (this) {
            case INT8 -> (byte) raw;
            case UINT8 -> raw & 0xff;
            case INT16 -> (short) raw;
            case UINT16 -> raw & 0xffff;
            case INT32 -> raw;
            case UINT32 -> Integer.toUnsignedLong(raw);
            case BF16 -> NarrowFloat.BF16.toFp32(raw & 0xffff);
            case FP16 -> fp16ToFp32(raw);
            case FP32, FP32R -> Float.intBitsToFloat(raw);
            case FP8_E3M4 -> NarrowFloat.FP8_E3M4.toFp32(raw & 0xff);
            case FP8_E4M3 -> NarrowFloat.FP8_E4M3.toFp32(raw & 0xff);
            case FP8_E5M2 -> NarrowFloat.FP8_E5M2.toFp32(raw & 0xff);
            default -> throw new IllegalStateException(isaName() + " has no conversion to fp32");
        };
    }

    /**
     * The bits of {@code f} in this dtype (SPEC §5): floats round to nearest even, overflow to ±inf, keep NaN
     * and subnormals; integers truncate toward zero and saturate, NaN giving 0. fp32r stores the fp32 bits.
     */
    public int fromFp32(float f) {
        return switch (this) {
            case INT8 -> saturate(f, Byte.MIN_VALUE, Byte.MAX_VALUE) & 0xff;
            case UINT8 -> saturate(f, 0, 0xff);
            case INT16 -> saturate(f, Short.MIN_VALUE, Short.MAX_VALUE) & 0xffff;
            case UINT16 -> saturate(f, 0, 0xffff);
            case INT32 -> (int) f;
            case UINT32 -> (int) Math.clamp((long) f, 0L, 0xffff_ffffL);
            case BF16 -> NarrowFloat.BF16.fromFp32(f);
            case FP16 -> fp16(f);
            case FP32, FP32R -> Float.floatToRawIntBits(f);
            case FP8_E3M4 -> NarrowFloat.FP8_E3M4.fromFp32(f);
            case FP8_E4M3 -> NarrowFloat.FP8_E4M3.fromFp32(f);
            case FP8_E5M2 -> NarrowFloat.FP8_E5M2.fromFp32(f);
            default -> throw new IllegalStateException(isaName() + " has no conversion from fp32");
        };
    }

    private static int saturate(float f, int min, int max) {
        return (int) Math.clamp((long) f, min, max);
    }

    /** The JDK's float16 widening, except that a NaN keeps its payload unquieted, as NumPy does. */
    private static float fp16ToFp32(int raw) {
        if ((raw & 0x7c00) == 0x7c00 && (raw & 0x3ff) != 0) {
            return Float.intBitsToFloat((raw & 0x8000) << 16 | 0x7f80_0000 | (raw & 0x3ff) << 13);
        }
        return Float.float16ToFloat((short) raw);
    }

    /** The JDK's RNE float16 conversion; a NaN keeps its top payload bits and stays a NaN, as NumPy does. */
    private static int fp16(float f) {
        if (!Float.isNaN(f)) {
            return Float.floatToFloat16(f) & 0xffff;
        }
        int bits = Float.floatToRawIntBits(f);
        int h = (bits >>> 16 & 0x8000) | 0x7c00 | (bits & 0x7f_ffff) >>> 13;
        return (h & 0x3ff) == 0 ? h | 1 : h;
    }

    public static Optional<Dtype> of(int code) {
        return Coded.byCode(Dtype.class, code);
    }
}
