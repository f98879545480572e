package stt.isa;

/**
 * NEURON_ISA_TPB_REG_SERIAL_MODE (FAMILY-SOURCES §3.5): the validator requires Serial, whose value is inferred
 * as 0 from the compiler always writing 0; no other code is recovered.
 */
public enum SerialMode implements Coded {
    SERIAL(0);

    private final int code;

    SerialMode(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }
}
