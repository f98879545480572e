package stt.calls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.isa.Generation;
import stt.machine.Tile;

/** The NKI-level calls against values worked out by hand (FAMILY-NEXT §5-§9), and their refusals. */
class LevelCallsTest {
    private static final Generation GEN = Generation.MARIANA;

    private static LevelCall.Outcome run(String name, CoreState core, Map<String, ?> args) {
        return LevelCalls.named(name).orElseThrow().call(GEN, core, args);
    }

    private static float[] floats(Tile t) {
        float[] out = new float[t.rows() * t.cols()];
        for (int k = 0; k < out.length; k++) {
            out[k] = t.get(k / t.cols(), k % t.cols());
        }
        return out;
    }

    @Test
    void activationIsTheFunctionOfOneFmaAndFoldsIntoItsOwnRegisters() {
        CoreState core = CoreState.fresh(GEN);
        Tile x = Tile.ofFloats(Dtype.FP32, 2, 3, -2f, -0f, 3f, 1f, 2f, 0.5f);
        Tile bias = Tile.ofFloats(Dtype.FP32, 2, 1, 1f, -1f);
        LevelCall.Outcome r = run("activation", core, Map.of("data", x, "op", "relu", "bias", bias, "scale", 2f,
                "reduce_cmd", "reset_reduce", "reduce_res", "fp32"));
        // y = 2x + b: lane 0: -3, 1, 7 -> 0, 1, 7; lane 1: 1, 3, 0 -> 1, 3, 0
        assertThat(floats(r.tiles().get("dst"))).containsExactly(0f, 1f, 7f, 1f, 3f, 0f);
        assertThat(floats(r.tiles().get("reduce_res"))).containsExactly(8f, 4f);
        assertThat(r.fidelity()).isEqualTo(Fidelity.MODEL);
        // reduce adds onto the registers the previous call left
        LevelCall.Outcome again = run("activation", core, Map.of("data", x, "op", "copy", "reduce_cmd", "reduce",
                "reduce_res", "fp32"));
        assertThat(floats(again.tiles().get("reduce_res"))).containsExactly(8f + 1f, 4f + 3.5f);
        // -0.0 * 1 + (+0.0) is +0.0: the missing bias is +0.0 (act_affine)
        assertThat(Float.floatToRawIntBits(floats(again.tiles().get("dst"))[1])).isZero();
    }

    @Test
    void transcendentalActivationIsApproximateAndWarnsOutsideItsRange() {
        Tile x = Tile.ofFloats(Dtype.FP32, 1, 2, 1f, 9f);
        LevelCall.Outcome r = run("activation", CoreState.fresh(GEN), Map.of("data", x, "op", "sin"));
        assertThat(r.fidelity()).isEqualTo(Fidelity.APPROX);
        assertThat(floats(r.tiles().get("dst"))).containsExactly((float) Math.sin(1.0), (float) Math.sin(9.0));
        assertThat(r.warnings()).singleElement().asString().contains("1 of 2").contains("sin");
    }

    @Test
    void aRefusedActivationLeavesTheRegistersAlone() {
        CoreState core = CoreState.fresh(GEN);
        core.actRegisters()[0] = 5f;
        Tile x = Tile.ofFloats(Dtype.FP32, 1, 1, 1f);
        assertThatThrownBy(() -> run("activation", core, Map.of("data", x, "op", "exp", "reduce_cmd", "reset",
                "reduce_op", "max"))).hasMessageContaining("reduce_op=max").hasMessageContaining("allowed: add");
        assertThatThrownBy(() -> LevelCalls.named("activation").orElseThrow().call(Generation.SUNDA, core,
                Map.of("data", x, "op", "exp", "bias", 1f, "reduce_cmd", "reset"))).hasMessageContaining("bias=1.0");
        assertThat(core.actRegisters()[0]).isEqualTo(5f);
    }

    @Test
    void matmulSumsStationaryTransposedTimesMoving() {
        // stationary [K=2, M=2], moving [K=2, N=3]: dst[m, n] = sum_k s[k, m] * mv[k, n]
        Tile s = Tile.ofFloats(Dtype.BF16, 2, 2, 1f, 2f, 3f, 4f);
        Tile mv = Tile.ofFloats(Dtype.BF16, 2, 3, 1f, 0f, -1f, 2f, 1f, 0.5f);
        LevelCall.Outcome r = run("nc_matmul", CoreState.fresh(GEN), Map.of("stationary", s, "moving", mv));
        assertThat(floats(r.tiles().get("dst"))).containsExactly(7f, 3f, 0.5f, 10f, 4f, 0f);
        assertThat(r.fidelity()).isEqualTo(Fidelity.MODEL);
        assertThat(r.cycles()).hasValue(3);
        Tile psum = Tile.ofFloats(Dtype.FP32, 2, 3, 1f, 1f, 1f, 1f, 1f, 1f);
        LevelCall.Outcome acc = run("nc_matmul", CoreState.fresh(GEN), Map.of("stationary", s, "moving", mv,
                "accumulate", true, "psum", psum));
        assertThat(floats(acc.tiles().get("dst"))).containsExactly(8f, 4f, 1.5f, 11f, 5f, 1f);
    }

    @Test
    void matmulFoldsOneRoundingAStepInAscendingK() {
        // 2^24 + 1 - 2^24: in order, (0 + 2^24) + 1 rounds back to 2^24 (ties to even), then - 2^24 gives 0
        Tile s = Tile.ofFloats(Dtype.FP32, 3, 1, 1f, 1f, 1f);
        Tile mv = Tile.ofFloats(Dtype.FP32, 3, 1, 16777216f, 1f, -16777216f);
        LevelCall.Outcome r = run("nc_matmul", CoreState.fresh(GEN), Map.of("stationary", s, "moving", mv));
        assertThat(floats(r.tiles().get("dst"))).containsExactly(0f);
        assertThat(r.fidelity()).isEqualTo(Fidelity.APPROX);
        assertThat(r.cycles()).hasValue(4);
        assertThatThrownBy(() -> run("nc_matmul", CoreState.fresh(GEN), Map.of("stationary", s, "moving",
                Tile.ofFloats(Dtype.BF16, 3, 1, 1f, 1f, 1f)))).hasMessageContaining("the other must be too");
    }

    @Test
    void iotaAndAffineSelectWalkThePatternLastEntryFastest() {
        LevelCall.Outcome r = run("iota", CoreState.fresh(GEN), Map.of("pattern", "[[10, 2], [1, 3]]", "offset", 5,
                "channel_multiplier", 100, "partitions", 2, "dtype", "int32"));
        assertThat(r.tiles().get("dst").rows()).isEqualTo(2);
        int[] got = new int[12];
        for (int k = 0; k < 12; k++) {
            got[k] = r.tiles().get("dst").bits(k / 6, k % 6);
        }
        assertThat(got).containsExactly(5, 6, 7, 15, 16, 17, 105, 106, 107, 115, 116, 117);
        assertThat(r.fidelity()).isEqualTo(Fidelity.EXACT);
        assertThat(r.cycles()).hasValue(156);
        // into uint8 the values above 255 keep their low bits: model level (iota_int)
        LevelCall.Outcome narrow = run("iota", CoreState.fresh(GEN), Map.of("pattern", "[[300, 2]]",
                "partitions", 1, "dtype", "uint8"));
        assertThat(narrow.tiles().get("dst").bits(0, 1)).isEqualTo(300 & 0xff);
        assertThat(narrow.fidelity()).isEqualTo(Fidelity.MODEL);

        Tile onTrue = Tile.ofFloats(Dtype.FP32, 2, 3, 1f, 2f, 3f, 4f, 5f, 6f);
        // a = c - j: greater_equal keeps the lower triangle (j <= c)
        LevelCall.Outcome sel = run("affine_select", CoreState.fresh(GEN), Map.of("pattern", "[[-1, 3]]",
                "channel_multiplier", 1, "on_true_tile", onTrue, "on_false_value", -9f, "cmp_op", "greater_equal"));
        assertThat(floats(sel.tiles().get("dst"))).containsExactly(1f, -9f, -9f, 4f, 5f, -9f);
    }

    @Test
    void partitionReduceFoldsDownThePartitions() {
        Tile x = Tile.ofFloats(Dtype.FP32, 3, 2, 1f, -1f, 2f, 5f, 4f, 3f);
        assertThat(floats(run("tensor_partition_reduce", CoreState.fresh(GEN), Map.of("op", "add", "data", x))
                .tiles().get("dst"))).containsExactly(7f, 7f);
        assertThat(floats(run("tensor_partition_reduce", CoreState.fresh(GEN), Map.of("op", "max", "data", x))
                .tiles().get("dst"))).containsExactly(4f, 5f);
        Tile ints = Tile.ofFloats(Dtype.INT32, 2, 1, 12f, 10f);
        assertThat(run("tensor_partition_reduce", CoreState.fresh(GEN), Map.of("op", "bitwise_and", "data", ints))
                .tiles().get("dst").bits(0, 0)).isEqualTo(8);
    }

    @Test
    void shuffleAndDmaTransposeMoveBits() {
        Tile src = Tile.ofFloats(Dtype.FP32, 2, 1, 1f, 2f);
        Tile old = Tile.ofFloats(Dtype.FP32, 2, 1, 7f, 8f);
        int[] mask = new int[32];
        java.util.Arrays.fill(mask, 255);
        mask[0] = 1;
        LevelCall.Outcome r = run("nc_stream_shuffle", CoreState.fresh(GEN), Map.of("src", src, "dst_in", old,
                "shuffle_mask", mask));
        assertThat(floats(r.tiles().get("dst"))).containsExactly(2f, 8f);
        mask[1] = 2;
        assertThatThrownBy(() -> run("nc_stream_shuffle", CoreState.fresh(GEN), Map.of("src", src, "dst_in", old,
                "shuffle_mask", mask))).hasMessageContaining("entry 1 is 2");

        Tile t = Tile.ofFloats(Dtype.FP32, 2, 3, 1f, 2f, 3f, 4f, 5f, 6f);
        LevelCall.Outcome tr = run("dma_transpose", CoreState.fresh(GEN), Map.of("src", t, "shape", new int[] {2, 3}));
        assertThat(floats(tr.tiles().get("dst"))).containsExactly(1f, 4f, 2f, 5f, 3f, 6f);
        assertThat(tr.tiles().get("dst").rows()).isEqualTo(3);
    }

    @Test
    void bnStatsSplitsEvenAndOddPositions() {
        Tile x = Tile.ofFloats(Dtype.FP32, 1, 4, 1f, 10f, 3f, 20f);
        LevelCall.Outcome r = run("bn_stats", CoreState.fresh(GEN), Map.of("data", x));
        // even 1, 3: n 2, mean 2, n*var 2; odd 10, 20: n 2, mean 15, n*var 50
        assertThat(floats(r.tiles().get("dst"))).containsExactly(2f, 2f, 2f, 2f, 15f, 50f);
        LevelCall.Outcome agg = run("bn_aggr", CoreState.fresh(GEN), Map.of("data", r.tiles().get("dst")));
        // mean of 1, 10, 3, 20 is 8.5, population variance 221 / 4 = 55.25
        assertThat(floats(agg.tiles().get("dst"))).containsExactly(8.5f, 55.25f);
        assertThat(agg.fidelity()).isEqualTo(Fidelity.APPROX);
    }

    @Test
    void rangeSelectFoldsIntoTheVectorEngineAccumulators() {
        CoreState core = CoreState.fresh(GEN);
        Tile x = Tile.ofFloats(Dtype.FP32, 1, 4, 5f, 9f, 7f, 1f);
        LevelCall.Outcome r = run("range_select", core, Map.of("on_true_tile", x, "comp_op0", "greater_equal",
                "comp_op1", "less", "bound0", 1f, "bound1", 3f, "reduce_res", "fp32"));
        assertThat(floats(r.tiles().get("dst"))).containsExactly(-3.4028235e38f, 9f, 7f, -3.4028235e38f);
        assertThat(floats(r.tiles().get("reduce_res"))).containsExactly(9f);
        assertThat(core.machine().accumulator(0)).isEqualTo(9f);
        assertThatThrownBy(() -> run("range_select", core, Map.of("on_true_tile", x, "comp_op0", "less",
                "comp_op1", "less", "bound0", 1f, "bound1", 3f, "on_false_value", 0f)))
                .hasMessageContaining("on_false_value=0.0");
    }

    /**
     * On SUNDA every Vector Engine call's outcome stands on sunda_vector_engine (FAMILY-NEXT §0.1): exact becomes
     * model, approx stays approx; the same bits as on MARIANA. Calls of other engines keep their level there.
     */
    @Test
    void sundaLabelsVectorEngineCallsModel() {
        Tile src = Tile.ofFloats(Dtype.FP32, 2, 1, 1f, 2f);
        int[] mask = new int[32];
        java.util.Arrays.fill(mask, 255);
        mask[0] = 1;
        Map<String, ?> args = Map.of("src", src, "dst_in", Tile.ofFloats(Dtype.FP32, 2, 1, 7f, 8f), "shuffle_mask",
                mask);
        LevelCall shuffle = LevelCalls.named("nc_stream_shuffle").orElseThrow();
        LevelCall.Outcome mariana = shuffle.call(GEN, CoreState.fresh(GEN), args);
        LevelCall.Outcome sunda = shuffle.call(Generation.SUNDA, CoreState.fresh(Generation.SUNDA), args);
        assertThat(mariana.fidelity()).isEqualTo(Fidelity.EXACT);
        assertThat(mariana.decisions()).doesNotContain(Decision.SUNDA_VECTOR_ENGINE);
        assertThat(sunda.fidelity()).isEqualTo(Fidelity.MODEL);
        assertThat(sunda.decisions()).containsExactlyElementsOf(java.util.stream.Stream.concat(
                mariana.decisions().stream(), java.util.stream.Stream.of(Decision.SUNDA_VECTOR_ENGINE)).toList());
        assertThat(floats(sunda.tiles().get("dst"))).containsExactly(2f, 8f);

        Tile stats = Tile.ofFloats(Dtype.FP32, 1, 6, 2f, 2f, 2f, 2f, 15f, 50f);
        LevelCall.Outcome agg = LevelCalls.named("bn_aggr").orElseThrow().call(Generation.SUNDA,
                CoreState.fresh(Generation.SUNDA), Map.of("data", stats));
        assertThat(agg.fidelity()).isEqualTo(Fidelity.APPROX);
        assertThat(agg.decisions()).containsExactly(Decision.BN_FORMULA, Decision.SUNDA_VECTOR_ENGINE);

        LevelCall.Outcome dma = LevelCalls.named("dma_transpose").orElseThrow().call(Generation.SUNDA,
                CoreState.fresh(Generation.SUNDA), Map.of("src", src, "shape", new int[] {2, 1}));
        assertThat(dma.fidelity()).isEqualTo(Fidelity.EXACT);
        assertThat(dma.decisions()).isEmpty();
    }

    @Test
    void unknownArgumentsAreNamed() {
        assertThatThrownBy(() -> run("iota", CoreState.fresh(GEN), Map.of("patern", "[[1, 2]]")))
                .hasMessageContaining("iota: no argument 'patern'");
    }
}
