package stt.text;

/**
 * Integer literals of the text form, also used for the CLI's numeric arguments: decimal (optionally negative)
 * or {@code 0x} hexadecimal.
 */
public final class Numbers {
    private Numbers() {
    }

    static boolean isHex(String text) {
        return text.length() > 2 && (text.startsWith("0x") || text.startsWith("0X"))
                && text.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0);
    }

    /**
     * Parses an integer literal in [min, max] for callers outside the text form.
     *
     * @throws IllegalArgumentException naming {@code what}, the text and what was expected
     */
    public static long parseInteger(String text, long min, long max, String what) {
        try {
            return parse(text, min, max, what);
        } catch (SyntaxException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** Parses an integer literal in [min, max]. */
    static long parse(String text, long min, long max, String what) throws SyntaxException {
        long v;
        try {
            if (isHex(text)) {
                v = Long.parseUnsignedLong(text.substring(2), 16);
                if (v < 0) {
                    throw new NumberFormatException();
                }
            } else {
                v = Long.parseLong(text);
            }
        } catch (NumberFormatException e) {
            throw new SyntaxException(0, "expected " + what + " as a decimal or 0x-hex integer, found '" + text + "'");
        }
        if (v < min || v > max) {
            throw new SyntaxException(0, what + " " + text + " is out of range; allowed: " + min + ".." + max);
        }
        return v;
    }
}
