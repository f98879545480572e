package stt.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code stt} command line: one picocli subcommand per verb, one exception-to-exit-code mapping. */
@Command(name = "stt", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Bit-exact model of the Neuron NeuronCore's Vector Engine: decode, validate, run and cost its"
                + " instruction words; NKI's calls on tiles.",
        subcommands = {DemoCommand.class, DisasmCommand.class, AsmCommand.class, CheckCommand.class,
                SpecCommand.class, RunCommand.class, EvalCommand.class, CallCommand.class, CostCommand.class, ShowCommand.class,
                BatchCommand.class, ServeCommand.class, BenchCommand.class})
public final class Main implements Runnable {
    /** One example line per subcommand, shown at the end of its --help. */
    private static final Map<String, String> EXAMPLES = Map.ofEntries(
            Map.entry("demo", "stt demo"),
            Map.entry("disasm", "stt disasm --json --gen cayman prog.bin"),
            Map.entry("asm", "stt asm prog.s -o prog.bin"),
            Map.entry("check", "stt check prog.s --gen sunda"),
            Map.entry("spec", "stt spec --model"),
            Map.entry("run", "stt run prog.s --load sbuf:0:0=a.npy --dump sbuf:0:0x1000:128x512:fp32=out.npy"),
            Map.entry("eval", "stt eval --data a.npy --op0 mult --operand0 2.5 --op1 add --operand1 b.npy -o out.npy"),
            Map.entry("cost", "stt cost examples/family.s --gen cayman"),
            Map.entry("show", "stt show examples/show.s --svg show.svg --word 1"),
            Map.entry("batch", "stt batch < calls.jsonl   (each line a JSON array, e.g. [\"spec\", \"--model\"])"),
            Map.entry("serve", "stt serve < frames   (what stt_nki.Session runs; see ServeCommand for the framing)"),
            Map.entry("bench", "stt bench --quick --filter fp32"));

    /** The version from the jar's manifest (Maven writes it), or a note when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"stt " + (v == null ? "(version unknown: not run from the built jar)" : v)};
        }
    }

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    public static void main(String[] args) {
        System.exit(run(args, System.in, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs the CLI with injected streams; returns the exit code. */
    public static int run(String[] args, InputStream in, PrintWriter out, PrintWriter err) {
        return run(args, in, out, err, System.out);
    }

    /** Runs the CLI with injected streams, {@code bytesOut} being standard output for binary replies (serve). */
    public static int run(String[] args, InputStream in, PrintWriter out, PrintWriter err, OutputStream bytesOut) {
        return new Reusable().run(args, in, out, err, bytesOut);
    }

    /**
     * One command line for many runs in one process (batch and serve run a command per request): building picocli's
     * model of every subcommand costs more than a small call, so it is built once; each run sets the streams and
     * picocli resets every option to its initial value before it parses.
     */
    static final class Reusable {
        private final CommandLine cl = new CommandLine(new Main());

        Reusable() {
            cl.getSubcommands().forEach((name, sub) -> {
                sub.getCommandSpec().mixinStandardHelpOptions(true);
                sub.getCommandSpec().versionProvider(new Version());
                sub.getCommandSpec().usageMessage().footer("%nExample:%n  " + EXAMPLES.get(name));
            });
            cl.registerConverter(EvalCommand.Instruction.class, Choices.converter(EvalCommand.Instruction.class));
            cl.registerConverter(EvalCommand.Accumulate.class, Choices.converter(EvalCommand.Accumulate.class));
            cl.setParameterExceptionHandler((ex, ignored) -> {
                CommandLine where = ex.getCommandLine();
                where.getErr().println("stt: " + ex.getMessage() + " (usage: "
                        + where.getCommandSpec().qualifiedName() + " --help)");
                return ExitCode.USAGE;
            });
            cl.setExecutionExceptionHandler((ex, line, parsed) -> {
                if (ex instanceof InputException) {
                    line.getErr().println("stt: " + ex.getMessage());
                    return ExitCode.USAGE;
                }
                line.getErr().println("stt: internal error: " + ex);
                ex.printStackTrace(line.getErr());
                return ExitCode.INTERNAL;
            });
        }

        int run(String[] args, InputStream in, PrintWriter out, PrintWriter err, OutputStream bytesOut) {
            cl.setOut(out);
            cl.setErr(err);
            Stdin.set(cl, in, bytesOut);
            int code = cl.execute(args);
            out.flush();
            err.flush();
            return code;
        }
    }
}
