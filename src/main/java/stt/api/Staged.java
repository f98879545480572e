package stt.api;

import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Trace;
import stt.isa.Dtype;
import stt.machine.Tile;

/**
 * A call laid out: its tiles placed, its word built, where its output lands and how many columns it has. Running
 * it uses a machine as fresh ({@link Placement#onMachine}).
 */
record Staged(Placement place, Word word, int out, Dtype outDtype, int outCols) {
    Staged {
        place.checkOutput(out, outDtype, place.rows(), outCols);
    }

    /** A call whose output has the placement's shape. */
    Staged(Placement place, Word word, int out, Dtype outDtype) {
        this(place, word, out, outDtype, place.cols());
    }

    Result run(Engine engine) throws ExecutionException {
        return place.onMachine(m -> {
            engine.execute(m, word, Trace.OFF);
            Tile result = place.read(m, out, outDtype, place.rows(), outCols);
            return new Result(result, m.accumulators(place.rows()), word);
        });
    }
}
