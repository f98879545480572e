package stt.fast;

import stt.exec.Instruction;
import stt.machine.Machine;

/**
 * The fast body of one or more opcodes: it runs an admitted, resolved instruction (valid, on a generation that
 * executes it) whose operands do not overlap so that the order of its reads and writes could show
 * ({@link Hazards}: {@link FastEngine} hands those to the reference engine), with the reference's results.
 */
public interface Kernel {
    void execute(Machine m, Instruction i, Lanes lanes);
}
