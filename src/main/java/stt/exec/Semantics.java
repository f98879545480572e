package stt.exec;

import stt.codec.Word;
import stt.machine.Machine;

/**
 * What one opcode does, as the golden model runs it (Spike's one body per instruction): it resolves the word it
 * is given (already admitted: valid, on a generation that executes it) and changes the machine element by
 * element. A body that throws has changed nothing.
 */
public interface Semantics {
    void execute(Machine m, Word w, Trace trace) throws ExecutionException;
}
