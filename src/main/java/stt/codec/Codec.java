package stt.codec;

import java.util.ArrayList;
import java.util.List;

/** Bytes to and from {@link S2S2D2_STT} words, driven by the {@link Field} table. Decoding is total. */
public final class Codec {
    private Codec() {
    }

    public static S2S2D2_STT decode(byte[] bytes, int base) {
        if (base < 0 || bytes.length - base < S2S2D2_STT.SIZE) {
            throw new IllegalArgumentException("a word needs 64 bytes at offset " + base + "; "
                    + Math.max(0, bytes.length - base) + " are there");
        }
        FieldValues v = new FieldValues();
        for (Field f : Field.values()) {
            v.set(f, f.read(bytes, base));
        }
        return v.build();
    }

    public static S2S2D2_STT decode(byte[] word) {
        if (word.length != S2S2D2_STT.SIZE) {
            throw new IllegalArgumentException("a word is 64 bytes; got " + word.length);
        }
        return decode(word, 0);
    }

    public static byte[] encode(S2S2D2_STT instr) {
        byte[] word = new byte[S2S2D2_STT.SIZE];
        encodeInto(instr, word, 0);
        return word;
    }

    public static void encodeInto(S2S2D2_STT instr, byte[] out, int base) {
        for (Field f : Field.values()) {
            f.write(out, base, f.get(instr));
        }
    }

    /**
     * Decodes a program: consecutive 64-byte words.
     *
     * @throws IllegalArgumentException when the length is not a multiple of 64, saying how many bytes are left
     */
    public static List<S2S2D2_STT> decodeAll(byte[] bytes) {
        int left = bytes.length % S2S2D2_STT.SIZE;
        if (left != 0) {
            throw new IllegalArgumentException(bytes.length + " bytes is not a whole number of 64-byte words: "
                    + left + " bytes left over after " + bytes.length / S2S2D2_STT.SIZE + " words");
        }
        List<S2S2D2_STT> words = new ArrayList<>(bytes.length / S2S2D2_STT.SIZE);
        for (int base = 0; base < bytes.length; base += S2S2D2_STT.SIZE) {
            words.add(decode(bytes, base));
        }
        return words;
    }

    public static byte[] encodeAll(List<S2S2D2_STT> words) {
        byte[] out = new byte[words.size() * S2S2D2_STT.SIZE];
        for (int k = 0; k < words.size(); k++) {
            encodeInto(words.get(k), out, k * S2S2D2_STT.SIZE);
        }
        return out;
    }
}
