package stt.exec;

import java.util.List;
import stt.codec.S2S2D2_STT;
import stt.machine.Machine;
import stt.validate.Validator;

/** Runs a sequence of words: all are validated before any executes; the first failure stops the run. */
public final class Program {
    private Program() {
    }

    /** Thrown with the index of the word that failed; the words before it have taken effect, it has not. */
    public static final class Failure extends Exception {
        private final int index;
        private final ExecutionException cause;

        Failure(int index, ExecutionException cause) {
            super("word " + index + ": " + cause.getMessage(), cause);
            this.index = index;
            this.cause = cause;
        }

        public int index() {
            return index;
        }

        /** True when the run stopped before executing anything because a word is invalid. */
        public boolean invalid() {
            return !cause.violations().isEmpty();
        }
    }

    public static void run(Machine m, List<S2S2D2_STT> words, Engine engine, Trace trace) throws Failure {
        for (int k = 0; k < words.size(); k++) {
            var violations = Validator.validate(words.get(k), m.generation());
            if (!violations.isEmpty()) {
                throw new Failure(k, ExecutionException.invalid(violations));
            }
        }
        try {
            for (int k = 0; k < words.size(); k++) {
                try {
                    engine.execute(m, words.get(k), trace);
                } catch (ExecutionException e) {
                    throw new Failure(k, e);
                }
            }
        } finally {
            trace.finish();
        }
    }
}
