package stt.validate;

/** One broken rule: the rule and a message naming the field, its value and what is allowed. */
public record Violation(Rule rule, String message) {
    @Override
    public String toString() {
        return rule.isaName() + ": " + message;
    }
}
