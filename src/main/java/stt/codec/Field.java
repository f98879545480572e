package stt.codec;

import java.util.function.ToIntFunction;

/**
 * The S2S2D2_STT field layout (seed §2, compile-verified offsets): the one declaration that decoding,
 * encoding, the text form and JSON all read. Each field is {@code bits} wide, starting at bit {@code shift} of
 * the little-endian {@code bytes}-byte group at {@code offset}.
 */
public enum Field {
    OPCODE("opcode", 0, 1, i -> i.header().opcode()),
    INST_WORD_LEN("inst_word_len", 1, 1, i -> i.header().inst_word_len()),
    DEBUG_CMD("debug_cmd", 2, 1, i -> i.header().debug_cmd()),
    DEBUG_HINT("debug_hint", 3, 1, i -> i.header().debug_hint()),
    WAIT_MODE("wait_mode", 4, 1, i -> i.events().wait_mode()),
    WAIT_IDX("wait_idx", 5, 1, i -> i.events().wait_idx()),
    UPDATE_MODE("update_mode", 6, 1, i -> i.events().update_mode()),
    UPDATE_IDX("update_idx", 7, 1, i -> i.events().update_idx()),
    SEMAPHORE_VALUE("semaphore_value", 8, 4, i -> i.events().semaphore_value()),
    SRC0_START_ADDR("src0.start_addr", 12, 4, i -> i.src0_mem_pattern().start_addr()),
    SRC0_STEP_ELEM_0("src0.step_elem[0]", 16, 2, true, i -> i.src0_mem_pattern().step_elem_0()),
    SRC0_STEP_ELEM_1("src0.step_elem[1]", 18, 2, true, i -> i.src0_mem_pattern().step_elem_1()),
    SRC0_NUM_ELEM_0("src0.num_elem[0]", 20, 2, i -> i.src0_mem_pattern().num_elem_0()),
    SRC0_NUM_ELEM_1("src0.num_elem[1]", 22, 2, i -> i.src0_mem_pattern().num_elem_1()),
    SRC1_START_ADDR("src1.start_addr", 24, 4, i -> i.src1_mem_pattern().start_addr()),
    SRC1_STEP_ELEM_0("src1.step_elem[0]", 28, 2, true, i -> i.src1_mem_pattern().step_elem_0()),
    SRC1_STEP_ELEM_1("src1.step_elem[1]", 30, 2, true, i -> i.src1_mem_pattern().step_elem_1()),
    SRC1_NUM_ELEM_0("src1.num_elem[0]", 32, 2, i -> i.src1_mem_pattern().num_elem_0()),
    SRC1_NUM_ELEM_1("src1.num_elem[1]", 34, 2, i -> i.src1_mem_pattern().num_elem_1()),
    OP0("op0", 36, 1, S2S2D2_STT::op0),
    OP1("op1", 37, 1, S2S2D2_STT::op1),
    REVERSE_OPERANDS("reverse_operands", 38, 1, S2S2D2_STT::reverse_operands),
    IMM0_SRC("imm0_src", 39, 1, S2S2D2_STT::imm0_src),
    IN0_DTYPE("in0_dtype", 40, 1, 0, 4, false, S2S2D2_STT::in0_dtype),
    IN1_DTYPE("in1_dtype", 40, 1, 4, 4, false, S2S2D2_STT::in1_dtype),
    OUT_DTYPE("out_dtype", 41, 1, S2S2D2_STT::out_dtype),
    NUM_ACTIVE_CHANNELS("num_active_channels", 42, 1, S2S2D2_STT::num_active_channels),
    IMM0_DTYPE("imm0_dtype", 43, 1, S2S2D2_STT::imm0_dtype),
    ACCUMULATOR_CMD("accumulator_cmd", 44, 1, S2S2D2_STT::accumulator_cmd),
    RESERVED("reserved", 45, 3, S2S2D2_STT::reserved),
    DST_START_ADDR("dst.start_addr", 48, 4, i -> i.dst_mem_pattern().start_addr()),
    DST_STEP_ELEM_0("dst.step_elem[0]", 52, 2, true, i -> i.dst_mem_pattern().step_elem_0()),
    DST_STEP_ELEM_1("dst.step_elem[1]", 54, 2, true, i -> i.dst_mem_pattern().step_elem_1()),
    DST_NUM_ELEM_0("dst.num_elem[0]", 56, 2, i -> i.dst_mem_pattern().num_elem_0()),
    DST_NUM_ELEM_1("dst.num_elem[1]", 58, 2, i -> i.dst_mem_pattern().num_elem_1()),
    IMM0("imm0", 60, 4, S2S2D2_STT::imm0);

    private final String key;
    private final int offset;
    private final int bytes;
    private final int shift;
    private final int bits;
    private final boolean signed;
    private final ToIntFunction<S2S2D2_STT> get;

    Field(String key, int offset, int bytes, ToIntFunction<S2S2D2_STT> get) {
        this(key, offset, bytes, false, get);
    }

    Field(String key, int offset, int bytes, boolean signed, ToIntFunction<S2S2D2_STT> get) {
        this(key, offset, bytes, 0, bytes * 8, signed, get);
    }

    Field(String key, int offset, int bytes, int shift, int bits, boolean signed, ToIntFunction<S2S2D2_STT> get) {
        this.key = key;
        this.offset = offset;
        this.bytes = bytes;
        this.shift = shift;
        this.bits = bits;
        this.signed = signed;
        this.get = get;
    }

    /** The field's name as errors show it, e.g. {@code src0.step_elem[1]}. */
    public String key() {
        return key;
    }

    public int offset() {
        return offset;
    }

    public int bytes() {
        return bytes;
    }

    public int shift() {
        return shift;
    }

    public int bits() {
        return bits;
    }

    public boolean signed() {
        return signed;
    }

    public long min() {
        return signed ? -(1L << (bits - 1)) : 0;
    }

    public long max() {
        return signed ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
    }

    /** The field's value in {@code instr}, as a number in [{@link #min()}, {@link #max()}]. */
    public long get(S2S2D2_STT instr) {
        int v = get.applyAsInt(instr);
        return signed ? v : v & max();
    }

    /** Reads the field from a word starting at {@code base} of {@code word}. */
    public long read(byte[] word, int base) {
        long group = 0;
        for (int b = bytes - 1; b >= 0; b--) {
            group = (group << 8) | (word[base + offset + b] & 0xff);
        }
        long v = (group >>> shift) & ((1L << bits) - 1);
        return signed && v > max() ? v - (1L << bits) : v;
    }

    /** Writes {@code value} into the field's bits of a word starting at {@code base} of {@code word}. */
    public void write(byte[] word, int base, long value) {
        long mask = ((1L << bits) - 1) << shift;
        for (int b = 0; b < bytes; b++) {
            int byteMask = (int) (mask >>> (8 * b)) & 0xff;
            int byteBits = (int) ((value << shift) >>> (8 * b)) & byteMask;
            int at = base + offset + b;
            word[at] = (byte) ((word[at] & ~byteMask) | byteBits);
        }
    }
}
