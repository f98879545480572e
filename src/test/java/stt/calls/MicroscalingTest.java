package stt.calls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.isa.Generation;
import stt.machine.Tile;

/** quantize_mx and nc_matmul_mx on blocks worked by hand (fp8 encodings from the OCP formats' definitions). */
class MicroscalingTest {
    @Test
    void e4m3fnSaturatesKeepsNanAndRoundsTiesToEven() {
        Microscaling.Minifloat f = new Microscaling.Minifloat(4, 3, false);
        assertThat(f.emax()).isEqualTo(8);  // 448 = 1.75 * 2^8
        assertThat(f.encode(1e6)).isEqualTo(0x7e);  // saturates to 448: 0 1111 110
        assertThat(f.encode(-1e6)).isEqualTo(0xfe);
        assertThat(f.encode(Double.NaN)).isEqualTo(0x7f);
        assertThat(f.encode(1.0625)).isEqualTo(0x38);  // half way between 1 and 1.125: even, 1.0 = 0 0111 000
        assertThat(f.encode(0x1p-9)).isEqualTo(0x01);  // the smallest subnormal, 2^-6 * 1/8
        assertThat(f.encode(-0.0)).isEqualTo(0x80);
        Microscaling.Minifloat e2m1 = new Microscaling.Minifloat(2, 1, false);
        assertThat(e2m1.decode(0x7)).isEqualTo(6.0);
        assertThat(e2m1.decode(0xc)).isEqualTo(-2.0);
    }

    @Test
    void quantizeMxRefusesFp4AndOtherGenerations() {
        Tile src = Tile.ofFloats(Dtype.BF16, 32, 4, new float[128]);
        assertThatThrownBy(() -> CallRuns.run(Generation.MARIANA, "quantize_mx", Map.of("src", src, "format",
                "fp4_e2m1"))).hasMessageContaining("format");
        assertThatThrownBy(() -> CallRuns.run(Generation.CAYMAN, "quantize_mx", Map.of("src", src, "format",
                "fp8_e5m2"))).hasMessageContaining("NeuronCore-v4");
        LevelCall.Outcome r = CallRuns.run(Generation.MARIANA, "quantize_mx", Map.of("src", src, "format",
                "fp8_e5m2"));
        assertThat(r.fidelity()).isEqualTo(Fidelity.MODEL);
        assertThat(CallRuns.bits(r.tiles().get("dst_scale"))).containsOnly(0);  // all-zero groups: scale 0
    }
}
