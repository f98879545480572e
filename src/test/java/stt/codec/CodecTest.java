package stt.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import stt.Words;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Opcode;

class CodecTest {
    @Test
    void layoutMatchesTheSeedOffsetsAndCoversEveryBitOnce() {
        int[] owner = new int[64 * 8];
        Arrays.fill(owner, -1);
        for (Field f : Field.values()) {
            for (int bit = 0; bit < f.bits(); bit++) {
                int at = f.offset() * 8 + f.shift() + bit;
                assertThat(owner[at]).as("bit %d claimed by %s and %s", at, f, owner[at]).isEqualTo(-1);
                owner[at] = f.ordinal();
            }
        }
        assertThat(owner).doesNotContain(-1);
        // seed §2 compile-verify: src0 12, src1 24, op0 36, op1 37, reverse 38, imm0_src 39, in0_in1 40, out 41,
        // channels 42, imm0_dtype 43, accum 44, reserved 45, dst 48, imm0 60
        assertThat(Field.SRC0_START_ADDR.offset()).isEqualTo(12);
        assertThat(Field.SRC1_START_ADDR.offset()).isEqualTo(24);
        assertThat(Field.OP0.offset()).isEqualTo(36);
        assertThat(Field.OP1.offset()).isEqualTo(37);
        assertThat(Field.REVERSE_OPERANDS.offset()).isEqualTo(38);
        assertThat(Field.IMM0_SRC.offset()).isEqualTo(39);
        assertThat(Field.IN0_DTYPE.offset()).isEqualTo(40);
        assertThat(Field.IN1_DTYPE.offset()).isEqualTo(40);
        assertThat(Field.IN1_DTYPE.shift()).isEqualTo(4);
        assertThat(Field.OUT_DTYPE.offset()).isEqualTo(41);
        assertThat(Field.NUM_ACTIVE_CHANNELS.offset()).isEqualTo(42);
        assertThat(Field.IMM0_DTYPE.offset()).isEqualTo(43);
        assertThat(Field.ACCUMULATOR_CMD.offset()).isEqualTo(44);
        assertThat(Field.RESERVED.offset()).isEqualTo(45);
        assertThat(Field.DST_START_ADDR.offset()).isEqualTo(48);
        assertThat(Field.IMM0.offset()).isEqualTo(60);
    }

    @Test
    void aMillionRandomWordsRoundTrip() {
        Random rnd = new Random(0x5771);
        byte[] out = new byte[64];
        for (int n = 0; n < 1_000_000; n++) {
            byte[] w = Words.randomBytes(rnd);
            S2S2D2_STT i = Codec.decode(w);
            Codec.encodeInto(i, out, 0);
            if (!Arrays.equals(w, out)) {
                throw new AssertionError("word " + n + " did not round-trip: " + HexFormat.of().formatHex(w)
                        + " -> " + HexFormat.of().formatHex(out));
            }
            assertThat(FieldValues.of(i).build()).isEqualTo(i);
        }
    }

    @Test
    void goldenFmaWordDecodesToHandCheckedValues() {
        byte[] w = HexFormat.ofDelimiter(" ").parseHex(
                "9d 40 01 02 03 04 05 06 78 56 34 12 00 00 00 00 01 00 00 00 00 02 01 00 00 08 00 00 ff ff 40 00"
                        + " 40 00 02 00 06 04 01 00 a6 0a 80 0a 00 00 00 00 00 10 04 02 01 00 ff ff 00 02 01 00"
                        + " 00 00 20 40");
        S2S2D2_STT i = Codec.decode(w);
        assertThat(i.opcode()).contains(Opcode.SCALAR_TENSOR_TENSOR_ARITH);
        assertThat(i.header()).isEqualTo(new Header(0x9d, 0x40, 1, 2));
        assertThat(i.events()).isEqualTo(new Events(3, 4, 5, 6, 0x12345678));
        assertThat(i.src0_mem_pattern()).isEqualTo(new Tensor2D(0, 1, 0, 512, 1));
        assertThat(i.src1_mem_pattern()).isEqualTo(new Tensor2D(0x800, -1, 64, 64, 2));
        assertThat(i.aluOp0()).contains(AluOp.MULT);
        assertThat(i.aluOp1()).contains(AluOp.ADD);
        assertThat(i.reverse_operands()).isEqualTo(1);
        assertThat(i.in0Dtype()).contains(Dtype.BF16);
        assertThat(i.in1Dtype()).contains(Dtype.FP32);
        assertThat(i.outDtype()).contains(Dtype.FP32);
        assertThat(i.num_active_channels()).isEqualTo(128);
        assertThat(i.dst_mem_pattern()).isEqualTo(new Tensor2D(0x02041000, 1, -1, 512, 1));
        assertThat(Float.intBitsToFloat(i.imm0())).isEqualTo(2.5f);
        assertThat(Codec.encode(i)).isEqualTo(w);
    }

    @Test
    void unknownCodesAreKeptAsNumbers() {
        byte[] w = new byte[64];
        w[0] = 0x12;
        w[36] = (byte) 0x7f;
        w[41] = 0x17;
        S2S2D2_STT i = Codec.decode(w);
        assertThat(i.opcode()).isEmpty();
        assertThat(i.aluOp0()).isEmpty();
        assertThat(i.op0()).isEqualTo(0x7f);
        assertThat(i.out_dtype()).isEqualTo(0x17);
        assertThat(Codec.encode(i)).isEqualTo(w);
    }

    @Test
    void aProgramWhoseLengthIsNotAMultipleOf64SaysWhatIsLeftOver() {
        assertThatThrownBy(() -> Codec.decodeAll(new byte[100]))
                .hasMessageContaining("36 bytes left over after 1 words");
        assertThat(Codec.decodeAll(new byte[128])).hasSize(2);
    }
}
