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
    Report report(Generation gen, PrintWriter out) {
        return new Report() {
            @Override
            public void word(int k, Word w, List<Violation> violations) {
                List<Violation> refusals = violations.isEmpty() ? Model.VALIDATOR.executability(w, gen) : List.of();
                if (json) {
                    out.println(JsonView.withValidity(JsonView.MAPPER.createObjectNode().put("index", k), violations,
                            refusals));
                    return;
                }
                out.println("word " + k + ": " + (violations.isEmpty() ? "valid" + (refusals.isEmpty() ? ""
                        : ", not executable by this model's Vector Engine")
                        : "invalid, " + violations.size() + (violations.size() == 1 ? " violation" : " violations")));
                violations.forEach(v -> out.println("  " + v));
                refusals.forEach(v -> out.println("  " + v));
            }

            @Override
            public void end(int words, int invalid) {
                if (!json) {
                    out.println(words - invalid + " of " + words + " words valid on " + gen.isaName());
                }
            }
        };
    }
}
