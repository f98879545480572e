package stt.exec;

import java.util.List;
import stt.codec.Word;
import stt.machine.Machine;
import stt.validate.Violation;

/**
 * Runs a sequence of words: all are validated, and checked to be words this model executes, before any
 * executes; the first failure stops the run.
 */
public final class Program {
    private Program() {
    }

    /** Thrown with the index of the word that failed; the words before it have taken effect, it has not. */
    public static final class Failure extends Exception {
        private final int index;
        private final boolean nothingRan;

        Failure(int index, ExecutionException cause, boolean nothingRan) {
            super("word " + index + ": " + cause.getMessage(), cause);
            this.index = index;
            this.nothingRan = nothingRan;
        }

        public int index() {
            return index;
        }

        /** The verdicts that refused the word ({@link ExecutionException#verdicts}). */
        public List<Violation> verdicts() {
            return ((ExecutionException) getCause()).verdicts();
        }

        /** True when the run stopped before executing anything (a word is invalid, or not executable at all). */
        public boolean nothingRan() {
            return nothingRan;
        }
    }

    /** Runs {@code words} on {@code engine}, which validates them and says which it executes first. */
    public static void run(Machine m, List<Word> words, Engine engine, Trace trace) throws Failure {
        Resolver resolver = engine.resolver();
        int notExecuted = -1; // an invalid word anywhere is reported before a valid one the model does not run
        for (int k = 0; k < words.size(); k++) {
            Word w = words.get(k);
            var violations = resolver.validator().validate(w, m.generation());
            if (!violations.isEmpty()) {
                throw new Failure(k, ExecutionException.invalid(violations), true);
            }
            if (notExecuted < 0 && !resolver.operation(w.opcode().orElseThrow()).executes()) {
                notExecuted = k;
            }
        }
        if (notExecuted >= 0) {
            Word w = words.get(notExecuted);
            throw new Failure(notExecuted, ReferenceEngine.notExecuted(w, resolver.operation(w.opcode().orElseThrow())),
                    true);
        }
        try {
            for (int k = 0; k < words.size(); k++) {
                try {
                    engine.execute(m, words.get(k), trace);
                } catch (ExecutionException e) {
                    throw new Failure(k, e, false);
                }
            }
        } finally {
            trace.finish();
        }
    }
}
