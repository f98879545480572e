package stt.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import stt.codec.Word;
import stt.engine.Model;
import stt.isa.Generation;
import stt.validate.Violation;

/**
 * A subcommand that validates each word of one program for one generation and reports on it ({@code check},
 * {@code cost}): its file, {@code --gen} and {@code --json}; exit 1 when any word is invalid.
 */
abstract class ProgramCommand extends Subcommand {
    @Parameters(paramLabel = "FILE", description = "program: .s text, or binary 64-byte words; - for stdin")
    String file;

    @Mixin
    GenerationMixin generation;

    @Option(names = "--json", description = "one JSON object per word (the command's description says its fields)")
    boolean json;

    @Override
    public final Integer call() {
        Generation gen = generation.gen;
        List<Word> words = Programs.load(file, stdin, gen);
        Report report = report(gen, out());
        int invalid = 0;
        for (int k = 0; k < words.size(); k++) {
            List<Violation> violations = Model.VALIDATOR.validate(words.get(k), gen);
            invalid += violations.isEmpty() ? 0 : 1;
            report.word(k, words.get(k), violations);
        }
        report.end(words.size(), invalid);
        return invalid == 0 ? ExitCode.OK : ExitCode.INVALID;
    }

    /** What one run prints, word by word as they are validated, then once at the end. */
    interface Report {
        /** Word {@code k}, {@code w}, with the validator's verdicts on it (none: valid). */
        void word(int k, Word w, List<Violation> violations);

        /** After the last of {@code words} words, {@code invalid} of them invalid. */
        void end(int words, int invalid);
    }

    /** The report of one run for {@code gen}, printing to {@code out}; whatever it prints first, it prints now. */
    abstract Report report(Generation gen, PrintWriter out);
}
