package stt;

import java.util.LinkedHashMap;
import java.util.Map;
import stt.codec.Word;
import stt.isa.Generation;
import stt.text.AsmException;
import stt.text.TextForm;

/** Words from text for tests, and variants of a base line with some keys replaced. */
public final class Asm {
    private Asm() {
    }

    public static Word line(String text, Generation gen) {
        try {
            return TextForm.assembleLine(text, "test.s", 1, gen).orElseThrow();
        } catch (AsmException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** {@code base} with each {@code key=value} of {@code overrides} replacing or adding that key. */
    public static Word with(String base, String overrides, Generation gen) {
        return line(withText(base, overrides), gen);
    }

    /** The text of {@link #with}; {@code mnemonic=X} replaces the mnemonic. */
    public static String withText(String base, String overrides) {
        String[] tokens = base.trim().split("\\s+");
        Map<String, String> keys = new LinkedHashMap<>();
        String mnemonic = tokens[0];
        for (int k = 1; k < tokens.length; k++) {
            keys.put(tokens[k].substring(0, tokens[k].indexOf('=')), tokens[k]);
        }
        for (String o : overrides.isBlank() ? new String[0] : overrides.trim().split("\\s+")) {
            if (o.startsWith("mnemonic=")) {
                mnemonic = o.substring(9);
            } else {
                keys.put(o.substring(0, o.indexOf('=')), o);
            }
        }
        return mnemonic + " " + String.join(" ", keys.values());
    }
}
