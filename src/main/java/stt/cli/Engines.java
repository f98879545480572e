package stt.cli;

import stt.exec.Engine;
import stt.exec.ReferenceEngine;

/** {@code --engine} names. */
final class Engines {
    private Engines() {
    }

    static Engine named(String name) {
        return switch (name) {
            case "reference" -> new ReferenceEngine();
            case "fast" -> throw new InputException("--engine fast: the fast engine is not built yet;"
                    + " use --engine reference");
            default -> throw new InputException("--engine " + name + ": allowed: reference, fast");
        };
    }
}
