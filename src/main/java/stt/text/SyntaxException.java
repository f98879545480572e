package stt.text;

/** A value that does not parse; {@code column} is 0-based within the value text. */
final class SyntaxException extends Exception {
    private final int column;

    SyntaxException(int column, String message) {
        super(message);
        this.column = column;
    }

    int column() {
        return column;
    }
}
