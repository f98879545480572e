package stt.isa;

/** NEURON_ISA_TPB_IMM_SRC (common.h:1207): where the single scalar imm0 comes from. */
public enum ImmSrc implements Coded {
    INSTRUCTION_IMMEDIATE(0), POINTER_IMMEDIATE(1), REG_PTR_IMMEDIATE(2);

    private final int code;

    ImmSrc(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }
}
