package stt.npy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Optional;
import stt.isa.Dtype;

/**
 * An n-dimensional NumPy array held as little-endian, C-order bytes. {@code descr} is the little-endian NumPy
 * type string ({@code <f4}, {@code |u1} ...), whatever byte order the file used.
 */
public record NpyArray(String descr, long[] shape, byte[] data) {
    public NpyArray {
        shape = shape.clone();
        if (data.length != elementCount(shape) * itemSize(descr)) {
            throw new IllegalArgumentException("data holds " + data.length + " bytes; shape "
                    + Arrays.toString(shape) + " of " + descr + " needs " + elementCount(shape) * itemSize(descr));
        }
    }

    /** An array of {@code dtype}'s storage type: bf16 and fp8 as their bit patterns ({@code <u2}, {@code |u1}). */
    public static NpyArray of(Dtype dtype, long[] shape, byte[] data) {
        return new NpyArray(NpyTypes.descrOf(dtype), shape, data);
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }

    public int itemSize() {
        return itemSize(descr);
    }

    public long elementCount() {
        return elementCount(shape);
    }

    /** The machine dtype whose storage this array's type is, if any ({@code <u2} gives uint16). */
    public Optional<Dtype> dtype() {
        return NpyTypes.dtypeOf(descr);
    }

    public ByteBuffer buffer() {
        return ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
    }

    static int itemSize(String descr) {
        return Integer.parseInt(descr.substring(2));
    }

    static long elementCount(long[] shape) {
        long n = 1;
        for (long d : shape) {
            n *= d;
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NpyArray a && descr.equals(a.descr) && Arrays.equals(shape, a.shape)
                && Arrays.equals(data, a.data);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * descr.hashCode() + Arrays.hashCode(shape)) + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "NpyArray[" + descr + ", shape=" + Arrays.toString(shape) + "]";
    }
}
