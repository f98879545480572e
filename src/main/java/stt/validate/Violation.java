package stt.validate;

/**
 * One broken rule: the rule, a message naming the field, its value and what is allowed, and its level: an
 * invalid word, or a valid word that this model's engine does not run (an opcode definition's executability
 * predicate, e.g. {@code is_valid_tensor_tensor_arith_dve}).
 */
public record Violation(Rule rule, String message, Level level) {
    /** How bad a broken rule is. */
    public enum Level {
        /** The word breaks a validity rule of the ISA: every engine refuses it. */
        INVALID,
        /** The word is valid, but not on the engine this model executes (a GpSimd form of a DVE opcode). */
        NOT_EXECUTABLE;

        public String isaName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A validity violation. */
    public Violation(Rule rule, String message) {
        this(rule, message, Level.INVALID);
    }

    @Override
    public String toString() {
        return rule.isaName() + ": " + message;
    }
}
