package stt.calls;

import java.util.Map;
import stt.isa.Generation;
import stt.machine.Tile;

/** What the NKI-level call tests share: a call run on a fresh core, and a tile's raw bits in row-major order. */
final class CallRuns {
    private CallRuns() {
    }

    static LevelCall.Outcome run(Generation gen, String name, Map<String, ?> args) {
        return LevelCalls.named(name).orElseThrow().call(gen, CoreState.fresh(gen), args);
    }

    static int[] bits(Tile t) {
        int[] out = new int[t.rows() * t.cols()];
        for (int k = 0; k < out.length; k++) {
            out[k] = t.bits(k / t.cols(), k % t.cols());
        }
        return out;
    }
}
