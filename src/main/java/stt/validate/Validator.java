package stt.validate;

import static stt.validate.Check.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import stt.codec.Format;
import stt.codec.Memo;
import stt.codec.Word;
import stt.isa.Coded;
import stt.isa.Generation;
import stt.isa.Opcode;

/**
 * Validation: a word's opcode must be one of its generation's, then the check list of the opcode's {@link Rules}
 * (its definition's) runs and every violation is returned, in list order. A list is its struct's shared rules
 * around the opcode's own ({@link S2s2d2Checks}); an opcode whose own rules are not modelled yet has its struct's
 * structural rules ({@link #structural}).
 */
public final class Validator {
    /**
     * Verdicts already given, of each level: validity and executability are pure functions of the word's bytes and
     * the generation, and engines ask again on every execute (a program's words, a benchmark's one word). Bounded:
     * emptied when full.
     */
    private final Memo<Verdict, List<Violation>> verdicts = new Memo<>(4096);
    private final Function<Opcode, ? extends Rules> rules;

    private record Verdict(Word word, Generation gen, Violation.Level level) {
    }

    /** @param rules every opcode's rules (the layer above wires its definitions in: {@code stt.engine.Model}) */
    public Validator(Function<Opcode, ? extends Rules> rules) {
        this.rules = Objects.requireNonNull(rules, "rules");
    }

    /**
     * The rules every struct shares, read from its layout: reserved bytes zero (under the struct's own
     * {@code <struct>_reserved_zero} rule), the channel count, and each pattern's start partition and tensorNd_valid.
     */
    public static List<Check> structural(Format format) {
        List<Check> checks = new ArrayList<>();
        Arrays.stream(Rule.values()).filter(r -> r.name().equals(format.name() + "_RESERVED_ZERO")).findFirst()
                .ifPresent(r -> checks.add(Checks.reservedZero(r)));
        checks.add(Checks.activeChannels());
        checks.add(Checks.startAddrActiveChannels());
        checks.add(Checks.tensorValid());
        return List.copyOf(checks);
    }

    /** Every rule {@code word} breaks on {@code gen}; empty when the word is valid. */
    public List<Violation> validate(Word word, Generation gen) {
        return remembered(new Verdict(word, gen, Violation.Level.INVALID));
    }

    /**
     * The executability predicates of a valid {@code word}'s definition that it breaks on {@code gen}, at
     * {@link Violation.Level#NOT_EXECUTABLE}: empty when this model's engine runs it (or has no such predicate).
     */
    public List<Violation> executability(Word word, Generation gen) {
        return remembered(new Verdict(word, gen, Violation.Level.NOT_EXECUTABLE));
    }

    private List<Violation> remembered(Verdict key) {
        List<Violation> known = verdicts.get(key);
        if (known != null) {
            return known;
        }
        List<Violation> verdict = key.level() == Violation.Level.INVALID ? check(key.word(), key.gen())
                : refusals(key.word(), key.gen());
        verdicts.put(key, verdict);
        return verdict;
    }

    private List<Violation> refusals(Word word, Generation gen) {
        List<Violation> out = new ArrayList<>();
        word.opcode().ifPresent(op -> rules.apply(op).executable().forEach(c -> c.apply(word, gen, out)));
        return List.copyOf(out);
    }

    private List<Violation> check(Word word, Generation gen) {
        List<Violation> out = new ArrayList<>();
        Optional<Opcode> opcode = word.opcode();
        if (opcode.isEmpty()) {
            report(out, Rule.HAS_VALID_OPCODE, "opcode = %s is not an opcode of the Vector Engine family this model"
                    + " knows; the word is kept as raw bytes (stt spec lists the opcodes)", Coded.hex(word.opcodeCode()));
            return List.copyOf(out);
        }
        if (!opcode.get().definedOn(gen)) {
            report(out, Rule.HAS_VALID_OPCODE, "opcode = %s (%s) is not in %s's opcode enum",
                    Coded.hex(word.opcodeCode()), opcode.get().mnemonic(), gen);
        }
        for (Check c : rules.apply(opcode.get()).checks()) {
            c.apply(word, gen, out);
        }
        return List.copyOf(out);
    }
}
