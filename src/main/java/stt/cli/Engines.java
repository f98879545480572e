package stt.cli;

import stt.exec.Engine;
import stt.engine.EngineProvider;

/** {@code --engine} names. */
final class Engines {
    private Engines() {
    }

    static Engine named(String name) {
        if (!name.equalsIgnoreCase("reference") && !name.equalsIgnoreCase("fast")) {
            throw new InputException("--engine " + name + ": allowed: reference, fast");
        }
        try {
            return EngineProvider.named(name);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage()); // a bad -Dstt.threads
        }
    }
}
