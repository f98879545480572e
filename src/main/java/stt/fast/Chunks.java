package stt.fast;

/** One thread's chunk buffers, reused across lanes and words by the lane-at-a-time kernels. */
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

    private static final ThreadLocal<Chunks> LOCAL = ThreadLocal.withInitial(Chunks::new);

    private Chunks() {
    }

    static Chunks get() {
        return LOCAL.get();
    }
}
