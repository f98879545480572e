package stt.npy;

/** A malformed or unsupported {@code .npy} stream; the message says where and what was expected. */
public final class NpyException extends Exception {
    public NpyException(String message) {
        super(message);
    }
}
