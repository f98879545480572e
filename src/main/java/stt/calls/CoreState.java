package stt.calls;

import java.util.function.Supplier;
import stt.isa.Generation;
import stt.machine.Machine;

/**
 * The state of a NeuronCore an NKI-level call may read and write besides its tiles.
 *
 * @param actRegisters the Scalar Engine's own fp32 reduce registers, one per lane (FAMILY-NEXT §5.4), kept across
 *                     calls
 * @param machines     the core's machine, made when first asked for: the Vector Engine accumulators that
 *                     range_select and exponential fold into (FAMILY-NEXT §8.3)
 */
public record CoreState(float[] actRegisters, Supplier<Machine> machines) {
    public Machine machine() {
        return machines.get();
    }

    /** A core of its own for one call: zeroed registers, a fresh machine of {@code gen} made when first asked for. */
    public static CoreState fresh(Generation gen) {
        Machine[] made = new Machine[1];
        return new CoreState(new float[Generation.PARTITIONS],
                () -> made[0] != null ? made[0] : (made[0] = new Machine(gen)));
    }
}
