package stt.api;

import java.util.EnumMap;
import java.util.Map;
import stt.isa.Generation;
import stt.machine.Machine;

/**
 * One NeuronCore kept across calls, as a session of NKI calls sees it: its SBUF, PSUM, registers and Vector Engine
 * accumulators persist from one call to the next (so {@code reduce_cmd=reduce} folds onto the previous call's
 * accumulators), one machine per generation the session uses. A call run while {@link #CURRENT} is bound runs on
 * this core; otherwise on a machine as fresh ({@link Placement}).
 */
public final class NeuronCore {
    /** The core the calls of this scope run on ({@code stt serve} binds its session's core per request). */
    public static final ScopedValue<NeuronCore> CURRENT = ScopedValue.newInstance();

    private final Map<Generation, Machine> machines = new EnumMap<>(Generation.class);

    /** This core's machine for {@code gen}, zeroed when first used. */
    public synchronized Machine machine(Generation gen) {
        return machines.computeIfAbsent(gen, Machine::new);
    }

    /** Back to a zeroed core: every machine, accumulators and registers included, is dropped. */
    public synchronized void reset() {
        machines.clear();
    }
}
