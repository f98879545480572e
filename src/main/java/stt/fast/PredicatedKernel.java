package stt.fast;

import stt.exec.Operand;
import stt.isa.Dtype;
import stt.isa.Opcode;
import stt.exec.Instruction;
import stt.machine.Machine;

/**
 * CopyPredicated and CastPredicated: per chunk, the predicate and the source are read; where dst gives every
 * element its own bytes, dst's chunk is read, its elements replaced where the predicate is non-zero and written
 * back; otherwise (a broadcast dst) only the selected elements are written, one by one in element order.
 */
public final class PredicatedKernel implements Kernel {
    @Override
    public void execute(Machine m, Instruction i, Lanes lanes) {
        Operand predicate = i.src0();
        Operand src = i.src1();
        Operand dst = i.dst();
        int channels = i.channels();
        boolean copy = i.opcode() == Opcode.COPY_PREDICATED;
        Dtype out = dst.dtype();
        boolean merge = dst.pattern().injective();
        long n = dst.count();
        lanes.run(channels, n * channels, lane -> Chunks.each(n, (c, k0, len) -> {
            Transfer.loadInts(m, predicate, lane, k0, len, c.ia, c.scratch);
            if (copy) {
                Transfer.loadInts(m, src, lane, k0, len, c.ib, c.scratch);
            } else {
                Transfer.loadFloats(m, src, lane, k0, len, c.a);
                for (int e = 0; e < len; e++) {
                    c.ib[e] = c.ia[e] != 0 ? out.fromFp32(c.a[e]) : 0;
                }
            }
            if (merge) {
                Transfer.loadInts(m, dst, lane, k0, len, c.ir, c.scratch);
                for (int e = 0; e < len; e++) {
                    c.ir[e] = c.ia[e] != 0 ? c.ib[e] : c.ir[e];
                }
                Transfer.storeInts(m, dst, lane, k0, len, c.ir, c.scratch);
            } else {
                for (int e = 0; e < len; e++) {
                    if (c.ia[e] != 0) {
                        m.writeBits(dst.start().space(), dst.partition(lane), dst.offset(k0 + e), out.size(),
                                c.ib[e]);
                    }
                }
            }
        }));
    }
}
