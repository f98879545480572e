package stt.machine.internal;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.lang.foreign.ValueLayout;
import java.util.Objects;
import java.util.function.BiFunction;
import stt.isa.Space;
import stt.machine.Machine;

/**
 * The raw memory of a {@link Machine}, for the engines of this module (the JDK's shared-secrets pattern):
 * {@code Machine} hands its segments to this class once, and the package is not exported, so code outside the
 * module reads and writes a machine only through its checked public methods. The element layouts and their one
 * switch on element size live here; {@code Machine} is named only as the key of the grant.
 */
public final class RawMemory {
    /** The little-endian 16- and 32-bit elements of machine memory (SPEC §3), at any byte offset. */
    public static final ValueLayout.OfShort I16 = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private static volatile BiFunction<Machine, Space, MemorySegment> segments;

    private RawMemory() {
    }

    /** Called once, by {@code Machine}'s class initialiser. */
    public static void grant(BiFunction<Machine, Space, MemorySegment> access) {
        if (segments != null) {
            throw new IllegalStateException("machine memory access is granted once");
        }
        segments = Objects.requireNonNull(access);
    }

    /** All of {@code space}: partition p's active bytes start at {@link Machine#address address(space, p, 0)}. */
    public static MemorySegment segment(Machine m, Space space) {
        return segments.apply(m, space);
    }

    /** The bits of the {@code size}-byte little-endian element at byte {@code at} of {@code seg}, zero-extended. */
    public static int readBits(MemorySegment seg, long at, int size) {
        return switch (size) {
            case 1 -> seg.get(ValueLayout.JAVA_BYTE, at) & 0xff;
            case 2 -> seg.get(I16, at) & 0xffff;
            default -> seg.get(I32, at);
        };
    }

    /** Writes the low {@code size} bytes of {@code bits}, little-endian, at byte {@code at} of {@code seg}. */
    public static void writeBits(MemorySegment seg, long at, int size, int bits) {
        switch (size) {
            case 1 -> seg.set(ValueLayout.JAVA_BYTE, at, (byte) bits);
            case 2 -> seg.set(I16, at, (short) bits);
            default -> seg.set(I32, at, bits);
        }
    }
}
