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

/** The GpSimd selection calls against the examples of NKI's own pages, worked by hand. */
class GatherTest {
    private static final Generation GEN = Generation.CAYMAN;

    private static LevelCall.Outcome run(String name, Generation gen, Map<String, ?> args) {
        return CallRuns.run(gen, name, args);
    }

    private static Tile ints(Dtype d, int rows, int cols, int... values) {
        Tile t = Tile.zeros(d, rows, cols);
        for (int k = 0; k < values.length; k++) {
            t.setBits(k / cols, k % cols, values[k]);
        }
        return t;
    }

    private static int[] bits(Tile t) {
        return CallRuns.bits(t);
    }

    @Test
    void nGatherPicksFromEachPartitionsFlattenedElements() {
        // N26 nl.gather_flattened's example: data [[[1, 2], [3, 4]], [[5, 6], [7, 8]]], indices [[[0, 1], [1, 3]],
        // [[3, 3], [1, 0]]] give [[[1, 2], [2, 4]], [[8, 8], [6, 5]]]
        Tile data = Tile.ofFloats(Dtype.FP32, 2, 4, 1, 2, 3, 4, 5, 6, 7, 8);
        Tile indices = ints(Dtype.UINT32, 2, 4, 0, 1, 1, 3, 3, 3, 1, 0);
        LevelCall.Outcome r = run("nc_n_gather", GEN, Map.of("data", data, "indices", indices));
        assertThat(r.tiles().get("dst").toFloats()).containsExactly(1, 2, 2, 4, 8, 8, 6, 5);
        assertThat(r.fidelity()).isEqualTo(Fidelity.EXACT);
        assertThat(r.decisions()).containsExactly(Decision.GATHER_BOUNDS);
        assertThatThrownBy(() -> run("nc_n_gather", GEN, Map.of("data", data, "indices",
                ints(Dtype.UINT32, 2, 1, 0, 4)))).hasMessageContaining("index 4 at partition 1, position 0 is outside"
                + " data's 4 elements");
        assertThatThrownBy(() -> run("nc_n_gather", GEN, Map.of("data", data, "indices",
                ints(Dtype.INT32, 2, 1, 0, 1)))).hasMessageContaining("indices: is int32; allowed: uint32");
    }

    @Test
    void localGatherReadsEachGroupsIndicesPartitionFirstAsElementOffsets() {
        Tile src = Tile.zeros(Dtype.INT32, 32, 8);
        for (int p = 0; p < 32; p++) {
            for (int f = 0; f < 8; f++) {
                src.setBits(p, f, 100 * p + f);
            }
        }
        Tile index = Tile.zeros(Dtype.UINT16, 32, 2);
        index.setBits(0, 0, 6);
        index.setBits(1, 0, 0);
        index.setBits(2, 0, 2);
        index.setBits(16, 0, 4);
        LevelCall.Outcome r = run("local_gather", GEN, Map.of("src_buffer", src, "index", index, "num_elem_per_idx", 2,
                "num_valid_indices", 3));
        Tile dst = r.tiles().get("dst");
        assertThat(dst.cols()).isEqualTo(6);
        // partition 5 (group 0): indices_1d = index[0, 0], index[1, 0], index[2, 0] = 6, 0, 2, two elements each
        assertThat(new int[] {dst.bits(5, 0), dst.bits(5, 1), dst.bits(5, 2), dst.bits(5, 3), dst.bits(5, 4),
            dst.bits(5, 5)}).containsExactly(506, 507, 500, 501, 502, 503);
        // partition 20 (group 1): 4, 0, 0
        assertThat(new int[] {dst.bits(20, 0), dst.bits(20, 1), dst.bits(20, 2)}).containsExactly(2004, 2005, 2000);
        index.setBits(1, 0, 7);
        assertThatThrownBy(() -> run("local_gather", GEN, Map.of("src_buffer", src, "index", index,
                "num_elem_per_idx", 2, "num_valid_indices", 3))).hasMessageContaining("offset 7 (partition 1,"
                + " position 0) with 2 elements reaches past src_buffer's 8 elements");
        assertThatThrownBy(() -> run("local_gather", GEN, Map.of("src_buffer", src, "index", index,
                "num_elem_per_idx", 3))).hasMessageContaining("num_elem_per_idx=3: allowed: 1, 2, 4, 8, 16, 32");
    }

    @Test
    void sequenceBoundsGivesEachSegmentsStartAndEnd() {
        // NKI's example: [0, 1, 1, 2, 2, 2, 0, 3, 3] -> starts [9, 1, 1, 3, 3, 3, 9, 7, 7], ends
        // [-1, 3, 3, 6, 6, 6, -1, 9, 9]
        Tile ids = Tile.ofFloats(Dtype.FP32, 1, 9, 0, 1, 1, 2, 2, 2, 0, 3, 3);
        assertThat(run("sequence_bounds", GEN, Map.of("segment_ids", ids)).tiles().get("dst").toFloats())
                .containsExactly(9, 1, 1, 3, 3, 3, 9, 7, 7, -1, 3, 3, 6, 6, 6, -1, 9, 9);
        assertThat(bits(run("sequence_bounds", GEN, Map.of("segment_ids", ids, "dtype", "int32")).tiles()
                .get("dst"))).containsExactly(9, 1, 1, 3, 3, 3, 9, 7, 7, -1, 3, 3, 6, 6, 6, -1, 9, 9);
        assertThatThrownBy(() -> run("sequence_bounds", GEN, Map.of("segment_ids", Tile.ofFloats(Dtype.FP32, 1, 2,
                1, -2)))).hasMessageContaining("element 1 is -2.0; segment IDs are non-negative integers");
    }

    @Test
    void nonzeroWithCountWritesPartitionsZeroSixteenAndKeepsTheRest() {
        // NKI's example: [0, 1, 1, 0, 0, 1, 0, 0], index_offset 16 -> [17, 18, 21, -1, -1, -1, -1, -1, 3]
        Tile src = Tile.zeros(Dtype.FP32, 17, 8);
        for (int p : new int[] {0, 1, 16}) {
            for (int f : new int[] {1, 2, 5}) {
                src.setBits(p, f, Float.floatToIntBits(1f));
            }
        }
        Tile old = Tile.zeros(Dtype.INT32, 17, 9);
        old.setBits(1, 0, 42);
        Map<String, Object> args = Map.of("src", src, "dst_in", old, "index_offset", 16);
        Tile dst = run("nonzero_with_count", GEN, args).tiles().get("dst");
        for (int p : new int[] {0, 16}) {
            assertThat(java.util.stream.IntStream.range(0, 9).map(f -> dst.bits(p, f)).toArray())
                    .containsExactly(17, 18, 21, -1, -1, -1, -1, -1, 3);
        }
        assertThat(dst.bits(1, 0)).isEqualTo(42);
        assertThat(old.bits(0, 0)).isZero();
        assertThatThrownBy(() -> run("nonzero_with_count", Generation.SUNDA, args))
                .hasMessageContaining("NeuronCore-v3 and newer only");
        assertThatThrownBy(() -> run("nonzero_with_count", GEN, Map.of("src", src, "dst_in",
                Tile.zeros(Dtype.INT32, 17, 8)))).hasMessageContaining("it is [17, 9] (one slot for the count)");
    }
}
