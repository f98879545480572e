package stt.calls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.isa.Generation;
import stt.machine.Tile;

/** tensor_tensor and tensor_scalar on GpSimd (decision gpsimd_alu) against values worked out by hand. */
class GpsimdAluTest {
    private static LevelCall.Outcome run(Generation gen, String name, Map<String, ?> args) {
        return CallRuns.run(gen, name, args);
    }

    private static int[] bits(Tile t) {
        return CallRuns.bits(t);
    }

    @Test
    void divideIsTheCorrectlyRoundedFp32QuotientAndModTakesTheDivisorsSign() {
        Tile a = Tile.ofFloats(Dtype.FP32, 1, 4, 1f, -7f, 7f, 6f);
        Tile b = Tile.ofFloats(Dtype.FP32, 1, 4, 3f, 3f, -3f, 3f);
        LevelCall.Outcome q = run(Generation.MARIANA, "tensor_tensor", Map.of("data1", a, "data2", b, "op",
                "divide"));
        // 1/3 in fp32 is 0x3eaaaaab (RNE of 0.0101...b); -7/3 = -2.3333333 is 0xc0155555, as 7/-3; 6/3 = 2
        assertThat(bits(q.tiles().get("dst"))).containsExactly(0x3eaaaaab, 0xc0155555, 0xc0155555, 0x40000000);
        assertThat(q.fidelity()).isEqualTo(Fidelity.MODEL);
        assertThat(q.decisions()).isEqualTo(List.of(Decision.GPSIMD_ALU));
        LevelCall.Outcome m = run(Generation.MARIANA, "tensor_tensor", Map.of("data1", a, "data2", b, "op", "mod",
                "dtype", "bf16"));
        // Python's %: 1 % 3 = 1, -7 % 3 = 2, 7 % -3 = -2, 6 % 3 = +0 (the divisor's sign); as bf16 bits
        assertThat(bits(m.tiles().get("dst"))).containsExactly(0x3f80, 0x4000, 0xc000, 0x0000);
    }

    @Test
    void tensorScalarAppliesBothStagesWithPerPartitionOperandsAndReverse() {
        Tile x = Tile.ofFloats(Dtype.FP32, 2, 2, 1f, 2f, 4f, 8f);
        Tile column = Tile.ofFloats(Dtype.FP32, 2, 1, 2f, 4f);
        LevelCall.Outcome r = run(Generation.CAYMAN, "tensor_scalar", Map.of("data", x, "op0", "divide",
                "operand0", column, "reverse0", true, "op1", "pow", "operand1", 2f));
        // (2 / x) ^ 2 on lane 0 and (4 / x) ^ 2 on lane 1: 4, 1, 1, 0.25
        assertThat(bits(r.tiles().get("dst"))).containsExactly(Float.floatToIntBits(4f), Float.floatToIntBits(1f),
                Float.floatToIntBits(1f), Float.floatToIntBits(0.25f));
    }

    @Test
    void anOpTheGenerationsEnumLacksIsRefused() {
        Tile x = Tile.ofFloats(Dtype.FP32, 1, 1, 1f);
        assertThatThrownBy(() -> run(Generation.CAYMAN, "tensor_scalar", Map.of("data", x, "op0", "relu",
                "operand0", 0f))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("op0=relu").hasMessageContaining("cayman");
        assertThatThrownBy(() -> run(Generation.MARIANA, "tensor_tensor", Map.of("data1", x, "data2", x, "op",
                "rsqrt"))).hasMessageContaining("op=rsqrt: not allowed; allowed: bypass, add");
    }
}
