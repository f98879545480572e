package stt.exec;

import stt.codec.Word;
import stt.machine.Machine;

/** Executes one word on a machine; a word that fails any check leaves the machine unchanged. */
public interface Engine {
    String name();

    /** How this engine admits and resolves words: its opcodes' rules and bodies. */
    Resolver resolver();

    void execute(Machine m, Word word, Trace trace) throws ExecutionException;
}
