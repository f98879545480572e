package stt.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import stt.codec.Word;
import stt.cost.Cost;
import stt.engine.Model;
import stt.isa.Generation;
import stt.validate.Violation;

@Command(name = "cost", description = "Estimate each word's Vector Engine cycles and time from NKI 2.26's published"
        + " formulas, and the program's total; exit 1 if any word is invalid. --json: one object per word {index, name,"
        + " n, cycles, ns}, then one {total_cycles, total_ns}; the estimate's label goes to standard error.")
final class CostCommand extends ProgramCommand {
    @Override
    Report report(Generation gen, PrintWriter out) {
        if (json) {
            err().println("stt cost on " + gen.isaName() + ": " + Cost.LABEL + clock(gen));
        } else {
            out.println("stt cost on " + gen.isaName() + ": " + Cost.LABEL + clock(gen));
            out.printf("%-6s %-34s %8s %10s %12s%n", "index", "name", "N", "cycles", "ns");
        }
        return new Totals(gen, out);
    }

    /** Each word's estimate as it comes, and the program's totals at the end. */
    private final class Totals implements Report {
        private final Generation gen;
        private final PrintWriter out;
        private long cycles;
        private double ns;

        Totals(Generation gen, PrintWriter out) {
            this.gen = gen;
            this.out = out;
        }

        @Override
        public void word(int k, Word w, List<Violation> violations) {
            Cost.Estimate e = violations.isEmpty() ? Model.COST.of(w, gen) : null;
            long wordCycles = e == null ? 0 : e.cycles().orElse(0L);
            double wordNs = e == null ? 0 : e.ns().orElse(0);
            cycles += wordCycles;
            ns += wordNs;
            String note = e == null ? "invalid: costs nothing" : e.cycles().isEmpty() ? e.source() : null;
            if (json) {
                ObjectNode o = JsonView.MAPPER.createObjectNode().put("index", k).put("name", w.mnemonic())
                        .put("n", e == null ? 0 : e.n()).put("cycles", wordCycles);
                if (gen.dveClockGhz().isPresent()) {
                    o.put("ns", wordNs);
                } else {
                    o.putNull("ns");
                }
                if (note != null) {
                    o.put("note", note);
                }
                out.println(violations.isEmpty() ? o : JsonView.withValidity(o, violations));
            } else {
                out.printf("%-6d %-34s %8d %10d %12s%s%n", k, w.mnemonic(), e == null ? 0 : e.n(), wordCycles,
                        gen.dveClockGhz().isPresent() ? String.format("%.1f", wordNs) : "-",
                        note == null ? "" : "  (" + note + ")");
                violations.forEach(v -> out.println("       " + v));
            }
        }

        @Override
        public void end(int words, int invalid) {
            if (json) {
                ObjectNode t = JsonView.MAPPER.createObjectNode().put("total_cycles", cycles);
                if (gen.dveClockGhz().isPresent()) {
                    t.put("total_ns", ns);
                } else {
                    t.putNull("total_ns");
                }
                out.println(t);
            } else {
                out.println("total: " + cycles + " cycles" + (gen.dveClockGhz().isPresent()
                        ? String.format(", %.1f ns", ns) : " (no public DVE clock for " + gen.isaName() + ")"));
            }
        }
    }

    private static String clock(Generation gen) {
        return gen.dveClockGhz().isPresent() ? "; DVE clock " + gen.dveClockGhz().getAsDouble() + " GHz"
                : "; no public DVE clock: cycles only";
    }
}
