package stt.isa;

import java.util.Optional;

/**
 * The SEQ opcodes this model knows (seed §1, FAMILY.md §1): the header enum name in lower snake case without
 * a trailing {@code _op} is the text mnemonic. Each row is the header's facts about the opcode: its code, the
 * struct that backs it (instruction_mapping.json's struct2opcode; the codec's {@code Format} of that name), its
 * engine and generations; what the model does with it is its definition ({@code stt.def.Definitions}).
 * {@code bitvec} opcodes run the integer bit-vector datapath (inline scalars are integers);
 * {@code pointerImmediates} opcodes read both immediates as pointers whatever their source fields say (the deprecated
 * Tensor-Scalar-PTR pair).
 */
public enum Opcode implements Coded {
    // S2S2D2_STT (the seed)
    SCALAR_TENSOR_TENSOR_ARITH(0x9d, "S2S2D2_STT"),
    SCALAR_TENSOR_TENSOR_BITVEC(0x9e, "S2S2D2_STT", Flag.BITVEC),
    TENSOR_TENSOR_SCAN_ARITH(0xe5, "S2S2D2_STT"),
    SELECT_REDUCE(0xea, "S2S2D2_STT"),
    // S3S3D3_TT
    TENSOR_TENSOR_ARITH(0x41, "S3S3D3_TT"),
    TENSOR_TENSOR_BITVEC(0x51, "S3S3D3_TT", Flag.BITVEC),
    COPY_PREDICATED(0x72, "S3S3D3_TT"),
    CAST_PREDICATED(0x99, "S3S3D3_TT"),
    BATCH_NORM_BACK_PROP(0x65, "S3S3D3_TT"),
    TENSOR_TENSOR_ADD_BF16(0x8a, "S3S3D3_TT", Generation.SUNDA, Generation.SUNDA),
    TENSOR_TENSOR_MULT_BF16(0x8b, "S3S3D3_TT", Generation.SUNDA, Generation.SUNDA),
    TENSOR_TENSOR_SUB_BF16(0x8f, "S3S3D3_TT", Generation.SUNDA, Generation.SUNDA),
    // S3D3_TS
    TENSOR_SCALAR_ARITH(0x43, "S3D3_TS"),
    TENSOR_SCALAR_BITVEC(0x53, "S3D3_TS", Flag.BITVEC),
    TENSOR_SCALAR_PTR_ARITH(0x44, "S3D3_TS", Flag.POINTERS),
    TENSOR_SCALAR_PTR_BITVEC(0x54, "S3D3_TS", Flag.BITVEC_POINTERS),
    TRANSPOSE_TENSOR_SCALAR_ARITH(0x93, "S3D3_TS"),
    TENSOR_SCALAR_CACHE_REDUCE(0x9a, "S3D3_TS"),
    TENSOR_SCALAR_CACHE_CUMULATIVE(0xe6, "S3D3_TS"),
    EXPONENTIAL(0x30, "S3D3_TS"),
    // D1_RD
    DVE_READ_ACCUMULATOR(0x9b, "D1_RD"),
    ACTIVATION_READ_ACCUMULATOR(0x24, "D1_RD", EngineKind.ACT),
    // D4_MR
    MEMSET(0x49, "D4_MR"),
    DVE_READ_INDICES(0xe9, "D4_MR", Generation.CAYMAN, Generation.MAVERICK),
    RNG(0x4d, "D4_MR"),
    REG_STORE(0x4b, "D4_MR"),
    // S4D4_TR
    COPY(0x46, "S4D4_TR"),
    CAST(0x47, "S4D4_TR"),
    TENSOR_REDUCE_ARITH(0x42, "S4D4_TR"),
    TENSOR_REDUCE_BITVEC(0x52, "S4D4_TR", Flag.BITVEC),
    TRANSPOSE_TENSOR_REDUCE_ARITH(0x83, "S4D4_TR"),
    TRANSPOSE_TENSOR_REDUCE_BITVEC(0x84, "S4D4_TR", Flag.BITVEC),
    TENSOR_REDUCE_ADD_BF16(0x8c, "S4D4_TR", EngineKind.POOL, Flag.NONE, Generation.SUNDA, Generation.SUNDA),
    TENSOR_REDUCE_MAX_BF16(0x8d, "S4D4_TR", EngineKind.POOL, Flag.NONE, Generation.SUNDA, Generation.SUNDA),
    TENSOR_CUMULATIVE_ARITH(0x4e, "S4D4_TR"),
    TENSOR_CUMULATIVE_BITVEC(0x5e, "S4D4_TR", Flag.BITVEC),
    RECIPROCAL(0x48, "S4D4_TR"),
    STREAM_SHUFFLE(0x6a, "S4D4_TR"),
    STREAM_TRANSPOSE(0x6b, "S4D4_TR"),
    // D4_IOTA
    IOTA(0x7e, "D4_IOTA", EngineKind.POOL);

    private enum Flag { NONE, BITVEC, POINTERS, BITVEC_POINTERS }

    private final int code;
    private final String struct;
    private final EngineKind engine;
    private final Flag flag;
    private final Generation first;
    private final Generation last;

    Opcode(int code, String struct) {
        this(code, struct, EngineKind.DVE, Flag.NONE, Generation.SUNDA, Generation.MAVERICK);
    }

    Opcode(int code, String struct, Flag flag) {
        this(code, struct, EngineKind.DVE, flag, Generation.SUNDA, Generation.MAVERICK);
    }

    Opcode(int code, String struct, EngineKind engine) {
        this(code, struct, engine, Flag.NONE, Generation.SUNDA, Generation.MAVERICK);
    }

    Opcode(int code, String struct, Generation first, Generation last) {
        this(code, struct, EngineKind.DVE, Flag.NONE, first, last);
    }

    Opcode(int code, String struct, EngineKind engine, Flag flag, Generation first, Generation last) {
        this.code = code;
        this.struct = struct;
        this.engine = engine;
        this.flag = flag;
        this.first = first;
        this.last = last;
    }

    /** The struct that backs this opcode (instruction_mapping.json's struct2opcode): the codec's format name. */
    public String struct() {
        return struct;
    }

    /** The engine whose instruction this is (FAMILY-SOURCES §2). */
    public EngineKind engine() {
        return engine;
    }

    /** The first and last generation whose opcode enum has this opcode. */
    public Generation first() {
        return first;
    }

    public Generation last() {
        return last;
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

    /** True when {@code gen}'s opcode enum has this opcode (0xe9 from CAYMAN; 0x8a/0x8b/0x8c/0x8d/0x8f SUNDA only). */
    public boolean definedOn(Generation gen) {
        return gen.compareTo(first) >= 0 && gen.compareTo(last) <= 0;
    }

    public static Optional<Opcode> of(int code) {
        return Coded.byCode(Opcode.class, code);
    }
}
