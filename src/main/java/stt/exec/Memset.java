package stt.exec;

import static stt.exec.TraceRegisters.RESULT;

import stt.machine.Machine;

/** Memset (0x49), FAMILY.md §4: every dst element gets the low bytes of set_value, unconverted. */
public final class Memset implements Semantics {
    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        long value = i.setValue();
        Streams.run(m, i.channels(), i.elements(), i.dst(), (lane, k, s) -> {
            if (trace.on()) {
                trace.fillStage(RESULT);
            }
            return value;
        });
    }
}
