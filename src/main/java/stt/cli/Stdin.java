package stt.cli;

import java.io.InputStream;
import picocli.CommandLine;

/** Gives every subcommand that reads {@code -} the injected standard input. */
interface Stdin {
    void stdin(InputStream in);

    static void set(CommandLine cl, InputStream in) {
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (sub.getCommand() instanceof Stdin s) {
                s.stdin(in);
            }
        }
    }
}
