package stt.isa;

/** NEURON_ISA_TPB_TENS_SCALAR_REV_OPS (common.h:1246): which fusion stages swap their operands. */
public enum ReverseOperands implements Coded {
    NONE(0), FIRST(1), SECOND(2), BOTH(3);

    private final int code;

    ReverseOperands(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    /** Stage 1 reads {@code scalar op0 src0} instead of {@code src0 op0 scalar}. */
    public boolean swapsFirst() {
        return this == FIRST || this == BOTH;
    }

    /** Stage 2 reads {@code src1 op1 mid} instead of {@code mid op1 src1}. */
    public boolean swapsSecond() {
        return this == SECOND || this == BOTH;
    }
}
