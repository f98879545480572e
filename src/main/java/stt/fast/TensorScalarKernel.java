package stt.fast;

import java.util.Arrays;
import stt.codec.Word;
import stt.exec.ExecutionException;
import stt.exec.Operand;
import stt.exec.Resolver;
import stt.exec.Scalars;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.ReverseOperands;
import stt.machine.Machine;

/**
 * Tensor-Scalar (0x43/0x53 and 0x44/0x54): lanes independently in chunks, the two stages as Vector API passes
 * with the second scalar broadcast; op1 = bypass stops after the first. GpSimd-only forms go to the reference,
 * which refuses them.
 */
final class TensorScalarKernel implements Kernel {
    @Override
    public boolean execute(Machine m, Word w, Lanes lanes) throws ExecutionException {
        Operand src = Resolver.operand(m, w, "src");
        Operand dst = Resolver.operand(m, w, "dst");
        int channels = (int) w.get("num_active_channels");
        AluOp op0 = AluOp.of((int) w.get("op0")).orElseThrow();
        AluOp op1 = AluOp.of((int) w.get("op1")).orElseThrow();
        boolean bitvec = w.opcode().orElseThrow().isBitvec();
        boolean dve = bitvec ? m.generation().generalBitvec().containsAll(java.util.List.of(op0, op1))
                : m.generation().generalArith().containsAll(java.util.List.of(op0, op1));
        if (!dve || Hazards.observable(dst, channels, src)) {
            return false;
        }
        ReverseOperands rev = Coded.byCode(ReverseOperands.class, (int) w.get("reverse_operands")).orElseThrow();
        int[] s0 = Scalars.of(m, w, 0, channels);
        int[] s1 = Scalars.of(m, w, 1, channels);
        boolean alone = op1 == AluOp.BYPASS;
        boolean swap1 = !alone && rev.swapsSecond();
        long n = dst.count();
        int width = 8 * src.dtype().size();
        lanes.run(channels, n * channels, lane -> Chunks.each(n, (c, k0, len) -> {
            if (bitvec) {
                Transfer.loadInts(m, src, lane, k0, len, c.ia, c.scratch);
                Arrays.fill(c.ib, 0, len, s1[lane]);
                BitvecKernel.run(op0, op1, rev.swapsFirst(), swap1, s0[lane], c.ia, c.ib, c.ir, len, width);
                Transfer.storeInts(m, dst, lane, k0, len, c.ir, c.scratch);
            } else {
                Transfer.loadFloats(m, src, lane, k0, len, c.a, c.scratch);
                Arrays.fill(c.b, 0, len, Float.intBitsToFloat(s1[lane]));
                ArithKernel.run(op0, op1, rev.swapsFirst(), swap1, Float.intBitsToFloat(s0[lane]), c.a, c.b, c.r,
                        c.mid, c.scalar, len);
                Transfer.storeFloats(m, dst, lane, k0, len, c.r, c.scratch);
            }
        }));
        return true;
    }
}
