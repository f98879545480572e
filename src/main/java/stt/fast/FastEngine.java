package stt.fast;

import java.util.concurrent.atomic.LongAdder;
import stt.codec.Word;
import stt.def.Definitions;
import stt.def.OpcodeDef;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Instruction;
import stt.exec.ReferenceEngine;
import stt.exec.Trace;
import stt.machine.Machine;

/**
 * The fast engine: runs the Vector API kernel of a word's definition. A word whose opcode has no kernel, a word
 * whose operands overlap so that the streaming order would show ({@link Hazards}), and every traced run go to the
 * reference engine, so results are the reference's bit for bit.
 */
public final class FastEngine implements Engine {
    static final int CHUNK = 512;
    public static final long PARALLEL_THRESHOLD = Lanes.PARALLEL_THRESHOLD;

    private final ReferenceEngine reference = new ReferenceEngine();
    private final Lanes lanes;
    private final LongAdder kernelRuns = new LongAdder();

    /** @param threads lanes run on up to this many threads (1: the caller's thread only) */
    public FastEngine(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1; got " + threads);
        }
        this.lanes = new Lanes(threads);
    }

    @Override
    public String name() {
        return "fast";
    }

    public int threads() {
        return lanes.threads();
    }

    @Override
    public void execute(Machine m, Word word, Trace trace) throws ExecutionException {
        OpcodeDef def = word.opcode().map(Definitions::of).orElse(null);
        Kernel kernel = def == null ? null : def.kernel().orElse(null);
        if (trace.on() || kernel == null) {
            reference.execute(m, word, trace);
            return;
        }
        Instruction i = Instruction.admitted(m, word);
        if (Hazards.streamingOrderObservable(i)) {
            ReferenceEngine.run(m, def, def.body().orElseThrow(), i, trace);
        } else {
            kernel.execute(m, i, lanes);
            kernelRuns.increment();
        }
    }

    /** How many words a kernel ran itself (the rest went to the reference engine). */
    long kernelRuns() {
        return kernelRuns.sum();
    }
}
