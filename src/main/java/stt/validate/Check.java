package stt.validate;

import java.util.List;
import java.util.Set;
import stt.codec.Word;
import stt.isa.Generation;

/**
 * One validity rule applied to a word: the rules it reports under (declared, so that {@code stt spec --opcodes}
 * lists an opcode's rules from its definition) and its body, which adds a violation per problem it finds.
 */
public record Check(Set<Rule> rules, Body body) {
    public Check {
        rules = Set.copyOf(rules);
        if (rules.isEmpty()) {
            throw new IllegalArgumentException("a check names the rules it reports");
        }
    }

    /** What the check does: a violation per problem, each under one of the check's rules. */
    @FunctionalInterface
    public interface Body {
        void apply(Word word, Generation gen, List<Violation> out);
    }

    public static Check of(Rule rule, Body body) {
        return new Check(Set.of(rule), body);
    }

    public static Check of(Set<Rule> rules, Body body) {
        return new Check(rules, body);
    }

    public void apply(Word word, Generation gen, List<Violation> out) {
        body.apply(word, gen, out);
    }

    /** A check that reports under {@code rule} with a formatted message. */
    static void report(List<Violation> out, Rule rule, String format, Object... args) {
        out.add(new Violation(rule, String.format(format, args)));
    }
}
