package stt.calls;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import stt.isa.Decision;
import stt.isa.Fidelity;
import stt.machine.Tile;

/**
 * One NKI call that this model runs at NKI level on a NeuronCore's state rather than word by word (FAMILY-NEXT
 * §1: the Scalar, Tensor and GpSimd engines, DMA, and the Vector Engine calls whose words are not sourced): its
 * NKI name, its engine, the arguments it takes and the outputs it writes, by NKI's names, and its body. Every
 * registry (the CLI's {@code stt call}, {@code stt spec --calls}, stt_nki) reads {@link LevelCalls}.
 *
 * @param params  the arguments, by NKI's names (tiles as {@code @file}, numbers, names, patterns)
 * @param outputs the tiles it writes, {@code dst} first
 * @param summary one line: what it computes and at which fidelity
 * @param cost    what one run costs on its engine, and where the formula comes from
 */
public record LevelCall(String name, CallEngine engine, List<String> params, List<String> outputs, Body body,
        String summary, CallCost cost) {

    public LevelCall {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(cost, "cost");
        params = List.copyOf(params);
        outputs = List.copyOf(outputs);
    }

    /**
     * Runs the call from Java: {@code args} by NKI's names, each a {@link Tile}, a number, a boolean, an int list or
     * a name (e.g. {@code Map.of("data", tile, "op", "exp", "scale", 2.0f)}).
     *
     * @throws IllegalArgumentException naming the argument and the rule; nothing of {@code core} is changed then
     */
    public Outcome call(stt.isa.Generation gen, CoreState core, Map<String, ?> args) {
        Map<String, String> text = new java.util.LinkedHashMap<>();
        Map<String, Tile> tiles = new java.util.HashMap<>();
        args.forEach((k, v) -> {
            if (v instanceof Tile t) {
                tiles.put("@" + k, t);
                text.put(k, "@" + k);
            } else if (v instanceof int[] list) {
                text.put(k, java.util.Arrays.toString(list));
            } else {
                text.put(k, String.valueOf(v));
            }
        });
        return run(new Args(this, text, tiles::get, gen), core);
    }

    /**
     * Runs the body on {@code args}' generation, its cycles by {@link #cost}; a Vector Engine call's outcome also
     * stands on that generation's decisions ({@link stt.isa.Generation#vectorEngineDecisions}: {@code sunda_vector_engine} on SUNDA).
     *
     * @throws IllegalArgumentException naming the argument and the rule; nothing of {@code core} is changed then
     */
    public Outcome run(Args args, CoreState core) {
        Outcome ran = body.run(args, core);
        Outcome r = new Outcome(ran.tiles(), ran.fidelity(), ran.decisions(), cost.of(args, ran), ran.warnings());
        if (engine != CallEngine.VECTOR || args.gen().vectorEngineDecisions().isEmpty()) {
            return r;
        }
        List<Decision> all = args.gen().onVectorEngine(r.decisions());
        return new Outcome(r.tiles(), r.fidelity().under(all), all, r.cycles(), r.warnings());
    }

    /** What a call computes, given its arguments and the core's state it reads and writes. */
    @FunctionalInterface
    public interface Body {
        /**
         * @throws IllegalArgumentException naming the argument and the rule, before any state is changed
         */
        Outcome run(Args args, CoreState core);
    }

    /**
     * What a call produced: its output tiles by name, its fidelity and the [MODEL] decisions that level stands on,
     * the estimated engine cycles (empty: NKI publishes no formula) and warnings (e.g. inputs outside a function's
     * valid range).
     */
    public record Outcome(Map<String, Tile> tiles, Fidelity fidelity, List<Decision> decisions, OptionalLong cycles,
            List<String> warnings) {
        public Outcome {
            tiles = Map.copyOf(tiles);
            decisions = List.copyOf(decisions);
            warnings = List.copyOf(warnings);
        }

        /** The estimated time, cycles over the engine's clock on the call's generation, when both are known. */
        public OptionalDouble ns(CallEngine engine, stt.isa.Generation gen) {
            OptionalDouble ghz = engine.clockGhz(gen);
            return cycles.isPresent() && ghz.isPresent() ? OptionalDouble.of(cycles.getAsLong() / ghz.getAsDouble())
                    : OptionalDouble.empty();
        }
    }
}
