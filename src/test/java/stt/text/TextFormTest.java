package stt.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import stt.Words;
import stt.codec.Codec;
import stt.codec.Format;
import stt.codec.Word;
import stt.isa.Generation;

class TextFormTest {
    /** 2·10^4 words per generation, every format in turn: random bytes, or plausible codes and addresses. */
    @ParameterizedTest
    @EnumSource(Generation.class)
    void randomWordsOfEveryFormatRoundTripThroughText(Generation gen) {
        Random rnd = new Random(gen.ordinal() * 7919L + 1);
        Format[] formats = Format.values();
        for (int n = 0; n < 20_000; n++) {
            Word random = Codec.decode(Words.randomBytes(rnd, formats[n % formats.length]));
            Word w = n % 2 == 0 ? random : Words.plausible(rnd, gen, random);
            String text = TextForm.disassemble(w, gen);
            Word back;
            try {
                back = TextForm.assembleLine(text, "t.s", 1, gen).orElseThrow();
            } catch (AsmException e) {
                throw new AssertionError("word " + n + " text does not assemble: " + text, e);
            }
            assertThat(Codec.encode(back)).as("word %d via %s", n, text).isEqualTo(Codec.encode(w));
        }
    }

    @Test
    void goldenTextAssemblesToHandCheckedBytes() throws AsmException {
        String line = "scalar_tensor_tensor_arith src0=sbuf:1:0x10 src0.step_elem=[1,0] src0.num_elem=[4,2]"
                + " src1=psum:2:0x20 src1.step_elem=[-1,4] src1.num_elem=[8,1] dst=reg:5+shape"
                + " dst.num_elem=[2,4] op0=mult op1=is_ge reverse_operands=both imm0=-0.5 imm0_dtype=fp32"
                + " in0_dtype=bf16 in1_dtype=fp8_e4m3 out_dtype=fp32r num_active_channels=3"
                + " accumulator_cmd=zero_accumulate inst_word_len=64 semaphore_value=0x01020304 reserved=[1,2,3]"
                + "   # a comment";
        Word w = TextForm.assembleLine(line, "g.s", 1, Generation.MARIANA).orElseThrow();
        assertThat(HexFormat.ofDelimiter(" ").formatHex(Codec.encode(w))).isEqualTo(
                "9d 40 00 00 00 00 00 00 04 03 02 01 10 00 04 00 01 00 00 00 04 00 02 00"
                        + " 20 00 01 02 ff ff 04 00 08 00 01 00 06 14 03 00 e6 0b 03 0a 03 01 02 03"
                        + " 05 00 00 c0 00 00 00 00 02 00 04 00 00 00 00 bf");
    }

    @Test
    void addressesFollowTheGenerationsWindows() throws AsmException {
        String line = "select_reduce dst=sbuf:3:0x100";
        int mariana = TextForm.assembleLine(line, "a.s", 1, Generation.MARIANA).orElseThrow()
                .pattern("dst").start_addr();
        int maverick = TextForm.assembleLine(line, "a.s", 1, Generation.MAVERICK).orElseThrow()
                .pattern("dst").start_addr();
        assertThat(mariana).isEqualTo(3 * 256 * 1024 + 0x100);
        assertThat(maverick).isEqualTo(3 * 1024 * 1024 + 0x100);
    }

    @Test
    void blankAndCommentLinesGiveNoWords() throws AsmException {
        List<Word> words = TextForm.assemble("\n# only a comment\n  ; another\nselect_reduce\n", "c.s",
                Generation.MARIANA);
        assertThat(words).hasSize(1);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "frobnicate op0=add|1|expected a mnemonic",
        "select_reduce op0=add op0=mult|23|key 'op0' given twice",
        "select_reduce colour=red|15|unknown key 'colour'",
        "select_reduce op0=addd|19|op0: unknown op0 'addd'",
        "select_reduce num_active_channels=300|35|num_active_channels: num_active_channels 300 is out of range; allowed: 0..255",
        "select_reduce src0=sbuf:1:0x40000|27|src0: offset 0x40000 outside the sbuf partition stride",
        "select_reduce src0=sbuf:128:0x0|25|src0: partition 128 is out of range",
        "select_reduce src0.step_elem=[1,40000]|33|src0.step_elem: src0.step_elem[1] 40000 is out of range",
        "select_reduce in0_dtype=fp4_e2m1|25|in0_dtype: fp4_e2m1 does not fit the 4-bit in0_dtype field",
        "select_reduce imm0=sbuf:0:0x0|20|imm0: expected an fp32 number",
        "scalar_tensor_tensor_bitvec imm0=1.5|34|imm0: expected imm0 as a decimal or 0x-hex integer",
        "select_reduce imm0_src=reg_ptr_immediate imm0=12|47|imm0: expected reg:N or 0x-hex bits",
        "select_reduce src0=dram:0:0|20|src0: expected an address sbuf:P:OFF, psum:P:OFF, reg:N or 0x-hex",
        "select_reduce novalue|15|expected key=value",
    })
    void errorsNameTheLineColumnAndWhatWasExpected(String line, int column, String message) {
        assertThatThrownBy(() -> TextForm.assemble("# header\n" + line, "bad.s", Generation.MARIANA))
                .isInstanceOf(AsmException.class)
                .hasMessageStartingWith("bad.s:2:" + column + ": ")
                .hasMessageContaining(message);
    }

    @Test
    void everyFormatHasItsKeysAndPatternsOfItsRank() throws AsmException {
        Word tt = TextForm.assembleLine("tensor_tensor_arith src0=sbuf:1:0x10 src0.step_elem=[1,2,3]"
                + " src0.num_elem=[4,5,6] op=add in0_dtype=bf16 in1_dtype=fp32 out_dtype=fp32 num_active_channels=2",
                "t.s", 1, Generation.MARIANA).orElseThrow();
        assertThat(HexFormat.ofDelimiter(" ").formatHex(Codec.encode(tt)).substring(0, 3 * 32 - 1)).isEqualTo(
                "41 00 00 00 00 00 00 00 00 00 00 00 a6 0a 04 02 10 00 04 00 01 00 02 00 03 00 04 00 05 00 06 00");
        Word ts = TextForm.assembleLine("tensor_scalar_bitvec imm0_src=pointer_immediate imm0=sbuf:2:0x8 imm1=0xff"
                + " reserved0=[1,2,3]", "t.s", 1, Generation.MARIANA).orElseThrow();
        assertThat(ts.get("imm0")).isEqualTo(2 * 0x40000 + 8);
        assertThat(ts.get("imm1")).isEqualTo(0xff);
        assertThat(TextForm.disassemble(ts, Generation.MARIANA)).contains(" imm0=sbuf:2:0x8 ", " imm1=0xff ",
                " reserved0=[1,2,3]");
        Word ptr = TextForm.assembleLine("tensor_scalar_ptr_arith imm0=sbuf:0:0x40 imm1=psum:1:0x0", "t.s", 1,
                Generation.MARIANA).orElseThrow();
        assertThat(ptr.get("imm1")).isEqualTo(0x2000000 + 0x8000);
        Word rd = TextForm.assembleLine("dve_read_accumulator dst=sbuf:0:0x0 dst.step_elem=[1] dst.num_elem=[1]",
                "t.s", 1, Generation.MARIANA).orElseThrow();
        assertThat(TextForm.disassemble(rd, Generation.MARIANA)).startsWith(
                "dve_read_accumulator dst=sbuf:0:0x0 dst.step_elem=[1] dst.num_elem=[1] dst_element_count=0");
        Word iota = TextForm.assembleLine("iota src.base=-5 src.num_elem=[2,1,1,1] channel_multiplier=-1", "t.s", 1,
                Generation.MARIANA).orElseThrow();
        assertThat(iota.get("src.base")).isEqualTo(-5);
        assertThat(iota.get("channel_multiplier")).isEqualTo(-1);
        assertThatThrownBy(() -> TextForm.assembleLine("copy op0=add", "t.s", 1, Generation.MARIANA))
                .hasMessageContaining("unknown key 'op0' for S4D4_TR; expected one of src, src.step_elem");
    }

    @Test
    void rawWordsAreWrittenAsTheirBytes() throws AsmException {
        String text = "opcode_0x01 bytes=[" + "0,".repeat(50) + "1,2] wait_idx=3";
        Word w = TextForm.assembleLine(text, "r.s", 1, Generation.MARIANA).orElseThrow();
        assertThat(w.opcodeCode()).isEqualTo(1);
        assertThat(Codec.encode(w)[63]).isEqualTo((byte) 2);
        assertThat(Codec.encode(w)[5]).isEqualTo((byte) 3);
        assertThat(TextForm.disassemble(w, Generation.MARIANA)).isEqualTo("opcode_0x01 wait_idx=3 bytes=["
                + "0,".repeat(50) + "1,2]");
        assertThat(TextForm.assembleLine("0x01", "r.s", 1, Generation.MARIANA).orElseThrow().mnemonic())
                .isEqualTo("opcode_0x01");
    }

    @Test
    void psumIsNotAnAddressOnMaverick() {
        assertThatThrownBy(() -> TextForm.assemble("select_reduce dst=psum:0:0x0", "m.s", Generation.MAVERICK))
                .hasMessageContaining("MAVERICK has no PSUM window");
    }
}
