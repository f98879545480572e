package stt.fast;

import java.util.concurrent.atomic.LongAdder;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.ReferenceEngine;
import stt.exec.Resolver;
import stt.exec.Trace;
import stt.isa.Opcode;
import stt.isa.OpcodeTable;
import stt.machine.Machine;

/**
 * The fast engine: a registry of Vector API kernels per opcode. A word whose opcode has no kernel, a word the
 * kernel hands back (its operands overlap so that streaming order would show), and every traced run go to the
 * reference engine, so results are the reference's bit for bit.
 */
public final class FastEngine implements Engine {
    static final int CHUNK = 512;
    public static final long PARALLEL_THRESHOLD = Lanes.PARALLEL_THRESHOLD;

    private static final OpcodeTable<Kernel> KERNELS = new OpcodeTable<Kernel>()
            .put(new LaneKernel(), Opcode.SCALAR_TENSOR_TENSOR_ARITH, Opcode.SCALAR_TENSOR_TENSOR_BITVEC,
                    Opcode.SELECT_REDUCE)
            .put(new ScanKernel(), Opcode.TENSOR_TENSOR_SCAN_ARITH)
            .put(new TensorTensorKernel(), Opcode.TENSOR_TENSOR_ARITH, Opcode.TENSOR_TENSOR_BITVEC)
            .put(new CopyKernel(), Opcode.COPY, Opcode.CAST)
            .put(new PredicatedKernel(), Opcode.COPY_PREDICATED, Opcode.CAST_PREDICATED)
            .put(new MemsetKernel(), Opcode.MEMSET)
            .put(new TensorScalarKernel(), Opcode.TENSOR_SCALAR_ARITH, Opcode.TENSOR_SCALAR_BITVEC,
                    Opcode.TENSOR_SCALAR_PTR_ARITH, Opcode.TENSOR_SCALAR_PTR_BITVEC)
            .put(new CacheKernel(), Opcode.TENSOR_SCALAR_CACHE_REDUCE, Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE)
            .put(new ReadAccumulatorKernel(), Opcode.DVE_READ_ACCUMULATOR);

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
        Kernel kernel = word.opcode().flatMap(KERNELS::get).orElse(null);
        if (trace.on() || kernel == null) {
            reference.execute(m, word, trace);
            return;
        }
        Resolver.admit(m, word);
        if (kernel.execute(m, word, lanes)) {
            kernelRuns.increment();
        } else {
            reference.execute(m, word, trace);
        }
    }

    /** How many words a kernel ran itself (the rest went to the reference engine). */
    long kernelRuns() {
        return kernelRuns.sum();
    }
}
