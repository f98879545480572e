package stt.cli;

import java.io.InputStream;
import picocli.CommandLine;

/** A subcommand that may read {@code -} from standard input; {@link #set} gives it the injected stream. */
abstract class Stdin {
    /** Standard input as {@link Main#run} was given it. */
    protected InputStream stdin = System.in;

    static void set(CommandLine cl, InputStream in) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommand() instanceof Stdin s) {
                s.stdin = in;
            }
        }
    }
}
