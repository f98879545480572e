package stt.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import stt.api.Call;
import stt.api.Nki;
import stt.api.Operand0;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.ReferenceEngine;
import stt.exec.Trace;
import stt.fast.FastEngine;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.Tile;

/**
 * {@code stt bench}: times instructions on the engines, and a plain Java triad over the same element count, in
 * one run so that ratios between rows are meaningful on a shared machine.
 */
public final class Bench {
    /** Free sizes of every case, besides the largest tile; from 1024 on the two-thread rows run in parallel. */
    static final int[] FREE_SIZES = {64, 512, 2048, 8192};
    private final Generation gen;
    private final boolean quick;
    private final String filter;
    private final int cores = Runtime.getRuntime().availableProcessors();

    /** @param filter only cases whose name contains it ("" for all) */
    public Bench(Generation gen, boolean quick, String filter) {
        this.gen = gen;
        this.quick = quick;
        this.filter = filter;
    }

    /** The cases: per dtype family, mult/add plus a compare/logical (arith) or bitvec pair, at every size. */
    public List<BenchCase> cases() {
        List<BenchCase> out = new ArrayList<>();
        record Family(String name, Dtype in0, Dtype in1, Dtype out) {
        }
        List<Family> families = quick
                ? List.of(new Family("fp32", Dtype.FP32, Dtype.FP32, Dtype.FP32),
                        new Family("bf16", Dtype.BF16, Dtype.BF16, Dtype.BF16))
                : List.of(new Family("fp32", Dtype.FP32, Dtype.FP32, Dtype.FP32),
                        new Family("bf16", Dtype.BF16, Dtype.BF16, Dtype.BF16),
                        new Family("fp16", Dtype.FP16, Dtype.FP16, Dtype.FP16),
                        new Family("fp8_e4m3", Dtype.FP8_E4M3, Dtype.FP8_E4M3, Dtype.FP8_E4M3),
                        new Family("int8", Dtype.INT8, Dtype.INT8, Dtype.INT8),
                        new Family("int32", Dtype.INT32, Dtype.INT32, Dtype.INT32),
                        new Family("bf16xfp32", Dtype.BF16, Dtype.FP32, Dtype.BF16));
        for (Family f : families) {
            List<AluOp[]> pairs = new ArrayList<>();
            pairs.add(new AluOp[] {AluOp.MULT, AluOp.ADD});
            if (!quick) {
                pairs.add(new AluOp[] {AluOp.IS_GT, AluOp.LOGICAL_AND});
                if (f.in0().isIntDatapath() && f.in0() == f.in1()) {
                    pairs.add(new AluOp[] {AluOp.BITWISE_AND, AluOp.BITWISE_OR});
                }
            }
            int[] sizes = quick ? new int[] {2048} : sizes(f.in0(), f.in1(), f.out());
            for (AluOp[] ops : pairs) {
                String name = f.name() + "_" + ops[0].isaName() + "_" + ops[1].isaName();
                for (int free : name.contains(filter) ? sizes : new int[0]) {
                    out.add(new BenchCase(name, Call.Instruction.STT, f.in0(), f.in1(), f.out(), ops[0], ops[1],
                            Generation.PARTITIONS, free));
                }
            }
        }
        if (!quick) {
            for (int free : sizes(Dtype.FP32, Dtype.FP32, Dtype.FP32)) {
                sibling(out, "scan_fp32_mult_add", Call.Instruction.SCAN, Dtype.FP32, AluOp.MULT, AluOp.ADD, free);
            }
            for (int free : sizes(Dtype.UINT8, Dtype.FP32, Dtype.FP32)) {
                sibling(out, "select_reduce_uint8_fp32", Call.Instruction.SELECT_REDUCE, Dtype.UINT8, AluOp.BYPASS,
                        AluOp.MAX, free);
            }
        }
        return out;
    }

    private void sibling(List<BenchCase> out, String name, Call.Instruction i, Dtype in0, AluOp op0, AluOp op1,
            int free) {
        if (name.contains(filter)) {
            out.add(new BenchCase(name, i, in0, Dtype.FP32, Dtype.FP32, op0, op1, Generation.PARTITIONS, free));
        }
    }

    private int[] sizes(Dtype a, Dtype b, Dtype o) {
        int[] s = Arrays.copyOf(FREE_SIZES, FREE_SIZES.length + 1);
        s[FREE_SIZES.length] = largestFree(a, b, o);
        return s;
    }

    /** The largest free size (a multiple of 64) whose three tiles the generation's SBUF holds. */
    public int largestFree(Dtype a, Dtype b, Dtype o) {
        int active = gen.activeBytes(Space.SBUF);
        int free = (active - 4 * 64) / (a.size() + b.size() + o.size()) / 64 * 64;
        Tile probe;
        while (true) {
            try {
                probe = Tile.zeros(a, 1, free);
                Nki.instruction(Call.of(probe, AluOp.ADD, Operand0.fp32(1), AluOp.ADD, Tile.zeros(b, 1, free))
                        .withOutDtype(o).withGeneration(gen));
                return free;
            } catch (IllegalArgumentException e) {
                free -= 64;
            }
        }
    }

    /** Told before each case: how many are done, how many there are, and the next one. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (done, total, next) -> { };

        void before(int done, int total, BenchCase next);
    }

    /** Runs every case on each engine and thread count, and the triad per size; rows go to {@code sink}. */
    public void run(Consumer<Measurement> sink, Progress progress) throws ExecutionException {
        List<Integer> threadCounts = cores > 1 ? List.of(1, cores) : List.of(1);
        List<BenchCase> cases = cases();
        for (int k = 0; k < cases.size(); k++) {
            BenchCase c = cases.get(k);
            progress.before(k, cases.size(), c);
            Fixture fx = new Fixture(c);
            for (int t : threadCounts) {
                FastEngine fast = new FastEngine(t);
                sink.accept(new Measurement(c, "fast", t, time(c, () -> fx.run(fast))));
            }
            if (!quick || c.free() == 2048) {
                ReferenceEngine ref = new ReferenceEngine();
                sink.accept(new Measurement(c, "reference", 1, time(c, () -> fx.run(ref))));
            }
            if (c.op0() == AluOp.MULT && c.in0() == Dtype.FP32) {
                Triad triad = new Triad((int) c.elements());
                sink.accept(new Measurement(c, "java-triad", 1, time(c, triad::run)));
            }
        }
    }

    interface Body {
        void run() throws ExecutionException;
    }

    /**
     * The median ns per element over several samples of at least 20 ms each, after a warm-up that lasts until
     * the JIT has settled: at least {@link #warmupNanos()}, then until a 200 ms window is no faster than the one
     * before (at most 10 s).
     */
    private double time(BenchCase c, Body body) throws ExecutionException {
        long start = System.nanoTime();
        double previous = Double.MAX_VALUE;
        while (true) {
            double window = window(c, body, 200_000_000L);
            long elapsed = System.nanoTime() - start;
            if (elapsed > 10_000_000_000L || (elapsed > warmupNanos() && window > previous * 0.97)) {
                break;
            }
            previous = Math.min(previous, window);
        }
        double[] samples = new double[quick ? 5 : 7];
        for (int s = 0; s < samples.length; s++) {
            samples[s] = window(c, body, 20_000_000L);
        }
        Arrays.sort(samples);
        return samples[samples.length / 2];
    }

    private long warmupNanos() {
        return quick ? 500_000_000L : 1_000_000_000L;
    }

    /** Runs {@code body} for at least {@code nanos}; the ns per element of that window. */
    private static double window(BenchCase c, Body body, long nanos) throws ExecutionException {
        long start = System.nanoTime();
        long runs = 0;
        long now;
        do {
            body.run();
            runs++;
            now = System.nanoTime();
        } while (now - start < nanos);
        return (double) (now - start) / runs / c.elements();
    }

    /** A machine with random tiles in place and the case's word. */
    private final class Fixture {
        final Machine machine = new Machine(gen);
        final Word word;

        Fixture(BenchCase c) {
            Random r = new Random(c.free());
            Tile a = random(r, c.in0(), c.partitions(), c.free());
            Tile b = random(r, c.in1(), c.partitions(), c.free());
            boolean bitvec = c.instruction() == Call.Instruction.STT && Call.isBitvec(c.op0(), c.op1(), gen);
            Call call = Call.of(a, c.op0(), bitvec ? Operand0.bits(0x5a5a5a5a) : Operand0.fp32(1.5f), c.op1(), b)
                    .withOutDtype(c.out()).withGeneration(gen).withInstruction(c.instruction());
            word = Nki.instruction(call);
            machine.write(ref(word.pattern("src0").start_addr()), a);
            machine.write(ref(word.pattern("src1").start_addr()), b);
        }

        private MemoryRef ref(int addr) {
            return gen.locate(addr).orElseThrow();
        }

        void run(Engine e) throws ExecutionException {
            e.execute(machine, word, Trace.OFF);
        }
    }

    private static Tile random(Random r, Dtype d, int rows, int cols) {
        float[] v = new float[rows * cols];
        for (int k = 0; k < v.length; k++) {
            v[k] = (float) (r.nextGaussian() * 8);
        }
        return Tile.ofFloats(d, rows, cols, v);
    }

    /** The plain Java loop {@code c[i] = a[i] * s + b[i]} on float arrays of the same element count. */
    static final class Triad {
        final float[] a;
        final float[] b;
        final float[] c;

        Triad(int n) {
            a = new float[n];
            b = new float[n];
            c = new float[n];
            Random r = new Random(n);
            for (int i = 0; i < n; i++) {
                a[i] = r.nextFloat();
                b[i] = r.nextFloat();
            }
        }

        void run() {
            float s = 1.5f;
            for (int i = 0; i < a.length; i++) {
                c[i] = a[i] * s + b[i];
            }
        }
    }
}
