package stt.fast;

import jdk.incubator.vector.FloatVector;
import stt.exec.Plan;
import stt.isa.AluOp;
import stt.machine.Machine;

/**
 * TensorTensorScan across partitions: a scan is sequential along each lane but independent across lanes, so a
 * group of {@link #G} lanes advances one element at a time, all the group's states in one vector:
 * {@code state = op1(op0(src0[k], state), src1[k])} with reverse_operands' swaps, each stage by
 * {@link ArithKernel#apply} (exactly the reference's ops). A chunk of the group's lanes sits in one array, lane
 * after lane, so element k of every lane is one gather; the results are stored element by element (all lanes'
 * element k together) and gathered back into lanes.
 */
final class ScanKernel extends S2s2d2Kernel {
    private static final int G = Species.F.length();
    private static final int CHUNK = FastEngine.CHUNK;
    /**
     * How far apart the lanes' chunks are in the group's buffers: a cache line more than a chunk, so that element
     * k of every lane falls in a different L1 set (at CHUNK floats, a power of two, all G lanes share two sets).
     */
    private static final int PITCH = CHUNK + 16;
    /** Where element k of each lane is, from lane 0's. */
    private static final int[] ACROSS = step(PITCH);
    /** Where each of G consecutive elements of one lane is in the results: elements are G apart. */
    private static final int[] ALONG = step(G);

    @Override
    void run(Machine m, Plan p, int[] scalars, Lanes lanes) {
        int groups = (p.channels() + G - 1) / G;
        lanes.run(groups, p.elements() * p.channels(),
                g -> group(m, p, g * G, Math.min(G, p.channels() - g * G), scalars));
    }

    private static int[] step(int pitch) {
        int[] s = new int[G];
        for (int l = 0; l < G; l++) {
            s[l] = l * pitch;
        }
        return s;
    }

    /** One thread's buffers: a lane's chunk, the group's chunks of each source, the results, the states. */
    private static final class Buffers {
        final Transfer.Scratch scratch = new Transfer.Scratch(CHUNK);
        final float[] lane = new float[CHUNK];
        final float[] a = new float[G * PITCH];
        final float[] b = new float[G * PITCH];
        final float[] r = new float[G * CHUNK];
        final float[] state = new float[G];
    }

    private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

    /** Lanes {@code first .. first+count-1} ({@code count <= G}), each starting from its scalar. */
    private static void group(Machine m, Plan p, int first, int count, int[] scalars) {
        Buffers buf = BUFFERS.get();
        for (int l = 0; l < count; l++) {
            buf.state[l] = Float.intBitsToFloat(scalars[first + l]);
        }
        long n = p.elements();
        for (long k0 = 0; k0 < n; k0 += CHUNK) {
            int len = (int) Math.min(CHUNK, n - k0);
            for (int l = 0; l < count; l++) {
                Transfer.loadFloats(m, p.src0(), first + l, k0, len, buf.lane, buf.scratch);
                System.arraycopy(buf.lane, 0, buf.a, l * PITCH, len);
                Transfer.loadFloats(m, p.src1(), first + l, k0, len, buf.lane, buf.scratch);
                System.arraycopy(buf.lane, 0, buf.b, l * PITCH, len);
            }
            steps(p.op0(), p.op1(), p.reverse().swapsFirst(), p.reverse().swapsSecond(), buf, len);
            for (int l = 0; l < count; l++) {
                toLane(buf.r, l, buf.lane, len);
                Transfer.storeFloats(m, p.dst(), first + l, k0, len, buf.lane, buf.scratch);
            }
        }
    }

    /**
     * The scan over {@code len} elements of the chunk: the results of element k at {@code r[k·G ..]}, lane by
     * lane; {@code state} carries on to the next chunk. Lanes past the group's count compute on stale floats,
     * which no one stores.
     */
    private static void steps(AluOp op0, AluOp op1, boolean swap0, boolean swap1, Buffers buf, int len) {
        FloatVector s = FloatVector.fromArray(Species.F, buf.state, 0);
        for (int k = 0; k < len; k++) {
            FloatVector x = FloatVector.fromArray(Species.F, buf.a, k, ACROSS, 0);
            FloatVector y = FloatVector.fromArray(Species.F, buf.b, k, ACROSS, 0);
            FloatVector mid = swap0 ? ArithKernel.apply(op0, s, x) : ArithKernel.apply(op0, x, s);
            s = swap1 ? ArithKernel.apply(op1, y, mid) : ArithKernel.apply(op1, mid, y);
            s.intoArray(buf.r, k * G);
        }
        s.intoArray(buf.state, 0);
    }

    /** Lane {@code l}'s results, elements 0 .. len-1, into {@code out}; G at a time, reading past len is harmless. */
    private static void toLane(float[] r, int l, float[] out, int len) {
        for (int k = 0; k < len; k += G) {
            FloatVector.fromArray(Species.F, r, k * G + l, ALONG, 0).intoArray(out, k);
        }
    }
}
