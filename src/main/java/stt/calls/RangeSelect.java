package stt.calls;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import stt.alu.ArithAlu;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.isa.Generation;
import stt.machine.Machine;
import stt.machine.Tile;

/**
 * {@code nki.isa.range_select} on the Vector Engine, NC-v3 and later (FAMILY-NEXT §8.3), at NKI level: for lane p
 * and flat free index j, {@code idx = fp32(range_start + j)}, {@code sel = comp_op0(idx, bound0[p]) and
 * comp_op1(idx, bound1[p])} in fp32, {@code v = sel ? on_true_tile[p, j] : on_false_value} (FP32_MIN, the only value
 * NKI allows), written as the dst dtype. The fp32 values fold into the Vector Engine's accumulators with the
 * NaN-ignoring max of select_reduce, as {@code reduce_cmd} says (decision range_select_cmds): reset_reduce (-inf,
 * then fold), reset (-inf only), reduce (fold), idle (untouched); {@code reduce_res} (a dtype) reads them as a [P, 1] tile of it.
 * Cost {@code max(64, N)} cycles.
 */
final class RangeSelect {
    static final List<String> PARAMS = List.of("on_true_tile", "comp_op0", "comp_op1", "bound0", "bound1",
            "reduce_cmd", "reduce_res", "range_start", "on_false_value", "dtype");
    private static final List<String> COMPARES = List.of("equal", "less", "less_equal", "greater", "greater_equal");
    private static final float FP32_MIN = -3.4028235e38f;

    private RangeSelect() {
    }

    private interface Compare {
        boolean test(float a, float b);
    }

    static LevelCall.Outcome run(Args a, CoreState core) {
        if (a.gen() == Generation.SUNDA) {
            throw a.bad("range_select needs NC-v3 or later (cayman on); sunda is NC-v2");
        }
        Tile x = a.tile("on_true_tile");
        Compare c0 = compare(a, "comp_op0");
        Compare c1 = compare(a, "comp_op1");
        float[] bound0 = a.column("bound0", x.rows(), Float.NaN);
        float[] bound1 = a.column("bound1", x.rows(), Float.NaN);
        for (String b : List.of("bound0", "bound1")) {
            if (!a.has(b)) {
                throw a.bad(b, "required (a number or a [P, 1] tile)");
            }
        }
        float onFalse = a.number("on_false_value", FP32_MIN);
        if (onFalse != FP32_MIN) {
            throw a.bad("on_false_value", "must be FP32_MIN, -3.4028235e38 (NKI)");
        }
        String cmd = a.choice("reduce_cmd", List.of("idle", "reset", "reduce", "reset_reduce"), "reset_reduce");
        double start = a.number("range_start", 0f);
        Dtype out = a.dtype("dtype").orElse(x.dtype());
        Machine m = core.machine();
        float[] acc = m.accumulators(x.rows());
        if (cmd.startsWith("reset")) {
            java.util.Arrays.fill(acc, Float.NEGATIVE_INFINITY);
        }
        boolean fold = cmd.equals("reduce") || cmd.equals("reset_reduce");
        Tile dst = Tile.zeros(out, x.rows(), x.cols());
        for (int p = 0; p < x.rows(); p++) {
            for (int j = 0; j < x.cols(); j++) {
                float idx = (float) (start + j);
                float v = c0.test(idx, bound0[p]) && c1.test(idx, bound1[p]) ? x.get(p, j) : onFalse;
                dst.setBits(p, j, out.fromFp32(v));
                acc[p] = fold ? ArithAlu.max(acc[p], v) : acc[p];
            }
        }
        if (!cmd.equals("idle")) {
            m.setAccumulators(acc);
        }
        Map<String, Tile> tiles = new java.util.HashMap<>(Map.of("dst", dst));
        a.dtype("reduce_res").ifPresent(d -> tiles.put("reduce_res", Tile.ofFloats(d, acc.length, 1,
                m.accumulators(acc.length))));
        List<Decision> decisions = new ArrayList<>();
        if (!cmd.equals("idle")) {
            decisions.add(Decision.RANGE_SELECT_CMDS);
        }
        return new LevelCall.Outcome(tiles, decisions.isEmpty() ? Fidelity.EXACT : Fidelity.MODEL, decisions,
                OptionalLong.of(Math.max(64L, x.cols())), List.of());
    }

    private static Compare compare(Args a, String name) {
        return switch (a.choice(name, COMPARES, null)) {
            case "equal" -> (p, q) -> p == q;
            case "less" -> (p, q) -> p < q;
            case "less_equal" -> (p, q) -> p <= q;
            case "greater" -> (p, q) -> p > q;
            default -> (p, q) -> p >= q;
        };
    }
}
