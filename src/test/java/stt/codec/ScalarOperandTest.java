package stt.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import stt.Asm;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.ImmSrc;

/**
 * How a word reads an immediate (FAMILY.md §4): a bit-vector word's inline value masked to its in_dtype's width, a
 * pointer or a wider dtype unmasked, the arith datapath's fp32 bits; and Codec.decode's length rule.
 */
class ScalarOperandTest {
    static final ScalarOperand IMM0 = ScalarOperand.of("imm0", "imm0_src", null);

    static Word ts(String kind, String dtype, String imm0, String src) {
        return Asm.line("tensor_scalar_" + kind + " src=sbuf:0:0x0 src.step_elem=[1,0,0] src.num_elem=[8,1,1]"
                + " dst=sbuf:0:0x100 dst.step_elem=[1,0,0] dst.num_elem=[8,1,1] in_dtype=" + dtype + " out_dtype="
                + dtype + " num_active_channels=1 op0=" + (kind.equals("bitvec") ? "bitwise_and" : "add")
                + " imm0=" + imm0 + " imm0_src=" + src, Generation.MARIANA);
    }

    @Test
    void aBitvecWordsInlineValueIsMaskedToItsWidthOnly() {
        ScalarOperand.Read r = IMM0.read(ts("bitvec", "uint8", "0x1ff", "instruction_immediate")).orElseThrow();
        assertThat(r.value()).isEqualTo(0xff);
        assertThat(r.inline()).isTrue();
        assertThat(r.dtype()).isEqualTo(Dtype.UINT8);
        assertThat(r.toFp32()).isFalse();
        assertThat(IMM0.read(ts("bitvec", "uint16", "0x1ffff", "instruction_immediate")).orElseThrow().value())
                .isEqualTo(0xffff);
        assertThat(IMM0.read(ts("bitvec", "int32", "0x1ff", "instruction_immediate")).orElseThrow().value())
                .isEqualTo(0x1ff);
        ScalarOperand.Read pointer = IMM0.read(ts("bitvec", "uint8", "0x1ff", "pointer_immediate")).orElseThrow();
        assertThat(pointer.value()).isEqualTo(0x1ff);
        assertThat(pointer.source()).isEqualTo(ImmSrc.POINTER_IMMEDIATE);
        assertThat(pointer.inline()).isFalse();
    }

    @Test
    void anArithWordsImmediateIsFp32Bits() {
        ScalarOperand.Read r = IMM0.read(ts("arith", "bf16", "1.5", "instruction_immediate")).orElseThrow();
        assertThat(r.value()).isEqualTo(Float.floatToRawIntBits(1.5f));
        assertThat(r.dtype()).isEqualTo(Dtype.FP32);
        // with a dtype field (STT's imm0_dtype) the value is converted to fp32 on the arith datapath
        ScalarOperand typed = ScalarOperand.of("imm0", "imm0_src", "out_dtype");
        assertThat(typed.read(ts("arith", "bf16", "1.5", "instruction_immediate")).orElseThrow().toFp32()).isTrue();
        ScalarOperand never = new ScalarOperand("imm0", "imm0_src", null, w -> false);
        assertThat(never.read(ts("arith", "fp32", "1.5", "instruction_immediate"))).isEmpty();
    }

    @Test
    void decodeWantsSixtyFourBytesFromTheOffset() {
        byte[] two = new byte[128];
        two[64] = 0x41;
        assertThat(Codec.decode(two, 64).opcodeCode()).isEqualTo(0x41);
        assertThat(Codec.decode(new byte[64]).opcodeCode()).isZero();
        assertThatThrownBy(() -> Codec.decode(two, 65)).hasMessage("a word needs 64 bytes at offset 65; 63 are there");
        assertThatThrownBy(() -> Codec.decode(two, -1)).hasMessageContaining("offset -1");
        assertThatThrownBy(() -> Codec.decode(new byte[10], 20)).hasMessageContaining("0 are there");
    }
}
