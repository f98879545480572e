package stt.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Consumer;
import stt.api.Call;
import stt.api.FamilyCall;
import stt.api.Nki;
import stt.api.Operand0;
import stt.codec.Word;
import stt.engine.Model;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Trace;
import stt.fast.Crew;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.Tile;

/**
 * {@code stt bench}: times instructions on the engines, and a plain Java triad over the same element count, in
 * one run so that ratios between rows are meaningful on a shared machine. {@link #measure} times one case in this
 * JVM; the command runs each case in a JVM of its own ({@code stt.cli.ForkedCase}), because in a JVM that has
 * run other cases the JIT compiles the shared code for their profile too.
 */
public final class Bench {
    /** Free sizes of every case, besides the largest tile; from 1024 on the two-thread rows run in parallel. */
    static final int[] FREE_SIZES = {8, 64, 512, 2048, 8192};
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

    /**
     * The cases: per dtype family, STT mult/add plus a compare/logical (arith) or bitvec pair; the siblings; the
     * family's tensor_tensor, tensor_scalar and copy/cast; each at every size.
     */
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
                        new Family("fp8_e5m2", Dtype.FP8_E5M2, Dtype.FP8_E5M2, Dtype.FP8_E5M2),
                        new Family("fp8_e3m4", Dtype.FP8_E3M4, Dtype.FP8_E3M4, Dtype.FP8_E3M4),
                        new Family("int8", Dtype.INT8, Dtype.INT8, Dtype.INT8),
                        new Family("int16", Dtype.INT16, Dtype.INT16, Dtype.INT16),
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
            for (AluOp[] ops : pairs) {
                add(out, f.name() + "_" + ops[0].isaName() + "_" + ops[1].isaName(), BenchCase.Kind.STT, f.in0(),
                        f.in1(), f.out(), ops[0], ops[1]);
            }
        }
        if (!quick) {
            add(out, "scan_fp32_mult_add", BenchCase.Kind.SCAN, Dtype.FP32, Dtype.FP32, Dtype.FP32, AluOp.MULT,
                    AluOp.ADD);
            add(out, "select_reduce_uint8_fp32", BenchCase.Kind.SELECT_REDUCE, Dtype.UINT8, Dtype.FP32, Dtype.FP32,
                    AluOp.BYPASS, AluOp.MAX);
            for (Dtype d : List.of(Dtype.FP32, Dtype.BF16)) {
                String n = d.isaName();
                add(out, "tensor_tensor_" + n + "_add", BenchCase.Kind.TENSOR_TENSOR, d, d, d, AluOp.ADD,
                        AluOp.BYPASS);
                add(out, "tensor_scalar_" + n + "_mult_add", BenchCase.Kind.TENSOR_SCALAR, d, d, d, AluOp.MULT,
                        AluOp.ADD);
            }
            add(out, "copy_fp32_bf16", BenchCase.Kind.COPY, Dtype.FP32, Dtype.FP32, Dtype.BF16, AluOp.BYPASS,
                    AluOp.BYPASS);
            add(out, "copy_bf16_fp32", BenchCase.Kind.COPY, Dtype.BF16, Dtype.BF16, Dtype.FP32, AluOp.BYPASS,
                    AluOp.BYPASS);
        }
        return out;
    }

    /** The case at every size (--quick: 2048), if its name contains the filter. */
    private void add(List<BenchCase> out, String name, BenchCase.Kind kind, Dtype in0, Dtype in1, Dtype o,
            AluOp op0, AluOp op1) {
        if (name.contains(filter)) {
            for (int free : quick ? new int[] {2048} : sizes(in0, in1, o)) {
                out.add(new BenchCase(name, kind, in0, in1, o, op0, op1, Generation.PARTITIONS, free));
            }
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

    /** How a case is measured: here ({@link #measure}) or in a JVM of its own. */
    @FunctionalInterface
    public interface Measurer {
        List<Measurement> measure(BenchCase c) throws Exception;
    }

    /** Measures every case with {@code how}; rows go to {@code sink}. */
    public void run(Consumer<Measurement> sink, Progress progress, Measurer how) throws Exception {
        List<BenchCase> cases = cases();
        for (int k = 0; k < cases.size(); k++) {
            BenchCase c = cases.get(k);
            progress.before(k, cases.size(), c);
            how.measure(c).forEach(sink);
        }
    }

    /**
     * Times one case in this JVM: the fast engine on each thread count, the reference engine (--quick: at F = 2048
     * only) and, for fp32 mult/add, the Java triad. Each is warmed up on its own; then their timed windows take
     * turns, so that a noisy moment of the machine falls on all of them alike.
     */
    public List<Measurement> measure(BenchCase c) throws ExecutionException {
        record Timed(String engine, int threads, Body body) {
        }
        Fixture fx = new Fixture(c);
        List<Timed> timed = new ArrayList<>();
        for (int t : cores > 1 ? List.of(1, cores) : List.of(1)) {
            Engine fast = Model.fast(t);
            timed.add(new Timed("fast", t, () -> fx.run(fast)));
        }
        if (!quick || c.free() == 2048) {
            Engine ref = Model.reference();
            timed.add(new Timed("reference", 1, () -> fx.run(ref)));
        }
        if (c.op0() == AluOp.MULT && c.in0() == Dtype.FP32 && (c.kind() == BenchCase.Kind.STT || c.kind() == BenchCase.Kind.SCAN)) {
            Triad triad = new Triad((int) c.elements());
            timed.add(new Timed("java-triad", 1, triad::run));
            if (cores > 1) {  // the memory limit at the engine's thread count: the same loop split as lanes are
                Crew crew = new Crew(cores - 1);
                timed.add(new Timed("java-triad", cores, () -> triad.run(crew, cores)));
            }
        }
        for (Timed t : timed) {
            warmUp(c, t.body());
        }
        double[][] samples = new double[timed.size()][quick ? 5 : 7];
        for (int s = 0; s < samples[0].length; s++) {
            for (int k = 0; k < timed.size(); k++) {
                samples[k][s] = window(c, timed.get(k).body(), 20_000_000L);
            }
        }
        List<Measurement> rows = new ArrayList<>();
        for (int k = 0; k < timed.size(); k++) {
            Arrays.sort(samples[k]);
            rows.add(new Measurement(c, timed.get(k).engine(), timed.get(k).threads(),
                    samples[k][samples[k].length / 2]));
        }
        return rows;
    }

    interface Body {
        void run() throws ExecutionException;
    }

    /**
     * Runs {@code body} until the JIT has settled: at least {@link #warmupNanos()}, then until a 200 ms window is no
     * faster than the best before it (at most 10 s).
     */
    private void warmUp(BenchCase c, Body body) throws ExecutionException {
        long start = System.nanoTime();
        double best = Double.MAX_VALUE;
        while (true) {
            double window = window(c, body, 200_000_000L);
            long elapsed = System.nanoTime() - start;
            if (elapsed > 10_000_000_000L || (elapsed > warmupNanos() && window > best * 0.97)) {
                return;
            }
            best = Math.min(best, window);
        }
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

    /**
     * The device's own time for one word of the case, as {@code stt cost} estimates it (FAMILY.md §7), when the
     * generation has a published clock: what a row's time per word is compared with (its real-time factor).
     */
    public java.util.OptionalDouble deviceNs(BenchCase c) {
        Word w = word(c, Tile.zeros(c.in0(), c.partitions(), c.free()), Tile.zeros(c.in1(), c.partitions(), c.free()),
                null);
        return Model.COST.of(w, gen).ns();
    }

    /** The case's word on tiles a and b, which are written where it reads them into {@code m} unless m is null. */
    private Word word(BenchCase c, Tile a, Tile b, Machine m) {
        Optional<Dtype> out = Optional.of(c.out());
        FamilyCall family = switch (c.kind()) {
            case STT, SCAN, SELECT_REDUCE -> null;
            case TENSOR_TENSOR -> new FamilyCall.TensorTensor(a, b, c.op0(), out, gen);
            case TENSOR_SCALAR -> new FamilyCall.TensorScalar(a, c.op0(), Operand0.fp32(1.5f), false,
                    Optional.of(c.op1()), Optional.of(Operand0.fp32(0.5f)), false, out, gen);
            case COPY -> new FamilyCall.TensorCopy(a, out, gen);
        };
        if (family != null) {
            return m == null ? family.instruction() : family.loadInto(m);
        }
        boolean bitvec = c.kind() == BenchCase.Kind.STT && Call.isBitvec(c.op0(), c.op1(), gen);
        Call call = Call.of(a, c.op0(), bitvec ? Operand0.bits(0x5a5a5a5a) : Operand0.fp32(1.5f), c.op1(), b)
                .withOutDtype(c.out()).withGeneration(gen).withInstruction(Call.Instruction.valueOf(c.kind().name()));
        Word w = Nki.instruction(call);
        if (m != null) {
            m.write(gen.locate(w.pattern("src0").start_addr()).orElseThrow(), a);
            m.write(gen.locate(w.pattern("src1").start_addr()).orElseThrow(), b);
        }
        return w;
    }

    /** A machine with random tiles in place and the case's word. */
    private final class Fixture {
        final Machine machine = new Machine(gen);
        final Word word;

        Fixture(BenchCase c) {
            Random r = new Random(c.free());
            word = word(c, random(r, c.in0(), c.partitions(), c.free()), random(r, c.in1(), c.partitions(), c.free()),
                    machine);
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
            range(0, a.length);
        }

        /**
         * The same loop in {@code parts} contiguous parts, shared by the caller and the crew as the fast engine
         * shares lanes (a part nobody has claimed when the caller is free, the caller runs).
         */
        void run(Crew crew, int parts) {
            if (!crew.share(parts, parts, p -> range((int) ((long) a.length * p / parts),
                    (int) ((long) a.length * (p + 1) / parts)))) {
                range(0, a.length);
            }
        }

        private void range(int from, int to) {
            float s = 1.5f;
            for (int i = from; i < to; i++) {
                c[i] = a[i] * s + b[i];
            }
        }
    }
}
