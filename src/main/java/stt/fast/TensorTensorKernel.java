package stt.fast;

import java.util.Optional;
import stt.exec.Operand;
import stt.isa.AluOp;
import stt.isa.Generation;
import stt.exec.Instruction;
import stt.exec.TensorTensor.Binary;
import stt.machine.Machine;

/**
 * Tensor-Tensor arith and bitvec: lanes independently, in chunks: both sources loaded, one Vector API pass,
 * stored; an add on contiguous fp32, bf16 or int8 streams runs fused on the segments ({@link FusedMultAdd}).
 */
public final class TensorTensorKernel implements Kernel {
    /** The fused add's scalar on every lane (read only). */
    private static final float[] ONES = new float[Generation.PARTITIONS];

    static {
        java.util.Arrays.fill(ONES, 1.0f);
    }

    @Override
    public void execute(Machine m, Instruction i, Lanes lanes) {
        Binary w = Binary.of(i);
        int channels = i.channels();
        long n = w.dst().count();
        var fused = w.bitvec() || w.op() != AluOp.ADD ? Optional.<FusedMultAdd.Family>empty()
                : FusedMultAdd.family(w.a(), w.b(), w.dst());
        if (fused.isPresent()) {
            FusedMultAdd.run(fused.get(), ONES, Rows.of(m, w.a()), Rows.of(m, w.b()), Rows.of(m, w.dst()), channels,
                    n, lanes);
            return;
        }
        Rows ra = Rows.of(m, w.a());
        Rows rb = Rows.of(m, w.b());
        Rows rd = Rows.of(m, w.dst());
        lanes.run(channels, n * channels, lane -> lane(m, w, ra, rb, rd, lane, n));
    }

    /** Lane {@code lane}'s {@code n} elements, chunk by chunk on this thread's buffers. */
    private static void lane(Machine m, Binary w, Rows ra, Rows rb, Rows rd, int lane, long n) {
        Operand a = w.a();
        Operand b = w.b();
        Operand dst = w.dst();
        AluOp op = w.op();
        Chunks.each(n, (c, k0, len) -> {
            if (w.bitvec()) {
                Transfer.loadInts(m, a, lane, k0, len, c.ia, c.scratch);
                Transfer.loadInts(m, b, lane, k0, len, c.ib, c.scratch);
                BitvecKernel.binary(op, c.ia, c.ib, c.ir, len, w.width());
                Transfer.storeInts(m, dst, lane, k0, len, c.ir, c.scratch);
            } else {
                Transfer.loadFloats(m, a, ra, lane, k0, len, c.a, 0);
                Transfer.loadFloats(m, b, rb, lane, k0, len, c.b, 0);
                ArithKernel.binary(op, c.a, c.b, c.r, len);
                Transfer.storeFloats(m, dst, rd, lane, k0, len, c.r, 0);
            }
        });
    }
}
