package stt.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import stt.isa.Dtype;

/** memset's value in the destination dtype, against hand-computed bits. */
class MemsetValueTest {
    @Test
    void integersAreExactInTheirDtype() {
        assertThat(MemsetValue.bits(16777217L, Dtype.INT32)).isEqualTo(0x01000001L); // not 2^24 through fp32
        assertThat(MemsetValue.bits(-1, Dtype.INT32)).isEqualTo(0xffffffffL);
        assertThat(MemsetValue.bits(-128, Dtype.INT8)).isEqualTo(0x80L);
        assertThat(MemsetValue.bits(4294967295L, Dtype.UINT32)).isEqualTo(0xffffffffL);
        assertThat(MemsetValue.bits(0.0, Dtype.UINT16)).isZero();
        assertThat(MemsetValue.bits(-3.0, Dtype.INT16)).isEqualTo(0xfffdL);
    }

    @Test
    void integersOutsideTheDtypeOrNotIntegralAreRefusedNamingTheRange() {
        assertThatThrownBy(() -> MemsetValue.bits(256, Dtype.UINT8)).hasMessage("dtype uint8 takes an integer in"
                + " 0..255, not 256");
        assertThatThrownBy(() -> MemsetValue.bits(-1, Dtype.UINT32)).hasMessageContaining("0..4294967295");
        assertThatThrownBy(() -> MemsetValue.bits(1.5, Dtype.INT32)).hasMessageContaining("-2147483648..2147483647");
        assertThatThrownBy(() -> MemsetValue.bits(Double.NaN, Dtype.INT8)).hasMessageContaining("not NaN");
    }

    @Test
    void floatsRoundToNearestEvenFromTheValueItself() {
        assertThat(MemsetValue.bits(0.1, Dtype.FP32)).isEqualTo(0x3dcccccdL);
        assertThat(MemsetValue.bits(0.1, Dtype.BF16)).isEqualTo(0x3dcdL);
        assertThat(MemsetValue.bits(16777217L, Dtype.FP32)).isEqualTo(0x4b800000L); // 2^24: RNE of the integer
        // 1 + 2^-8 + 2^-30 is just above bf16's halfway point 1 + 2^-8: it rounds up to 0x3f81 from the double, but
        // through fp32 (1 + 2^-8 exactly, a tie) it would round to even, 0x3f80
        assertThat(MemsetValue.bits(1 + Math.scalb(1.0, -8) + Math.scalb(1.0, -30), Dtype.BF16)).isEqualTo(0x3f81L);
        assertThat(MemsetValue.bits(1 + Math.scalb(1.0, -8), Dtype.BF16)).isEqualTo(0x3f80L);
        // fp16: 1 + 2^-11 + 2^-40 rounds up (0x3c01); 1 + 2^-11 alone is a tie to even (0x3c00)
        assertThat(MemsetValue.bits(1 + Math.scalb(1.0, -11) + Math.scalb(1.0, -40), Dtype.FP16)).isEqualTo(0x3c01L);
        assertThat(MemsetValue.bits(Double.POSITIVE_INFINITY, Dtype.FP16)).isEqualTo(0x7c00L);
        assertThat(MemsetValue.bits(1e300, Dtype.BF16)).isEqualTo(0x7f80L);
        assertThat(MemsetValue.bits(-2.5, Dtype.FP8_E4M3)).isEqualTo(0xc2L);
    }
}
