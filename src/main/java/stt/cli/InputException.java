package stt.cli;

/** Bad input the user can fix (a file, an argument): exit 2 with this message. */
public final class InputException extends RuntimeException {
    public InputException(String message) {
        super(message);
    }
}
