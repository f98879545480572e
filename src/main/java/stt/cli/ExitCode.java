package stt.cli;

/** The CLI's exit codes (SPEC §6). */
public final class ExitCode {
    public static final int OK = 0;
    /** An instruction is invalid or a check failed. */
    public static final int INVALID = 1;
    /** Bad usage or a bad input file. */
    public static final int USAGE = 2;
    public static final int INTERNAL = 3;

    private ExitCode() {
    }
}
