package stt.fast;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Runs independent units of work (lanes, or groups of lanes) on up to {@code threads} threads: contiguous ranges,
 * one per thread, the caller taking the first, and only when the instruction is large enough that waking the
 * workers pays ({@link #PARALLEL_THRESHOLD} elements over all lanes).
 */
final class Lanes {
    /** Below this many elements an instruction runs on the caller's thread: waking workers costs more. */
    static final long PARALLEL_THRESHOLD = 1 << 19;

    /** One pool per thread count, shared by every engine (their workers are daemon threads). */
    private static final Map<Integer, ForkJoinPool> POOLS = new ConcurrentHashMap<>();

    private final ForkJoinPool pool;
    private final int threads;

    Lanes(int threads) {
        this.threads = threads;
        this.pool = threads == 1 ? null : POOLS.computeIfAbsent(threads, ForkJoinPool::new);
    }

    int threads() {
        return threads;
    }

    /** Runs {@code unit} for 0..units-1; {@code elements} is the instruction's total element count. */
    void run(int units, long elements, IntConsumer unit) {
        int parts = pool != null && elements >= PARALLEL_THRESHOLD ? Math.min(threads, units) : 1;
        List<ForkJoinTask<?>> others = new ArrayList<>();
        for (int t = 1; t < parts; t++) {
            int from = units * t / parts;
            int to = units * (t + 1) / parts;
            others.add(pool.submit(() -> IntStream.range(from, to).forEach(unit)));
        }
        IntStream.range(0, units / parts).forEach(unit);
        others.forEach(ForkJoinTask::join);
    }
}
