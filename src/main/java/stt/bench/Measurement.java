package stt.bench;

/** One measured row of {@code stt bench}: the median of several timed runs after warm-up. */
public record Measurement(BenchCase c, String engine, int threads, double nsPerElement) {
    public double gbPerSecond() {
        return c.bytesPerElement() / nsPerElement;
    }
}
