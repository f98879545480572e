package stt.bench;

import stt.fast.FastEngine;

/** One measured row of {@code stt bench}: the median of several timed runs after warm-up. */
public record Measurement(BenchCase c, String engine, int threads, double nsPerElement) {
    /**
     * Whether the row's threads really ran at once: the fast engine splits lanes over threads only from
     * {@link FastEngine#PARALLEL_THRESHOLD} elements on, so a smaller word on "2 threads" is a one-thread sample.
     */
    public boolean parallel() {
        return engine.equals("fast") && threads > 1 && c.elements() >= FastEngine.PARALLEL_THRESHOLD;
    }

    public double gbPerSecond() {
        return c.bytesPerElement() / nsPerElement;
    }
}
