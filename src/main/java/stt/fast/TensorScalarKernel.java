package stt.fast;

import java.util.Arrays;
import java.util.Optional;
import stt.exec.Operand;
import stt.exec.Instruction;
import stt.exec.TensorScalar.Stages;
import stt.machine.Machine;

/**
 * Tensor-Scalar (0x43/0x53 and 0x44/0x54): lanes independently in chunks, the two stages as Vector API passes
 * with the second scalar broadcast; op1 = bypass stops after the first. Mult then add on contiguous fp32 or bf16
 * streams runs fused on the segments ({@link FusedMultAdd#scalars}).
 */
public final class TensorScalarKernel implements Kernel {
    @Override
    public void execute(Machine m, Instruction i, Lanes lanes) {
        Operand src = i.src();
        Operand dst = i.dst();
        int channels = i.channels();
        Stages st = Stages.of(i);
        Chunks own = Chunks.get();
        int[] s0 = i.imm0().lanes(m, channels, own.s0);
        int[] s1 = i.imm1().lanes(m, channels, own.s1);
        long n = dst.count();
        Optional<FusedMultAdd.Family> fused = st.multAdd() ? FusedMultAdd.family(src, src, dst)
                .filter(f -> f == FusedMultAdd.Family.FP32 || f == FusedMultAdd.Family.BF16) : Optional.empty();
        if (fused.isPresent()) {
            boolean bf16 = fused.get() == FusedMultAdd.Family.BF16;
            FusedMultAdd.scalars(bf16, FusedMultAdd.floats(s0, channels, own.f0),
                    FusedMultAdd.floats(s1, channels, own.f1), Rows.of(m, src),
                    Rows.of(m, dst), channels, n, lanes);
        } else {
            lanes.run(channels, n * channels, lane -> lane(m, src, dst, st, lane, s0[lane], s1[lane], n));
        }
    }

    /** Lane {@code lane}'s {@code n} elements, chunk by chunk on this thread's buffers. */
    private static void lane(Machine m, Operand src, Operand dst, Stages st, int lane, int s0, int s1, long n) {
        Chunks c = Chunks.get();
        for (long k0 = 0; k0 < n; k0 += Chunks.SIZE) {
            int len = (int) Math.min(Chunks.SIZE, n - k0);
            if (st.bitvec()) {
                Transfer.loadInts(m, src, lane, k0, len, c.ia, c.scratch);
                Arrays.fill(c.ib, 0, len, s1);
                BitvecKernel.run(st.op0(), st.op1(), st.swap0(), st.swap1(), s0, c.ia, c.ib, c.ir, len, st.width());
                Transfer.storeInts(m, dst, lane, k0, len, c.ir, c.scratch);
            } else {
                Transfer.loadFloats(m, src, lane, k0, len, c.a);
                Arrays.fill(c.b, 0, len, Float.intBitsToFloat(s1));
                ArithKernel.run(st.op0(), st.op1(), st.swap0(), st.swap1(), Float.intBitsToFloat(s0), c.a, c.b, c.r,
                        c.mid, c.scalar, len);
                Transfer.storeFloats(m, dst, lane, k0, len, c.r);
            }
        }
    }
}
