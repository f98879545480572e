package stt.text;

import java.util.Arrays;
import java.util.Optional;
import stt.isa.MemoryRef;
import stt.isa.Space;

/**
 * Memory locations as the text form and the command line write them: {@code sbuf:P:OFF} or {@code psum:P:OFF}
 * (partition 0..127, byte offset; each decimal or 0x-hex). One parser, so both read and word them alike.
 */
public final class MemoryText {
    private MemoryText() {
    }

    /**
     * Parses {@code sbuf:P:OFF} or {@code psum:P:OFF}.
     *
     * @throws IllegalArgumentException saying what was expected and what came
     */
    public static MemoryRef parse(String text) {
        try {
            return parse(text, "sbuf:P:OFF or psum:P:OFF");
        } catch (SyntaxException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** True when {@code text} starts with a memory's name and a colon ({@code sbuf:...}, {@code psum:...}). */
    public static boolean namesMemory(String text) {
        return Arrays.stream(Space.values()).anyMatch(s -> text.startsWith(s.isaName() + ":"));
    }

    /** Parses a location; {@code expected} is what the caller accepts there, for the message when it is none. */
    static MemoryRef parse(String text, String expected) throws SyntaxException {
        String[] parts = text.split(":", -1);
        Optional<Space> space = parts.length != 3 ? Optional.empty()
                : Arrays.stream(Space.values()).filter(s -> s.isaName().equals(parts[0])).findFirst();
        if (space.isEmpty()) {
            throw new SyntaxException(0, "expected " + expected + ", found '" + text + "'");
        }
        int p = (int) parseAt(parts[1], parts[0].length() + 1, 127, "partition");
        int off = (int) parseAt(parts[2], offsetColumn(text), Integer.MAX_VALUE, "offset");
        return new MemoryRef(space.get(), p, off);
    }

    /** The column of the offset in a location {@link #parse} accepted. */
    static int offsetColumn(String text) {
        return text.lastIndexOf(':') + 1;
    }

    private static long parseAt(String text, int col, long max, String what) throws SyntaxException {
        try {
            return Numbers.parse(text, 0, max, what);
        } catch (SyntaxException e) {
            throw new SyntaxException(col, e.getMessage());
        }
    }
}
