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
 * The word formats: each struct's byte table (FAMILY-SOURCES §15, the seed's §2 for S2S2D2_STT); which opcodes
 * a struct backs is each opcode's own row ({@link Opcode#struct}). A table row is one part, in the order
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
            .imm("imm0", 60)),
    S3S3D3_TT(Layout.builder("S3S3D3_TT")
            .dtypePair(12)
            .code("out_dtype", 13, DTYPE)
            .code("op", 14, ALU_OP)
            .u8("num_active_channels", 15)
            .pattern("src0", 16, 3, "in0_dtype")
            .pattern("src1", 32, 3, "in1_dtype")
            .pattern("dst", 48, 3, "out_dtype")),
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
            .pattern("dst", 48, 3, "out_dtype")),
    D1_RD(Layout.builder("D1_RD")
            .reserved("reserved0", 12, 16)
            .u32("dst_element_count", 28)
            .code("dtype", 32, DTYPE)
            .u8("negated", 33)
            .u8("num_active_channels", 34)
            .reserved("reserved1", 35, 9)
            .pattern("dst", 44, 1, "dtype")
            .reserved("reserved2", 52, 12)),
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
            .pattern("dst", 44, 4, "dtype")),
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
            .pattern("dst", 44, 4, "out_dtype")),
    D4_IOTA(Layout.builder("D4_IOTA")
            .data("src", 12, 4)
            .reserved("reserved0", 32, 1)
            .code("out_dtype", 33, DTYPE)
            .u8("num_active_channels", 34)
            .reserved("reserved1", 35, 1)
            .i32("channel_multiplier", 36)
            .reserved("reserved2", 40, 4)
            .pattern("dst", 44, 4, "out_dtype")),
    /** Any opcode no struct claims: header, events and the 52 body bytes, kept as they are. */
    RAW(Layout.builder("raw").bytes("bytes", 12, 52, false));

    private static final Format[] BY_OPCODE = new Format[256];

    static {
        java.util.Arrays.fill(BY_OPCODE, RAW);
        for (Opcode op : Opcode.values()) {
            BY_OPCODE[op.code()] = valueOf(op.struct());
        }
    }

    private final Layout layout;

    Format(Layout.Builder table) {
        this.layout = table.build();
    }

    public Layout layout() {
        return layout;
    }

    /** The opcodes this struct backs (none for {@link #RAW}): those whose row names it ({@link Opcode#struct}). */
    public List<Opcode> opcodes() {
        return java.util.Arrays.stream(Opcode.values()).filter(op -> op.struct().equals(name())).toList();
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
