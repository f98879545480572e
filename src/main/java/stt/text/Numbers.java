package stt.text;

/**
 * The number literals of the text form, also used for the CLI's numeric arguments, so both accept the same
 * spellings: integers decimal (optionally negative) or {@code 0x} hexadecimal (never negative); fp32 values in
 * Java's float syntax ({@code 2.5}, {@code -1e-3}, {@code Infinity}, {@code NaN}) or NumPy's {@code inf},
 * {@code -inf}, {@code nan}; {@code 0x} hex where an fp32 is expected is its raw bits.
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

    /**
     * Parses an fp32 literal (raw bits for {@code 0x} hex).
     *
     * @throws IllegalArgumentException naming {@code what}, the text and what was expected
     */
    public static int parseFp32Bits(String text, String what) {
        try {
            return fp32Bits(text, what);
        } catch (SyntaxException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** Parses an fp32 literal into its bits ({@code 0x} hex is taken as the bits themselves). */
    static int fp32Bits(String text, String what) throws SyntaxException {
        if (isHex(text)) {
            return (int) parse(text, 0, 0xffff_ffffL, what);
        }
        String t = text.toLowerCase(java.util.Locale.ROOT);
        float v = switch (t) {
            case "inf", "+inf" -> Float.POSITIVE_INFINITY;
            case "-inf" -> Float.NEGATIVE_INFINITY;
            case "nan" -> Float.NaN;
            default -> {
                try {
                    yield Float.parseFloat(text);
                } catch (NumberFormatException e) {
                    throw new SyntaxException(0, "expected an fp32 number (e.g. 2.5, -1e-3, inf, nan) or 0x-hex bits"
                            + " for " + what + ", found '" + text + "'");
                }
            }
        };
        return Float.floatToRawIntBits(v);
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
