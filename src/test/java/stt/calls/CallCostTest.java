package stt.calls;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.machine.Tile;

/** Every NKI-level call's cost, from its definition, against numbers worked out by hand from docs/timeline.md. */
class CallCostTest {
    private static LevelCall.Outcome run(Generation gen, String name, Map<String, ?> args) {
        return LevelCalls.named(name).orElseThrow().call(gen, CoreState.fresh(gen), args);
    }

    @Test
    void everyCallHasACostAndStatesItsFormula() {
        for (LevelCall c : LevelCalls.all()) {
            assertThat(c.cost().formula()).as(c.name()).containsPattern("\\[(N26|MODEL|arch)|arch guides");
        }
    }

    @Test
    void activationIsMaxMinIiNAndAReduceAddsMinIi() {
        Tile x = Tile.zeros(Dtype.FP32, 128, 512);
        // max(64, 512) = 512 ScalarE cycles; with reduce_res 512 + 64 = 576; 512 / 1.4 GHz = 365.7 ns
        LevelCall.Outcome r = run(Generation.SUNDA, "activation", Map.of("data", x, "op", "copy"));
        assertThat(r.cycles()).hasValue(512);
        assertThat(r.ns(CallEngine.SCALAR, Generation.SUNDA).getAsDouble()).isCloseTo(365.71, within(0.01));
        assertThat(run(Generation.SUNDA, "activation", Map.of("data", x, "op", "copy", "reduce_cmd", "reset_reduce",
                "reduce_res", "fp32")).cycles()).hasValue(576);
        // N = 10 < MIN_II: 64
        assertThat(run(Generation.SUNDA, "activation", Map.of("data", Tile.zeros(Dtype.FP32, 4, 10), "op", "copy"))
                .cycles()).hasValue(64);
    }

    @Test
    void dmaIsAFixedCostThenItsBytesAtTheQueuesOrTheHbmShare() {
        // [128, 512] fp32 = 262144 bytes over 16 queues of 27 GiB/s = 463.86 GB/s, above trn1's HBM share 820 / 2 =
        // 410 GB/s: 500 + 262144 / 410 = 500 + 639.4 = 1139 ns
        Tile big = Tile.zeros(Dtype.FP32, 128, 512);
        assertThat(run(Generation.SUNDA, "dma_copy", Map.of("src", big)).cycles()).hasValue(1139);
        // [2, 1024] fp32 = 8192 bytes over 2 queues: 2 x 28.99 = 57.98 GB/s: 500 + 141.3 = 641 ns
        Tile two = Tile.zeros(Dtype.FP32, 2, 1024);
        assertThat(run(Generation.SUNDA, "dma_copy", Map.of("src", two)).cycles()).hasValue(641);
        // trn2's share is 3000 / 8 = 375 GB/s: 500 + 262144 / 375 = 500 + 699.05 = 1199 ns
        assertThat(run(Generation.CAYMAN, "dma_copy", Map.of("src", big)).cycles()).hasValue(1199);
        assertThat(CallEngine.DMA.clockGhz(Generation.SUNDA)).hasValue(1.0);
    }

    @Test
    void callsWithoutACostLineTakeNPerInputTile() {
        Tile a = Tile.zeros(Dtype.FP32, 8, 300);
        // exponential, one input: max(64, 300); GpSimd tensor_tensor, two inputs: max(64, 600)
        assertThat(run(Generation.MARIANA, "exponential", Map.of("src", a)).cycles()).hasValue(300);
        assertThat(run(Generation.MARIANA, "tensor_tensor", Map.of("data1", a, "data2", a, "op", "divide"))
                .cycles()).hasValue(600);
    }

    @Test
    void matmulIsMaxOfNAnd64() {
        // stationary [K=128, M=128]; moving N = 32 -> max(min(64, 128), 32) = 64; N = 200 -> 200
        Tile s = Tile.zeros(Dtype.BF16, 128, 128);
        assertThat(run(Generation.SUNDA, "nc_matmul", Map.of("stationary", s, "moving",
                Tile.zeros(Dtype.BF16, 128, 32))).cycles()).hasValue(64);
        assertThat(run(Generation.SUNDA, "nc_matmul", Map.of("stationary", s, "moving",
                Tile.zeros(Dtype.BF16, 128, 200))).cycles()).hasValue(200);
    }

    private static org.assertj.core.data.Offset<Double> within(double d) {
        return org.assertj.core.data.Offset.offset(d);
    }
}
