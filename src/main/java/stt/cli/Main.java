package stt.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code stt} command line: one picocli subcommand per verb, one exception-to-exit-code mapping. */
@Command(name = "stt", mixinStandardHelpOptions = true, version = "stt 0.1.0",
        description = "Bit-exact model of the Neuron Vector Engine's Scalar-Tensor-Tensor instruction family.",
        subcommands = {DemoCommand.class, DisasmCommand.class, AsmCommand.class, CheckCommand.class,
                SpecCommand.class, RunCommand.class, EvalCommand.class, CostCommand.class, ShowCommand.class,
                BatchCommand.class, BenchCommand.class})
public final class Main implements Runnable {
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
        CommandLine cl = new CommandLine(new Main());
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler((ex, line, parsed) -> {
            if (ex instanceof InputException) {
                line.getErr().println("stt: " + ex.getMessage());
                return ExitCode.USAGE;
            }
            line.getErr().println("stt: internal error: " + ex);
            ex.printStackTrace(line.getErr());
            return ExitCode.INTERNAL;
        });
        Stdin.set(cl, in);
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }
}
