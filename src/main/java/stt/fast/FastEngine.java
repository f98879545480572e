package stt.fast;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Instruction;
import stt.exec.Operation;
import stt.exec.ReferenceEngine;
import stt.exec.Resolver;
import stt.exec.Trace;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * The fast engine: runs the Vector API kernel of a word's definition. A word whose opcode has no kernel, a word
 * whose operands overlap so that the streaming order would show ({@link Hazards}), and every traced run go to the
 * reference engine, so results are the reference's bit for bit.
 */
public final class FastEngine implements Engine {
    static final int CHUNK = 512;
    public static final long PARALLEL_THRESHOLD = Lanes.PARALLEL_THRESHOLD;

    private final Resolver resolver;
    private final Function<Opcode, Optional<Kernel>> kernels;
    private final ReferenceEngine reference;
    private final Lanes lanes;
    private final LongAdder kernelRuns = new LongAdder();

    /**
     * @param resolver admits and resolves the words, with every opcode's body (the reference engine's too)
     * @param kernels  every opcode's kernel, if it has one (the layer above wires the definitions in:
     *                 {@code stt.engine.Model})
     * @param threads  lanes run on up to this many threads (1: the caller's thread only)
     */
    public FastEngine(Resolver resolver, Function<Opcode, Optional<Kernel>> kernels, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1; got " + threads);
        }
        this.resolver = Objects.requireNonNull(resolver, "resolver");
        this.kernels = Objects.requireNonNull(kernels, "kernels");
        this.reference = new ReferenceEngine(resolver);
        this.lanes = new Lanes(threads);
    }

    @Override
    public String name() {
        return "fast";
    }

    @Override
    public Resolver resolver() {
        return resolver;
    }

    public int threads() {
        return lanes.threads();
    }

    @Override
    public void execute(Machine m, Word word, Trace trace) throws ExecutionException {
        Kernel kernel = word.opcode().flatMap(kernels).orElse(null);
        if (trace.on() || kernel == null) {
            reference.execute(m, word, trace);
            return;
        }
        Instruction i = resolver.admitted(m, word);
        if (Hazards.streamingOrderObservable(i)) {
            Operation op = resolver.operation(i.opcode());
            ReferenceEngine.run(m, op, op.body().orElseThrow(), i, trace);
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
