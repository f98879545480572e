package stt.cli;

import java.io.InputStream;
import java.io.OutputStream;
import picocli.CommandLine;

/**
 * A subcommand that reads standard input as bytes ({@code -}, batch, serve) and may write standard output as bytes
 * (serve's frames); {@link #set} gives it the streams {@link Main#run} was given.
 */
abstract class Stdin {
    /** Standard input as {@link Main#run} was given it. */
    protected InputStream stdin = System.in;
    /** Standard output as bytes, for binary replies; text goes through picocli's writer. */
    protected OutputStream stdoutBytes = System.out;

    static void set(CommandLine cl, InputStream in, OutputStream bytesOut) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommand() instanceof Stdin s) {
                s.stdin = in;
                s.stdoutBytes = bytesOut;
            }
        }
    }
}
