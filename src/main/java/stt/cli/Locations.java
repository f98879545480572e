package stt.cli;

import stt.api.NeuronCore;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.machine.Machine;
import stt.machine.Tile;
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

    /** A [rows, cols] tile of {@code dtype} in the machine's memory from {@code at}. */
    record Region(MemoryRef at, int rows, int cols, Dtype dtype) {
    }

    /** True when {@code text} names memory ({@code sbuf:...} or {@code psum:...}) rather than a file. */
    static boolean isRegion(String text) {
        return MemoryText.namesMemory(text);
    }

    /** Parses {@code MEM:P:OFF:ROWSxCOLS:DTYPE}, e.g. {@code sbuf:0:0x1000:128x512:fp32}. */
    static Region region(String text, String what) {
        String[] p = text.split(":", -1);
        if (p.length != 5) {
            throw new InputException(what + ": expected MEM:P:OFF:ROWSxCOLS:DTYPE, e.g. sbuf:0:0x1000:128x512:fp32");
        }
        MemoryRef at = memory(p[0] + ":" + p[1] + ":" + p[2], what);
        String[] shape = p[3].split("x", -1);
        if (shape.length != 2) {
            throw new InputException(what + ": shape '" + p[3] + "' is not ROWSxCOLS, e.g. 128x512");
        }
        int rows = (int) number(shape[0], what + " rows", 128);
        int cols = (int) number(shape[1], what + " cols", 1 << 20);
        return new Region(at, rows, cols, elementDtype(p[4], what));
    }

    /** The session's machine of {@code gen}, which a region names (only stt serve keeps one); {@code what}: errors. */
    static Machine session(String what, Generation gen) {
        if (!NeuronCore.CURRENT.isBound()) {
            throw new InputException(what + ": a memory region names the session's NeuronCore, which only stt serve"
                    + " keeps; give a .npy file");
        }
        return NeuronCore.CURRENT.get().machine(gen);
    }

    /** The tile region {@code r} holds in the session's machine of {@code gen}. */
    static Tile read(Region r, String what, Generation gen) {
        Machine m = session(what, gen);
        try {
            return m.read(r.at(), r.dtype(), r.rows(), r.cols());
        } catch (IllegalArgumentException ex) {
            throw new InputException(what + ": " + ex.getMessage());
        }
    }

    /** Checks that region {@code r} lies in the session's machine of {@code gen}, reading nothing. */
    static void checkInside(Region r, String what, Generation gen) {
        try {
            session(what, gen).checkRange(r.at(), r.rows(), (long) r.cols() * r.dtype().size());
        } catch (IllegalArgumentException ex) {
            throw new InputException(what + ": " + ex.getMessage());
        }
    }

    /** Checks that {@code t} fits region {@code r} exactly: rows, columns and dtype. */
    static void checkFits(Region r, Tile t, String what) {
        if (t.rows() != r.rows() || t.cols() != r.cols() || t.dtype() != r.dtype()) {
            throw new InputException(what + ": the region is " + r.rows() + "x" + r.cols() + " " + r.dtype().isaName()
                    + "; the output is " + t.rows() + "x" + t.cols() + " " + t.dtype().isaName());
        }
    }

    /** Writes {@code t} into region {@code r} ({@link #checkInside} and {@link #checkFits} passed). */
    static void write(Region r, Tile t, Generation gen) {
        session("", gen).write(r.at(), t);
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
