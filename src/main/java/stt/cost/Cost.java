package stt.cost;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import stt.codec.Layout;
import stt.codec.Memo;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.isa.Space;

/**
 * What a word costs on the Vector Engine, by NKI 2.26's published "Estimated instruction cost" formulas
 * (FAMILY.md §7): one formula per opcode family, each with its source, named by the opcodes' definitions (the layer
 * above builds a {@code Cost} with that lookup: {@code stt.engine.Model}). N is the destination pattern's element
 * count per partition, MIN_II = 64 engine cycles, time = cycles / the generation's DVE clock. These are estimates
 * from the published formulas, not measurements.
 */
public final class Cost {
    public static final int MIN_II = 64;
    public static final String LABEL = "estimates from NKI 2.26's published cost formulas (MIN_II = " + MIN_II
            + "), not measurements";

    private final Memo<Key, Estimate> estimates = new Memo<>(4096);
    private final Function<Opcode, Optional<Formula>> formulas;

    private record Key(Word word, Generation gen) {
    }

    /** @param formulas every opcode's formula, if NKI publishes one */
    public Cost(Function<Opcode, Optional<Formula>> formulas) {
        this.formulas = Objects.requireNonNull(formulas, "formulas");
    }

    /** One formula: cycles for a word with N elements per partition, and where the formula comes from. */
    public record Formula(String source, Cycles cycles) {
    }

    /** Cycles of word {@code w} on {@code gen} with N = {@code n}. */
    @FunctionalInterface
    public interface Cycles {
        long of(Word w, Generation gen, long n);
    }

    private static long atLeastMinII(long cycles) {
        return Math.max(MIN_II, cycles);
    }

    public static final Formula SCALAR_TENSOR_TENSOR = new Formula("NKI 2.26 scalar_tensor_tensor: N for bf16 data and"
            + " operand1 with subtract then multiply and N even, else 2N (no MIN_II)",
            (w, g, n) -> bf16(w, "in0_dtype", "in1_dtype") && op(w, "op0") == AluOp.SUBTRACT
                    && op(w, "op1") == AluOp.MULT && n % 2 == 0 ? n : 2 * n);
    public static final Formula TENSOR_TENSOR_SCAN = new Formula("NKI 2.26 tensor_tensor_scan: max(MIN_II, 2N)",
            (w, g, n) -> atLeastMinII(2 * n));
    public static final Formula SELECT_REDUCE = new Formula("MODEL (NKI gives select_reduce no cost line): max(MIN_II,"
            + " 2N)", (w, g, n) -> atLeastMinII(2 * n));
    public static final Formula TENSOR_TENSOR = new Formula("NKI 2.26 tensor_tensor (VectorE): max(MIN_II, N) with one"
            + " source in PSUM and the other in SBUF, or both in SBUF with bf16 everywhere, add/multiply/subtract and"
            + " unit dim-0 steps; else max(MIN_II, 2N)", Cost::tensorTensor);
    public static final Formula TENSOR_SCALAR = new Formula("NKI 2.26 tensor_scalar: max(MIN_II, N)",
            (w, g, n) -> atLeastMinII(n));
    public static final Formula CACHE_REDUCE = new Formula("NKI 2.26 tensor_scalar_reduce without its + MIN_II (that is"
            + " the 0x9b word): max(MIN_II, N)", (w, g, n) -> atLeastMinII(n));
    public static final Formula READ_ACCUMULATOR = new Formula("MODEL (the + MIN_II of NKI 2.26 tensor_scalar_reduce):"
            + " MIN_II", (w, g, n) -> MIN_II);
    public static final Formula TENSOR_COPY = new Formula("NKI 2.26 tensor_copy: max(MIN_II, N)",
            (w, g, n) -> atLeastMinII(n));
    public static final Formula COPY_PREDICATED = new Formula("NKI 2.26 tensor_copy_predicated: max(MIN_II, N) with the"
            + " data and the predicate in different spaces, else max(MIN_II, 2N)", (w, g, n) -> atLeastMinII(
                    differentSpaces(w, g) ? n : 2 * n));
    public static final Formula TENSOR_REDUCE = new Formula("NKI 2.26 tensor_reduce: N/2 (rounded up) for bf16 in and"
            + " out with add or max, else N, N the source's elements per partition (no MIN_II)", (w, g, ignored) -> {
                long n = w.pattern("src").elementCount();
                AluOp op = op(w, "op");
                return bf16(w, "in_dtype", "out_dtype") && (op == AluOp.ADD || op == AluOp.MAX) ? (n + 1) / 2 : n;
            });
    public static final Formula STREAM_TRANSPOSE = new Formula("NKI 2.26 nc_transpose (Vector Engine): max(MIN_II, N)",
            (w, g, n) -> atLeastMinII(n));
    public static final Formula RECIPROCAL = new Formula("NKI 2.26 reciprocal: max(MIN_II, 8N)",
            (w, g, n) -> atLeastMinII(8 * n));
    public static final Formula MEMSET = new Formula("NKI 2.26 memset: max(MIN_II, N/2) for a zero bf16/fp16 value,"
            + " else max(MIN_II, N)", (w, g, n) -> atLeastMinII(w.get("set_value") == 0
                    && Dtype.of((int) w.get("dtype")).filter(d -> d == Dtype.BF16 || d == Dtype.FP16).isPresent()
                    ? (n + 1) / 2 : n));

    /** A word's estimate: N, and its cycles and nanoseconds, or empty cycles when no formula covers it. */
    public record Estimate(long n, Optional<Long> cycles, OptionalDouble ns, String source) {
    }

    /**
     * The estimate of a valid {@code word} on {@code gen}, remembered per distinct word and generation (a program
     * issues the same words many times; {@code stt run} estimates every word it ran).
     */
    public Estimate of(Word w, Generation gen) {
        Key key = new Key(w, gen);
        Estimate known = estimates.get(key);
        if (known == null) {
            known = estimate(w, gen);
            estimates.put(key, known);
        }
        return known;
    }

    private Estimate estimate(Word w, Generation gen) {
        long n = w.layout().hasPattern("dst") ? w.pattern("dst").elementCount() : 0;
        Optional<Formula> f = w.opcode().flatMap(formulas);
        if (f.isEmpty()) {
            return new Estimate(n, Optional.empty(), OptionalDouble.empty(), "not estimated: NKI publishes no"
                    + " formula for " + w.mnemonic());
        }
        long cycles = f.get().cycles().of(w, gen, n);
        OptionalDouble ns = gen.dveClockGhz().isPresent() ? OptionalDouble.of(cycles / gen.dveClockGhz()
                .getAsDouble()) : OptionalDouble.empty();
        return new Estimate(n, Optional.of(cycles), ns, f.get().source());
    }

    private static AluOp op(Word w, String field) {
        return AluOp.of((int) w.get(field)).orElse(null);
    }

    private static boolean bf16(Word w, String... fields) {
        for (String f : fields) {
            if (w.get(f) != Dtype.BF16.code()) {
                return false;
            }
        }
        return true;
    }

    /** Where an immediate pattern starts; empty for a register-held address (not known before the run). */
    private static Optional<Space> space(Word w, String pattern, Generation gen) {
        TensorPattern t = w.pattern(pattern);
        return t.addr().fromRegister() ? Optional.empty() : gen.locate(t.addr().partitionOffset())
                .map(MemoryRef::space);
    }

    private static long tensorTensor(Word w, Generation gen, long n) {
        Optional<Space> a = space(w, "src0", gen);
        Optional<Space> b = space(w, "src1", gen);
        boolean split = a.isPresent() && b.isPresent() && a.get() != b.get();
        boolean sbuf = a.equals(Optional.of(Space.SBUF)) && b.equals(Optional.of(Space.SBUF));
        boolean fastOps = List.of(AluOp.ADD, AluOp.MULT, AluOp.SUBTRACT).contains(op(w, "op"));
        boolean unitSteps = w.layout().patterns().stream().map(Layout.Pattern::name)
                .allMatch(p -> w.pattern(p).step(0) == 1);
        boolean fast = split || sbuf && bf16(w, "in0_dtype", "in1_dtype", "out_dtype") && fastOps && unitSteps;
        return atLeastMinII(fast ? n : 2 * n);
    }

    private static boolean differentSpaces(Word w, Generation gen) {
        Optional<Space> predicate = space(w, "src0", gen);
        Optional<Space> data = space(w, "src1", gen);
        return predicate.isPresent() && data.isPresent() && predicate.get() != data.get();
    }
}
