package stt.machine.internal;

import java.lang.foreign.MemorySegment;
import java.util.Objects;
import java.util.function.BiFunction;
import stt.isa.Space;
import stt.machine.Machine;

/**
 * The raw memory of a {@link Machine}, for the engines of this module (the JDK's shared-secrets pattern):
 * {@code Machine} hands its segments to this class once, and the package is not exported, so code outside the
 * module reads and writes a machine only through its checked public methods.
 */
public final class RawMemory {
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
}
