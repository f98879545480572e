package stt.exec;

import stt.codec.S2S2D2_STT;
import stt.machine.Machine;

/** Executes one S2S2D2_STT word on a machine; a word that fails any check leaves the machine unchanged. */
public interface Engine {
    String name();

    void execute(Machine m, S2S2D2_STT word, Trace trace) throws ExecutionException;
}
