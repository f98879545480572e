package stt.text;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import stt.codec.Field;
import stt.codec.FieldValues;
import stt.codec.S2S2D2_STT;
import stt.isa.Coded;
import stt.isa.Generation;
import stt.isa.ImmSrc;
import stt.isa.Opcode;

/**
 * The text form of S2S2D2_STT words: one word per line, {@code mnemonic key=value ...}, with {@code #} or
 * {@code ;} starting a comment. The mnemonic is the opcode's lower-case seed name (or a number for an unknown
 * opcode); keys come from {@link Key}. Omitted keys encode as zero. Addresses depend on the generation.
 */
public final class TextForm {
    private TextForm() {
    }

    /** One line of text for {@code instr}; {@link #assemble} of it gives back the same word. */
    public static String disassemble(S2S2D2_STT instr, Generation gen) {
        FieldValues v = FieldValues.of(instr);
        Context ctx = context(v, gen);
        StringBuilder sb = new StringBuilder(Coded.nameOf(Opcode.class, instr.header().opcode()));
        for (Key key : Key.values()) {
            long[] values = key.fields.stream().mapToLong(v::get).toArray();
            if (key.optional && java.util.Arrays.stream(values).allMatch(x -> x == 0)) {
                continue;
            }
            sb.append(' ').append(key.text).append('=').append(key.syntax.format(values, key.fields, ctx));
        }
        return sb.toString();
    }

    public static String disassembleAll(List<S2S2D2_STT> words, Generation gen) {
        StringBuilder sb = new StringBuilder();
        for (S2S2D2_STT w : words) {
            sb.append(disassemble(w, gen)).append('\n');
        }
        return sb.toString();
    }

    /** Assembles every non-blank line of {@code text}; {@code source} names it in errors. */
    public static List<S2S2D2_STT> assemble(String text, String source, Generation gen) throws AsmException {
        List<S2S2D2_STT> words = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int n = 0; n < lines.length; n++) {
            Optional<S2S2D2_STT> w = assembleLine(lines[n], source, n + 1, gen);
            w.ifPresent(words::add);
        }
        return words;
    }

    /** Assembles one line; empty for a blank or comment-only line. */
    public static Optional<S2S2D2_STT> assembleLine(String line, String source, int lineNo, Generation gen)
            throws AsmException {
        String code = stripComment(line);
        List<Token> tokens = tokens(code);
        if (tokens.isEmpty()) {
            return Optional.empty();
        }
        FieldValues v = new FieldValues();
        Token mnemonic = tokens.get(0);
        v.set(Field.OPCODE, opcode(mnemonic, source, lineNo));
        Map<Key, Token> seen = new EnumMap<>(Key.class);
        for (Token t : tokens.subList(1, tokens.size())) {
            int eq = t.text.indexOf('=');
            if (eq <= 0) {
                throw new AsmException(source, lineNo, t.column, "expected key=value, found '" + t.text + "'");
            }
            String name = t.text.substring(0, eq);
            Key key = keyNamed(name).orElseThrow(() -> new AsmException(source, lineNo, t.column,
                    "unknown key '" + name + "'; expected one of " + keyList()));
            if (seen.put(key, new Token(t.text.substring(eq + 1), t.column + eq + 1)) != null) {
                throw new AsmException(source, lineNo, t.column, "key '" + name + "' given twice");
            }
        }
        // imm0's text depends on the opcode and imm0_src, so it is read last
        for (Key key : Key.values()) {
            Token value = seen.get(key);
            if (value != null && key != Key.IMM) {
                setAll(v, key, value, context(v, gen), source, lineNo);
            }
        }
        Token imm = seen.get(Key.IMM);
        if (imm != null) {
            setAll(v, Key.IMM, imm, context(v, gen), source, lineNo);
        }
        return Optional.of(v.build());
    }

    private static void setAll(FieldValues v, Key key, Token value, Context ctx, String source, int lineNo)
            throws AsmException {
        try {
            long[] parsed = key.syntax.parse(value.text, key.fields, ctx);
            for (int k = 0; k < parsed.length; k++) {
                v.set(key.fields.get(k), parsed[k]);
            }
        } catch (SyntaxException e) {
            throw new AsmException(source, lineNo, value.column + e.column(), key.text + ": " + e.getMessage());
        }
    }

    private static long opcode(Token t, String source, int lineNo) throws AsmException {
        Optional<Opcode> op = Coded.byName(Opcode.class, t.text);
        if (op.isPresent()) {
            return op.get().code();
        }
        try {
            return Numbers.parse(t.text, 0, 255, "opcode");
        } catch (SyntaxException e) {
            throw new AsmException(source, lineNo, t.column, "expected a mnemonic ("
                    + String.join(", ", java.util.Arrays.stream(Opcode.values()).map(Coded::isaName).toList())
                    + ") or an opcode number, found '" + t.text + "'");
        }
    }

    private static Context context(FieldValues v, Generation gen) {
        return new Context(gen, Coded.byCode(Opcode.class, (int) v.get(Field.OPCODE)),
                Coded.byCode(ImmSrc.class, (int) v.get(Field.IMM0_SRC)));
    }

    private static Optional<Key> keyNamed(String name) {
        for (Key k : Key.values()) {
            if (k.text.equals(name)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }

    private static String keyList() {
        return String.join(", ", java.util.Arrays.stream(Key.values()).map(k -> k.text).toList());
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
