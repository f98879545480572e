package stt.calls;

import java.util.OptionalLong;
import stt.cost.Cost;
import stt.machine.Tile;

/**
 * What an NKI-level call costs on its engine, as part of the call's one definition ({@link LevelCalls}): the formula
 * as text, with its source (NKI 2.26's "Estimated instruction cost" lines, the architecture guides, or a [MODEL]
 * decision of docs/timeline.md), and the cycles it gives for a call's arguments and outcome. Cycles are the engine's
 * own; DMA's are nanoseconds ({@code Decision.DMA_COST}). {@code stt call --list} prints the formula, every recorded
 * call carries both.
 */
public record CallCost(String formula, Cycles cycles) {
    public static final int MIN_II = Cost.MIN_II;

    /** The cycles of one run of the call. */
    @FunctionalInterface
    public interface Cycles {
        long of(Args args, LevelCall.Outcome outcome);
    }

    /** The cycles the call's body computes itself, as {@code formula} states them. */
    static CallCost byBody(String formula) {
        return new CallCost(formula, (a, r) -> r.cycles().orElseThrow());
    }

    /**
     * {@code max(MIN_II, k N)} cycles on {@code engine} with N the elements per partition of input tile {@code input}:
     * the architecture guide's rule of about N cycles per input tile, for a call NKI gives no cost line
     * ([MODEL] level_call_costs).
     */
    static CallCost modelled(String engine, String input, int k) {
        return new CallCost(engine + ": max(MIN_II, " + (k == 1 ? "" : k) + "N) cycles, N the " + input
                + "'s elements per partition [MODEL level_call_costs]", (a, r) -> Math.max(MIN_II,
                        (long) k * a.tile(input).cols()));
    }

    /** The call's cycles: the body's when it gives them, else the formula's. */
    OptionalLong of(Args a, LevelCall.Outcome r) {
        return r.cycles().isPresent() ? r.cycles() : OptionalLong.of(cycles.of(a, r));
    }

    /** The bytes a partition-major tile holds. */
    static long bytes(Tile t) {
        return (long) t.rows() * t.rowBytes();
    }
}
