package stt.fast;

import stt.exec.Plan;
import stt.machine.Machine;

/**
 * TensorTensorScan across partitions: a scan is sequential along each lane but independent across lanes, so a
 * group of up to {@link Species#F}-length lanes advances one element at a time, all the group's states in one
 * vector: {@code state = op1(op0(src0[k], state), src1[k])} with reverse_operands' swaps, each stage by
 * {@link ArithKernel#binary} (so exactly the reference's ops).
 */
final class ScanKernel extends S2s2d2Kernel {
    static final int GROUP = Species.F.length();

    @Override
    void run(Machine m, Plan p, int[] scalars, Lanes lanes) {
        int groups = (p.channels() + GROUP - 1) / GROUP;
        lanes.run(groups, p.elements() * p.channels(),
                g -> group(m, p, g * GROUP, Math.min(GROUP, p.channels() - g * GROUP), scalars));
    }

    /** One thread's buffers: per-lane chunks of both sources and the result, and the group's vectors. */
    static final class Buffers {
        final Transfer.Scratch scratch = new Transfer.Scratch(FastEngine.CHUNK);
        final float[][] a = new float[GROUP][FastEngine.CHUNK];
        final float[][] b = new float[GROUP][FastEngine.CHUNK];
        final float[][] r = new float[GROUP][FastEngine.CHUNK];
        final float[] state = new float[GROUP];
        final float[] x = new float[GROUP];
        final float[] y = new float[GROUP];
        final float[] mid = new float[GROUP];
    }

    private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

    /** Lanes {@code first .. first+count-1} ({@code count <= GROUP}), each starting from its scalar. */
    static void group(Machine m, Plan p, int first, int count, int[] scalars) {
        Buffers buf = BUFFERS.get();
        boolean swap0 = p.reverse().swapsFirst();
        boolean swap1 = p.reverse().swapsSecond();
        for (int l = 0; l < count; l++) {
            buf.state[l] = Float.intBitsToFloat(scalars[first + l]);
        }
        long n = p.elements();
        for (long k0 = 0; k0 < n; k0 += FastEngine.CHUNK) {
            int len = (int) Math.min(FastEngine.CHUNK, n - k0);
            for (int l = 0; l < count; l++) {
                Transfer.loadFloats(m, p.src0(), first + l, k0, len, buf.a[l], buf.scratch);
                Transfer.loadFloats(m, p.src1(), first + l, k0, len, buf.b[l], buf.scratch);
            }
            for (int i = 0; i < len; i++) {
                for (int l = 0; l < count; l++) {
                    buf.x[l] = buf.a[l][i];
                    buf.y[l] = buf.b[l][i];
                }
                if (swap0) {
                    ArithKernel.binary(p.op0(), buf.state, buf.x, buf.mid, count);
                } else {
                    ArithKernel.binary(p.op0(), buf.x, buf.state, buf.mid, count);
                }
                if (swap1) {
                    ArithKernel.binary(p.op1(), buf.y, buf.mid, buf.state, count);
                } else {
                    ArithKernel.binary(p.op1(), buf.mid, buf.y, buf.state, count);
                }
                for (int l = 0; l < count; l++) {
                    buf.r[l][i] = buf.state[l];
                }
            }
            for (int l = 0; l < count; l++) {
                Transfer.storeFloats(m, p.dst(), first + l, k0, len, buf.r[l], buf.scratch);
            }
        }
    }
}
