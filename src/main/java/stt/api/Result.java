package stt.api;

import stt.codec.S2S2D2_STT;
import stt.machine.Tile;

/** What a call produced: the output tile, each partition's fp32 accumulator, and the word that ran. */
public record Result(Tile out, float[] accumulators, S2S2D2_STT word) {
    public Result {
        accumulators = accumulators.clone();
    }

    @Override
    public float[] accumulators() {
        return accumulators.clone();
    }
}
