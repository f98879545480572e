package stt.fast;

import stt.codec.Word;
import stt.exec.ExecutionException;
import stt.machine.Machine;

/**
 * The fast body of one or more opcodes. It runs an admitted word (valid, on a generation that executes it) and
 * returns true, or returns false having changed nothing, to hand the word to the reference engine (when the
 * order of its reads and writes could show).
 */
public interface Kernel {
    boolean execute(Machine m, Word w, Lanes lanes) throws ExecutionException;
}
