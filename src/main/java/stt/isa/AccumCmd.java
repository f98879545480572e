package stt.isa;

/** NEURON_ISA_TPB_ACCUM_CMD (common.h:777). */
public enum AccumCmd implements Coded {
    IDLE(0), ZERO(1), ACCUMULATE(2), ZERO_ACCUMULATE(3), LOAD_ACCUMULATE(4);

    private final int code;

    AccumCmd(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }
}
