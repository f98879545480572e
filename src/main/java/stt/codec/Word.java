package stt.codec;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import stt.isa.Coded;
import stt.isa.Opcode;

/**
 * One decoded 64-byte instruction word: its bytes, read through the layout of its {@link Format} (chosen by the
 * opcode byte). Any 64 bytes are a word, and a word encodes back to exactly its bytes. Immutable; a
 * {@link Builder} makes new ones field by field.
 */
public final class Word {
    public static final int SIZE = Layout.WORD_BYTES;
    /**
     * Whether the caches keyed by a word's bytes (verdicts, resolved instructions) are used. {@code -Dstt.memo=off}
     * turns them off, as mutation testing needs: a verdict or a resolution cached by one test would hide a mutant
     * from the next.
     */
    public static final boolean MEMO = !"off".equals(System.getProperty("stt.memo"));

    private final byte[] bytes;
    private final Format format;
    /** The patterns, read once when first asked for (immutable values; a race only reads them twice). */
    private volatile TensorPattern[] patterns;
    /** {@link Arrays#hashCode} of the bytes, once asked for (0 until then, as String's). */
    private int hash;

    private Word(byte[] bytes) {
        this.bytes = bytes;
        this.format = Format.of(bytes[0]);
    }

    /** The word held by {@code SIZE} bytes of {@code from} at {@code base}. */
    public static Word decode(byte[] from, int base) {
        return new Word(Arrays.copyOfRange(from, base, base + SIZE));
    }

    public Format format() {
        return format;
    }

    public Layout layout() {
        return format.layout();
    }

    /** The opcode byte. */
    public int opcodeCode() {
        return bytes[0] & 0xff;
    }

    /** The opcode, if the model knows it. */
    public Optional<Opcode> opcode() {
        return Opcode.of(opcodeCode());
    }

    /** The text mnemonic: the opcode's, or {@code opcode_0xNN} for an unknown one. */
    public String mnemonic() {
        return opcode().map(Opcode::mnemonic).orElseGet(() -> "opcode_" + Coded.hex(opcodeCode()));
    }

    /** The value of {@code f}, a field of this word's layout. */
    public long get(Field f) {
        return f.read(bytes, 0);
    }

    /** The value of {@code f} as an int (u32 fields keep their bits). */
    public int getInt(Field f) {
        return (int) f.read(bytes, 0);
    }

    /** The value of the field called {@code name}. */
    public long get(String name) {
        return get(layout().field(name));
    }

    public TensorPattern pattern(Layout.Pattern p) {
        List<Layout.Pattern> all = layout().patterns();
        int k = indexOf(all, p);
        if (k < 0) {
            throw new IllegalArgumentException(layout().name() + " has no pattern " + p.name());
        }
        TensorPattern[] cache = patterns;
        if (cache == null) {
            cache = new TensorPattern[all.size()];
            for (int i = 0; i < cache.length; i++) {
                Layout.Pattern q = all.get(i);
                cache[i] = new TensorPattern(getInt(q.start()), values(q.steps()), values(q.nums()));
            }
            patterns = cache;
        }
        return cache[k];
    }

    /** {@code p}'s place in {@code all}: by identity first, as the layout's own patterns are asked for (a record's
     * equals compares every field list, which costs more than the rest of an operand's resolution). */
    private static int indexOf(List<Layout.Pattern> all, Layout.Pattern p) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i) == p) {
                return i;
            }
        }
        return all.indexOf(p);
    }

    public TensorPattern pattern(String name) {
        return pattern(layout().pattern(name));
    }

    private int[] values(List<Field> fields) {
        int[] v = new int[fields.size()];
        for (int k = 0; k < v.length; k++) {
            v[k] = getInt(fields.get(k));
        }
        return v;
    }

    /** A copy of the 64 bytes. */
    public byte[] bytes() {
        return bytes.clone();
    }

    public void copyTo(byte[] out, int base) {
        System.arraycopy(bytes, 0, out, base, SIZE);
    }

    public Builder toBuilder() {
        return new Builder(bytes.clone());
    }

    /** A builder for a word of {@code opcode} (an unknown one gives a raw word), every other byte zero. */
    public static Builder builder(int opcode) {
        byte[] b = new byte[SIZE];
        b[0] = (byte) Layout.OPCODE.checked(opcode);
        return new Builder(b);
    }

    public static Builder builder(Opcode opcode) {
        return builder(opcode.code());
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof Word w && Arrays.equals(w.bytes, bytes);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = Arrays.hashCode(bytes);
            hash = h;
        }
        return h;
    }

    @Override
    public String toString() {
        return mnemonic() + "[" + HexFormat.ofDelimiter(" ").formatHex(bytes) + "]";
    }

    /**
     * Sets fields by name on a copy of a word. The opcode byte, and so the layout, is fixed when the builder is
     * made; every value is range-checked and the error names the field.
     */
    public static final class Builder {
        private final byte[] bytes;
        private final Layout layout;

        private Builder(byte[] bytes) {
            this.bytes = bytes;
            this.layout = Format.of(bytes[0]).layout();
        }

        public Layout layout() {
            return layout;
        }

        public long get(Field f) {
            return f.read(bytes, 0);
        }

        public Builder set(Field f, long value) {
            f.write(bytes, 0, f.checked(value));
            return this;
        }

        public Builder set(String name, long value) {
            if (name.equals(Layout.OPCODE.name())) {
                throw new IllegalArgumentException("the opcode decides the layout: make a new builder for it");
            }
            return set(layout.field(name), value);
        }

        /** Sets {@code name}'s start address, steps and counts; ranks must match. */
        public Builder pattern(String name, TensorPattern t) {
            Layout.Pattern p = layout.pattern(name);
            if (t.rank() != p.rank()) {
                throw new IllegalArgumentException(name + " is a " + p.rank() + "-D pattern in " + layout.name()
                        + "; got " + t.rank() + " dimensions");
            }
            set(p.start(), Integer.toUnsignedLong(t.start_addr()));
            for (int d = 0; d < t.rank(); d++) {
                set(p.steps().get(d), t.step(d));
                set(p.nums().get(d), t.num(d));
            }
            return this;
        }

        public Word build() {
            return new Word(bytes.clone());
        }
    }
}
