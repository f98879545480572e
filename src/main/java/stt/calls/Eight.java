package stt.calls;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import stt.alu.ArithAlu;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.machine.Tile;

/**
 * The Vector Engine's eight-value calls (FAMILY-NEXT §13a), per partition of 8..16,384 elements read as fp32:
 * <ul>
 * <li>{@code max8}: the 8 largest, descending (decision max8_order: NaN below every number, equal values in source
 * order), written as the dst dtype;
 * <li>{@code nc_find_index8}: for vals 0..7 in turn, the first position not yet taken whose value equals it (fp32
 * equality: -0 = +0, NaN matches nothing; decision match_equality), all ones when there is none; uint32 or uint16;
 * <li>{@code nc_match_replace8}: the same matching with vals taken 7..0 (NKI's duplicate rule), each matched element
 * replaced by {@code imm}; dst_idx gets the positions (all ones when unmatched).
 * </ul>
 * NKI publishes no cost for them.
 */
final class Eight {
    static final List<String> MAX8 = List.of("src", "dtype");
    static final List<String> FIND = List.of("data", "vals", "dtype");
    static final List<String> REPLACE = List.of("data", "vals", "imm", "dtype", "dst_idx");

    private Eight() {
    }

    private static Tile source(Args a, String name) {
        Tile t = a.tile(name);
        if (t.cols() < 8 || t.cols() > 16384) {
            throw a.bad(name, t.cols() + " elements a partition; 8..16,384 are read");
        }
        return t;
    }

    static LevelCall.Outcome max8(Args a, CoreState core) {
        Tile src = source(a, "src");
        Dtype out = a.dtype("dtype").orElse(src.dtype());
        Tile dst = Tile.zeros(out, src.rows(), 8);
        for (int p = 0; p < src.rows(); p++) {
            Integer[] order = new Integer[src.cols()];
            for (int k = 0; k < order.length; k++) {
                order[k] = k;
            }
            int row = p;
            Arrays.sort(order, (i, j) -> descending(src.get(row, i), src.get(row, j)));
            for (int k = 0; k < 8; k++) {
                dst.setBits(p, k, out.fromFp32(ArithAlu.canonical(src.get(p, order[k]))));
            }
        }
        return model(Map.of("dst", dst), Decision.MAX8_ORDER);
    }

    /** Larger first; NaN after every number; equal values keep their order (the sort is stable). */
    private static int descending(float x, float y) {
        if (Float.isNaN(x) || Float.isNaN(y)) {
            return Boolean.compare(Float.isNaN(x), Float.isNaN(y));
        }
        return x > y ? -1 : x < y ? 1 : 0;
    }

    static LevelCall.Outcome find(Args a, CoreState core) {
        Tile data = source(a, "data");
        Tile vals = values(a, data);
        Dtype out = indexDtype(a, "dtype");
        Tile dst = Tile.zeros(out, data.rows(), 8);
        for (int p = 0; p < data.rows(); p++) {
            int[] at = match(data, vals, p, false);
            for (int i = 0; i < 8; i++) {
                dst.setBits(p, i, at[i]);
            }
        }
        return model(Map.of("dst", dst), Decision.MATCH_EQUALITY);
    }

    static LevelCall.Outcome replace(Args a, CoreState core) {
        Tile data = source(a, "data");
        Tile vals = values(a, data);
        float imm = a.number("imm", Float.NaN);
        if (!a.has("imm")) {
            throw a.bad("imm", "required (the fp32 value matched elements become)");
        }
        Dtype out = a.dtype("dtype").orElse(data.dtype());
        Dtype idx = a.has("dst_idx") ? indexDtype(a, "dst_idx") : null;
        Tile dst = Tile.zeros(out, data.rows(), data.cols());
        Tile positions = idx == null ? null : Tile.zeros(idx, data.rows(), 8);
        for (int p = 0; p < data.rows(); p++) {
            for (int k = 0; k < data.cols(); k++) {
                dst.setBits(p, k, out == data.dtype() ? data.bits(p, k) : out.fromFp32(data.get(p, k)));
            }
            int[] at = match(data, vals, p, true);
            for (int i = 0; i < 8; i++) {
                if (at[i] != -1) {
                    dst.setBits(p, at[i], out.fromFp32(imm));
                }
                if (positions != null) {
                    positions.setBits(p, i, at[i]);
                }
            }
        }
        return model(positions == null ? Map.of("dst", dst) : Map.of("dst", dst, "dst_idx", positions),
                Decision.MATCH_EQUALITY);
    }

    private static Tile values(Args a, Tile data) {
        Tile vals = a.tile("vals");
        if (vals.rows() != data.rows() || vals.cols() != 8) {
            throw a.bad("vals", "a " + vals.rows() + "x" + vals.cols() + " tile; vals is [" + data.rows() + ", 8]");
        }
        return vals;
    }

    private static Dtype indexDtype(Args a, String name) {
        Dtype d = a.dtype(name).orElse(Dtype.UINT32);
        if (d != Dtype.UINT32 && d != Dtype.UINT16) {
            throw a.bad(name, "indices are uint32 or uint16");
        }
        return d;
    }

    /** Each val's matched position (-1: none), vals taken 0..7, or 7..0 when {@code reverse}; a position once. */
    private static int[] match(Tile data, Tile vals, int p, boolean reverse) {
        int[] at = new int[8];
        boolean[] taken = new boolean[data.cols()];
        for (int n = 0; n < 8; n++) {
            int i = reverse ? 7 - n : n;
            float v = vals.get(p, i);
            at[i] = -1;
            for (int k = 0; k < data.cols(); k++) {
                if (!taken[k] && data.get(p, k) == v) {
                    taken[k] = true;
                    at[i] = k;
                    break;
                }
            }
        }
        return at;
    }

    private static LevelCall.Outcome model(Map<String, Tile> tiles, Decision d) {
        return new LevelCall.Outcome(tiles, Fidelity.MODEL, List.of(d), OptionalLong.empty(), List.of());
    }
}
