package stt.npy;

import java.util.Map;
import java.util.Optional;
import stt.isa.Dtype;

/** NumPy type strings (little-endian form) and the machine dtypes they store. */
final class NpyTypes {
    /** The NumPy types the model reads and writes, each with the machine dtype of the same storage. */
    static final Map<String, Dtype> STORAGE = Map.of(
            "|u1", Dtype.UINT8, "|i1", Dtype.INT8, "<u2", Dtype.UINT16, "<i2", Dtype.INT16,
            "<u4", Dtype.UINT32, "<i4", Dtype.INT32, "<f2", Dtype.FP16, "<f4", Dtype.FP32);
    /** Other plain numeric types that read fine but are not machine dtypes. */
    static final java.util.Set<String> READABLE_ONLY = java.util.Set.of("|b1", "<u8", "<i8", "<f8");

    private NpyTypes() {
    }

    static Optional<Dtype> dtypeOf(String descr) {
        return Optional.ofNullable(STORAGE.get(descr));
    }

    /** The type an array of {@code dtype} is written as: its own, or its bits (bf16, fp8) as unsigned ints. */
    static String descrOf(Dtype dtype) {
        return switch (dtype) {
            case UINT8, FP8_E3M4, FP8_E4M3, FP8_E5M2 -> "|u1";
            case INT8 -> "|i1";
            case UINT16, BF16 -> "<u2";
            case INT16 -> "<i2";
            case UINT32 -> "<u4";
            case INT32 -> "<i4";
            case FP16 -> "<f2";
            case FP32, FP32R -> "<f4";
            default -> throw new IllegalArgumentException(dtype.isaName() + " has no NumPy storage type here");
        };
    }
}
