package stt.fast;

import stt.isa.Generation;

/**
 * One thread's chunk buffers, reused across lanes and words by the lane-at-a-time kernels, and the lanes' scalars of
 * the word the thread issues (as bits and as fp32), so that a word allocates nothing for them.
 */
final class Chunks {
    static final int SIZE = FastEngine.CHUNK;

    final Transfer.Scratch scratch = new Transfer.Scratch(SIZE);
    final float[] a = new float[SIZE];
    final float[] b = new float[SIZE];
    final float[] r = new float[SIZE];
    final float[] mid = new float[SIZE];
    final float[] scalar = new float[SIZE];
    final int[] ia = new int[SIZE];
    final int[] ib = new int[SIZE];
    final int[] ir = new int[SIZE];
    final int[] s0 = new int[Generation.PARTITIONS];
    final int[] s1 = new int[Generation.PARTITIONS];
    final float[] f0 = new float[Generation.PARTITIONS];
    final float[] f1 = new float[Generation.PARTITIONS];

    private static final ThreadLocal<Chunks> LOCAL = ThreadLocal.withInitial(Chunks::new);

    private Chunks() {
    }

    static Chunks get() {
        return LOCAL.get();
    }

    /** One chunk of a lane: elements k0 .. k0 + len - 1, with this thread's buffers. */
    @FunctionalInterface
    interface Body {
        void run(Chunks c, long k0, int len);
    }

    /** Runs {@code body} over the chunks of {@code n} elements in order, on this thread's buffers. */
    static void each(long n, Body body) {
        Chunks c = get();
        for (long k0 = 0; k0 < n; k0 += SIZE) {
            body.run(c, k0, (int) Math.min(SIZE, n - k0));
        }
    }
}
