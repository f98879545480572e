package stt.fast;

import java.util.Arrays;
import stt.codec.Word;
import stt.exec.ExecutionException;
import stt.exec.Operand;
import stt.exec.Resolver;
import stt.machine.Machine;

/** Memset: one chunk filled with set_value's low bytes, stored over each lane's destination. */
public final class MemsetKernel implements Kernel {
    @Override
    public boolean execute(Machine m, Word w, Lanes lanes) throws ExecutionException {
        Operand dst = Resolver.operand(m, w, "dst");
        int channels = (int) w.get("num_active_channels");
        int value = (int) w.get("set_value");
        long n = dst.count();
        lanes.run(channels, n * channels, lane -> Chunks.each(n, (c, k0, len) -> {
            Arrays.fill(c.ir, 0, len, value);
            Transfer.storeInts(m, dst, lane, k0, len, c.ir, c.scratch);
        }));
        return true;
    }
}
