package stt.fast;

import stt.exec.Operand;
import stt.isa.Opcode;
import stt.exec.Instruction;
import stt.machine.Machine;

/**
 * Copy (bits moved) and Cast (through fp32: widened into a float chunk, narrowed out of it), lanes
 * independently in chunks; same-size copies and bf16/fp32 casts on contiguous streams run on the segments
 * ({@link FusedCast}).
 */
public final class CopyKernel implements Kernel {
    @Override
    public void execute(Machine m, Instruction i, Lanes lanes) {
        Operand src = i.src();
        Operand dst = i.dst();
        int channels = i.channels();
        boolean copy = i.opcode() == Opcode.COPY;
        long n = dst.count();
        FusedCast.Shape fused = FusedCast.shape(copy, src, dst);
        if (fused != null) {
            FusedCast.run(fused, Rows.of(m, src), Rows.of(m, dst), channels, n, lanes);
            return;
        }
        lanes.run(channels, n * channels, lane -> Chunks.each(n, (c, k0, len) -> {
            if (copy) {
                Transfer.loadInts(m, src, lane, k0, len, c.ia, c.scratch);
                Transfer.storeInts(m, dst, lane, k0, len, c.ia, c.scratch);
            } else {
                Transfer.loadFloats(m, src, lane, k0, len, c.a);
                Transfer.storeFloats(m, dst, lane, k0, len, c.a);
            }
        }));
    }
}
