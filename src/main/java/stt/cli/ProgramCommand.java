package stt.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import stt.codec.Word;
import stt.isa.Generation;

/**
 * A subcommand over one program for one generation ({@code check}, {@code cost}): its file, {@code --gen} and
 * {@code --json}.
 */
abstract class ProgramCommand extends Stdin implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "program: .s text, or binary 64-byte words; - for stdin")
    String file;

    @Mixin
    GenerationMixin generation;

    @Option(names = "--json", description = "one JSON object per word (the command's description says its fields)")
    boolean json;

    @Override
    public final Integer call() {
        Generation gen = generation.gen;
        return run(gen, Programs.load(file, stdin, gen), spec.commandLine().getOut());
    }

    /** Runs on the program's {@code words}, read for {@code gen}'s address decoding; returns the exit code. */
    abstract int run(Generation gen, List<Word> words, PrintWriter out);
}
