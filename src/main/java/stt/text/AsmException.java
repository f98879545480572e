package stt.text;

/** An assembly error at a 1-based line and column of a named source. */
public final class AsmException extends Exception {
    private final String source;
    private final int line;
    private final int column;

    AsmException(String source, int line, int column, String message) {
        super(source + ":" + line + ":" + column + ": " + message);
        this.source = source;
        this.line = line;
        this.column = column;
    }

    public String source() {
        return source;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
