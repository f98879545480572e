package stt.fast;

import stt.exec.Operand;
import stt.exec.Instruction;
import stt.machine.Machine;

/** DveReadAccumulator (0x9b): one converted element per lane; nothing to vectorise, nothing to hand back. */
public final class ReadAccumulatorKernel implements Kernel {
    @Override
    public void execute(Machine m, Instruction i, Lanes lanes) {
        Operand dst = i.dst();
        int negate = i.negated() ? 0x8000_0000 : 0;
        for (int lane = 0; lane < i.channels(); lane++) {
            float v = Float.intBitsToFloat(Float.floatToRawIntBits(m.accumulator(lane)) ^ negate);
            m.writeBits(dst.start().space(), dst.partition(lane), dst.offset(0), dst.dtype().size(),
                    dst.dtype().fromFp32(v));
        }
    }
}
