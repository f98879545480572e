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
 * {@code nki.isa.exponential} on the Vector Engine, NC-v4 and later (FAMILY-NEXT §13a): {@code exp(src - max_value)},
 * the subtract in fp32 (max_value a number or a [P, 1] tile), exp as the Scalar Engine's approximate exp (StrictMath
 * rounded once: the device's table is not public), written as the dst dtype. The fp32 values add into the Vector
 * Engine accumulators as {@code reduce_cmd} says: idle, reset (0), reduce, reset_reduce (0, then add), load_reduce
 * (from reduce_init); {@code reduce_res} (a dtype) reads them as a [P, 1] tile of it.
 */
final class Exponential {
    static final List<String> PARAMS = List.of("src", "max_value", "reduce_cmd", "reduce_init", "reduce_res",
            "dtype");

    private Exponential() {
    }

    static LevelCall.Outcome run(Args a, CoreState core) {
        Generation gen = a.gen();
        if (gen != Generation.MARIANA && gen != Generation.MARIANA_PLUS && gen != Generation.MAVERICK) {
            throw a.bad("exponential needs NC-v4 or later (mariana on); " + gen.isaName() + " is older");
        }
        Tile src = a.tile("src");
        float[] max = a.column("max_value", src.rows(), 0.0f);
        String cmd = a.choice("reduce_cmd", List.of("idle", "reset", "reduce", "reset_reduce", "load_reduce"),
                "idle");
        if (a.has("reduce_init") != cmd.equals("load_reduce")) {
            throw a.bad("reduce_init", "goes with reduce_cmd=load_reduce, and load_reduce needs it");
        }
        float[] init = a.column("reduce_init", src.rows(), 0.0f);
        Dtype out = a.dtype("dtype").orElse(src.dtype());
        Machine m = core.machine();
        float[] acc = switch (cmd) {
            case "reset", "reset_reduce" -> new float[src.rows()];
            case "load_reduce" -> init;
            default -> m.accumulators(src.rows());
        };
        boolean fold = !cmd.equals("idle") && !cmd.equals("reset");
        Tile dst = Tile.zeros(out, src.rows(), src.cols());
        for (int p = 0; p < src.rows(); p++) {
            for (int k = 0; k < src.cols(); k++) {
                float e = ActFunction.EXP.apply(ArithAlu.canonical(src.get(p, k) - max[p]));
                dst.setBits(p, k, out.fromFp32(e));
                acc[p] = fold ? ArithAlu.canonical(acc[p] + e) : acc[p];
            }
        }
        if (!cmd.equals("idle")) {
            m.setAccumulators(acc);
        }
        Map<String, Tile> tiles = new java.util.HashMap<>(Map.of("dst", dst));
        a.dtype("reduce_res").ifPresent(d -> tiles.put("reduce_res", Tile.ofFloats(d, acc.length, 1,
                m.accumulators(acc.length))));
        List<Decision> decisions = new ArrayList<>(List.of(Decision.ACT_EVAL));
        if (fold) {
            decisions.add(Decision.ACCUMULATED_VALUE);
        }
        return new LevelCall.Outcome(tiles, Fidelity.APPROX, decisions, OptionalLong.empty(), List.of());
    }
}
