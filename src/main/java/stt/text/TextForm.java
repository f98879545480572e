package stt.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import stt.codec.Format;
import stt.codec.Word;
import stt.isa.Coded;
import stt.isa.Generation;
import stt.isa.Opcode;

/**
 * The text form of words: one word per line, {@code mnemonic key=value ...}, with {@code #} or {@code ;}
 * starting a comment. The mnemonic is the opcode's ({@link Opcode#mnemonic()}), {@code opcode_0xNN} or a
 * number; the keys are those of the opcode's format ({@link Key}). Omitted keys encode as zero. Addresses depend
 * on the generation.
 */
public final class TextForm {
    private static final String RAW_PREFIX = "opcode_";

    private TextForm() {
    }

    /** One line of text for {@code word}; {@link #assemble} of it gives back the same word. */
    public static String disassemble(Word word, Generation gen) {
        Context ctx = new Context(gen, word.opcode(), word::get);
        StringBuilder sb = new StringBuilder(word.mnemonic());
        for (Key key : Key.of(word.format())) {
            long[] values = key.fields().stream().mapToLong(word::get).toArray();
            if (key.optional() && Arrays.stream(values).allMatch(x -> x == 0)) {
                continue;
            }
            sb.append(' ').append(key.text()).append('=').append(key.syntax().format(values, key.fields(), ctx));
        }
        return sb.toString();
    }

    public static String disassembleAll(List<Word> words, Generation gen) {
        StringBuilder sb = new StringBuilder();
        for (Word w : words) {
            sb.append(disassemble(w, gen)).append('\n');
        }
        return sb.toString();
    }

    /** Assembles every non-blank line of {@code text}; {@code source} names it in errors. */
    public static List<Word> assemble(String text, String source, Generation gen) throws AsmException {
        List<Word> words = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int n = 0; n < lines.length; n++) {
            assembleLine(lines[n], source, n + 1, gen).ifPresent(words::add);
        }
        return words;
    }

    /** Assembles one line; empty for a blank or comment-only line. */
    public static Optional<Word> assembleLine(String line, String source, int lineNo, Generation gen)
            throws AsmException {
        List<Token> tokens = tokens(stripComment(line));
        if (tokens.isEmpty()) {
            return Optional.empty();
        }
        Word.Builder w = Word.builder(opcode(tokens.get(0), source, lineNo));
        Format format = Format.of((int) w.get(stt.codec.Layout.OPCODE));
        List<Key> keys = Key.of(format);
        Map<Key, Token> seen = new LinkedHashMap<>();
        for (Token t : tokens.subList(1, tokens.size())) {
            int eq = t.text.indexOf('=');
            if (eq <= 0) {
                throw new AsmException(source, lineNo, t.column, "expected key=value, found '" + t.text + "'");
            }
            String name = t.text.substring(0, eq);
            Key key = keys.stream().filter(k -> k.text().equals(name)).findFirst()
                    .orElseThrow(() -> new AsmException(source, lineNo, t.column, "unknown key '" + name + "' for "
                            + format.layout().name() + "; expected one of "
                            + String.join(", ", keys.stream().map(Key::text).toList())));
            if (seen.put(key, new Token(t.text.substring(eq + 1), t.column + eq + 1)) != null) {
                throw new AsmException(source, lineNo, t.column, "key '" + name + "' given twice");
            }
        }
        Context ctx = new Context(gen, Opcode.of((int) w.get(stt.codec.Layout.OPCODE)), w::get);
        for (boolean last : new boolean[] {false, true}) {
            for (Map.Entry<Key, Token> e : seen.entrySet()) {
                if (e.getKey().readLast() == last) {
                    set(w, e.getKey(), e.getValue(), ctx, source, lineNo);
                }
            }
        }
        return Optional.of(w.build());
    }

    private static void set(Word.Builder w, Key key, Token value, Context ctx, String source, int lineNo)
            throws AsmException {
        try {
            long[] parsed = key.syntax().parse(value.text, key.fields(), ctx);
            for (int k = 0; k < parsed.length; k++) {
                w.set(key.fields().get(k), parsed[k]);
            }
        } catch (SyntaxException e) {
            throw new AsmException(source, lineNo, value.column + e.column(), key.text() + ": " + e.getMessage());
        }
    }

    private static int opcode(Token t, String source, int lineNo) throws AsmException {
        Optional<Opcode> op = Coded.byName(Opcode.class, t.text);
        if (op.isPresent()) {
            return op.get().code();
        }
        String number = t.text.startsWith(RAW_PREFIX) ? t.text.substring(RAW_PREFIX.length()) : t.text;
        try {
            return (int) Numbers.parse(number, 0, 255, "opcode");
        } catch (SyntaxException e) {
            throw new AsmException(source, lineNo, t.column, "expected a mnemonic (e.g. "
                    + String.join(", ", Arrays.stream(Opcode.values()).limit(4).map(Opcode::mnemonic).toList())
                    + "; see stt spec), opcode_0xNN or an opcode number, found '" + t.text + "'");
        }
    }

    private static String stripComment(String line) {
        int cut = line.length();
        for (char c : new char[] {'#', ';'}) {
            int at = line.indexOf(c);
            if (at >= 0) {
                cut = Math.min(cut, at);
            }
        }
        return line.substring(0, cut);
    }

    /** A whitespace-separated token and its 1-based column. */
    private record Token(String text, int column) {
    }

    private static List<Token> tokens(String code) {
        List<Token> out = new ArrayList<>();
        int i = 0;
        while (i < code.length()) {
            while (i < code.length() && Character.isWhitespace(code.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < code.length() && !Character.isWhitespace(code.charAt(i))) {
                i++;
            }
            if (i > start) {
                out.add(new Token(code.substring(start, i), start + 1));
            }
        }
        return out;
    }
}
