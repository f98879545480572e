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
import stt.codec.S2S2D2_STT;
import stt.isa.Generation;

class TextFormTest {
    @ParameterizedTest
    @EnumSource(Generation.class)
    void randomWordsRoundTripThroughText(Generation gen) {
        Random rnd = new Random(gen.ordinal() * 7919L + 1);
        for (int n = 0; n < 4_000; n++) {
            S2S2D2_STT w = n % 2 == 0 ? Codec.decode(Words.randomBytes(rnd)) : Words.plausible(rnd, gen);
            String text = TextForm.disassemble(w, gen);
            S2S2D2_STT back;
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
        S2S2D2_STT w = TextForm.assembleLine(line, "g.s", 1, Generation.MARIANA).orElseThrow();
        assertThat(HexFormat.ofDelimiter(" ").formatHex(Codec.encode(w))).isEqualTo(
                "9d 40 00 00 00 00 00 00 04 03 02 01 10 00 04 00 01 00 00 00 04 00 02 00"
                        + " 20 00 01 02 ff ff 04 00 08 00 01 00 06 14 03 00 e6 0b 03 0a 03 01 02 03"
                        + " 05 00 00 c0 00 00 00 00 02 00 04 00 00 00 00 bf");
    }

    @Test
    void addressesFollowTheGenerationsWindows() throws AsmException {
        String line = "select_reduce dst=sbuf:3:0x100";
        int mariana = TextForm.assembleLine(line, "a.s", 1, Generation.MARIANA).orElseThrow()
                .dst_mem_pattern().start_addr();
        int maverick = TextForm.assembleLine(line, "a.s", 1, Generation.MAVERICK).orElseThrow()
                .dst_mem_pattern().start_addr();
        assertThat(mariana).isEqualTo(3 * 256 * 1024 + 0x100);
        assertThat(maverick).isEqualTo(3 * 1024 * 1024 + 0x100);
    }

    @Test
    void blankAndCommentLinesGiveNoWords() throws AsmException {
        List<S2S2D2_STT> words = TextForm.assemble("\n# only a comment\n  ; another\nselect_reduce\n", "c.s",
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
    void psumIsNotAnAddressOnMaverick() {
        assertThatThrownBy(() -> TextForm.assemble("select_reduce dst=psum:0:0x0", "m.s", Generation.MAVERICK))
                .hasMessageContaining("MAVERICK has no PSUM window");
    }
}
