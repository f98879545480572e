package stt.validate;

import java.util.List;
import stt.codec.Word;
import stt.isa.Generation;

/** One named validity rule applied to a word: it adds a violation per problem it finds. */
@FunctionalInterface
public interface Check {
    void apply(Word word, Generation gen, List<Violation> out);

    /** A check that reports under {@code rule} with a formatted message. */
    static void report(List<Violation> out, Rule rule, String format, Object... args) {
        out.add(new Violation(rule, String.format(format, args)));
    }
}
