package stt.fast;

import java.util.Arrays;
import stt.alu.ArithAlu;
import stt.exec.CacheReduce;
import stt.isa.Opcode;
import stt.exec.Instruction;
import stt.machine.Machine;

/**
 * The cache reductions (0x9a, 0xe6): lanes independently; per chunk the first stage runs as one Vector API pass
 * and the fold, sequential along the lane, as a scalar loop over the chunk.
 */
public final class CacheKernel implements Kernel {
    @Override
    public void execute(Machine m, Instruction i, Lanes lanes) {
        boolean cumulative = i.opcode() == Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE;
        int[] s0 = i.imm0().lanes(m, i.channels(), Chunks.get().s0);
        float[] acc = CacheReduce.start(m, i);
        long n = i.elements();
        lanes.run(i.channels(), n * i.channels(), lane -> {
            Chunks c = Chunks.get();
            float a = acc[lane];
            for (long k0 = 0; k0 < n; k0 += Chunks.SIZE) {
                int len = (int) Math.min(Chunks.SIZE, n - k0);
                Transfer.loadFloats(m, i.src(), lane, k0, len, c.a);
                Arrays.fill(c.b, 0, len, Float.intBitsToFloat(s0[lane]));
                ArithKernel.binary(i.op0(), c.a, c.b, c.r, len);
                for (int e = 0; e < len; e++) {
                    a = ArithAlu.apply(i.op1(), c.r[e], a);
                    c.mid[e] = a;
                }
                Transfer.storeFloats(m, i.dst(), lane, k0, len, cumulative ? c.mid : c.r);
            }
            m.setAccumulator(lane, a);
        });
    }
}
