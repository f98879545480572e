package stt.exec;

import java.util.List;
import stt.validate.Violation;

/**
 * An instruction that did not execute: either it is invalid ({@link #violations()} non-empty) or a check that
 * only execution can make failed (a register-held address outside memory, a refused addressing mode). In both
 * cases the machine is unchanged.
 */
public final class ExecutionException extends Exception {
    private final List<Violation> violations;

    private ExecutionException(String message, List<Violation> violations) {
        super(message);
        this.violations = List.copyOf(violations);
    }

    static ExecutionException invalid(List<Violation> violations) {
        StringBuilder sb = new StringBuilder("invalid instruction:");
        violations.forEach(v -> sb.append("\n  ").append(v));
        return new ExecutionException(sb.toString(), violations);
    }

    static ExecutionException failed(String message) {
        return new ExecutionException(message, List.of());
    }

    /** The validation rules the word breaks; empty for an execution failure. */
    public List<Violation> violations() {
        return violations;
    }
}
