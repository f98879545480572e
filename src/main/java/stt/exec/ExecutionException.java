package stt.exec;

import java.util.List;
import stt.validate.Violation;

/**
 * An instruction that did not execute: it is invalid ({@link #violations()} non-empty), valid but not executable by
 * the Vector Engine (its {@link #verdicts()} at level not_executable), or a check that only execution can make
 * failed (a register-held address outside memory, a refused addressing mode). In every case the machine is
 * unchanged.
 */
public final class ExecutionException extends Exception {
    private final List<Violation> verdicts;

    private ExecutionException(String message, List<Violation> verdicts) {
        super(message);
        this.verdicts = List.copyOf(verdicts);
    }

    static ExecutionException invalid(List<Violation> violations) {
        StringBuilder sb = new StringBuilder("invalid instruction:");
        violations.forEach(v -> sb.append("\n  ").append(v));
        return new ExecutionException(sb.toString(), violations);
    }

    /** A valid word refused under its definition's executability predicates; the message is the first one's. */
    static ExecutionException notExecutable(List<Violation> refusals) {
        return new ExecutionException(refusals.get(0).toString(), refusals);
    }

    static ExecutionException failed(String message) {
        return new ExecutionException(message, List.of());
    }

    /** The validation rules the word breaks; empty for an execution failure. */
    public List<Violation> violations() {
        return verdicts.stream().filter(v -> v.level() == Violation.Level.INVALID).toList();
    }

    /**
     * Every verdict behind the refusal, as data: the validation rules the word breaks, or the executability
     * predicates of a valid word; empty for a failure no rule names (a register-held address outside memory).
     */
    public List<Violation> verdicts() {
        return verdicts;
    }
}
