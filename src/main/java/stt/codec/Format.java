package stt.codec;

import static stt.codec.Layout.ACCUM_CMD;
import static stt.codec.Layout.ALU_OP;
import static stt.codec.Layout.DTYPE;
import static stt.codec.Layout.IMM_SRC;
import static stt.codec.Layout.REV_OPS;
import static stt.codec.Layout.SERIAL_MODE;
import static stt.codec.Layout.SUBDIM;

import java.util.List;
import stt.isa.Opcode;

/**
 * The word formats: each struct's byte table (FAMILY-SOURCES §15, the seed's §2 for S2S2D2_STT) and the
 * opcodes it backs, as instruction_mapping.json binds structs to opcodes. A table row is one part, in the order
 * text and JSON show them; the offsets say where the bytes are. An opcode no struct claims decodes as
 * {@link #RAW}: the header, the events and 52 bytes.
 */
public enum Format {
    S2S2D2_STT(Layout.builder("S2S2D2_STT")
            .pattern("src0", 12, 2, "in0_dtype")
            .pattern("src1", 24, 2, "in1_dtype")
            .pattern("dst", 48, 2, "out_dtype")
            .code("op0", 36, ALU_OP)
            .code("op1", 37, ALU_OP)
            .code("reverse_operands", 38, REV_OPS)
            .code("imm0_src", 39, IMM_SRC)
            .dtypePair(40)
            .code("out_dtype", 41, DTYPE)
            .code("imm0_dtype", 43, DTYPE)
            .code("accumulator_cmd", 44, ACCUM_CMD)
            .u8("num_active_channels", 42)
            .reserved("reserved", 45, 3)
            .imm("imm0", 60),
            Opcode.SCALAR_TENSOR_TENSOR_ARITH, Opcode.SCALAR_TENSOR_TENSOR_BITVEC, Opcode.TENSOR_TENSOR_SCAN_ARITH,
            Opcode.SELECT_REDUCE),
    S3S3D3_TT(Layout.builder("S3S3D3_TT")
            .dtypePair(12)
            .code("out_dtype", 13, DTYPE)
            .code("op", 14, ALU_OP)
            .u8("num_active_channels", 15)
            .pattern("src0", 16, 3, "in0_dtype")
            .pattern("src1", 32, 3, "in1_dtype")
            .pattern("dst", 48, 3, "out_dtype"),
            Opcode.TENSOR_TENSOR_ARITH, Opcode.TENSOR_TENSOR_BITVEC, Opcode.COPY_PREDICATED, Opcode.CAST_PREDICATED,
            Opcode.BATCH_NORM_BACK_PROP, Opcode.TENSOR_TENSOR_ADD_BF16, Opcode.TENSOR_TENSOR_MULT_BF16,
            Opcode.TENSOR_TENSOR_SUB_BF16),
    S3D3_TS(Layout.builder("S3D3_TS")
            .code("accumulator_cmd", 12, ACCUM_CMD)
            .reserved("reserved0", 13, 3)
            .pattern("src", 16, 3, "in_dtype")
            .code("in_dtype", 32, DTYPE)
            .code("out_dtype", 33, DTYPE)
            .u8("num_active_channels", 34)
            .code("imm0_src", 35, IMM_SRC)
            .code("op0", 36, ALU_OP)
            .code("op1", 37, ALU_OP)
            .code("reverse_operands", 38, REV_OPS)
            .code("imm1_src", 39, IMM_SRC)
            .imm("imm0", 40)
            .imm("imm1", 44)
            .pattern("dst", 48, 3, "out_dtype"),
            Opcode.TENSOR_SCALAR_ARITH, Opcode.TENSOR_SCALAR_BITVEC, Opcode.TENSOR_SCALAR_PTR_ARITH,
            Opcode.TENSOR_SCALAR_PTR_BITVEC, Opcode.TRANSPOSE_TENSOR_SCALAR_ARITH, Opcode.TENSOR_SCALAR_CACHE_REDUCE,
            Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE, Opcode.EXPONENTIAL),
    D1_RD(Layout.builder("D1_RD")
            .reserved("reserved0", 12, 16)
            .u32("dst_element_count", 28)
            .code("dtype", 32, DTYPE)
            .u8("negated", 33)
            .u8("num_active_channels", 34)
            .reserved("reserved1", 35, 9)
            .pattern("dst", 44, 1, "dtype")
            .reserved("reserved2", 52, 12),
            Opcode.DVE_READ_ACCUMULATOR, Opcode.ACTIVATION_READ_ACCUMULATOR),
    D4_MR(Layout.builder("D4_MR")
            .reserved("reserved0", 12, 16)
            .u32("dst_element_count", 28)
            .code("dtype", 32, DTYPE)
            .reserved("reserved1", 33, 1)
            .u8("num_active_channels", 34)
            .reserved("reserved2", 35, 1)
            .code("serialization_mode", 36, SERIAL_MODE)
            .reserved("reserved3", 37, 3)
            .u32("set_value", 40)
            .pattern("dst", 44, 4, "dtype"),
            Opcode.MEMSET, Opcode.DVE_READ_INDICES, Opcode.RNG, Opcode.REG_STORE),
    S4D4_TR(Layout.builder("S4D4_TR")
            .pattern("src", 12, 4, "in_dtype")
            .code("in_dtype", 32, DTYPE)
            .code("out_dtype", 33, DTYPE)
            .u8("num_active_channels", 34)
            .u8("negated", 35)
            .code("op", 36, ALU_OP)
            .code("op_dim", 37, SUBDIM)
            .u8("mask_enable", 38)
            .reserved("reserved1", 39, 5)
            .pattern("dst", 44, 4, "out_dtype"),
            Opcode.COPY, Opcode.CAST, Opcode.TENSOR_REDUCE_ARITH, Opcode.TENSOR_REDUCE_BITVEC,
            Opcode.TRANSPOSE_TENSOR_REDUCE_ARITH, Opcode.TRANSPOSE_TENSOR_REDUCE_BITVEC, Opcode.TENSOR_CUMULATIVE_ARITH,
            Opcode.TENSOR_CUMULATIVE_BITVEC, Opcode.RECIPROCAL, Opcode.STREAM_SHUFFLE, Opcode.STREAM_TRANSPOSE),
    D4_IOTA(Layout.builder("D4_IOTA")
            .data("src", 12, 4)
            .reserved("reserved0", 32, 1)
            .code("out_dtype", 33, DTYPE)
            .u8("num_active_channels", 34)
            .reserved("reserved1", 35, 1)
            .i32("channel_multiplier", 36)
            .reserved("reserved2", 40, 4)
            .pattern("dst", 44, 4, "out_dtype"),
            Opcode.IOTA),
    /** Any opcode no struct claims: header, events and the 52 body bytes, kept as they are. */
    RAW(Layout.builder("raw").bytes("bytes", 12, 52, false));

    private static final Format[] BY_OPCODE = new Format[256];

    static {
        java.util.Arrays.fill(BY_OPCODE, RAW);
        for (Format f : values()) {
            for (Opcode op : f.opcodes) {
                BY_OPCODE[op.code()] = f;
            }
        }
    }

    private final Layout layout;
    private final List<Opcode> opcodes;

    Format(Layout.Builder table, Opcode... opcodes) {
        this.layout = table.build();
        this.opcodes = List.of(opcodes);
    }

    public Layout layout() {
        return layout;
    }

    /** The opcodes this struct backs (none for {@link #RAW}). */
    public List<Opcode> opcodes() {
        return opcodes;
    }

    /** The format of a word whose opcode byte is {@code opcode}. */
    public static Format of(int opcode) {
        return BY_OPCODE[opcode & 0xff];
    }

    public Field field(String name) {
        return layout.field(name);
    }

    public Layout.Pattern pattern(String name) {
        return layout.pattern(name);
    }
}
