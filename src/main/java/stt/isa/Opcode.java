package stt.isa;

import java.util.Optional;

/**
 * The SEQ opcodes this model knows (seed §1, FAMILY.md §1): the header enum name in lower snake case without
 * a trailing {@code _op} is the text mnemonic. Which struct backs each opcode is the codec's
 * {@code Format} table, as instruction_mapping.json binds structs to opcodes. {@code bitvec} opcodes run the
 * integer bit-vector datapath (inline scalars are integers); {@code pointerImmediates} opcodes read both
 * immediates as pointers whatever their source fields say (the deprecated Tensor-Scalar-PTR pair).
 */
public enum Opcode implements Coded {
    // S2S2D2_STT (the seed)
    SCALAR_TENSOR_TENSOR_ARITH(0x9d),
    SCALAR_TENSOR_TENSOR_BITVEC(0x9e, Flag.BITVEC),
    TENSOR_TENSOR_SCAN_ARITH(0xe5),
    SELECT_REDUCE(0xea),
    // S3S3D3_TT
    TENSOR_TENSOR_ARITH(0x41),
    TENSOR_TENSOR_BITVEC(0x51, Flag.BITVEC),
    COPY_PREDICATED(0x72),
    CAST_PREDICATED(0x99),
    BATCH_NORM_BACK_PROP(0x65),
    TENSOR_TENSOR_ADD_BF16(0x8a, Generation.SUNDA, Generation.SUNDA),
    TENSOR_TENSOR_MULT_BF16(0x8b, Generation.SUNDA, Generation.SUNDA),
    TENSOR_TENSOR_SUB_BF16(0x8f, Generation.SUNDA, Generation.SUNDA),
    // S3D3_TS
    TENSOR_SCALAR_ARITH(0x43),
    TENSOR_SCALAR_BITVEC(0x53, Flag.BITVEC),
    TENSOR_SCALAR_PTR_ARITH(0x44, Flag.POINTERS),
    TENSOR_SCALAR_PTR_BITVEC(0x54, Flag.BITVEC_POINTERS),
    TRANSPOSE_TENSOR_SCALAR_ARITH(0x93),
    TENSOR_SCALAR_CACHE_REDUCE(0x9a),
    TENSOR_SCALAR_CACHE_CUMULATIVE(0xe6),
    EXPONENTIAL(0x30),
    // D1_RD
    DVE_READ_ACCUMULATOR(0x9b),
    ACTIVATION_READ_ACCUMULATOR(0x24),
    // D4_MR
    MEMSET(0x49),
    DVE_READ_INDICES(0xe9, Generation.CAYMAN, Generation.MAVERICK),
    RNG(0x4d),
    REG_STORE(0x4b),
    // S4D4_TR
    COPY(0x46),
    CAST(0x47),
    TENSOR_REDUCE_ARITH(0x42),
    TENSOR_REDUCE_BITVEC(0x52, Flag.BITVEC),
    TRANSPOSE_TENSOR_REDUCE_ARITH(0x83),
    TRANSPOSE_TENSOR_REDUCE_BITVEC(0x84, Flag.BITVEC),
    TENSOR_CUMULATIVE_ARITH(0x4e),
    TENSOR_CUMULATIVE_BITVEC(0x5e, Flag.BITVEC),
    RECIPROCAL(0x48),
    STREAM_SHUFFLE(0x6a),
    STREAM_TRANSPOSE(0x6b),
    // D4_IOTA
    IOTA(0x7e);

    private enum Flag { NONE, BITVEC, POINTERS, BITVEC_POINTERS }

    private final int code;
    private final Flag flag;
    private final Generation first;
    private final Generation last;

    Opcode(int code) {
        this(code, Flag.NONE, Generation.SUNDA, Generation.MAVERICK);
    }

    Opcode(int code, Flag flag) {
        this(code, flag, Generation.SUNDA, Generation.MAVERICK);
    }

    Opcode(int code, Generation first, Generation last) {
        this(code, Flag.NONE, first, last);
    }

    Opcode(int code, Flag flag, Generation first, Generation last) {
        this.code = code;
        this.flag = flag;
        this.first = first;
        this.last = last;
    }

    @Override
    public int code() {
        return code;
    }

    /** The text mnemonic, e.g. {@code scalar_tensor_tensor_arith}; JSON {@code name}. */
    public String mnemonic() {
        return isaName();
    }

    /** True for the opcodes that run the integer bit-vector datapath. */
    public boolean isBitvec() {
        return flag == Flag.BITVEC || flag == Flag.BITVEC_POINTERS;
    }

    /** True when both immediates are PARTITION_OFFSET pointers whatever imm0_src/imm1_src say (0x44, 0x54). */
    public boolean pointerImmediates() {
        return flag == Flag.POINTERS || flag == Flag.BITVEC_POINTERS;
    }

    /** True when {@code gen}'s opcode enum has this opcode (0xe9 from CAYMAN; 0x8a/0x8b/0x8f SUNDA only). */
    public boolean definedOn(Generation gen) {
        return gen.compareTo(first) >= 0 && gen.compareTo(last) <= 0;
    }

    public static Optional<Opcode> of(int code) {
        return Coded.byCode(Opcode.class, code);
    }
}
