package stt.fast;

import java.util.Optional;
import stt.exec.Operand;
import stt.isa.AluOp;
import stt.isa.Generation;
import stt.exec.Instruction;
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
        Operand a = i.src0();
        Operand b = i.src1();
        Operand dst = i.dst();
        AluOp op = i.op();
        boolean bitvec = i.opcode().isBitvec();
        int channels = i.channels();
        long n = dst.count();
        var fused = bitvec || op != AluOp.ADD ? Optional.<FusedMultAdd.Family>empty()
                : FusedMultAdd.family(a, b, dst);
        if (fused.isPresent()) {
            FusedMultAdd.run(fused.get(), ONES, Rows.of(m, a), Rows.of(m, b), Rows.of(m, dst), channels, n, lanes);
            return;
        }
        int width = 8 * dst.dtype().size();
        Rows ra = Rows.of(m, a);
        Rows rb = Rows.of(m, b);
        Rows rd = Rows.of(m, dst);
        lanes.run(channels, n * channels, lane -> Chunks.each(n, (c, k0, len) -> {
            if (bitvec) {
                Transfer.loadInts(m, a, lane, k0, len, c.ia, c.scratch);
                Transfer.loadInts(m, b, lane, k0, len, c.ib, c.scratch);
                BitvecKernel.binary(op, c.ia, c.ib, c.ir, len, width);
                Transfer.storeInts(m, dst, lane, k0, len, c.ir, c.scratch);
            } else {
                Transfer.loadFloats(m, a, ra, lane, k0, len, c.a, 0, c.scratch);
                Transfer.loadFloats(m, b, rb, lane, k0, len, c.b, 0, c.scratch);
                ArithKernel.binary(op, c.a, c.b, c.r, len);
                Transfer.storeFloats(m, dst, rd, lane, k0, len, c.r, 0, c.scratch);
            }
        }));
    }
}
