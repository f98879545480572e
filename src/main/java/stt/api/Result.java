package stt.api;

import stt.codec.Word;
import stt.machine.Tile;

/** What a call produced: the output tile, each partition's fp32 accumulator, and the word that ran. */
public record Result(Tile out, float[] accumulators, Word word) {
    public Result {
        accumulators = accumulators.clone();
    }

    @Override
    public float[] accumulators() {
        return accumulators.clone();
    }
}
