package stt.api;

import stt.machine.Tile;

/** The argument checks the calls share, each naming the argument as NKI names it. */
final class Arguments {
    private Arguments() {
    }

    /**
     * Requires every value: {@code names} lists them in order, comma-separated ({@code "data, op, gen"}); the first
     * null one throws a NullPointerException whose message is its name, as {@link java.util.Objects#requireNonNull}.
     */
    static void present(String names, Object... values) {
        String[] name = names.split(", ");
        if (name.length != values.length) {
            throw new IllegalStateException(name.length + " names (" + names + ") for " + values.length + " values");
        }
        for (int k = 0; k < values.length; k++) {
            if (values[k] == null) {
                throw new NullPointerException(name[k]);
            }
        }
    }

    /** Requires tiles {@code x} (named {@code a}) and {@code y} (named {@code b}) to have the same [P, F] shape. */
    static void sameShape(String a, Tile x, String b, Tile y) {
        if (x.rows() != y.rows() || x.cols() != y.cols()) {
            throw new IllegalArgumentException(a + " is [" + x.rows() + ", " + x.cols() + "] but " + b + " is ["
                    + y.rows() + ", " + y.cols() + "]; they must have the same shape");
        }
    }
}
