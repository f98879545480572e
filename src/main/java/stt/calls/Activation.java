package stt.calls;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import stt.alu.ArithAlu;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.machine.Tile;

/**
 * {@code nki.isa.activation} on the Scalar Engine (FAMILY-NEXT §5): per lane p and element k,
 * {@code y = fma(x, scale[p], bias[p])} in fp32 with one rounding (decision act_affine; no bias is +0.0), then
 * {@code f = op(y)} ({@link ActFunction}, decision act_eval), written as the output dtype. The engine's own fp32
 * reduce registers take {@code reg = reg + f} per element in order, before the cast (act_accumulate), as
 * {@code reduce_cmd} says: idle (untouched), reset (zeroed only), reduce (fold onto them), reset_reduce (zero, then
 * fold); {@code reduce_res} (a dtype: fp32, bf16 or fp16) reads them out as a [P, 1] tile. NKI publishes no cost
 * formula for it: not estimated.
 */
final class Activation {
    static final CallCost COST = new CallCost("ACT: max(MIN_II, N) cycles [N26 activation], +"
            + " MIN_II with a reduce_res [N26 activation_reduce]", (a, r) -> Math.max(CallCost.MIN_II,
                    r.tiles().get("dst").cols()) + (r.tiles().containsKey("reduce_res") ? CallCost.MIN_II : 0));

    static final List<String> PARAMS = List.of("data", "op", "bias", "scale", "reduce_op", "reduce_cmd",
            "reduce_res", "dtype");
    private static final List<String> COMMANDS = List.of("idle", "reset", "reduce", "reset_reduce");

    private Activation() {
    }

    static LevelCall.Outcome run(Args a, CoreState core) {
        Tile data = a.tile("data");
        ActFunction fn = ActFunction.of(a.choice("op", ActFunction.names(), null));
        int rows = data.rows();
        Generation gen = a.gen();
        if (gen == Generation.SUNDA && a.has("bias") && !a.isTile("bias")) {
            throw a.bad("bias", "a scalar bias needs NC-v3 or later; on sunda (NC-v2) the bias is a [P, 1] tile");
        }
        if (gen == Generation.SUNDA && fn == ActFunction.RECIPROCAL && a.has("bias")) {
            throw a.bad("bias", "NC-v2's activation(op=reciprocal) takes no bias");
        }
        float[] bias = a.column("bias", rows, 0.0f);
        float[] scale = a.column("scale", rows, 1.0f);
        if (a.has("reduce_op")) {
            a.choice("reduce_op", List.of("add"), null);
        }
        String cmd = a.choice("reduce_cmd", COMMANDS, "idle");
        Dtype out = a.dtype("dtype").orElse(data.dtype());
        Dtype resDtype = a.dtype("reduce_res").orElse(null);
        if (resDtype != null && resDtype != Dtype.FP32 && resDtype != Dtype.BF16 && resDtype != Dtype.FP16) {
            throw a.bad("reduce_res", "the reduce registers are read as fp32, bf16 or fp16");
        }
        float[] regs = core.actRegisters().clone();
        if (cmd.equals("reset") || cmd.equals("reset_reduce")) {
            java.util.Arrays.fill(regs, 0, rows, 0.0f);
        }
        boolean fold = cmd.equals("reduce") || cmd.equals("reset_reduce");
        float[] x = data.toFloats();
        float[] f = new float[x.length];
        long outside = 0;
        int cols = data.cols();
        for (int p = 0; p < rows; p++) {
            for (int k = 0; k < cols; k++) {
                float y = Math.fma(x[p * cols + k], scale[p], bias[p]);
                outside += fn.inRange(y) ? 0 : 1;
                f[p * cols + k] = y;
            }
            fn.applyRow(f, p * cols, cols);
            for (int k = 0; fold && k < cols; k++) {
                regs[p] = ArithAlu.canonical(regs[p] + f[p * cols + k]);
            }
        }
        Tile dst = Tile.ofFloats(out, rows, cols, f);
        System.arraycopy(regs, 0, core.actRegisters(), 0, regs.length);
        Map<String, Tile> tiles = new java.util.HashMap<>(Map.of("dst", dst));
        if (resDtype != null) {
            tiles.put("reduce_res", Tile.ofFloats(resDtype, rows, 1, java.util.Arrays.copyOf(regs, rows)));
        }
        List<Decision> decisions = new ArrayList<>(List.of(Decision.ACT_AFFINE, Decision.ACT_EVAL));
        if (!cmd.equals("idle")) {
            decisions.add(Decision.ACT_ACCUMULATE);
        }
        if (a.isTile("bias") || a.isTile("scale")) {
            decisions.add(Decision.ACT_BIAS);
        }
        List<String> warnings = outside == 0 ? List.of() : List.of(outside + " of " + (long) rows * data.cols()
                + " pre-activation values are outside " + fn.nkiName() + "'s valid input range " + fn.range()
                + ": the device's result there is invalid (NKI), the model's is the formula's");
        return new LevelCall.Outcome(tiles, fn.fidelity(), decisions, OptionalLong.empty(), warnings);
    }
}
