package stt.cli;

import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.MemoryRef;
import stt.text.MemoryText;
import stt.text.Numbers;

/** The CLI's memory locations ({@code sbuf:P:OFF}, {@code psum:P:OFF}) and element dtype names. */
final class Locations {
    private Locations() {
    }

    /** Parses {@code space:P:OFF} (decimal or 0x-hex numbers); {@code what} names the argument in errors. */
    static MemoryRef memory(String text, String what) {
        try {
            return MemoryText.parse(text);
        } catch (IllegalArgumentException e) {
            throw new InputException(what + ": " + e.getMessage());
        }
    }

    /** A non-negative integer argument (decimal or 0x-hex) up to {@code max}; {@code what} names it in errors. */
    static long number(String text, String what, long max) {
        try {
            return Numbers.parseInteger(text, 0, max, what);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
    }

    /** An element dtype by name: one with a byte size that the machine stores (SPEC §2). */
    static Dtype elementDtype(String name, String what) {
        return Coded.byName(Dtype.class, name).filter(Locations::isElement).orElseThrow(() -> new InputException(
                what + ": unknown dtype '" + name + "'; allowed: " + String.join(", ", java.util.Arrays
                        .stream(Dtype.values()).filter(Locations::isElement).map(Dtype::isaName).toList())));
    }

    static boolean isElement(Dtype d) {
        return d.size() >= 1 && d.size() <= 4 && d.code() < 0x10;
    }
}
