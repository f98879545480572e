package stt.codec;

import static stt.codec.Field.*;

/**
 * A mutable set of raw field values, one per {@link Field}, from which an {@link S2S2D2_STT} is built. Decoding
 * and the assembler fill one; {@link #of} reads one back from an instruction.
 */
public final class FieldValues {
    private final long[] values = new long[Field.values().length];

    public static FieldValues of(S2S2D2_STT instr) {
        FieldValues v = new FieldValues();
        for (Field f : Field.values()) {
            v.values[f.ordinal()] = f.get(instr);
        }
        return v;
    }

    /** Sets {@code f}; throws {@link IllegalArgumentException} naming the field and its range when out of it. */
    public FieldValues set(Field f, long value) {
        if (value < f.min() || value > f.max()) {
            throw new IllegalArgumentException(
                    f.key() + " = " + value + " is out of range; allowed: " + f.min() + ".." + f.max());
        }
        values[f.ordinal()] = value;
        return this;
    }

    public long get(Field f) {
        return values[f.ordinal()];
    }

    private int i(Field f) {
        return (int) values[f.ordinal()];
    }

    public S2S2D2_STT build() {
        return new S2S2D2_STT(
                new Header(i(OPCODE), i(INST_WORD_LEN), i(DEBUG_CMD), i(DEBUG_HINT)),
                new Events(i(WAIT_MODE), i(WAIT_IDX), i(UPDATE_MODE), i(UPDATE_IDX), i(SEMAPHORE_VALUE)),
                new Tensor2D(i(SRC0_START_ADDR), i(SRC0_STEP_ELEM_0), i(SRC0_STEP_ELEM_1), i(SRC0_NUM_ELEM_0),
                        i(SRC0_NUM_ELEM_1)),
                new Tensor2D(i(SRC1_START_ADDR), i(SRC1_STEP_ELEM_0), i(SRC1_STEP_ELEM_1), i(SRC1_NUM_ELEM_0),
                        i(SRC1_NUM_ELEM_1)),
                i(OP0), i(OP1), i(REVERSE_OPERANDS), i(IMM0_SRC), i(IN0_DTYPE), i(IN1_DTYPE), i(OUT_DTYPE),
                i(NUM_ACTIVE_CHANNELS), i(IMM0_DTYPE), i(ACCUMULATOR_CMD), i(RESERVED),
                new Tensor2D(i(DST_START_ADDR), i(DST_STEP_ELEM_0), i(DST_STEP_ELEM_1), i(DST_NUM_ELEM_0),
                        i(DST_NUM_ELEM_1)),
                i(IMM0));
    }
}
