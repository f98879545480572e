package stt.machine;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import stt.isa.Dtype;

/**
 * A typed 2-D tensor: {@code rows x cols} elements of {@code dtype}, row-major, little-endian bytes. Row r
 * lives in partition {@code P + r} when written to a machine at partition P.
 */
public record Tile(Dtype dtype, int rows, int cols, byte[] data) {
    public Tile {
        if (dtype.size() == 0 || dtype.size() > 4) {
            throw new IllegalArgumentException(dtype.isaName() + " is not a machine element dtype");
        }
        if (rows < 0 || cols < 0 || data.length != (long) rows * cols * dtype.size()) {
            throw new IllegalArgumentException("a " + rows + "x" + cols + " " + dtype.isaName() + " tile needs "
                    + (long) rows * cols * dtype.size() + " bytes; got " + data.length);
        }
    }

    public static Tile zeros(Dtype dtype, int rows, int cols) {
        return new Tile(dtype, rows, cols, new byte[rows * cols * dtype.size()]);
    }

    /** A tile whose elements are {@code values} (row-major) converted from fp32 to {@code dtype}. */
    public static Tile ofFloats(Dtype dtype, int rows, int cols, float... values) {
        Tile t = zeros(dtype, rows, cols);
        ByteBuffer b = ByteBuffer.wrap(t.data).order(ByteOrder.LITTLE_ENDIAN);
        int size = dtype.size();
        for (int k = 0; k < values.length; k++) {
            int bits = dtype.fromFp32(values[k]);
            switch (size) {
                case 1 -> b.put(k, (byte) bits);
                case 2 -> b.putShort(2 * k, (short) bits);
                default -> b.putInt(4 * k, bits);
            }
        }
        return t;
    }

    /** Every element converted to fp32 (SPEC §5), row-major. */
    public float[] toFloats() {
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        float[] out = new float[rows * cols];
        int size = dtype.size();
        for (int k = 0; k < out.length; k++) {
            int raw = switch (size) {
                case 1 -> b.get(k) & 0xff;
                case 2 -> b.getShort(2 * k) & 0xffff;
                default -> b.getInt(4 * k);
            };
            out[k] = dtype.toFp32(raw);
        }
        return out;
    }

    public int rowBytes() {
        return cols * dtype.size();
    }

    /** The raw bits of element (r, c), zero-extended. */
    public int bits(int r, int c) {
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int at = (r * cols + c) * dtype.size();
        return switch (dtype.size()) {
            case 1 -> b.get(at) & 0xff;
            case 2 -> b.getShort(at) & 0xffff;
            default -> b.getInt(at);
        };
    }

    public void setBits(int r, int c, int bits) {
        ByteBuffer b = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        int at = (r * cols + c) * dtype.size();
        switch (dtype.size()) {
            case 1 -> b.put(at, (byte) bits);
            case 2 -> b.putShort(at, (short) bits);
            default -> b.putInt(at, bits);
        }
    }

    /** Element (r, c) converted to fp32. */
    public float get(int r, int c) {
        return dtype.toFp32(bits(r, c));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Tile t && dtype == t.dtype && rows == t.rows && cols == t.cols
                && Arrays.equals(data, t.data);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(data) * 31 + dtype.hashCode();
    }

    @Override
    public String toString() {
        return "Tile[" + dtype.isaName() + " " + rows + "x" + cols + "]";
    }
}
