package stt.fast;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
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
    /**
     * Staging for short rows run as one stream ({@link FusedMultAdd#packed}): src0, src1 and dst, each
     * {@link #STAGE_BYTES} of native memory (as the machine's segments are, so the kernels see one kind of segment).
     */
    final MemorySegment[] stage = new MemorySegment[3];

    /** The bytes of each staging segment: 128 rows of 8 int32 or fp32 elements. */
    static final long STAGE_BYTES = 4096;

    private static final ThreadLocal<Chunks> LOCAL = ThreadLocal.withInitial(Chunks::new);

    private Chunks() {
        Arena arena = Arena.ofAuto();
        for (int k = 0; k < stage.length; k++) {
            stage[k] = arena.allocate(STAGE_BYTES, 64);
        }
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
