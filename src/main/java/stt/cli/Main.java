package stt.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code stt} command line: one picocli subcommand per verb, one exception-to-exit-code mapping. */
@Command(name = "stt", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Bit-exact model of the Neuron NeuronCore's Vector Engine: decode, validate, run and cost its"
                + " instruction words; NKI's calls on tiles.")
public final class Main implements Runnable {
    /**
     * A subcommand: its name (the one its {@code @Command} gives; {@code CliTest} checks), how to make it, and one
     * example line, shown at the end of its --help.
     */
    record Sub(String name, Supplier<Object> make, String example) {
    }

    /** The subcommands, in the order the usage lists them. */
    static final List<Sub> SUBCOMMANDS = List.of(
            new Sub("demo", DemoCommand::new, "stt demo"),
            new Sub("disasm", DisasmCommand::new, "stt disasm --json --gen cayman prog.bin"),
            new Sub("asm", AsmCommand::new, "stt asm prog.s -o prog.bin"),
            new Sub("check", CheckCommand::new, "stt check prog.s --gen sunda"),
            new Sub("spec", SpecCommand::new, "stt spec --model"),
            new Sub("run", RunCommand::new,
                    "stt run prog.s --load sbuf:0:0=a.npy --dump sbuf:0:0x1000:128x512:fp32=out.npy"),
            new Sub("eval", EvalCommand::new,
                    "stt eval --data a.npy --op0 mult --operand0 2.5 --op1 add --operand1 b.npy -o out.npy"),
            new Sub("call", CallCommand::new, "stt call activation op=square data=x.npy --out dst=y.npy"),
            new Sub("cost", CostCommand::new, "stt cost examples/family.s --gen cayman"),
            new Sub("show", ShowCommand::new, "stt show examples/show.s --svg show.svg --word 1"),
            new Sub("batch", BatchCommand::new,
                    "stt batch < calls.jsonl   (each line a JSON array, e.g. [\"spec\", \"--model\"])"),
            new Sub("serve", ServeCommand::new,
                    "stt serve < frames   (what stt_nki.Session runs; see ServeCommand for the framing)"),
            new Sub("bench", BenchCommand::new, "stt bench --quick --filter fp32"));

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
     * One command line for many runs in one process (batch and serve run a command per request). picocli's model of
     * a subcommand costs more than a small call, so each is built once, and only when a run first names it: a
     * one-command process builds one. A run that names none (help, the version, a mistyped name) builds them all,
     * for the usage list and picocli's suggestions. Each run sets the streams, and picocli resets every option to
     * its initial value before it parses.
     */
    static final class Reusable {
        private final CommandLine cl = new CommandLine(new Main());

        Reusable() {
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

        /**
         * Adds the subcommand the arguments start with, or every one if they start with none (an option of stt's own,
         * such as --help, lists them all).
         */
        private void addNamedIn(String[] args) {
            String first = args.length > 0 ? args[0] : "";
            List<Sub> named = SUBCOMMANDS.stream().filter(x -> x.name().equals(first)).toList();
            for (Sub x : named.isEmpty() ? SUBCOMMANDS : named) {
                if (!cl.getSubcommands().containsKey(x.name())) {
                    cl.addSubcommand(x.name(), x.make().get());
                    CommandLine sub = cl.getSubcommands().get(x.name());
                    sub.getCommandSpec().mixinStandardHelpOptions(true);
                    sub.getCommandSpec().versionProvider(new Version());
                    sub.getCommandSpec().usageMessage().footer("%nExample:%n  " + x.example());
                    sub.registerConverter(EvalCommand.Instruction.class,
                            Choices.converter(EvalCommand.Instruction.class));
                    sub.registerConverter(EvalCommand.Accumulate.class,
                            Choices.converter(EvalCommand.Accumulate.class));
                }
            }
        }

        /** The names of the subcommands built so far. */
        Set<String> built() {
            return cl.getSubcommands().keySet();
        }

        int run(String[] args, InputStream in, PrintWriter out, PrintWriter err, OutputStream bytesOut) {
            addNamedIn(args);
            cl.setOut(out);
            cl.setErr(err);
            Subcommand.set(cl, in, bytesOut);
            int code = cl.execute(args);
            out.flush();
            err.flush();
            return code;
        }
    }
}
