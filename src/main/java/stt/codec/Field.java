package stt.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import stt.isa.CodeNames;

/**
 * One leaf field of a word layout: {@code bits} wide, starting at bit {@code shift} of the little-endian
 * {@code bytes}-byte group at {@code offset}. {@code names} is set for enumeration fields (kept raw when a code
 * is unknown). Every field fits 32 bits, so a value is a {@code long} in [{@link #min()}, {@link #max()}].
 */
public record Field(String name, int offset, int bytes, int shift, int bits, Kind kind, CodeNames names) {
    /** What a field holds, which decides how text and JSON show it. */
    public enum Kind {
        /** An unsigned integer. */
        UNSIGNED,
        /** A two's-complement integer (the i16 steps, i32 values). */
        SIGNED,
        /** A code of {@link Field#names()}. */
        ENUM,
        /** An ADDR4 start address (marker in the top byte). */
        ADDR4,
        /** An IMM_VAL_INST_FIELD: fp32 / int / pointer / register by its source field and the opcode. */
        IMM4,
        /** One byte of a reserved group or of a raw word's body. */
        BYTE
    }

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    public Field {
        if (bytes != 1 && bytes != 2 && bytes != 4) {
            throw new IllegalArgumentException(name + ": a field is 1, 2 or 4 bytes, not " + bytes);
        }
        if (shift < 0 || bits < 1 || shift + bits > 8 * bytes) {
            throw new IllegalArgumentException(name + ": bits " + shift + ".." + (shift + bits - 1)
                    + " do not fit " + bytes + " bytes");
        }
        if ((kind == Kind.ENUM) != (names != null)) {
            throw new IllegalArgumentException(name + ": an enum field needs its names, and only it");
        }
    }

    /** A whole-bytes field. */
    public static Field of(String name, int offset, int bytes, Kind kind, CodeNames names) {
        return new Field(name, offset, bytes, 0, 8 * bytes, kind, names);
    }

    public boolean signed() {
        return kind == Kind.SIGNED;
    }

    public long min() {
        return signed() ? -(1L << (bits - 1)) : 0;
    }

    public long max() {
        return signed() ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
    }

    /** Reads the field from the word starting at {@code base} of {@code word}. */
    public long read(byte[] word, int base) {
        int at = base + offset;
        long group = switch (bytes) {
            case 1 -> word[at] & 0xffL;
            case 2 -> (short) SHORT.get(word, at) & 0xffffL;
            default -> (int) INT.get(word, at) & 0xffff_ffffL;
        };
        long v = bits == 8 * bytes ? group : (group >>> shift) & ((1L << bits) - 1);
        return signed() && v > max() ? v - (1L << bits) : v;
    }

    /** Writes {@code value} (already in range) into the field's bits of the word starting at {@code base}. */
    public void write(byte[] word, int base, long value) {
        long mask = ((1L << bits) - 1) << shift;
        for (int b = 0; b < bytes; b++) {
            int byteMask = (int) (mask >>> (8 * b)) & 0xff;
            int byteBits = (int) ((value << shift) >>> (8 * b)) & byteMask;
            int at = base + offset + b;
            word[at] = (byte) ((word[at] & ~byteMask) | byteBits);
        }
    }

    /** The value range check every writer uses: the message names the field, the value and the range. */
    public long checked(long value) {
        if (value < min() || value > max()) {
            throw new IllegalArgumentException(name + " = " + value + " is out of range; allowed: " + min() + ".."
                    + max());
        }
        return value;
    }
}
