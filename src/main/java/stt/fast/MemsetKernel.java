package stt.fast;

import java.util.Arrays;
import stt.exec.Operand;
import stt.exec.Instruction;
import stt.machine.Machine;

/** Memset: one chunk filled with set_value's low bytes, stored over each lane's destination. */
public final class MemsetKernel implements Kernel {
    @Override
    public void execute(Machine m, Instruction i, Lanes lanes) {
        Operand dst = i.dst();
        int channels = i.channels();
        int value = (int) i.setValue();
        long n = dst.count();
        lanes.run(channels, n * channels, lane -> Chunks.each(n, (c, k0, len) -> {
            Arrays.fill(c.ir, 0, len, value);
            Transfer.storeInts(m, dst, lane, k0, len, c.ir, c.scratch);
        }));
    }
}
