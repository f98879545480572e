package stt.calls;

import stt.machine.Machine;

/** The state of a NeuronCore an NKI-level call may read and write besides its tiles. */
public interface CoreState {
    /** The Scalar Engine's own 128 fp32 reduce registers, one per lane (FAMILY-NEXT §5.4), kept across calls. */
    float[] actRegisters();

    /** The core's machine: the Vector Engine accumulators that range_select folds into (FAMILY-NEXT §8.3). */
    Machine machine();

    /** A core of its own for one call: zeroed registers, a fresh machine of {@code gen} made when first asked for. */
    static CoreState fresh(stt.isa.Generation gen) {
        float[] regs = new float[128];
        Machine[] made = new Machine[1];
        return new CoreState() {
            @Override
            public float[] actRegisters() {
                return regs;
            }

            @Override
            public Machine machine() {
                if (made[0] == null) {
                    made[0] = new Machine(gen);
                }
                return made[0];
            }
        };
    }
}
