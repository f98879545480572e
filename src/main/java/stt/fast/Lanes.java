package stt.fast;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntConsumer;

/**
 * Runs independent units of work (lanes, or groups of lanes) on up to {@code threads} threads, the caller among
 * them, and only when the instruction is large enough that sharing it pays ({@link #PARALLEL_THRESHOLD} elements
 * over all lanes). The threads claim blocks of units as they go from a {@link Crew}, whose workers stay awake a
 * little after each instruction, so that a stream of instructions does not pay a thread wake-up each.
 */
final class Lanes {
    /** Below this many elements an instruction runs on the caller's thread: sharing it costs more. */
    static final long PARALLEL_THRESHOLD = 1 << 17;

    /** One crew per thread count, shared by every engine (their workers are daemon threads). */
    private static final Map<Integer, Crew> CREWS = new ConcurrentHashMap<>();

    private final Crew crew;
    private final int threads;

    Lanes(int threads) {
        this.threads = threads;
        this.crew = threads == 1 ? null : CREWS.computeIfAbsent(threads - 1, Crew::new);
    }

    int threads() {
        return threads;
    }

    /** Runs {@code unit} for 0..units-1; {@code elements} is the instruction's total element count. */
    void run(int units, long elements, IntConsumer unit) {
        int parts = crew != null && elements >= PARALLEL_THRESHOLD ? Math.min(threads, units) : 1;
        if (parts == 1 || !crew.share(parts, units, unit)) {
            range(unit, 0, units);
        }
    }

    private static void range(IntConsumer unit, int from, int to) {
        for (int u = from; u < to; u++) {
            unit.accept(u);
        }
    }
}
