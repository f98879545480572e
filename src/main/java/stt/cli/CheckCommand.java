package stt.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import stt.codec.Word;
import stt.engine.Model;
import stt.isa.Generation;
import stt.validate.Violation;

@Command(name = "check", description = "Validate each word for a generation; exit 1 if any is invalid. --json: one"
        + " object per word {index, valid, violations} and, for a valid word this model's engine does not run,"
        + " not_executable; each verdict {rule, level, message}.")
final class CheckCommand extends ProgramCommand {
    @Override
    int run(Generation gen, List<Word> words, PrintWriter out) {
        int invalid = 0;
        for (int k = 0; k < words.size(); k++) {
            List<Violation> violations = Model.VALIDATOR.validate(words.get(k), gen);
            List<Violation> refusals = violations.isEmpty() ? Model.VALIDATOR.executability(words.get(k), gen) : List.of();
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
