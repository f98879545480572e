package stt.cli;

import java.io.Console;
import java.io.PrintWriter;
import stt.bench.Bench;
import stt.bench.BenchCase;

/**
 * A one-line progress report for long runs, rewritten in place on standard error, and only when the process talks
 * to a terminal: piped or captured output stays free of it.
 */
final class ProgressLine implements Bench.Progress {
    private final PrintWriter err;
    private final boolean active;

    ProgressLine(PrintWriter err, boolean active) {
        this.err = err;
        this.active = active;
    }

    /** Progress on {@code err} when the process talks to a terminal; silent otherwise. */
    static ProgressLine on(PrintWriter err) {
        Console console = System.console();
        return new ProgressLine(err, console != null && console.isTerminal());
    }

    /** The text shown before a case. */
    static String text(int done, int total, BenchCase next) {
        return String.format("[%d/%d] %s %dx%d", done + 1, total, next.name(), next.partitions(), next.free());
    }

    @Override
    public void before(int done, int total, BenchCase next) {
        if (active) {
            err.print("\r\033[K" + text(done, total, next));
            err.flush();
        }
    }

    /** Takes the line away (before a result row is printed, and at the end). */
    void clear() {
        if (active) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
