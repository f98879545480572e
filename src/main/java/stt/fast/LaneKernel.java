package stt.fast;

import java.util.Optional;
import stt.exec.Plan;
import stt.exec.S2s2d2;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * ScalarTensorTensor (arith and bitvec) and SelectReduce: lanes run independently, each in chunks: both sources
 * are loaded into buffers, the two stages run as Vector API kernels (or the selection), the results are stored
 * and folded into the lane's accumulator. A mult/add on contiguous streams ({@link FusedMultAdd}), bitwise-only
 * bitvec stages ({@link FusedBitwise}) and a plain selection ({@link FusedSelect}) run fused on the segments.
 */
final class LaneKernel extends S2s2d2Kernel {
    private static final int CHUNK = Chunks.SIZE;

    @Override
    void run(Machine m, Plan p, int[] scalars, Lanes lanes) {
        long n = p.elements();
        var fused = S2s2d2.accumulates(p) || !multAdd(p) ? Optional.<FusedMultAdd.Family>empty()
                : FusedMultAdd.family(p.src0(), p.src1(), p.dst());
        Rows a = Rows.of(m, p.src0());
        Rows b = Rows.of(m, p.src1());
        Rows d = Rows.of(m, p.dst());
        if (fused.isPresent()) {
            FusedMultAdd.run(fused.get(), FusedMultAdd.floats(scalars), a, b, d, p.channels(), n, lanes);
        } else if (FusedBitwise.covers(p)) {
            lanes.run(p.channels(), n * p.channels(), c -> FusedBitwise.lane(p, a, b, d, c, scalars[c], n));
        } else if (FusedSelect.covers(p)) {
            lanes.run(p.channels(), n * p.channels(), c -> FusedSelect.lane(p, a, b, d, c, scalars[c], n));
        } else {
            lanes.run(p.channels(), n * p.channels(), c -> lane(m, p, c, scalars[c]));
        }
    }

    /** ScalarTensorTensor arith with op0 mult, op1 add and no swaps: the shape {@link FusedMultAdd} runs. */
    private static boolean multAdd(Plan p) {
        return p.opcode() == Opcode.SCALAR_TENSOR_TENSOR_ARITH && multThenAdd(p);
    }

    private static void lane(Machine m, Plan p, int lane, int scalar) {
        long n = p.elements();
        Chunks buf = Chunks.get();
        Transfer.Scratch scratch = buf.scratch;
        if (p.opcode().isBitvec()) {
            int width = 8 * p.dst().dtype().size();
            for (long k0 = 0; k0 < n; k0 += CHUNK) {
                int len = (int) Math.min(CHUNK, n - k0);
                Transfer.loadInts(m, p.src0(), lane, k0, len, buf.ia, scratch);
                Transfer.loadInts(m, p.src1(), lane, k0, len, buf.ib, scratch);
                BitvecKernel.run(p.op0(), p.op1(), p.reverse().swapsFirst(), p.reverse().swapsSecond(), scalar,
                        buf.ia, buf.ib, buf.ir, len, width);
                Transfer.storeInts(m, p.dst(), lane, k0, len, buf.ir, scratch);
            }
            return;
        }
        float s = Float.intBitsToFloat(scalar);
        boolean accumulate = S2s2d2.accumulates(p);
        float acc = m.accumulator(lane);
        float[] r = buf.r;
        for (long k0 = 0; k0 < n; k0 += CHUNK) {
            int len = (int) Math.min(CHUNK, n - k0);
            Transfer.loadFloats(m, p.src1(), lane, k0, len, buf.b, scratch);
            if (p.opcode() == Opcode.SELECT_REDUCE) {
                Transfer.loadInts(m, p.src0(), lane, k0, len, buf.ia, scratch);
                ArithKernel.select(buf.ia, buf.b, s, p.reverse().swapsFirst(), r, len);
            } else {
                Transfer.loadFloats(m, p.src0(), lane, k0, len, buf.a, scratch);
                ArithKernel.run(p.op0(), p.op1(), p.reverse().swapsFirst(), p.reverse().swapsSecond(), s, buf.a,
                        buf.b, r, buf.mid, buf.scalar, len);
            }
            Transfer.storeFloats(m, p.dst(), lane, k0, len, r, scratch);
            if (accumulate) {
                for (int i = 0; i < len; i++) {
                    acc = S2s2d2.accumulated(p.opcode(), acc, r[i]);
                }
            }
        }
        if (accumulate) {
            m.setAccumulator(lane, acc);
        }
    }
}
