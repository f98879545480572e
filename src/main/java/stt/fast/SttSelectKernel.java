package stt.fast;

import java.util.Optional;
import stt.exec.Instruction;
import stt.exec.S2s2d2;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * ScalarTensorTensor (arith and bitvec) and SelectReduce: lanes run independently, each in chunks: both sources
 * are loaded into buffers, the two stages run as Vector API kernels (or the selection), the results are stored
 * and folded into the lane's accumulator; short arith rows with the instruction's own scalar share chunks, several
 * lanes to one. A mult/add on contiguous streams ({@link FusedMultAdd}), bitwise-only
 * bitvec stages ({@link FusedBitwise}) and a plain selection ({@link FusedSelect}) run fused on the segments.
 */
public final class SttSelectKernel extends S2s2d2Kernel {
    private static final int CHUNK = Chunks.SIZE;

    @Override
    void run(Machine m, Instruction p, int[] scalars, Lanes lanes) {
        long n = p.elements();
        var fused = S2s2d2.accumulates(p) || !multAdd(p) ? Optional.<FusedMultAdd.Family>empty()
                : FusedMultAdd.family(p.src0(), p.src1(), p.dst());
        Rows a = Rows.of(m, p.src0());
        Rows b = Rows.of(m, p.src1());
        Rows d = Rows.of(m, p.dst());
        if (fused.isPresent()) {
            float[] s = FusedMultAdd.floats(scalars, p.channels(), Chunks.get().f0);
            FusedMultAdd.run(fused.get(), s, a, b, d, p.channels(), n, lanes);
        } else if (FusedBitwise.covers(p)) {
            lanes.run(p.channels(), n * p.channels(), c -> FusedBitwise.lane(p, a, b, d, c, scalars[c], n));
        } else if (FusedSelect.covers(p)) {
            lanes.run(p.channels(), n * p.channels(), c -> FusedSelect.lane(p, a, b, d, c, scalars[c], n));
        } else {
            int group = packs(p) ? CHUNK / (int) Math.min(n, CHUNK) : 1;
            int units = (p.channels() + group - 1) / group;
            lanes.run(units, n * p.channels(), u -> lanes(m, p, a, b, d, u * group,
                    Math.min(group, p.channels() - u * group), scalars[u * group]));
        }
    }

    /**
     * Whether lanes of {@code p} share chunks: arith words whose scalar is the instruction's own (so every lane's
     * is the same), as many lanes to a chunk as their rows fit. A short row's own stage loops run too few times
     * for their set-up to pay: [128x64] fp32 is_gt/logical_and spent more than a third of its time there.
     */
    private static boolean packs(Instruction p) {
        return p.opcode() == Opcode.SCALAR_TENSOR_TENSOR_ARITH && p.imm0().isInline();
    }

    /** ScalarTensorTensor arith with op0 mult, op1 add and no swaps: the shape {@link FusedMultAdd} runs. */
    private static boolean multAdd(Instruction p) {
        return p.opcode() == Opcode.SCALAR_TENSOR_TENSOR_ARITH && multThenAdd(p);
    }

    /**
     * Lanes first .. first+count-1 with scalar {@code scalar}, in chunks, the operands' rows resolved once ({@code a},
     * {@code b}, {@code d}); several lanes ({@link #packs}) share one chunk, lane first+j's elements at j·len, so
     * their rows together are at most a chunk long. Bitvec words and SelectReduce never pack (count is 1).
     */
    private static void lanes(Machine m, Instruction p, Rows a, Rows b, Rows d, int first, int count, int scalar) {
        long n = p.elements();
        Chunks buf = Chunks.get();
        Transfer.Scratch scratch = buf.scratch;
        if (p.opcode().isBitvec()) {
            int width = 8 * p.dst().dtype().size();
            for (long k0 = 0; k0 < n; k0 += CHUNK) {
                int len = (int) Math.min(CHUNK, n - k0);
                Transfer.loadInts(m, p.src0(), first, k0, len, buf.ia, scratch);
                Transfer.loadInts(m, p.src1(), first, k0, len, buf.ib, scratch);
                BitvecKernel.run(p.op0(), p.op1(), p.reverse().swapsFirst(), p.reverse().swapsSecond(), scalar,
                        buf.ia, buf.ib, buf.ir, len, width);
                Transfer.storeInts(m, p.dst(), first, k0, len, buf.ir, scratch);
            }
            return;
        }
        float s = Float.intBitsToFloat(scalar);
        boolean accumulate = S2s2d2.accumulates(p);
        float[] r = buf.r;
        for (long k0 = 0; k0 < n; k0 += CHUNK) {
            int len = (int) Math.min(CHUNK, n - k0);
            for (int j = 0; j < count; j++) {
                Transfer.loadFloats(m, p.src1(), b, first + j, k0, len, buf.b, j * len);
                if (p.opcode() != Opcode.SELECT_REDUCE) {
                    Transfer.loadFloats(m, p.src0(), a, first + j, k0, len, buf.a, j * len);
                }
            }
            if (p.opcode() == Opcode.SELECT_REDUCE) {
                Transfer.loadInts(m, p.src0(), first, k0, len, buf.ia, scratch);
                ArithKernel.select(buf.ia, buf.b, s, p.reverse().swapsFirst(), r, len);
            } else {
                ArithKernel.run(p.op0(), p.op1(), p.reverse().swapsFirst(), p.reverse().swapsSecond(), s, buf.a,
                        buf.b, r, buf.mid, buf.scalar, count * len);
            }
            for (int j = 0; j < count; j++) {
                Transfer.storeFloats(m, p.dst(), d, first + j, k0, len, r, j * len);
                if (accumulate) {
                    float acc = m.accumulator(first + j);
                    for (int i = j * len; i < (j + 1) * len; i++) {
                        acc = S2s2d2.accumulated(p.opcode(), acc, r[i]);
                    }
                    m.setAccumulator(first + j, acc);
                }
            }
        }
    }
}
