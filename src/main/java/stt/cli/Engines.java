package stt.cli;

import stt.exec.Engine;
import stt.fast.EngineProvider;

/** {@code --engine} names. */
final class Engines {
    private Engines() {
    }

    static Engine named(String name) {
        try {
            return EngineProvider.named(name);
        } catch (IllegalArgumentException e) {
            throw new InputException("--engine " + name + ": allowed: reference, fast");
        }
    }
}
