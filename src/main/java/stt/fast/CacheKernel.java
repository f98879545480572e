package stt.fast;

import java.util.Arrays;
import stt.alu.ArithAlu;
import stt.codec.Word;
import stt.exec.CacheReduce;
import stt.exec.ExecutionException;
import stt.exec.Operand;
import stt.exec.Resolver;
import stt.exec.Scalars;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * The cache reductions (0x9a, 0xe6): lanes independently; per chunk the first stage runs as one Vector API pass
 * and the fold, sequential along the lane, as a scalar loop over the chunk.
 */
public final class CacheKernel implements Kernel {
    @Override
    public boolean execute(Machine m, Word w, Lanes lanes) throws ExecutionException {
        Operand src = Resolver.operand(m, w, "src");
        Operand dst = Resolver.operand(m, w, "dst");
        int channels = (int) w.get("num_active_channels");
        if (Hazards.observable(dst, channels, src)) {
            return false;
        }
        AluOp op0 = AluOp.of((int) w.get("op0")).orElseThrow();
        AluOp op1 = AluOp.of((int) w.get("op1")).orElseThrow();
        AccumCmd cmd = Coded.byCode(AccumCmd.class, (int) w.get("accumulator_cmd")).orElseThrow();
        boolean cumulative = w.opcode().orElseThrow() == Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE;
        int[] s0 = Scalars.of(m, w, 0, channels);
        float[] acc = CacheReduce.start(m, w, cmd, op1, channels);
        long n = dst.count();
        lanes.run(channels, n * channels, lane -> {
            Chunks c = Chunks.get();
            float a = acc[lane];
            for (long k0 = 0; k0 < n; k0 += Chunks.SIZE) {
                int len = (int) Math.min(Chunks.SIZE, n - k0);
                Transfer.loadFloats(m, src, lane, k0, len, c.a, c.scratch);
                Arrays.fill(c.b, 0, len, Float.intBitsToFloat(s0[lane]));
                ArithKernel.binary(op0, c.a, c.b, c.r, len);
                for (int i = 0; i < len; i++) {
                    a = ArithAlu.apply(op1, c.r[i], a);
                    c.mid[i] = a;
                }
                Transfer.storeFloats(m, dst, lane, k0, len, cumulative ? c.mid : c.r, c.scratch);
            }
            m.setAccumulator(lane, a);
        });
        return true;
    }
}
