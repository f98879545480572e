package stt.validate;

import static stt.validate.Check.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import stt.codec.Format;
import stt.codec.Word;
import stt.isa.Coded;
import stt.isa.Generation;
import stt.isa.Opcode;

/**
 * Validation: a word's opcode must be one of its generation's, then the opcode's check list runs and every
 * violation is returned, in list order. An opcode's list is its struct's shared rules around its own
 * ({@link S2s2d2Checks}); an opcode whose own rules are not modelled yet gets its struct's structural rules
 * ({@link #structural}).
 */
public final class Validator {
    private static final Map<Format, Rule> RESERVED_RULES = Map.of(Format.S3D3_TS, Rule.S3D3_TS_RESERVED_ZERO,
            Format.D1_RD, Rule.D1_RD_RESERVED_ZERO, Format.D4_MR, Rule.D4_MR_RESERVED_ZERO,
            Format.S4D4_TR, Rule.S4D4_TR_RESERVED_ZERO);

    private static final Map<Opcode, List<Check>> LISTS = new EnumMap<>(Opcode.class);

    static {
        for (Opcode op : Opcode.values()) {
            LISTS.put(op, structural(Format.of(op.code())));
        }
        LISTS.putAll(S2s2d2Checks.LISTS);
        LISTS.putAll(S3s3d3Checks.LISTS);
        LISTS.putAll(S4d4Checks.LISTS);
        LISTS.putAll(D4Checks.LISTS);
        LISTS.putAll(S3d3Checks.LISTS);
    }

    /**
     * Verdicts already given: validation is a pure function of the word's bytes and the generation, and engines
     * ask again on every execute (a program's words, a benchmark's one word). Bounded: emptied when full.
     */
    private static final Map<Verdict, List<Violation>> VERDICTS = new ConcurrentHashMap<>();
    private static final int VERDICTS_HELD = 4096;

    private record Verdict(Word word, Generation gen) {
    }

    private Validator() {
    }

    /**
     * The rules every struct shares, read from its layout: reserved bytes zero, the channel count, and each
     * pattern's start partition and tensorNd_valid.
     */
    static List<Check> structural(Format format) {
        List<Check> checks = new ArrayList<>();
        Optional.ofNullable(RESERVED_RULES.get(format)).ifPresent(r -> checks.add(Checks.reservedZero(r)));
        checks.add(Checks.activeChannels());
        checks.add(Checks.startAddrActiveChannels());
        checks.add(Checks.tensorValid());
        return List.copyOf(checks);
    }

    /** Every rule {@code word} breaks on {@code gen}; empty when the word is valid. */
    public static List<Violation> validate(Word word, Generation gen) {
        Verdict key = new Verdict(word, gen);
        List<Violation> known = VERDICTS.get(key);
        if (known != null) {
            return known;
        }
        List<Violation> verdict = check(word, gen);
        if (VERDICTS.size() >= VERDICTS_HELD) {
            VERDICTS.clear();
        }
        VERDICTS.put(key, verdict);
        return verdict;
    }

    private static List<Violation> check(Word word, Generation gen) {
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
        for (Check c : LISTS.get(opcode.get())) {
            c.apply(word, gen, out);
        }
        return List.copyOf(out);
    }
}
