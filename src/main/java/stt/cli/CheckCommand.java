package stt.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import stt.codec.Word;
import stt.isa.Generation;
import stt.validate.Validator;
import stt.validate.Violation;

@Command(name = "check", description = "Validate each word for a generation; exit 1 if any is invalid.")
final class CheckCommand extends Stdin implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "program: .s text, or binary 64-byte words; - for stdin")
    String file;

    @Mixin
    GenerationMixin generation;

    @Option(names = "--json", description = "one JSON object per word: index, valid, violations (and, for a valid word"
            + " this model's engine does not run, not_executable)")
    boolean json;


    @Override
    public Integer call() {
        Generation gen = generation.gen;
        List<Word> words = Programs.load(file, stdin, gen);
        PrintWriter out = spec.commandLine().getOut();
        int invalid = 0;
        for (int k = 0; k < words.size(); k++) {
            List<Violation> violations = Validator.validate(words.get(k), gen);
            List<Violation> refusals = violations.isEmpty() ? Validator.executability(words.get(k), gen) : List.of();
            invalid += violations.isEmpty() ? 0 : 1;
            if (json) {
                out.println(JsonView.withValidity(JsonView.MAPPER.createObjectNode().put("index", k), violations,
                        refusals));
            } else {
                out.println("word " + k + ": " + (violations.isEmpty() ? "valid" + (refusals.isEmpty() ? ""
                        : ", not executable by this model's Vector Engine")
                        : "invalid, " + violations.size() + (violations.size() == 1 ? " violation" : " violations")));
                violations.forEach(v -> out.println("  " + v));
                refusals.forEach(v -> out.println("  " + v));
            }
        }
        if (!json) {
            out.println(words.size() - invalid + " of " + words.size() + " words valid on " + gen.isaName());
        }
        return invalid == 0 ? ExitCode.OK : ExitCode.INVALID;
    }
}
