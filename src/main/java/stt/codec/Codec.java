package stt.codec;

import java.util.ArrayList;
import java.util.List;

/** Programs to and from bytes: consecutive 64-byte words. Decoding is total. */
public final class Codec {
    private Codec() {
    }

    /** The word at {@code base} of {@code bytes}; throws naming how many bytes are there when fewer than 64. */
    public static Word decode(byte[] bytes, int base) {
        if (base < 0 || bytes.length - base < Word.SIZE) {
            throw new IllegalArgumentException("a word needs 64 bytes at offset " + base + "; "
                    + Math.max(0, bytes.length - base) + " are there");
        }
        return Word.decode(bytes, base);
    }

    public static Word decode(byte[] word) {
        if (word.length != Word.SIZE) {
            throw new IllegalArgumentException("a word is 64 bytes; got " + word.length);
        }
        return Word.decode(word, 0);
    }

    public static byte[] encode(Word word) {
        return word.bytes();
    }

    /**
     * Decodes a program: consecutive 64-byte words.
     *
     * @throws IllegalArgumentException when the length is not a multiple of 64, saying how many bytes are left
     */
    public static List<Word> decodeAll(byte[] bytes) {
        return new ArrayList<>(view(bytes));
    }

    /**
     * The words of {@code bytes} as a list that decodes word k each time it is asked for it: a long program holds its
     * bytes only, not a decoded word (and the patterns it caches) per instruction, so running it allocates little
     * that outlives a word. Equal to {@link #decodeAll} element by element; {@code bytes} must not change after.
     */
    public static List<Word> view(byte[] bytes) {
        int left = bytes.length % Word.SIZE;
        if (left != 0) {
            throw new IllegalArgumentException(bytes.length + " bytes is not a whole number of 64-byte words: "
                    + left + " bytes left over after " + bytes.length / Word.SIZE + " words");
        }
        final class Words extends java.util.AbstractList<Word> implements java.util.RandomAccess {
            @Override
            public Word get(int k) {
                java.util.Objects.checkIndex(k, size());
                return Word.decode(bytes, k * Word.SIZE);
            }

            @Override
            public int size() {
                return bytes.length / Word.SIZE;
            }
        }
        return new Words();
    }

    public static byte[] encodeAll(List<Word> words) {
        byte[] out = new byte[words.size() * Word.SIZE];
        for (int k = 0; k < words.size(); k++) {
            words.get(k).copyTo(out, k * Word.SIZE);
        }
        return out;
    }
}
