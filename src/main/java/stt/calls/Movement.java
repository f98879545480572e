package stt.calls;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import stt.alu.ArithAlu;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.machine.Tile;

/**
 * The calls that move data (FAMILY-NEXT §7.2, §7.3, §9), level exact where they copy bits:
 * <ul>
 * <li>{@code dma_copy}: {@code dst = src} (the caller pairs elements in row-major order, so both arrive with dst's
 * shape); equal dtypes copy bits, others go through SPEC §5's fp32 hub (decision dma_cast); {@code dst_rmw_op=add}
 * adds src to dst's contents ({@code dst_in}) in fp32.
 * <li>{@code dma_transpose}: the raw elements of {@code src}, seen as {@code shape} (2 to 4 dims, C order),
 * permuted by {@code axes} ((1,0), (2,1,0) or (3,1,2,0)).
 * <li>{@code nc_transpose} on the Tensor Engine: {@code dst[f, p] = data[p, f]}, at most 128 x 128, bits moved on
 * CAYMAN and later (SUNDA transposes by a matmul with an identity, MAVERICK has no PSUM: refused). Cost
 * {@code max(P, min(64, F))} Tensor Engine cycles [N26].
 * <li>{@code nc_stream_shuffle}: in each 32-partition quadrant q, {@code dst[32q + i] = src[32q + mask[i]]}, a mask
 * entry of 255 keeping dst's partition ({@code dst_in}); all of src is read first (shuffle_snapshot). Cost
 * {@code max(64, N)} Vector Engine cycles.
 * </ul>
 */
final class Movement {
    static final List<String> COPY = List.of("src", "dtype", "dst_in", "dst_rmw_op");
    static final List<String> TRANSPOSE = List.of("src", "shape", "axes");
    static final List<String> SHUFFLE = List.of("src", "dst_in", "shuffle_mask");
    static final List<String> TENSOR_TRANSPOSE = List.of("data");
    private static final List<List<Integer>> AXES = List.of(List.of(1, 0), List.of(2, 1, 0), List.of(3, 1, 2, 0));

    private Movement() {
    }

    static LevelCall.Outcome copy(Args a, CoreState core) {
        Tile src = a.tile("src");
        Dtype out = a.dtype("dtype").orElse(src.dtype());
        boolean add = a.has("dst_rmw_op") && a.choice("dst_rmw_op", List.of("add"), null).equals("add");
        Tile old = add ? a.tile("dst_in") : null;
        if (old != null && (old.rows() != src.rows() || old.cols() != src.cols() || old.dtype() != out)) {
            throw a.bad("dst_in", "a " + old.dtype().isaName() + " " + old.rows() + "x" + old.cols() + " tile; dst is "
                    + out.isaName() + " " + src.rows() + "x" + src.cols());
        }
        Tile dst = Tile.zeros(out, src.rows(), src.cols());
        for (int p = 0; p < src.rows(); p++) {
            for (int k = 0; k < src.cols(); k++) {
                dst.setBits(p, k, old != null ? out.fromFp32(ArithAlu.canonical(old.get(p, k) + src.get(p, k)))
                        : out == src.dtype() ? src.bits(p, k) : out.fromFp32(src.get(p, k)));
            }
        }
        boolean bits = out == src.dtype() && old == null;
        return new LevelCall.Outcome(Map.of("dst", dst), bits ? Fidelity.EXACT : Fidelity.MODEL,
                bits ? List.of() : List.of(Decision.DMA_CAST), OptionalLong.empty(), List.of());
    }

    static LevelCall.Outcome transpose(Args a, CoreState core) {
        Tile src = a.tile("src");
        int[] shape = a.ints("shape", 4);
        long count = 1;
        for (int n : shape) {
            if (n < 1) {
                throw a.bad("shape", "sizes are at least 1");
            }
            count *= n;
        }
        if (shape.length < 2) {
            throw a.bad("shape", "a transpose needs 2 to 4 dims");
        }
        if (count != (long) src.rows() * src.cols()) {
            throw a.bad("shape", "has " + count + " elements; src has " + (long) src.rows() * src.cols());
        }
        List<Integer> axes = a.has("axes") ? java.util.Arrays.stream(a.ints("axes", 4)).boxed().toList()
                : AXES.get(shape.length - 2);
        if (!AXES.contains(axes) || axes.size() != shape.length) {
            throw a.bad("axes", "a " + shape.length + "-D transpose permutes its axes as "
                    + AXES.get(shape.length - 2) + ", the only one allowed");
        }
        int[] outShape = new int[shape.length];
        for (int d = 0; d < shape.length; d++) {
            outShape[d] = shape[axes.get(d)];
        }
        int outRows = outShape[0];
        int outCols = (int) (count / Math.max(1, outRows));
        Tile dst = Tile.zeros(src.dtype(), outRows, outCols);
        int[] idx = new int[shape.length];
        for (long flat = 0; flat < count; flat++) {
            long rest = flat;
            for (int d = shape.length - 1; d >= 0; d--) {
                idx[d] = (int) (rest % outShape[d]);
                rest /= outShape[d];
            }
            long from = 0;
            for (int d = 0; d < shape.length; d++) {
                from = from * shape[d] + idx[axes.indexOf(d)];
            }
            dst.setBits((int) (flat / outCols), (int) (flat % outCols),
                    src.bits((int) (from / src.cols()), (int) (from % src.cols())));
        }
        return new LevelCall.Outcome(Map.of("dst", dst), Fidelity.EXACT, List.of(), OptionalLong.empty(), List.of());
    }

    static LevelCall.Outcome tensorTranspose(Args a, CoreState core) {
        Tile data = a.tile("data");
        if (a.gen() == stt.isa.Generation.SUNDA || !a.gen().hasPsum()) {
            throw a.bad(a.gen() == stt.isa.Generation.SUNDA ? "on sunda the Tensor Engine transposes by a matmul"
                    + " with an identity, whose numerics this model does not claim (FAMILY-NEXT §6.4)"
                    : a.gen().isaName() + " has no PSUM for the Tensor Engine's result");
        }
        if (data.rows() > 128 || data.cols() > 128) {
            throw a.bad("data", "is [" + data.rows() + ", " + data.cols() + "]; the Tensor Engine transposes at most"
                    + " 128 x 128");
        }
        Tile dst = Tile.zeros(data.dtype(), data.cols(), data.rows());
        for (int p = 0; p < data.rows(); p++) {
            for (int f = 0; f < data.cols(); f++) {
                dst.setBits(f, p, data.bits(p, f));
            }
        }
        return new LevelCall.Outcome(Map.of("dst", dst), Fidelity.EXACT, List.of(), OptionalLong.of(Math.max(
                data.rows(), Math.min(64, data.cols()))), List.of());
    }

    static LevelCall.Outcome shuffle(Args a, CoreState core) {
        Tile src = a.tile("src");
        Tile old = a.tile("dst_in");
        int[] mask = a.ints("shuffle_mask", 32);
        if (mask.length != 32) {
            throw a.bad("shuffle_mask", mask.length + " entries; a shuffle mask has 32, one per partition of a"
                    + " quadrant");
        }
        if (old.dtype() != src.dtype() || old.cols() != src.cols()) {
            throw a.bad("dst and src must have one dtype and one element count a partition: src is "
                    + src.dtype().isaName() + " x" + src.cols() + ", dst " + old.dtype().isaName() + " x" + old.cols());
        }
        for (int d = 0; d < old.rows(); d++) {
            int entry = mask[d % 32];
            if (entry != 255 && (entry < 0 || entry >= 32 || d / 32 * 32 + entry >= src.rows())) {
                throw a.bad("shuffle_mask", "entry " + d % 32 + " is " + entry + ": an entry is 255 (keep dst) or a"
                        + " partition of the quadrant, < 32, inside src's " + src.rows() + " partitions");
            }
        }
        Tile dst = new Tile(old.dtype(), old.rows(), old.cols(), old.data().clone());
        for (int d = 0; d < old.rows(); d++) {
            int entry = mask[d % 32];
            if (entry != 255) {
                int from = d / 32 * 32 + entry;
                System.arraycopy(src.data(), from * src.rowBytes(), dst.data(), d * dst.rowBytes(), dst.rowBytes());
            }
        }
        return new LevelCall.Outcome(Map.of("dst", dst), Fidelity.EXACT, List.of(Decision.SHUFFLE_SNAPSHOT),
                OptionalLong.of(Math.max(64L, src.cols())), List.of());
    }
}
