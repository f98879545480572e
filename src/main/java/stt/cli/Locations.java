package stt.cli;

import java.util.Optional;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.MemoryRef;
import stt.isa.Space;

/** The CLI's memory locations ({@code sbuf:P:OFF}, {@code psum:P:OFF}) and element dtype names. */
final class Locations {
    private Locations() {
    }

    /** Parses {@code space:P:OFF} (decimal or 0x-hex numbers); {@code what} names the argument in errors. */
    static MemoryRef memory(String text, String what) {
        String[] p = text.split(":", -1);
        Optional<Space> space = p.length == 3 ? java.util.Arrays.stream(Space.values())
                .filter(s -> s.isaName().equals(p[0])).findFirst() : Optional.empty();
        if (space.isEmpty()) {
            throw new InputException(what + ": expected sbuf:P:OFF or psum:P:OFF, found '" + text + "'");
        }
        return new MemoryRef(space.get(), (int) number(p[1], what + " partition", 127),
                (int) number(p[2], what + " offset", Integer.MAX_VALUE));
    }

    static long number(String text, String what, long max) {
        try {
            long v = text.startsWith("0x") || text.startsWith("0X") ? Long.parseLong(text.substring(2), 16)
                    : Long.parseLong(text);
            if (v < 0 || v > max) {
                throw new InputException(what + " " + text + " is out of range; allowed: 0.." + max);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new InputException(what + ": expected a decimal or 0x-hex number, found '" + text + "'");
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
