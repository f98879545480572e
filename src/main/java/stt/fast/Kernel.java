package stt.fast;

import stt.exec.Instruction;
import stt.machine.Machine;

/**
 * The fast body of one or more opcodes. It runs an admitted, resolved instruction (valid, on a generation that
 * executes it) and returns true, or returns false having changed nothing, to hand the word to the reference engine (when the
 * order of its reads and writes could show).
 */
public interface Kernel {
    boolean execute(Machine m, Instruction i, Lanes lanes);
}
