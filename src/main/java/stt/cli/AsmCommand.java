package stt.cli;

import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import stt.codec.Codec;
import stt.isa.Generation;

@Command(name = "asm", description = "Assemble a text program (.s) into 64-byte words.")
final class AsmCommand extends Subcommand {
    @Parameters(paramLabel = "FILE.s", description = "text program, or - for standard input")
    String file;

    @Option(names = "-o", paramLabel = "OUT.bin", required = true, description = "output file of 64-byte words")
    Path output;

    @Mixin
    GenerationMixin generation;

    @Override
    public Integer call() {
        Generation gen = generation.gen;
        Programs.write(output, Codec.encodeAll(Programs.assemble(file, stdin, gen)));
        return ExitCode.OK;
    }
}
