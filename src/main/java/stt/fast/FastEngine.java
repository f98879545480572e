package stt.fast;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import stt.codec.S2S2D2_STT;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Operand;
import stt.exec.Plan;
import stt.exec.ReferenceEngine;
import stt.exec.Resolver;
import stt.exec.Trace;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * The fast engine: lanes run independently (in parallel above {@link #PARALLEL_THRESHOLD} elements), each in
 * chunks: both sources are loaded into buffers, the two stages run as Vector API kernels, the results are stored.
 * A scan, sequential along a lane, runs groups of lanes side by side instead ({@link ScanKernel}).
 * Words whose overlapping operands would make the order visible, and traced runs, go to the reference engine.
 */
public final class FastEngine implements Engine {
    static final int CHUNK = 512;
    /** Below this many elements an instruction runs on the caller's thread: waking workers costs more. */
    static final long PARALLEL_THRESHOLD = 1 << 19;

    /** One pool per thread count, shared by every engine (their workers are daemon threads). */
    private static final Map<Integer, ForkJoinPool> POOLS = new ConcurrentHashMap<>();

    private final ReferenceEngine reference = new ReferenceEngine();
    private final ForkJoinPool pool;
    private final int threads;

    /** @param threads lanes run on up to this many threads (1: the caller's thread only) */
    public FastEngine(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1; got " + threads);
        }
        this.threads = threads;
        this.pool = threads == 1 ? null : POOLS.computeIfAbsent(threads, ForkJoinPool::new);
    }

    @Override
    public String name() {
        return "fast";
    }

    public int threads() {
        return threads;
    }

    @Override
    public void execute(Machine m, S2S2D2_STT word, Trace trace) throws ExecutionException {
        if (trace.on()) {
            reference.execute(m, word, trace);
            return;
        }
        Plan p = Resolver.resolve(m, word);
        if (Hazards.streamingOrderObservable(p)) {
            reference.execute(m, word, trace);
            return;
        }
        int[] scalars = new int[p.channels()];
        for (int c = 0; c < scalars.length; c++) {
            scalars[c] = ReferenceEngine.scalarBits(m, p, c);
        }
        ReferenceEngine.startAccumulators(m, p);
        boolean scan = p.opcode() == Opcode.TENSOR_TENSOR_SCAN_ARITH;
        int width = scan ? ScanKernel.GROUP : 1;
        int units = (p.channels() + width - 1) / width;
        IntConsumer unit = scan
                ? g -> ScanKernel.group(m, p, g * width, Math.min(width, p.channels() - g * width), scalars)
                : c -> lane(m, p, c, scalars[c]);
        boolean large = p.elements() * p.channels() >= PARALLEL_THRESHOLD;
        int parts = pool != null && large ? Math.min(threads, units) : 1;
        // contiguous ranges of lanes (or scan groups), one per thread; the caller runs the first
        List<ForkJoinTask<?>> others = new ArrayList<>();
        for (int t = 1; t < parts; t++) {
            int from = units * t / parts;
            int to = units * (t + 1) / parts;
            others.add(pool.submit(() -> IntStream.range(from, to).forEach(unit)));
        }
        IntStream.range(0, units / parts).forEach(unit);
        others.forEach(ForkJoinTask::join);
    }

    /** ScalarTensorTensor arith with op0 mult, op1 add, no swaps, on contiguous fp32 (or fp32r) streams. */
    private static boolean fmaShapedFp32(Plan p) {
        if (p.opcode() != Opcode.SCALAR_TENSOR_TENSOR_ARITH || p.op0() != AluOp.MULT
                || p.op1() != AluOp.ADD || p.reverse().swapsFirst() || p.reverse().swapsSecond()) {
            return false;
        }
        for (Operand o : new Operand[] {p.src0(), p.src1(), p.dst()}) {
            if (o.dtype().size() != 4 || !o.dtype().isFloat() || Transfer.linearStride(o) != 1) {
                return false;
            }
        }
        return true;
    }

    private static long address(Machine m, Operand o, int lane) {
        return m.address(o.start().space(), o.partition(lane), o.offset(0));
    }

    /** One thread's chunk buffers, reused across lanes and words. */
    private static final class Buffers {
        final Transfer.Scratch scratch = new Transfer.Scratch(CHUNK);
        final float[] a = new float[CHUNK];
        final float[] b = new float[CHUNK];
        final float[] r = new float[CHUNK];
        final float[] mid = new float[CHUNK];
        final float[] scalar = new float[CHUNK];
        final int[] ia = new int[CHUNK];
        final int[] ib = new int[CHUNK];
        final int[] ir = new int[CHUNK];
    }

    private static final ThreadLocal<Buffers> BUFFERS = ThreadLocal.withInitial(Buffers::new);

    private static void lane(Machine m, Plan p, int lane, int scalar) {
        long n = p.elements();
        int chunk = CHUNK;
        Buffers buf = BUFFERS.get();
        Transfer.Scratch scratch = buf.scratch;
        if (p.opcode().isBitvec()) {
            int[] a = buf.ia;
            int[] b = buf.ib;
            int[] r = buf.ir;
            int width = 8 * p.dst().dtype().size();
            for (long k0 = 0; k0 < n; k0 += chunk) {
                int len = (int) Math.min(chunk, n - k0);
                Transfer.loadInts(m, p.src0(), lane, k0, len, a, scratch);
                Transfer.loadInts(m, p.src1(), lane, k0, len, b, scratch);
                BitvecKernel.run(p.op0(), p.op1(), p.reverse().swapsFirst(), p.reverse().swapsSecond(), scalar, a, b,
                        r, len, width);
                Transfer.storeInts(m, p.dst(), lane, k0, len, r, scratch);
            }
            return;
        }
        float s = Float.intBitsToFloat(scalar);
        boolean accumulate = p.accum() == AccumCmd.ACCUMULATE || p.accum() == AccumCmd.ZERO_ACCUMULATE;
        float acc = m.accumulator(lane);
        if (!accumulate && fmaShapedFp32(p)) {
            ArithKernel.multAddContiguousFp32(s, m.segment(p.src0().start().space()), address(m, p.src0(), lane),
                    m.segment(p.src1().start().space()), address(m, p.src1(), lane),
                    m.segment(p.dst().start().space()), address(m, p.dst(), lane), (int) n);
            return;
        }
        float[] a = buf.a;
        float[] b = buf.b;
        float[] r = buf.r;
        for (long k0 = 0; k0 < n; k0 += chunk) {
            int len = (int) Math.min(chunk, n - k0);
            Transfer.loadFloats(m, p.src1(), lane, k0, len, b, scratch);
            switch (p.opcode()) {
                case SCALAR_TENSOR_TENSOR_ARITH -> {
                    Transfer.loadFloats(m, p.src0(), lane, k0, len, a, scratch);
                    ArithKernel.run(p.op0(), p.op1(), p.reverse().swapsFirst(), p.reverse().swapsSecond(), s, a, b,
                            r, buf.mid, buf.scalar, len);
                }
                case SELECT_REDUCE -> {
                    Transfer.loadInts(m, p.src0(), lane, k0, len, buf.ia, scratch);
                    for (int i = 0; i < len; i++) {
                        r[i] = ReferenceEngine.selectElement(p, buf.ia[i], b[i], s);
                    }
                }
                default -> throw new IllegalStateException(p.opcode() + " is not an fp32-datapath opcode");
            }
            Transfer.storeFloats(m, p.dst(), lane, k0, len, r, scratch);
            if (accumulate) {
                for (int i = 0; i < len; i++) {
                    acc = ReferenceEngine.accumulated(p.opcode(), acc, r[i]);
                }
            }
        }
        if (accumulate) {
            m.setAccumulator(lane, acc);
        }
    }
}
