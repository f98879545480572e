package stt.fast;

import stt.codec.Word;
import stt.exec.ExecutionException;
import stt.exec.Operand;
import stt.exec.Resolver;
import stt.machine.Machine;

/** DveReadAccumulator (0x9b): one converted element per lane; nothing to vectorise, nothing to hand back. */
public final class ReadAccumulatorKernel implements Kernel {
    @Override
    public boolean execute(Machine m, Word w, Lanes lanes) throws ExecutionException {
        Operand dst = Resolver.operand(m, w, "dst");
        int negate = w.get("negated") == 1 ? 0x8000_0000 : 0;
        for (int lane = 0; lane < (int) w.get("num_active_channels"); lane++) {
            float v = Float.intBitsToFloat(Float.floatToRawIntBits(m.accumulator(lane)) ^ negate);
            m.writeBits(dst.start().space(), dst.partition(lane), dst.offset(0), dst.dtype().size(),
                    dst.dtype().fromFp32(v));
        }
        return true;
    }
}
