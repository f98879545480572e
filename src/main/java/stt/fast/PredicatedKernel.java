package stt.fast;

import stt.codec.Word;
import stt.exec.ExecutionException;
import stt.exec.Operand;
import stt.exec.Resolver;
import stt.isa.Dtype;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * CopyPredicated and CastPredicated: per chunk, the predicate and the source are read; where dst gives every
 * element its own bytes, dst's chunk is read, its elements replaced where the predicate is non-zero and written
 * back; otherwise (a broadcast dst) only the selected elements are written, one by one in element order.
 */
public final class PredicatedKernel implements Kernel {
    @Override
    public boolean execute(Machine m, Word w, Lanes lanes) throws ExecutionException {
        Operand predicate = Resolver.operand(m, w, "src0");
        Operand src = Resolver.operand(m, w, "src1");
        Operand dst = Resolver.operand(m, w, "dst");
        int channels = (int) w.get("num_active_channels");
        if (Hazards.observable(dst, channels, predicate, src)) {
            return false;
        }
        boolean copy = w.opcode().orElseThrow() == Opcode.COPY_PREDICATED;
        Dtype out = dst.dtype();
        boolean merge = dst.pattern().injective();
        long n = dst.count();
        lanes.run(channels, n * channels, lane -> Chunks.each(n, (c, k0, len) -> {
            Transfer.loadInts(m, predicate, lane, k0, len, c.ia, c.scratch);
            if (copy) {
                Transfer.loadInts(m, src, lane, k0, len, c.ib, c.scratch);
            } else {
                Transfer.loadFloats(m, src, lane, k0, len, c.a, c.scratch);
                for (int i = 0; i < len; i++) {
                    c.ib[i] = c.ia[i] != 0 ? out.fromFp32(c.a[i]) : 0;
                }
            }
            if (merge) {
                Transfer.loadInts(m, dst, lane, k0, len, c.ir, c.scratch);
                for (int i = 0; i < len; i++) {
                    c.ir[i] = c.ia[i] != 0 ? c.ib[i] : c.ir[i];
                }
                Transfer.storeInts(m, dst, lane, k0, len, c.ir, c.scratch);
            } else {
                for (int i = 0; i < len; i++) {
                    if (c.ia[i] != 0) {
                        m.writeBits(dst.start().space(), dst.partition(lane), dst.offset(k0 + i), out.size(),
                                c.ib[i]);
                    }
                }
            }
        }));
        return true;
    }
}
