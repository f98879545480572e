package stt.exec;

import stt.machine.Machine;

/**
 * What one opcode does, as the golden model runs it (Spike's one body per instruction): it changes the machine
 * element by element for an instruction already admitted (valid, on a generation that executes it) and resolved
 * ({@link Instruction}). A body that throws has changed nothing.
 */
public interface Semantics {
    void execute(Machine m, Instruction i, Trace trace) throws ExecutionException;
}
