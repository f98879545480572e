package stt.fast;

import jdk.incubator.vector.FloatVector;
import stt.exec.Operand;
import stt.exec.Instruction;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.machine.Machine;

/**
 * TensorTensorScan across partitions: a scan is sequential along each lane but independent across lanes, so a
 * group of {@link #LANES} lanes advances one element at a time: {@code state = op1(op0(src0[k], state), src1[k])}
 * with reverse_operands' swaps, each stage one {@link ArithKernel#binary} call over the group's LANES floats
 * (exactly the reference's ops; the core overlaps the group's independent vectors, so the stages' latency does
 * not serialise them). The group's chunks are loaded lane after lane and {@link Transpose transposed} G×G block by
 * block, so that element k of every lane in the group is one contiguous run; the results are transposed back.
 * (Gathers would do the same, but their index checks cost more than the scan's arithmetic.) When all three
 * operands are contiguous fp32 and the group is whole, the blocks go straight between the lanes' rows in machine
 * memory and the transposes instead ({@link #directBlocks}), the buffers being a few blocks wide rather than a
 * chunk. A mult/add scan without swaps keeps the group's states in registers ({@link #multAddSteps}).
 */
public final class ScanKernel extends S2s2d2Kernel {
    private static final int G = Species.F.length();
    /** Lanes per group: four vectors, enough independent work to hide the two stages' latency. */
    private static final int LANES = 4 * G;
    /**
     * Elements per chunk: the four buffers of a group then fit in L2. The direct path steps a chunk at a time too:
     * at [128×21824] 512 elements were 1.3-1.7 ns/element against 1.7-1.8 for 128, and level at 2048.
     */
    private static final int CHUNK = 512;
    /**
     * How far apart the lanes' chunks are in the lane-after-lane buffers: a cache line more than a chunk, so that
     * the rows of a block fall in different L1 sets (at CHUNK floats, a power of two, all G rows share two sets),
     * and a block that starts before the chunk's end may run up to G-1 floats past it.
     */
    private static final int PITCH = CHUNK + 16;

    @Override
    void run(Machine m, Instruction p, int[] scalars, Lanes lanes) {
        int groups = (p.channels() + LANES - 1) / LANES;
        lanes.run(groups, p.elements() * p.channels(),
                g -> group(m, p, g * LANES, Math.min(LANES, p.channels() - g * LANES), scalars));
    }

    /**
     * One thread's buffers: the group's chunks of each source lane after lane ({@code a},
     * {@code b}) and element after element ({@code x}, {@code y}: element k of lane l at {@code k·LANES + l}),
     * the first stage's results of one element, the states.
     */
    private static final class Buffers {
        final Transfer.Scratch scratch = new Transfer.Scratch(CHUNK);
        final Transpose transpose = new Transpose();
        final float[] a = new float[LANES * PITCH];
        final float[] b = new float[LANES * PITCH];
        final float[] x = new float[(CHUNK + G) * LANES];
        final float[] y = new float[(CHUNK + G) * LANES];
        final float[] mid = new float[LANES];
        final float[] state = new float[LANES];
    }

    private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

    /**
     * Lanes {@code first .. first+count-1} ({@code count <= LANES}), each starting from its scalar. Lanes past
     * the group's count, and elements past a chunk's end up to a whole block, are stale floats that are computed
     * on and never stored.
     */
    private static void group(Machine m, Instruction p, int first, int count, int[] scalars) {
        Buffers buf = BUFFERS.get();
        for (int l = 0; l < count; l++) {
            buf.state[l] = Float.intBitsToFloat(scalars[first + l]);
        }
        long n = p.elements();
        long k0 = count == LANES && direct(p) ? directBlocks(m, p, first, buf, n - n % G) : 0;
        chunks(m, p, first, count, buf, k0, n);
    }

    /** All three operands fp32 and contiguous: blocks go straight between the segments and the transposes. */
    private static boolean direct(Instruction p) {
        for (Operand o : new Operand[] {p.src0(), p.src1(), p.dst()}) {
            if (o.linearStride() != 1 || o.dtype() != Dtype.FP32 && o.dtype() != Dtype.FP32R) {
                return false;
            }
        }
        return true;
    }

    /**
     * Elements 0 .. end-1 ({@code end} a multiple of G) of a whole group, a chunk at a time: every G×G block goes
     * straight from the lanes' rows in machine memory through a transpose into {@code x} and {@code y} (element k
     * of lane l at {@code k·LANES + l}, as the steps take them) and back into dst's rows, without the lane-by-lane
     * copies. Returns {@code end}.
     */
    private static long directBlocks(Machine m, Instruction p, int first, Buffers buf, long end) {
        Rows src0 = Rows.of(m, p.src0());
        Rows src1 = Rows.of(m, p.src1());
        Rows dst = Rows.of(m, p.dst());
        for (long k0 = 0; k0 < end; k0 += CHUNK) {
            int len = (int) Math.min(CHUNK, end - k0);
            int rowBlocks = len / G;
            int blocks = LANES / G * rowBlocks;
            // block i: lanes w .. w+G-1, elements k0+k .. k0+k+G-1; a row's blocks in order, for the prefetchers
            for (int i = 0; i < 2 * blocks; i++) { // src0's blocks, then src1's, from one call site (one inlined copy)
                Rows src = i < blocks ? src0 : src1;
                int j = i < blocks ? i : i - blocks;
                int w = j / rowBlocks * G;
                int k = j % rowBlocks * G;
                buf.transpose.fromRows(src.seg(), src.at(first + w) + (k0 + k) * Float.BYTES, src.pitch(),
                        i < blocks ? buf.x : buf.y, k * LANES + w, LANES);
            }
            advance(p, buf, len);
            for (int i = 0; i < blocks; i++) {
                int w = i / rowBlocks * G;
                int k = i % rowBlocks * G;
                buf.transpose.toRows(buf.x, k * LANES + w, LANES, dst.seg(), dst.at(first + w) + (k0 + k) * Float.BYTES,
                        dst.pitch());
            }
        }
        return end;
    }

    /** Elements k0 .. n-1 of lanes {@code first .. first+count-1}, a chunk at a time through the lane buffers. */
    private static void chunks(Machine m, Instruction p, int first, int count, Buffers buf, long from, long n) {
        int blocks = (count + G - 1) / G;
        for (long k0 = from; k0 < n; k0 += CHUNK) {
            int len = (int) Math.min(CHUNK, n - k0);
            for (int l = 0; l < count; l++) {
                Transfer.loadFloats(m, p.src0(), first + l, k0, len, buf.a, l * PITCH);
                Transfer.loadFloats(m, p.src1(), first + l, k0, len, buf.b, l * PITCH);
            }
            for (int w = 0; w < blocks; w++) {
                for (int k = 0; k < len; k += G) {
                    buf.transpose.block(buf.a, w * G * PITCH + k, PITCH, buf.x, k * LANES + w * G, LANES);
                    buf.transpose.block(buf.b, w * G * PITCH + k, PITCH, buf.y, k * LANES + w * G, LANES);
                }
            }
            advance(p, buf, len);
            for (int w = 0; w < blocks; w++) {
                for (int k = 0; k < len; k += G) {
                    buf.transpose.block(buf.x, k * LANES + w * G, LANES, buf.a, w * G * PITCH + k, PITCH);
                }
            }
            for (int l = 0; l < count; l++) {
                Transfer.storeFloats(m, p.dst(), first + l, k0, len, buf.a, l * PITCH);
            }
        }
    }

    /** The scan over {@code len} elements of {@code x} and {@code y}: {@link #multAddSteps} or {@link #steps}. */
    private static void advance(Instruction p, Buffers buf, int len) {
        if (multThenAdd(p)) {
            multAddSteps(buf, len);
        } else {
            steps(p.op0(), p.op1(), p.reverse().swapsFirst(), p.reverse().swapsSecond(), buf, len);
        }
    }

    /**
     * The scan over {@code len} elements of the chunk: element k's results replace {@code x[k·LANES ..]}, and are
     * element k+1's states; the last ones carry on to the next chunk in {@code state}.
     */
    private static void steps(AluOp op0, AluOp op1, boolean swap0, boolean swap1, Buffers buf, int len) {
        float[] x = buf.x;
        float[] s = buf.state;
        int so = 0;
        for (int at = 0; at < len * LANES; at += LANES) {
            if (swap0) {
                ArithKernel.binary(op0, s, so, x, at, buf.mid, 0, LANES);
            } else {
                ArithKernel.binary(op0, x, at, s, so, buf.mid, 0, LANES);
            }
            if (swap1) {
                ArithKernel.binary(op1, buf.y, at, buf.mid, 0, x, at, LANES);
            } else {
                ArithKernel.binary(op1, buf.mid, 0, buf.y, at, x, at, LANES);
            }
            s = x;
            so = at;
        }
        System.arraycopy(x, so, buf.state, 0, LANES);
    }

    /**
     * {@link #steps} for op0 mult, op1 add and no swaps, the states in registers: the group's four vectors, each
     * {@code state = x·state + y} with the canonical NaN ({@link ArithKernel#multAdd}), as the two stages give.
     */
    private static void multAddSteps(Buffers buf, int len) {
        float[] x = buf.x;
        float[] y = buf.y;
        FloatVector s0 = FloatVector.fromArray(Species.F, buf.state, 0);
        FloatVector s1 = FloatVector.fromArray(Species.F, buf.state, G);
        FloatVector s2 = FloatVector.fromArray(Species.F, buf.state, 2 * G);
        FloatVector s3 = FloatVector.fromArray(Species.F, buf.state, 3 * G);
        for (int at = 0; at < len * LANES; at += LANES) {
            s0 = ArithKernel.multAdd(FloatVector.fromArray(Species.F, x, at), s0,
                    FloatVector.fromArray(Species.F, y, at));
            s1 = ArithKernel.multAdd(FloatVector.fromArray(Species.F, x, at + G), s1,
                    FloatVector.fromArray(Species.F, y, at + G));
            s2 = ArithKernel.multAdd(FloatVector.fromArray(Species.F, x, at + 2 * G), s2,
                    FloatVector.fromArray(Species.F, y, at + 2 * G));
            s3 = ArithKernel.multAdd(FloatVector.fromArray(Species.F, x, at + 3 * G), s3,
                    FloatVector.fromArray(Species.F, y, at + 3 * G));
            s0.intoArray(x, at);
            s1.intoArray(x, at + G);
            s2.intoArray(x, at + 2 * G);
            s3.intoArray(x, at + 3 * G);
        }
        s0.intoArray(buf.state, 0);
        s1.intoArray(buf.state, G);
        s2.intoArray(buf.state, 2 * G);
        s3.intoArray(buf.state, 3 * G);
    }
}
