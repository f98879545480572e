package stt.calls;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.isa.Generation;
import stt.machine.Tile;

/**
 * The GpSimd engine's selection calls [N32], each pure data movement or index arithmetic, so exact: {@code
 * nc_n_gather} (per partition, {@code dst[p, j] = data[p, indices[p, j]]} over data's flattened free elements),
 * {@code local_gather} (each 16-partition group's indices, partition first, as element offsets into each of its
 * partitions, {@code num_elem_per_idx} contiguous elements each), {@code sequence_bounds} (each element's segment start
 * and end, padding ID 0 giving n and -1) and {@code nonzero_with_count} (the positions of the nonzero elements of
 * partitions 0, 16, ..., 112, padded, then their count). An index outside its source is refused naming it
 * (decision gather_bounds; NKI leaves it undefined). NKI publishes no cost for them.
 */
final class Gather {
    static final List<String> N_GATHER = List.of("data", "indices");
    static final List<String> LOCAL = List.of("src_buffer", "index", "num_elem_per_idx", "num_valid_indices");
    static final List<String> BOUNDS = List.of("segment_ids", "dtype");
    static final List<String> NONZERO = List.of("src", "dst_in", "index_offset", "padding_val");
    private static final int GROUP = 16;

    private Gather() {
    }

    private static LevelCall.Outcome exact(Tile dst, List<Decision> decisions) {
        return new LevelCall.Outcome(Map.of("dst", dst), Fidelity.EXACT, decisions, OptionalLong.empty(), List.of());
    }

    private static void needs(Args a, String name, Tile t, Dtype... allowed) {
        if (!List.of(allowed).contains(t.dtype())) {
            throw a.bad(name, "is " + t.dtype().isaName() + "; allowed: " + String.join(", ",
                    List.of(allowed).stream().map(Dtype::isaName).toList()));
        }
    }

    static LevelCall.Outcome nGather(Args a, CoreState core) {
        Tile data = a.tile("data");
        Tile indices = a.tile("indices");
        needs(a, "indices", indices, Dtype.UINT32);
        if (indices.rows() != data.rows()) {
            throw a.bad("indices", "has " + indices.rows() + " partitions, data " + data.rows());
        }
        Tile dst = Tile.zeros(data.dtype(), data.rows(), indices.cols());
        for (int p = 0; p < data.rows(); p++) {
            for (int j = 0; j < indices.cols(); j++) {
                long at = Integer.toUnsignedLong(indices.bits(p, j));
                if (at >= data.cols()) {
                    throw a.bad("indices", "index " + at + " at partition " + p + ", position " + j + " is outside"
                            + " data's " + data.cols() + " elements a partition (decision gather_bounds)");
                }
                dst.setBits(p, j, data.bits(p, (int) at));
            }
        }
        return exact(dst, List.of(Decision.GATHER_BOUNDS));
    }

    static LevelCall.Outcome local(Args a, CoreState core) {
        Tile src = a.tile("src_buffer");
        Tile index = a.tile("index");
        needs(a, "index", index, Dtype.UINT16);
        if (index.rows() != src.rows() || src.rows() % GROUP != 0) {
            throw a.bad("index", "has " + index.rows() + " partitions, src_buffer " + src.rows() + "; both must be"
                    + " the same multiple of 16 (one GpSimd core a 16-partition group)");
        }
        long each = a.integer("num_elem_per_idx", 1);
        if (!List.of(1L, 2L, 4L, 8L, 16L, 32L).contains(each)) {
            throw a.bad("num_elem_per_idx", "allowed: 1, 2, 4, 8, 16, 32");
        }
        int perCore = GROUP * index.cols();
        long valid = a.integer("num_valid_indices", perCore);
        if (valid < 1 || valid > perCore || valid > 4096) {
            throw a.bad("num_valid_indices", "allowed: 1.." + Math.min(perCore, 4096) + " (the indices of"
                    + " a 16-partition group, at most 4096)");
        }
        Tile dst = Tile.zeros(src.dtype(), src.rows(), (int) (valid * each));
        for (int g = 0; g < src.rows(); g += GROUP) {
            for (int k = 0; k < valid; k++) {
                int row = g + k % GROUP;
                int at = index.bits(row, k / GROUP);
                if (at + each > src.cols()) {
                    throw a.bad("index", "offset " + at + " (partition " + row + ", position " + k / GROUP + ") with "
                            + each + " elements reaches past src_buffer's " + src.cols() + " elements a partition"
                            + " (decision gather_bounds)");
                }
                for (int p = g; p < g + GROUP; p++) {
                    for (int e = 0; e < each; e++) {
                        dst.setBits(p, (int) (k * each + e), src.bits(p, at + e));
                    }
                }
            }
        }
        return exact(dst, List.of(Decision.GATHER_BOUNDS));
    }

    static LevelCall.Outcome bounds(Args a, CoreState core) {
        Tile ids = a.tile("segment_ids");
        needs(a, "segment_ids", ids, Dtype.FP32, Dtype.INT32);
        Dtype out = a.dtype("dtype").orElse(ids.dtype());
        if (out != Dtype.FP32 && out != Dtype.INT32) {
            throw a.bad("dtype", "allowed: fp32, int32");
        }
        if (ids.rows() != 1) {
            throw a.bad("segment_ids", "has " + ids.rows() + " partitions; sequence_bounds takes one");
        }
        int n = ids.cols();
        double[] id = new double[n];
        for (int i = 0; i < n; i++) {
            id[i] = ids.dtype() == Dtype.INT32 ? ids.bits(0, i) : ids.get(0, i);
            if (!(id[i] >= 0) || id[i] != Math.rint(id[i])) {
                throw a.bad("segment_ids", "element " + i + " is " + id[i] + "; segment IDs are non-negative integers");
            }
        }
        int[] start = new int[n];
        int[] end = new int[n];
        for (int i = 0; i < n; i++) {
            start[i] = id[i] == 0 ? n : i > 0 && id[i] == id[i - 1] ? start[i - 1] : i;
        }
        for (int i = n - 1; i >= 0; i--) {
            end[i] = id[i] == 0 ? -1 : i < n - 1 && id[i] == id[i + 1] ? end[i + 1] : i + 1;
        }
        Tile dst = Tile.zeros(out, 1, 2 * n);
        for (int i = 0; i < n; i++) {
            dst.setBits(0, i, out == Dtype.INT32 ? start[i] : out.fromFp32(start[i]));
            dst.setBits(0, n + i, out == Dtype.INT32 ? end[i] : out.fromFp32(end[i]));
        }
        return exact(dst, List.of());
    }

    static LevelCall.Outcome nonzero(Args a, CoreState core) {
        if (a.gen() == Generation.SUNDA) {
            throw a.bad("NeuronCore-v3 and newer only; sunda is NC-v2");
        }
        Tile src = a.tile("src");
        Tile dst = a.tile("dst_in");
        needs(a, "src", src, Dtype.FP32, Dtype.INT32);
        needs(a, "dst", dst, Dtype.INT32);
        if (dst.rows() != src.rows() || dst.cols() != src.cols() + 1) {
            throw a.bad("dst", "is [" + dst.rows() + ", " + dst.cols() + "]; for src [" + src.rows() + ", "
                    + src.cols() + "] it is [" + src.rows() + ", " + (src.cols() + 1) + "] (one slot for the count)");
        }
        int offset = (int) a.integer("index_offset", 0);
        int padding = (int) a.integer("padding_val", -1);
        Tile out = new Tile(dst.dtype(), dst.rows(), dst.cols(), dst.data().clone());
        for (int p = 0; p < src.rows(); p += GROUP) {
            int found = 0;
            for (int i = 0; i < src.cols(); i++) {
                boolean nonzero = src.dtype() == Dtype.INT32 ? src.bits(p, i) != 0 : src.get(p, i) != 0f;
                if (nonzero) {
                    out.setBits(p, found++, i + offset);
                }
            }
            for (int i = found; i < src.cols(); i++) {
                out.setBits(p, i, padding);
            }
            out.setBits(p, src.cols(), found);
        }
        return exact(out, List.of());
    }
}
