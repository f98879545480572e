package stt.cli;

import picocli.CommandLine.Option;
import stt.isa.Generation;

/** {@code --gen G}, default mariana: the generation a command decodes, validates and executes for. */
final class GenerationMixin {
    @Option(names = "--gen", paramLabel = "G", converter = GenerationOption.class, defaultValue = "mariana",
            description = "generation: sunda, cayman, mariana, mariana_plus, maverick (default: ${DEFAULT-VALUE})")
    Generation gen;
}
