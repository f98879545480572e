package stt;

import java.util.List;
import java.util.Random;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.engine.Model;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.ImmSrc;
import stt.isa.Opcode;
import stt.isa.Space;
import stt.machine.Machine;

/**
 * Random valid ScalarTensorTensor words for engine equivalence tests, all inside the first {@link #REGION}
 * bytes of each partition: awkward sizes, strides (negative, zero), every dtype, op, scalar source, PSUM
 * operands, register addresses, in-place and overlapping operands. Registers the word uses are set on the
 * machines passed in.
 */
public final class RandomWords implements WordSource {
    public static final int REGION = 64 * 1024;
    static final int[] SIZES = {1, 2, 7, 13, 63, 64, 65, 207, 1000, 4099};
    static final List<Dtype> FLOATS_AND_INTS = List.of(Dtype.INT8, Dtype.UINT8, Dtype.INT16, Dtype.UINT16,
            Dtype.INT32, Dtype.UINT32, Dtype.BF16, Dtype.FP16, Dtype.FP32, Dtype.FP8_E3M4, Dtype.FP8_E4M3,
            Dtype.FP8_E5M2);
    static final List<Dtype> INTS = List.of(Dtype.INT8, Dtype.UINT8, Dtype.INT16, Dtype.UINT16, Dtype.INT32,
            Dtype.UINT32);

    private final Random rnd;
    private final Generation gen;
    private final List<Opcode> opcodes;

    /** Words of the two ScalarTensorTensor opcodes (arith 7 in 10). */
    public RandomWords(long seed, Generation gen) {
        this(seed, gen, List.of(Opcode.SCALAR_TENSOR_TENSOR_ARITH, Opcode.SCALAR_TENSOR_TENSOR_ARITH,
                Opcode.SCALAR_TENSOR_TENSOR_ARITH, Opcode.SCALAR_TENSOR_TENSOR_ARITH,
                Opcode.SCALAR_TENSOR_TENSOR_ARITH, Opcode.SCALAR_TENSOR_TENSOR_ARITH,
                Opcode.SCALAR_TENSOR_TENSOR_ARITH, Opcode.SCALAR_TENSOR_TENSOR_BITVEC,
                Opcode.SCALAR_TENSOR_TENSOR_BITVEC, Opcode.SCALAR_TENSOR_TENSOR_BITVEC));
    }

    /** Words whose opcode is drawn from {@code opcodes} (repeat one to weight it). */
    public RandomWords(long seed, Generation gen, List<Opcode> opcodes) {
        this(seed, gen, opcodes, false);
    }

    private final boolean fmaShaped;

    /** The dtypes of the fused mult/add kernels' families. */
    private static final List<Dtype> FUSED = List.of(Dtype.FP32, Dtype.BF16, Dtype.FP16, Dtype.FP8_E3M4,
            Dtype.FP8_E4M3, Dtype.FP8_E5M2, Dtype.INT8, Dtype.INT16, Dtype.UINT16, Dtype.INT32);

    private RandomWords(long seed, Generation gen, List<Opcode> opcodes, boolean fmaShaped) {
        this.rnd = new Random(seed);
        this.gen = gen;
        this.opcodes = opcodes;
        this.fmaShaped = fmaShaped;
    }

    /**
     * fp32, bf16, fp16, fp8, int8, (u)int16 or int32 arith words with op0 mult, op1 add and no swaps: the fused
     * fast paths' shape.
     */
    public static RandomWords fmaShaped(long seed, Generation gen) {
        return new RandomWords(seed, gen, List.of(Opcode.SCALAR_TENSOR_TENSOR_ARITH), true);
    }

    /** A valid word; any registers it reads are set identically on every machine in {@code machines}. */
    @Override
    public Word next(Machine... machines) {
        while (true) {
            Word w = attempt(machines);
            if (Model.VALIDATOR.validate(w, gen).isEmpty()) {
                Word.Builder b = w.toBuilder();
                if (rnd.nextInt(10) == 0) {
                    b.pattern("dst", toRegister(w.pattern("dst"), 5, machines));
                }
                if (rnd.nextInt(10) == 0) {
                    b.pattern("src1", toRegister(w.pattern("src1"), 6, machines));
                }
                return b.build();
            }
        }
    }

    private <T> T pick(List<T> list) {
        return list.get(rnd.nextInt(list.size()));
    }

    private Word attempt(Machine[] machines) {
        Opcode opcode = opcodes.get(rnd.nextInt(opcodes.size()));
        boolean bitvec = opcode.isBitvec();
        boolean select = opcode == Opcode.SELECT_REDUCE;
        List<AluOp> ops = List.copyOf(bitvec ? gen.generalBitvec() : gen.generalArith());
        Dtype fused = FUSED.get(rnd.nextInt(FUSED.size()));
        Dtype in0 = fmaShaped ? fused : bitvec || select ? pick(INTS) : pick(FLOATS_AND_INTS);
        Dtype in1 = fmaShaped ? fused : bitvec ? in0 : pick(FLOATS_AND_INTS);
        Dtype out = fmaShaped ? (fused != Dtype.FP32 ? fused : rnd.nextBoolean() ? Dtype.FP32 : Dtype.FP32R)
                : bitvec ? in0 : rnd.nextInt(13) == 0 ? Dtype.FP32R : pick(FLOATS_AND_INTS);
        int channels = switch (rnd.nextInt(4)) {
            case 0 -> 1 + rnd.nextInt(128);
            case 1 -> 128;
            default -> 1 + rnd.nextInt(4);
        };
        long budget = 40_000 / channels + 1;
        int n0 = SIZES[rnd.nextInt(SIZES.length)];
        int n1 = 1 + rnd.nextInt(3);
        while ((long) n0 * n1 > Math.max(budget, 1) && n0 > 1) {
            n0 = Math.max(1, n0 / 2);
        }
        if ((long) n0 * n1 > budget) {
            n1 = 1;
        }
        int p0 = rnd.nextInt(128 - channels + 1);
        int quadrantStart = p0 / 32 * 32;
        int p1 = Math.min(128 - channels, quadrantStart + rnd.nextInt(32));
        if (p1 / 32 != p0 / 32) {
            p1 = p0;
        }
        int pd = rnd.nextInt(4) == 0 ? p0 : rnd.nextInt(128 - channels + 1);
        TensorPattern src0 = pattern(n0, n1, in0, Space.SBUF, p0);
        TensorPattern src1 = pattern(n0, n1, in1, rnd.nextInt(6) == 0 && gen.hasPsum() ? Space.PSUM : Space.SBUF, p1);
        TensorPattern dst = switch (rnd.nextInt(8)) {
            case 0 -> new TensorPattern(src0.start_addr(), src0.step_elem(), new int[] {n0, n1}); // in place
            case 1 -> new TensorPattern(src0.start_addr() + out.size() * (rnd.nextBoolean() ? 1 : -1),
                    src0.step_elem(), new int[] {n0, n1}); // shifted overlap
            default -> pattern(n0, n1, out, out.size() == 4 && rnd.nextInt(6) == 0 && gen.hasPsum() ? Space.PSUM
                    : Space.SBUF, pd);
        };
        ImmSrc immSrc = ImmSrc.values()[rnd.nextInt(3)];
        Dtype immDtype = bitvec ? in0 : immSrc == ImmSrc.INSTRUCTION_IMMEDIATE ? Dtype.FP32
                : pick(FLOATS_AND_INTS);
        int imm0 = switch (immSrc) {
            case INSTRUCTION_IMMEDIATE -> bitvec ? (rnd.nextBoolean() ? rnd.nextInt(40) : rnd.nextInt())
                    : Float.floatToRawIntBits(Values.specialOrRandom(rnd));
            case POINTER_IMMEDIATE -> scalarPointer(immDtype, channels);
            case REG_PTR_IMMEDIATE -> {
                int ptr = scalarPointer(immDtype, channels);
                for (Machine m : machines) {
                    m.setRegister(7, ptr);
                }
                yield 7;
            }
        };
        AccumCmd accum = bitvec || opcode == Opcode.TENSOR_TENSOR_SCAN_ARITH ? AccumCmd.IDLE
                : List.of(AccumCmd.IDLE, AccumCmd.ACCUMULATE, AccumCmd.ZERO_ACCUMULATE).get(rnd.nextInt(3));
        int op0 = fmaShaped ? AluOp.MULT.code() : select ? AluOp.BYPASS.code() : pick(ops).code();
        int op1 = fmaShaped ? AluOp.ADD.code() : select ? AluOp.MAX.code() : pick(ops).code();
        int rev = fmaShaped ? 0 : rnd.nextInt(select ? 2 : 4);
        return Word.builder(opcode).pattern("src0", src0).pattern("src1", src1).pattern("dst", dst).set("op0", op0)
                .set("op1", op1).set("reverse_operands", rev).set("imm0_src", immSrc.code())
                .set("in0_dtype", in0.code()).set("in1_dtype", in1.code()).set("out_dtype", out.code())
                .set("num_active_channels", channels).set("imm0_dtype", immDtype.code())
                .set("accumulator_cmd", accum.code()).set("imm0", Integer.toUnsignedLong(imm0)).build();
    }

    private TensorPattern toRegister(TensorPattern t, int reg, Machine[] machines) {
        for (Machine m : machines) {
            m.setRegister(reg, t.start_addr());
        }
        return new TensorPattern(0x8000_0000 | reg, t.step_elem(), t.num_elem());
    }

    private int scalarPointer(Dtype d, int channels) {
        int p = rnd.nextInt(128 - channels + 1);
        int off = rnd.nextInt(REGION / d.size()) * d.size();
        return gen.partitionOffset(Space.SBUF, p, off);
    }

    /** A pattern of n0 x n1 elements inside the region, with a random stride shape. */
    private TensorPattern pattern(int n0, int n1, Dtype d, Space space, int partition) {
        int step0 = List.of(1, 1, 1, 0, -1, 2, 3).get(rnd.nextInt(7));
        int step1 = switch (rnd.nextInt(4)) {
            case 0 -> 0;
            case 1 -> -n0 * Math.max(1, Math.abs(step0));
            case 2 -> rnd.nextInt(9) - 4;
            default -> n0 * step0;
        };
        if (Math.abs(step1) > Short.MAX_VALUE) {
            step1 = 0;
        }
        long lo = Math.min(0L, (n0 - 1L) * step0) + Math.min(0L, (n1 - 1L) * step1);
        long hi = Math.max(0L, (n0 - 1L) * step0) + Math.max(0L, (n1 - 1L) * step1);
        int limit = (space == Space.PSUM ? gen.activeBytes(Space.PSUM) : REGION) / d.size();
        long room = limit - (hi - lo) - 1;
        if (room < 0 && space == Space.PSUM) {
            return pattern(n0, n1, d, Space.SBUF, partition);
        }
        long first = room <= 0 ? -lo : -lo + (long) (rnd.nextDouble() * room);
        int offset = (int) Math.min(first * d.size(), gen.partitionStride(space) - d.size());
        return new TensorPattern(gen.partitionOffset(space, partition, Math.max(0, offset)), new int[] {step0, step1},
                new int[] {n0, n1});
    }

    /** Fills the region of every partition (and all of PSUM) of each machine with the same random values. */
    public static void fill(long seed, Machine... machines) {
        Random r = new Random(seed);
        Generation g = machines[0].generation();
        byte[] sbuf = new byte[REGION];
        byte[] psum = new byte[g.activeBytes(Space.PSUM)];
        for (int p = 0; p < Generation.PARTITIONS; p++) {
            Values.fill(r, sbuf);
            Values.fill(r, psum);
            for (Machine m : machines) {
                m.write(new stt.isa.MemoryRef(Space.SBUF, p, 0), new stt.machine.Tile(Dtype.UINT8, 1, REGION, sbuf));
                if (psum.length > 0) {
                    m.write(new stt.isa.MemoryRef(Space.PSUM, p, 0), new stt.machine.Tile(Dtype.UINT8, 1,
                            psum.length, psum));
                }
            }
        }
    }
}
