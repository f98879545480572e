package stt.exec;

import static stt.exec.Elementwise.R2;

import stt.codec.Word;
import stt.machine.Machine;

/** Memset (0x49), FAMILY.md §4: every dst element gets the low bytes of set_value, unconverted. */
public final class Memset implements Semantics {
    @Override
    public void execute(Machine m, Word w, Trace trace) throws ExecutionException {
        Operand dst = Resolver.operand(m, w, "dst");
        long value = w.get("set_value");
        trace.instruction();
        Streams.run(m, Elementwise.channels(w), dst.count(), dst, (lane, k, s) -> {
            if (trace.on()) {
                trace.fillStage(R2);
            }
            return value;
        });
    }
}
