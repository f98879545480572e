package stt.cli;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * An stt subcommand: picocli's model of it ({@link #spec}, whose writers are the ones the run was given), standard
 * input as bytes ({@code -}, batch, serve) and standard output as bytes (serve's frames); {@link #set} gives it the
 * streams {@link Main#run} was given. {@link #call} returns the exit code ({@link ExitCode}); an
 * {@link InputException} it throws is exit 2 ({@link Main}).
 */
abstract class Subcommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Standard input as {@link Main#run} was given it. */
    protected InputStream stdin = System.in;
    /** Standard output as bytes, for binary replies; text goes through picocli's writer. */
    protected OutputStream stdoutBytes = System.out;

    static void set(CommandLine cl, InputStream in, OutputStream bytesOut) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommand() instanceof Subcommand s) {
                s.stdin = in;
                s.stdoutBytes = bytesOut;
            }
        }
    }

    /** Standard output as text. */
    final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    /** Standard error. */
    final PrintWriter err() {
        return spec.commandLine().getErr();
    }
}
