package stt;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import stt.codec.Layout;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.engine.Model;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.Opcode;
import stt.isa.Space;
import stt.machine.Machine;

/**
 * Random valid words of the single-stage family opcodes (Tensor-Tensor, Copy/Cast, the predicated copies,
 * Memset, TensorReduce, StreamTranspose) inside the first {@link RandomWords#REGION} bytes of each partition: 1-D to
 * 4-D patterns with awkward counts, zero (broadcast) and negative steps, PSUM operands, register-held addresses, in-place and overlapping
 * operands, every legal dtype. Registers a word uses are set on the machines passed in.
 */
public final class FamilyWords implements WordSource {
    static final int[] SIZES = {1, 2, 5, 12, 63, 64, 100, 256, 1000, 2047};
    static final List<Dtype> ELEMENTS = RandomWords.FLOATS_AND_INTS;
    static final List<Dtype> INTS = RandomWords.INTS;
    /** The cache reductions' dtypes: floats and 8/16-bit integers. */
    static final List<Dtype> SMALL = ELEMENTS.stream().filter(d -> d.isFloat() || d.size() < 4).toList();

    private final Random rnd;
    private final Generation gen;
    private final List<Opcode> opcodes;

    public FamilyWords(long seed, Generation gen, List<Opcode> opcodes) {
        this.rnd = new Random(seed);
        this.gen = gen;
        this.opcodes = opcodes;
    }

    private <T> T pick(List<T> list) {
        return list.get(rnd.nextInt(list.size()));
    }

    /** A valid word; any registers it reads are set identically on every machine in {@code machines}. */
    @Override
    public Word next(Machine... machines) {
        while (true) {
            Word w = attempt(machines);
            if (Model.VALIDATOR.validate(w, gen).isEmpty()) {
                Word.Builder b = w.toBuilder();
                int reg = 5;
                for (Layout.Pattern p : w.layout().patterns()) {
                    if (rnd.nextInt(10) == 0) {
                        b.pattern(p.name(), toRegister(w.pattern(p), reg++, machines));
                    }
                }
                return b.build();
            }
        }
    }

    private Word attempt(Machine[] machines) {
        Opcode op = pick(opcodes);
        Word.Builder b = Word.builder(op);
        int channels = switch (rnd.nextInt(4)) {
            case 0 -> 1 + rnd.nextInt(128);
            case 1 -> 128;
            default -> 1 + rnd.nextInt(4);
        };
        long n = SIZES[rnd.nextInt(SIZES.length)];
        if (op == Opcode.STREAM_TRANSPOSE) { // whole 32 x 32 blocks
            channels = 32 * (1 + rnd.nextInt(4));
            n = 32L * (1 + rnd.nextInt(6));
        }
        b.set("num_active_channels", channels);
        while (n * channels > 60_000 && n > 1) {
            n /= 2;
        }
        int p0 = rnd.nextInt(128 - channels + 1);
        Dtype in0 = pick(ELEMENTS);
        Dtype in1 = pick(ELEMENTS);
        Dtype out = rnd.nextInt(13) == 0 ? Dtype.FP32R : pick(ELEMENTS);
        switch (op) {
            case TENSOR_TENSOR_ARITH -> b.set("op", pick(List.copyOf(gen.generalArith())).code());
            case TENSOR_TENSOR_BITVEC -> {
                in0 = pick(INTS);
                in1 = in0;
                out = in0;
                b.set("op", pick(List.copyOf(gen.generalBitvec())).code());
            }
            case COPY_PREDICATED, CAST_PREDICATED -> {
                in0 = pick(INTS);
                out = op == Opcode.COPY_PREDICATED ? in1 : pick(ELEMENTS);
            }
            case COPY, STREAM_TRANSPOSE -> out = in0;
            case TENSOR_SCALAR_BITVEC, TENSOR_SCALAR_PTR_BITVEC -> {
                in0 = pick(INTS);
                out = in0;
                b.set("op0", pick(List.copyOf(gen.generalBitvec())).code());
                b.set("op1", pick(List.copyOf(gen.generalBitvec())).code());
                b.set("reverse_operands", rnd.nextInt(4));
            }
            case TENSOR_SCALAR_ARITH, TENSOR_SCALAR_PTR_ARITH -> {
                b.set("op0", pick(List.copyOf(gen.generalArith())).code());
                b.set("op1", pick(List.copyOf(gen.generalArith())).code());
                b.set("reverse_operands", rnd.nextInt(4));
            }
            case TENSOR_SCALAR_CACHE_REDUCE, TENSOR_SCALAR_CACHE_CUMULATIVE -> {
                in0 = pick(SMALL);
                out = pick(SMALL);
                b.set("op0", pick(List.copyOf(gen.generalArith())).code());
                b.set("op1", pick(List.of(AluOp.ADD, AluOp.SUBTRACT, AluOp.MULT, AluOp.MAX, AluOp.MIN)).code());
                b.set("accumulator_cmd", 2 + rnd.nextInt(3));
            }
            case TENSOR_REDUCE_ARITH -> {
                b.set("op", pick(List.of(AluOp.ADD, AluOp.SUBTRACT, AluOp.MULT, AluOp.MAX, AluOp.MIN,
                        AluOp.LOGICAL_AND, AluOp.LOGICAL_OR, AluOp.LOGICAL_XOR)).code());
                b.set("op_dim", 2 + rnd.nextInt(4)).set("negated", rnd.nextInt(2));
            }
            case TENSOR_REDUCE_BITVEC -> {
                in0 = pick(List.of(Dtype.UINT8, Dtype.UINT16, Dtype.UINT32, Dtype.INT32));
                out = in0;
                b.set("op", pick(List.of(AluOp.BITWISE_AND, AluOp.BITWISE_OR, AluOp.BITWISE_XOR)).code());
                b.set("op_dim", 2 + rnd.nextInt(4));
            }
            case DVE_READ_ACCUMULATOR -> {
                out = pick(List.of(Dtype.FP8_E3M4, Dtype.FP8_E4M3, Dtype.FP8_E5M2, Dtype.FP16, Dtype.BF16, Dtype.FP32,
                        Dtype.FP32R));
                n = 1;
                b.set("negated", rnd.nextInt(2));
            }
            default -> {
            }
        }
        Layout l = b.layout();
        if (l.has("in0_dtype")) {
            b.set("in0_dtype", in0.code()).set("in1_dtype", in1.code()).set("out_dtype", out.code());
        } else if (l.has("in_dtype")) {
            b.set("in_dtype", in0.code()).set("out_dtype", out.code());
        } else if (op == Opcode.DVE_READ_ACCUMULATOR) {
            b.set("dtype", out.code()).set("dst_element_count", 1);
        } else {
            b.set("dtype", out.code()).set("dst_element_count", n);
            long value = out.size() == 4 ? Integer.toUnsignedLong(rnd.nextInt())
                    : rnd.nextInt(1 << (8 * out.size()));
            b.set("set_value", value);
        }
        if (l.has("imm0")) {
            scalars(b, op, in0, channels, machines);
        }
        List<TensorPattern> placed = new ArrayList<>();
        boolean reduce = op == Opcode.TENSOR_REDUCE_ARITH || op == Opcode.TENSOR_REDUCE_BITVEC;
        for (Layout.Pattern p : l.patterns()) {
            Dtype d = Dtype.of((int) b.get(l.field(p.dtypeField()))).orElseThrow();
            int partition = p.written() && rnd.nextInt(4) != 0 ? rnd.nextInt(128 - channels + 1) : p0;
            // a reduce's dst counts what folding the op_dim's fastest dimensions of src leaves
            long count = reduce && p.written() ? n / reduced(placed.get(0), (int) b.get(l.field("op_dim")) - 1) : n;
            TensorPattern t = placed.isEmpty() || rnd.nextInt(6) != 0 ? pattern(p.rank(), count, d, partition,
                    p.written())
                    : overlapping(placed.get(0), p.rank(), count, d);
            placed.add(t);
            b.pattern(p.name(), t);
        }
        return b.build();
    }

    /** Both immediates of a Tensor-Scalar word (or the cache reductions' imm0, and imm1 when it is the seed). */
    private void scalars(Word.Builder b, Opcode op, Dtype in, int channels, Machine[] machines) {
        boolean bitvec = op.isBitvec();
        boolean cache = op == Opcode.TENSOR_SCALAR_CACHE_REDUCE || op == Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE;
        for (int k = 0; k < 2; k++) {
            if (cache && k == 1 && b.get(b.layout().field("accumulator_cmd")) != 4) {
                continue;
            }
            int src = op.pointerImmediates() ? 1 : rnd.nextInt(3);
            Dtype d = bitvec ? in : Dtype.FP32;
            int pointer = gen.partitionOffset(Space.SBUF, rnd.nextInt(128 - channels + 1),
                    rnd.nextInt(RandomWords.REGION / d.size()) * d.size());
            long value = switch (src) {
                case 0 -> bitvec ? rnd.nextInt(1 << Math.min(8 * in.size(), 30))
                        : Integer.toUnsignedLong(Float.floatToRawIntBits(Values.specialOrRandom(rnd)));
                case 1 -> pointer;
                default -> {
                    int reg = 20 + k;
                    for (Machine m : machines) {
                        m.setRegister(reg, pointer);
                    }
                    yield reg;
                }
            };
            b.set("imm" + k + "_src", op.pointerImmediates() ? 0 : src).set("imm" + k, value);
        }
    }

    /** The element count of {@code src}'s {@code dims} fastest dimensions. */
    private static long reduced(TensorPattern src, int dims) {
        long r = 1;
        for (int d = 0; d < dims; d++) {
            r *= src.num_elem()[d];
        }
        return r;
    }

    /** Counts of {@code rank} dimensions whose product is {@code n}. */
    private int[] counts(int rank, long n) {
        int[] c = new int[rank];
        java.util.Arrays.fill(c, 1);
        long left = n;
        for (int d = 0; d < rank - 1 && left > 1; d++) {
            List<Integer> divisors = new ArrayList<>();
            for (int x = 1; x <= Math.min(left, 0xffff); x++) {
                if (left % x == 0) {
                    divisors.add(x);
                }
            }
            c[d] = pick(divisors);
            left /= c[d];
        }
        c[rank - 1] = (int) left;
        if (rank > 1 && rnd.nextBoolean()) { // shuffle which dimension is large
            int i = rnd.nextInt(rank);
            int j = rnd.nextInt(rank);
            int x = c[i];
            c[i] = c[j];
            c[j] = x;
        }
        return c;
    }

    /** A pattern of n elements inside the region, with a random stride shape, in SBUF (or PSUM when it fits). */
    private TensorPattern pattern(int rank, long n, Dtype d, int partition, boolean written) {
        int[] c = counts(rank, n);
        int[] s = new int[rank];
        long run = 1;
        for (int k = 0; k < rank; k++) {
            s[k] = switch (rnd.nextInt(8)) {
                case 0 -> 0;
                case 1 -> (int) -run;
                case 2 -> rnd.nextInt(7) - 3;
                default -> (int) Math.min(run, Short.MAX_VALUE);
            };
            run *= c[k];
        }
        Space space = gen.hasPsum() && (!written || d.size() == 4) && rnd.nextInt(6) == 0 ? Space.PSUM : Space.SBUF;
        TensorPattern t = new TensorPattern(0, s, c);
        long[] span = t.elementSpan();
        int limit = (space == Space.PSUM ? gen.activeBytes(Space.PSUM) : RandomWords.REGION) / d.size();
        long room = limit - (span[1] - span[0]) - 1;
        if (room < 0) {
            return pattern(rank, n, d, partition, written);
        }
        long first = -span[0] + (long) (rnd.nextDouble() * room);
        return new TensorPattern(gen.partitionOffset(space, partition, (int) (first * d.size())), s, c);
    }

    /** A pattern over {@code base}'s bytes: in place (the same pattern) or dense from an element away. */
    private TensorPattern overlapping(TensorPattern base, int rank, long n, Dtype d) {
        if (rnd.nextBoolean() && base.rank() == rank) {
            return base;
        }
        int shift = (rnd.nextBoolean() ? 1 : -1) * d.size();
        return TensorPattern.dense(Math.max(0, base.start_addr() + shift), counts(rank, n));
    }

    private TensorPattern toRegister(TensorPattern t, int reg, Machine[] machines) {
        for (Machine m : machines) {
            m.setRegister(reg, t.start_addr());
        }
        return new TensorPattern(0x8000_0000 | reg, t.step_elem(), t.num_elem());
    }
}
