package stt.cli;

import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import stt.codec.Format;
import stt.def.Definitions;
import stt.def.OpcodeDef;
import stt.isa.Decision;
import stt.isa.Generation;
import stt.isa.Opcode;
import stt.isa.Space;

@Command(name = "spec", description = "Print the generation table, the opcodes and the model's own decisions.")
final class SpecCommand extends Subcommand {
    @Option(names = "--model", description = "print only the MODEL decisions (the ledger)")
    boolean modelOnly;

    @Option(names = "--opcodes", description = "print only the opcodes, from their definitions: struct, engine,"
            + " generations, whether they execute, fast kernel, NKI call, check rules and cost formula")
    boolean opcodes;

    @Option(names = "--json", description = "with --opcodes: one JSON object per opcode")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = out();
        if (json && !opcodes) {
            throw new InputException("--json goes with --opcodes");
        }
        if (opcodes) {
            Definitions.all().forEach(d -> out.println(json ? OpcodeView.json(d) : OpcodeView.text(d)));
            return ExitCode.OK;
        }
        if (!modelOnly) {
            out.printf("%-13s %-18s %5s %-18s %-18s %7s %8s %8s %s%n", "generation", "product", "parts",
                    "sbuf stride/active", "psum stride/active", "alu ops", "g-arith", "g-bitvec", "dve executes");
            for (Generation g : Generation.values()) {
                String psum = g.hasPsum() ? kib(g.partitionStride(Space.PSUM)) + " / " + kib(g.activeBytes(Space.PSUM))
                        : "none";
                out.printf("%-13s %-18s %5d %-18s %-18s %7d %8d %8d %s%n", g.isaName(), g.product(),
                        Generation.PARTITIONS, kib(g.partitionStride(Space.SBUF)) + " / "
                                + kib(g.activeBytes(Space.SBUF)), psum, g.aluOps().size(), g.generalArith().size(),
                        g.generalBitvec().size(), dveRuns(g));
            }
            out.println();
            out.printf("%-6s %-32s %-11s %s%n", "opcode", "mnemonic", "struct", "executes");
            for (OpcodeDef d : Definitions.all()) {
                Opcode op = d.opcode();
                out.printf("0x%02x   %-32s %-11s %s%n", op.code(), op.mnemonic(), Format.of(op.code()).layout().name(),
                        d.executes() ? "yes" : "no (decode and validate only)");
            }
            out.println("any other opcode decodes as a raw word (opcode_0xNN bytes=[...])");
            out.println();
            out.println("MODEL decisions (see docs/decisions.md):");
        }
        for (Decision d : Decision.values()) {
            out.printf("[%s] %s: %s%n", d.source(), d.id(), d.text());
        }
        return ExitCode.OK;
    }

    /** Every generation runs the Vector Engine; SUNDA's results stand on a decision (FAMILY-NEXT §0.1). */
    private static String dveRuns(Generation g) {
        List<Decision> under = g.vectorEngineDecisions();
        return under.isEmpty() ? "yes" : "yes, fidelity model (" + String.join(", ", under.stream().map(Decision::id)
                .toList()) + ")";
    }

    private static String kib(int bytes) {
        return bytes / 1024 + " KiB";
    }
}
