package stt.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import stt.Words;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Opcode;

class CodecTest {
    @ParameterizedTest
    @EnumSource(Format.class)
    void everyLayoutNamesEveryBitExactlyOnce(Format format) {
        String[] owner = new String[64 * 8];
        for (Field f : format.layout().fields()) {
            for (int bit = 0; bit < f.bits(); bit++) {
                int at = f.offset() * 8 + f.shift() + bit;
                assertThat(owner[at]).as("bit %d claimed by %s and %s", at, owner[at], f.name()).isNull();
                owner[at] = f.name();
            }
        }
        assertThat(Arrays.asList(owner)).as("bits no field of %s names", format).doesNotContainNull();
    }

    @Test
    void aTableThatLeavesAByteUnnamedOrNamesOneTwiceIsRefused() {
        assertThatThrownBy(() -> Layout.builder("gap").bytes("b", 12, 51, false).build())
                .hasMessageContaining("byte 63").hasMessageContaining("unnamed");
        assertThatThrownBy(() -> Layout.builder("twice").bytes("b", 12, 52, false).u8("x", 20).build())
                .hasMessageContaining("named by both b[8] and x");
    }

    /** Every layout is the table of FAMILY-SOURCES §15 (the seed §2 for S2S2D2_STT), copied into a fixture. */
    @Test
    void layoutsAreTheSourceTables() throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = getClass().getResourceAsStream("/fixtures/layouts.csv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    rows.add(line.split(","));
                }
            }
        }
        for (Format format : Format.values()) {
            if (format == Format.RAW) {
                continue;
            }
            Set<Field> matched = new HashSet<>();
            for (String[] r : rows) {
                if (r[0].equals(format.name())) {
                    matched.addAll(fieldsOf(format.layout(), Integer.parseInt(r[1]), Integer.parseInt(r[2]), r[3],
                            r[4]));
                }
            }
            assertThat(matched).as("%s fields the table names", format)
                    .containsExactlyInAnyOrderElementsOf(format.layout().fields());
        }
    }

    /** The layout fields a table row names, checked against the row's offset, size and kind. */
    private static List<Field> fieldsOf(Layout l, int off, int size, String name, String kind) {
        String ours = name.replaceFirst("^(header|events)\\.", "").replace(".step[", ".step_elem[")
                .replace(".num[", ".num_elem[");
        if (kind.equals("dpair")) {
            Field lo = l.field("in0_dtype");
            Field hi = l.field("in1_dtype");
            assertThat(List.of(lo.offset(), lo.shift(), lo.bits(), hi.offset(), hi.shift(), hi.bits()))
                    .isEqualTo(List.of(off, 0, 4, off, 4, 4));
            return List.of(lo, hi);
        }
        if (kind.equals("rsv")) {
            List<Field> bytes = new ArrayList<>();
            for (int b = 0; b < size; b++) {
                Field f = l.field(ours + "[" + b + "]");
                assertThat(f.offset()).as(f.name()).isEqualTo(off + b);
                bytes.add(f);
            }
            return bytes;
        }
        Field f = l.field(ours);
        assertThat(List.of(f.offset(), f.bytes())).as("%s of %s", name, l.name()).isEqualTo(List.of(off, size));
        Field.Kind expected = switch (kind) {
            case "addr4" -> Field.Kind.ADDR4;
            case "imm4" -> Field.Kind.IMM4;
            case "i16", "i32" -> Field.Kind.SIGNED;
            default -> kind.startsWith("enum:") && !name.contains(".") ? Field.Kind.ENUM : Field.Kind.UNSIGNED;
        };
        assertThat(f.kind()).as("%s of %s", name, l.name()).isEqualTo(expected);
        return List.of(f);
    }

    @Test
    void theSeedOffsetsOfS2S2D2Stt() {
        // seed §2 compile-verify: src0 12, src1 24, op0 36, op1 37, reverse 38, imm0_src 39, in0_in1 40, out 41,
        // channels 42, imm0_dtype 43, accum 44, reserved 45, dst 48, imm0 60
        Format f = Format.S2S2D2_STT;
        String[] names = {"src0.start_addr", "src1.start_addr", "op0", "op1", "reverse_operands", "imm0_src",
            "in0_dtype", "out_dtype", "num_active_channels", "imm0_dtype", "accumulator_cmd", "reserved[0]",
            "dst.start_addr", "imm0"};
        int[] offsets = {12, 24, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 48, 60};
        for (int k = 0; k < names.length; k++) {
            assertThat(f.field(names[k]).offset()).as(names[k]).isEqualTo(offsets[k]);
        }
        assertThat(f.field("in1_dtype").shift()).isEqualTo(4);
    }

    /** 10^6 random words of each format: decoded, every field read and written into a fresh word, encoded. */
    @ParameterizedTest
    @EnumSource(Format.class)
    void aMillionRandomWordsOfEachFormatRoundTripFieldByField(Format format) {
        Random rnd = new Random(0x5771 + format.ordinal());
        for (int n = 0; n < 1_000_000; n++) {
            byte[] bytes = Words.randomBytes(rnd, format);
            Word w = Codec.decode(bytes);
            assertThat(w.format()).isEqualTo(format);
            Word.Builder b = Word.builder(w.opcodeCode());
            for (Field f : w.layout().fields()) {
                if (f != Layout.OPCODE) {
                    b.set(f, w.get(f));
                }
            }
            byte[] out = Codec.encode(b.build());
            if (!Arrays.equals(bytes, out)) {
                throw new AssertionError(format + " word " + n + " did not round-trip: "
                        + HexFormat.of().formatHex(bytes) + " -> " + HexFormat.of().formatHex(out));
            }
        }
    }

    @Test
    void goldenFmaWordDecodesToHandCheckedValues() {
        byte[] bytes = HexFormat.ofDelimiter(" ").parseHex(
                "9d 40 01 02 03 04 05 06 78 56 34 12 00 00 00 00 01 00 00 00 00 02 01 00 00 08 00 00 ff ff 40 00"
                        + " 40 00 02 00 06 04 01 00 a6 0a 80 0a 00 00 00 00 00 10 04 02 01 00 ff ff 00 02 01 00"
                        + " 00 00 20 40");
        Word w = Codec.decode(bytes);
        assertThat(w.opcode()).contains(Opcode.SCALAR_TENSOR_TENSOR_ARITH);
        assertThat(w.format()).isEqualTo(Format.S2S2D2_STT);
        assertThat(List.of(w.get("inst_word_len"), w.get("debug_cmd"), w.get("debug_hint"))).containsExactly(0x40L,
                1L, 2L);
        assertThat(List.of(w.get("wait_mode"), w.get("wait_idx"), w.get("update_mode"), w.get("update_idx"),
                w.get("semaphore_value"))).containsExactly(3L, 4L, 5L, 6L, 0x12345678L);
        assertThat(w.pattern("src0")).isEqualTo(new TensorPattern(0, new int[] {1, 0}, new int[] {512, 1}));
        assertThat(w.pattern("src1")).isEqualTo(new TensorPattern(0x800, new int[] {-1, 64}, new int[] {64, 2}));
        assertThat(w.get("op0")).isEqualTo(AluOp.MULT.code());
        assertThat(w.get("op1")).isEqualTo(AluOp.ADD.code());
        assertThat(w.get("reverse_operands")).isEqualTo(1);
        assertThat(w.get("in0_dtype")).isEqualTo(Dtype.BF16.code());
        assertThat(w.get("in1_dtype")).isEqualTo(Dtype.FP32.code());
        assertThat(w.get("out_dtype")).isEqualTo(Dtype.FP32.code());
        assertThat(w.get("num_active_channels")).isEqualTo(128);
        assertThat(w.pattern("dst")).isEqualTo(new TensorPattern(0x02041000, new int[] {1, -1}, new int[] {512, 1}));
        assertThat(Float.intBitsToFloat((int) w.get("imm0"))).isEqualTo(2.5f);
        assertThat(Codec.encode(w)).isEqualTo(bytes);
    }

    /** FAMILY-SOURCES §15's golden Tensor-Tensor word: a CAYMAN fp32 add, 128 channels x 64 elements. */
    @Test
    void goldenTensorTensorWordDecodesToTheSourcesValues() {
        byte[] bytes = HexFormat.ofDelimiter(" ").parseHex(
                "41 10 00 00 00 00 00 00 00 00 00 00 aa 0a 04 80"
                        + " 00 00 00 00 01 00 01 00 01 00 40 00 01 00 01 00"
                        + " 00 01 00 00 01 00 01 00 01 00 40 00 01 00 01 00"
                        + " 00 02 00 00 01 00 01 00 01 00 40 00 01 00 01 00");
        Word w = Codec.decode(bytes);
        assertThat(w.opcode()).contains(Opcode.TENSOR_TENSOR_ARITH);
        assertThat(w.format()).isEqualTo(Format.S3S3D3_TT);
        assertThat(w.get("inst_word_len")).isEqualTo(16);
        assertThat(List.of(w.get("in0_dtype"), w.get("in1_dtype"), w.get("out_dtype"))).containsOnly(0xaL);
        assertThat(w.get("op")).isEqualTo(AluOp.ADD.code());
        assertThat(w.get("num_active_channels")).isEqualTo(128);
        int[] dense = {1, 1, 1};
        int[] counts = {64, 1, 1};
        assertThat(w.pattern("src0")).isEqualTo(new TensorPattern(0, dense, counts));
        assertThat(w.pattern("src1")).isEqualTo(new TensorPattern(0x100, dense, counts));
        assertThat(w.pattern("dst")).isEqualTo(new TensorPattern(0x200, dense, counts));
    }

    @Test
    void unknownCodesAreKeptAsNumbersAndUnknownOpcodesAsRawBytes() {
        byte[] bytes = new byte[64];
        bytes[0] = (byte) 0x9d;
        bytes[36] = (byte) 0x7f;
        bytes[41] = 0x17;
        Word w = Codec.decode(bytes);
        assertThat(w.get("op0")).isEqualTo(0x7f);
        assertThat(w.get("out_dtype")).isEqualTo(0x17);
        assertThat(Codec.encode(w)).isEqualTo(bytes);
        bytes[0] = 0x12;
        Word raw = Codec.decode(bytes);
        assertThat(raw.opcode()).isEmpty();
        assertThat(raw.format()).isEqualTo(Format.RAW);
        assertThat(raw.mnemonic()).isEqualTo("opcode_0x12");
        assertThat(raw.get("bytes[24]")).isEqualTo(0x7f);
        assertThat(Codec.encode(raw)).isEqualTo(bytes);
    }

    @Test
    void everyKnownOpcodeHasExactlyOneFormat() {
        for (Opcode op : Opcode.values()) {
            long formats = Arrays.stream(Format.values()).filter(f -> f.opcodes().contains(op)).count();
            assertThat(formats).as(op.mnemonic()).isEqualTo(1);
            assertThat(Format.of(op.code()).opcodes()).contains(op);
        }
    }

    @Test
    void aProgramWhoseLengthIsNotAMultipleOf64SaysWhatIsLeftOver() {
        assertThatThrownBy(() -> Codec.decodeAll(new byte[100]))
                .hasMessageContaining("36 bytes left over after 1 words");
        assertThat(Codec.decodeAll(new byte[128])).hasSize(2);
    }

    @Test
    void buildersCheckRangesAndRanksNamingTheField() {
        Word.Builder b = Word.builder(Opcode.TENSOR_TENSOR_ARITH);
        assertThatThrownBy(() -> b.set("num_active_channels", 256))
                .hasMessage("num_active_channels = 256 is out of range; allowed: 0..255");
        assertThatThrownBy(() -> b.pattern("src0", TensorPattern.dense(0, 4, 4)))
                .hasMessageContaining("src0 is a 3-D pattern in S3S3D3_TT; got 2 dimensions");
        assertThatThrownBy(() -> b.set("imm0", 1)).hasMessage("S3S3D3_TT has no field imm0");
    }
}
