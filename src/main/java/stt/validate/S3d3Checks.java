package stt.validate;

import static stt.validate.Check.report;
import static stt.validate.Checks.names;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import stt.codec.Word;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.ImmSrc;
import stt.isa.ReverseOperands;

/**
 * The check lists of the S3D3_TS opcodes (FAMILY-SOURCES §5.3, §5.5): Tensor-Scalar 0x43/0x53 and its deprecated
 * pointer twins 0x44/0x54 (is_valid_tensor_scalar_op), and the cache reductions 0x9a/0xe6.
 */
public final class S3d3Checks {
    private S3d3Checks() {
    }

    /** is_bitvec_op: the general-bitvec ops and crc32. */
    private static final Set<AluOp> BITVEC_OPS = EnumSet.of(AluOp.BYPASS, AluOp.BITWISE_NOT, AluOp.ARITH_SHIFT_LEFT,
            AluOp.ARITH_SHIFT_RIGHT, AluOp.LOGICAL_SHIFT_LEFT, AluOp.LOGICAL_SHIFT_RIGHT, AluOp.BITWISE_AND,
            AluOp.BITWISE_OR, AluOp.BITWISE_XOR, AluOp.CRC32);
    /** is_valid_int_aluop_dve: MAVERICK's extra Tensor-Scalar arm. */
    private static final Set<AluOp> INT_DVE_OPS = EnumSet.of(AluOp.BYPASS, AluOp.ADD_INT, AluOp.MULT_INT,
            AluOp.SUBTRACT_INT, AluOp.MAX_INT, AluOp.MIN_INT, AluOp.ABS_MAX_INT, AluOp.ABS_MIN_INT, AluOp.ABS_DIFF_INT,
            AluOp.IS_EQUAL_INT, AluOp.IS_GT_INT, AluOp.IS_GE_INT, AluOp.IS_LE_INT, AluOp.IS_LT_INT, AluOp.IS_NE_INT);
    private static final Set<AluOp> NEVER = EnumSet.of(AluOp.DIVIDE, AluOp.POW, AluOp.MOD);
    private static final Set<AluOp> FOLDS = EnumSet.of(AluOp.ADD, AluOp.SUBTRACT, AluOp.MULT, AluOp.MAX, AluOp.MIN);
    private static final Set<AluOp> SHIFT_LEFT = EnumSet.of(AluOp.ARITH_SHIFT_LEFT, AluOp.LOGICAL_SHIFT_LEFT);
    private static final Set<AluOp> SHIFT_RIGHT = EnumSet.of(AluOp.ARITH_SHIFT_RIGHT, AluOp.LOGICAL_SHIFT_RIGHT);
    private static final Set<Dtype> INTS = EnumSet.copyOf(Arrays.stream(Dtype.values()).filter(Dtype::isIntDatapath)
            .toList());

    private static final List<Check> SHARED_TAIL = List.of(Checks.reservedZero(Rule.S3D3_TS_RESERVED_ZERO),
            Checks.validDtype("in_dtype", false),
            Checks.validDtype("out_dtype", true));
    private static final List<Check> STRUCTURE = List.of(Checks.activeChannels(), Checks.startAddrActiveChannels(),
            Checks.tensorValid(), Checks.sameElementCount(Rule.TENSOR_SCALAR_TENSOR_CHK, "src", "dst"));

    /** Tensor-Scalar 0x43/0x53/0x93; {@code ptr}: the deprecated pointer twins 0x44/0x54. */
    public static List<Check> tensorScalar(boolean ptr) {
        List<Check> own = new ArrayList<>(List.of(Check.of(Rule.TENSOR_SCALAR_VALID_OPS,
                S3d3Checks::tensor_scalar_valid_ops), Check.of(Rule.TENSOR_SCALAR_VALID_TYPES,
                S3d3Checks::tensor_scalar_valid_types)));
        if (ptr) {
            own.add(Check.of(Rule.TENSOR_SCALAR_PTR_IMM_SRC, S3d3Checks::tensor_scalar_ptr_imm_src));
        }
        own.addAll(List.of(Check.of(Rule.TENSOR_SCALAR_IMMEDIATES_CHECK, (w, g, o) -> immediates(w, g, o,
                        Rule.TENSOR_SCALAR_IMMEDIATES_CHECK, true, ptr)),
                Check.of(Rule.TENSOR_SCALAR_SHIFT_CHK, S3d3Checks::tensor_scalar_shift_chk),
                Check.of(Rule.TENSOR_SCALAR_REVERSE_CHK, S3d3Checks::tensor_scalar_reverse_chk)));
        return Checks.concat(own, SHARED_TAIL,
                List.of(Checks.equals(Rule.HAS_ZERO_ACCUM_CMD_FIELD, "accumulator_cmd", 0, "idle")), STRUCTURE);
    }

    /** The cache reductions 0x9a and 0xe6. */
    public static final List<Check> CACHE = Checks.concat(List.of(
            Checks.ops(Rule.TENSOR_SCALAR_CACHE_REDUCE_VALID_OPS, Generation::generalArith, "general-arith", "op0"),
            Checks.ops(Rule.TENSOR_SCALAR_CACHE_REDUCE_VALID_OPS, g -> FOLDS, "cache-reduction", "op1"),
            Check.of(Rule.TENSOR_SCALAR_CACHE_REDUCE_VALID_TYPES, S3d3Checks::tensor_scalar_cache_reduce_valid_types),
            Check.of(Rule.TENSOR_SCALAR_CACHE_REDUCE_IMMEDIATES_CHECK, (w, g, o) -> immediates(w, g, o,
                    Rule.TENSOR_SCALAR_CACHE_REDUCE_IMMEDIATES_CHECK, loads(w), false)),
            Checks.equals(Rule.TENSOR_SCALAR_REVERSE_CHK, "reverse_operands", 0, "none"),
            Check.of(Rule.HAS_VALID_TENSOR_SCALAR_CACHE_REDUCE_ACCUM_CMD,
                    S3d3Checks::has_valid_tensor_scalar_cache_reduce_accum_cmd)), SHARED_TAIL, STRUCTURE);


    private static Optional<AluOp> op(Word w, String field) {
        return AluOp.of((int) w.get(field));
    }

    /**
     * Neither op divides, raises or takes a modulus; bitvec: both is_bitvec_op; arith: both general-arith (or
     * both of MAVERICK's int DVE ops), or op0 rsqrt with op1 bypass and both immediates inline zero; op1 never
     * runs alone.
     */
    private static void tensor_scalar_valid_ops(Word w, Generation gen, List<Violation> out) {
        boolean bitvec = w.opcode().orElseThrow().isBitvec();
        Optional<AluOp> op0 = op(w, "op0");
        Optional<AluOp> op1 = op(w, "op1");
        boolean rsqrt = !bitvec && op0.equals(Optional.of(AluOp.RSQRT)) && op1.equals(Optional.of(AluOp.BYPASS))
                && w.get("imm0") == 0 && w.get("imm1") == 0 && w.get("imm0_src") == 0 && w.get("imm1_src") == 0;
        Set<AluOp> allowed = bitvec ? BITVEC_OPS : gen.generalArith();
        boolean intArm = gen == Generation.MAVERICK && !bitvec && op0.filter(INT_DVE_OPS::contains).isPresent()
                && op1.filter(INT_DVE_OPS::contains).isPresent();
        for (String field : new String[] {"op0", "op1"}) {
            Optional<AluOp> op = op(w, field);
            boolean ok = op.isPresent() && op.get().definedOn(gen) && !NEVER.contains(op.get())
                    && (allowed.contains(op.get()) || rsqrt || intArm);
            if (!ok) {
                report(out, Rule.TENSOR_SCALAR_VALID_OPS, "%s = %s is not a %s op on %s; allowed: %s%s", field,
                        Coded.describe(AluOp.class, (int) w.get(field)), bitvec ? "bitvec" : "general-arith", gen,
                        names(allowed), bitvec ? "" : gen == Generation.MAVERICK ? " (or both of MAVERICK's int ops,"
                                + " or rsqrt then bypass with zero inline immediates)"
                                : " (or rsqrt then bypass with zero inline immediates)");
            }
        }
        if (op0.equals(Optional.of(AluOp.BYPASS)) && op1.isPresent() && op1.get() != AluOp.BYPASS) {
            report(out, Rule.TENSOR_SCALAR_VALID_OPS, "op0 = bypass with op1 = %s: op1 cannot run alone; allowed:"
                    + " op0 != bypass or op1 = bypass", op1.get().isaName());
        }
    }

    /** Bitvec: in_dtype = out_dtype, an int datapath dtype. */
    private static void tensor_scalar_valid_types(Word w, Generation gen, List<Violation> out) {
        int in = (int) w.get("in_dtype");
        int o = (int) w.get("out_dtype");
        if (w.opcode().orElseThrow().isBitvec() && (in != o || Dtype.of(in).filter(INTS::contains).isEmpty())) {
            report(out, Rule.TENSOR_SCALAR_VALID_TYPES, "in_dtype = %s, out_dtype = %s on the bitvec datapath;"
                    + " allowed: equal, and one of %s", Coded.nameOf(Dtype.class, in), Coded.nameOf(Dtype.class, o),
                    names(INTS));
        }
    }

    /** 0x44/0x54: both sources read 0 (the immediates are pointers whatever they say). */
    private static void tensor_scalar_ptr_imm_src(Word w, Generation gen, List<Violation> out) {
        for (String f : new String[] {"imm0_src", "imm1_src"}) {
            if (w.get(f) != 0) {
                report(out, Rule.TENSOR_SCALAR_PTR_IMM_SRC, "%s = %s; allowed: 0 (%s's immediates are pointers)", f,
                        Coded.hex((int) w.get(f)), w.mnemonic());
            }
        }
    }

    /**
     * Each immediate by its source: inline (bitvec: fits in_dtype's width), pointer (tpb_addr_active_channels, 4-byte
     * aligned for arith, in_dtype-aligned for bitvec), register (a register number). {@code both}: imm1 too;
     * otherwise imm1 must be inline zero. {@code ptr}: both are pointers (0x44/0x54).
     */
    private static void immediates(Word w, Generation gen, List<Violation> out, Rule rule, boolean both,
            boolean ptr) {
        boolean bitvec = w.opcode().orElseThrow().isBitvec();
        int inSize = Dtype.of((int) w.get("in_dtype")).map(Dtype::size).orElse(4);
        for (int k = 0; k < 2; k++) {
            String imm = "imm" + k;
            int value = (int) w.get(imm);
            int src = ptr ? ImmSrc.POINTER_IMMEDIATE.code() : (int) w.get(imm + "_src");
            if (k == 1 && !both) {
                if (value != 0 || w.get("imm1_src") != 0) {
                    report(out, rule, "imm1 = 0x%08x from imm1_src %s; allowed: 0 inline (imm1 is the"
                            + " load_accumulate seed only)", value, Coded.hex((int) w.get("imm1_src")));
                }
                continue;
            }
            switch (Coded.byCode(ImmSrc.class, src).orElse(null)) {
                case null -> report(out, rule, "%s_src = %s is not an immediate source; allowed: %s", imm,
                        Coded.hex(src), names(List.of(ImmSrc.values())));
                case INSTRUCTION_IMMEDIATE -> {
                    if (bitvec && inSize < 4 && value >>> (8 * inSize) != 0) {
                        report(out, rule, "%s = 0x%08x does not fit the %d-byte in_dtype", imm, value, inSize);
                    }
                }
                case POINTER_IMMEDIATE -> {
                    int dtype = bitvec ? (int) w.get("in_dtype") : Dtype.FP32.code();
                    AddressChecks.pointerProblems(value, dtype, (int) w.get("num_active_channels"), gen)
                            .forEach(m -> report(out, rule, "%s = 0x%08x as a pointer: %s", imm, value, m));
                }
                case REG_PTR_IMMEDIATE -> {
                    if ((value & 0xff) >= Generation.ADDRESS_REGISTERS || (value & ~0xff) != 0) {
                        report(out, rule, "%s = 0x%08x as a register immediate; allowed: a register number 0..%d in"
                                + " byte 0, bytes 1..3 zero", imm, value, Generation.ADDRESS_REGISTERS - 1);
                    }
                }
            }
        }
    }

    /** reverse_operands is a TENS_SCALAR_REV_OPS code. */
    private static void tensor_scalar_reverse_chk(Word w, Generation gen, List<Violation> out) {
        int code = (int) w.get("reverse_operands");
        if (Coded.byCode(ReverseOperands.class, code).isEmpty()) {
            report(out, Rule.TENSOR_SCALAR_REVERSE_CHK, "reverse_operands = %s is not a defined code; allowed: %s",
                    Coded.hex(code), names(List.of(ReverseOperands.values())));
        }
    }

    /** A shift left then right, or an arithmetic shift right, needs a 4-byte dtype (alu_shift_check). */
    private static void tensor_scalar_shift_chk(Word w, Generation gen, List<Violation> out) {
        Optional<AluOp> op0 = op(w, "op0");
        Optional<AluOp> op1 = op(w, "op1");
        boolean leftRight = op0.filter(SHIFT_LEFT::contains).isPresent() && op1.filter(SHIFT_RIGHT::contains)
                .isPresent();
        boolean asr = op0.equals(Optional.of(AluOp.ARITH_SHIFT_RIGHT)) || op1.equals(Optional.of(
                AluOp.ARITH_SHIFT_RIGHT));
        int size = Dtype.of((int) w.get("in_dtype")).map(Dtype::size).orElse(4);
        if ((leftRight || asr) && size != 4) {
            report(out, Rule.TENSOR_SCALAR_SHIFT_CHK, "%s then %s on the %d-byte in_dtype %s; allowed: a 4-byte"
                    + " dtype", op0.map(AluOp::isaName).orElse("?"), op1.map(AluOp::isaName).orElse("?"), size,
                    Coded.nameOf(Dtype.class, (int) w.get("in_dtype")));
        }
    }

    /** An fp datapath dtype, or an int datapath one but int32/uint32, for both src and dst. */
    private static void tensor_scalar_cache_reduce_valid_types(Word w, Generation gen, List<Violation> out) {
        for (String f : new String[] {"in_dtype", "out_dtype"}) {
            int code = (int) w.get(f);
            boolean ok = Dtype.of(code).filter(d -> d.isFloat() || INTS.contains(d) && d.size() < 4).isPresent();
            if (!ok) {
                report(out, Rule.TENSOR_SCALAR_CACHE_REDUCE_VALID_TYPES, "%s = %s; allowed: a float dtype or an"
                        + " 8/16-bit integer (no int32/uint32)", f, Coded.describe(Dtype.class, code));
            }
        }
    }

    private static boolean loads(Word w) {
        return w.get("accumulator_cmd") == AccumCmd.LOAD_ACCUMULATE.code();
    }

    private static void has_valid_tensor_scalar_cache_reduce_accum_cmd(Word w, Generation gen, List<Violation> out) {
        int code = (int) w.get("accumulator_cmd");
        Set<AccumCmd> allowed = EnumSet.of(AccumCmd.ACCUMULATE, AccumCmd.ZERO_ACCUMULATE, AccumCmd.LOAD_ACCUMULATE);
        if (Coded.byCode(AccumCmd.class, code).filter(allowed::contains).isEmpty()) {
            report(out, Rule.HAS_VALID_TENSOR_SCALAR_CACHE_REDUCE_ACCUM_CMD, "accumulator_cmd = %s; allowed: %s",
                    Coded.describe(AccumCmd.class, code), names(allowed));
        }
    }
}
