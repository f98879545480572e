package stt.cli;

import picocli.CommandLine.Option;
import stt.exec.Engine;

/** {@code --engine reference|fast}, default fast (or the {@code stt.engine} system property). */
final class EngineMixin {
    @Option(names = "--engine", paramLabel = "E", defaultValue = "${sys:stt.engine:-fast}",
            description = "reference or fast (default: ${DEFAULT-VALUE})")
    String engine;

    Engine engine() {
        return Engines.named(engine);
    }
}
