package stt.validate;

import static stt.validate.Check.report;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import stt.codec.Word;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.Opcode;

/**
 * The check lists of the S3S3D3_TT opcodes the DVE runs (FAMILY.md §3, FAMILY-SOURCES §4.3 and §4.4):
 * Tensor-Tensor arith and bitvec (is_valid_tensor_tensor) and CopyPredicated / CastPredicated
 * (is_valid_copy_cast_predicated), each the struct's shared rules around its own, in the headers' order.
 */
public final class S3s3d3Checks {
    private S3s3d3Checks() {
    }

    /** is_valid_int_aluop: the int band 0xC4..0xDD (without the amax/amin ops 0xDE..0xE1) and mod. */
    static final Set<AluOp> INT_ALU_OPS = EnumSet.copyOf(Arrays.stream(AluOp.values())
            .filter(op -> op == AluOp.MOD || op.code() >= 0xC4 && op.code() <= 0xDD).toList());

    private static final Set<Dtype> UNSIGNED = EnumSet.of(Dtype.UINT8, Dtype.UINT16, Dtype.UINT32, Dtype.UINT64);
    private static final Set<AluOp> SHIFTS = EnumSet.of(AluOp.ARITH_SHIFT_LEFT, AluOp.ARITH_SHIFT_RIGHT,
            AluOp.LOGICAL_SHIFT_LEFT, AluOp.LOGICAL_SHIFT_RIGHT);

    private static final List<Check> STRUCTURE = List.of(Checks.activeChannels(), Checks.startAddrActiveChannels(),
            Checks.tensorValid(),
            Checks.sameElementCount(Rule.S3S3D3_TT_SRC_ELEMENT_CNT_CHECK, "src0", "src1"),
            Checks.sameElementCount(Rule.S3S3D3_TT_DST_ELEMENT_CNT_CHECK, "src0", "dst"),
            Checks.ttValidPartitions("src0", "src1"));

    /** Tensor-Tensor arith and bitvec (is_valid_tensor_tensor). */
    public static final List<Check> TENSOR_TENSOR = Checks.concat(List.of(
            Checks.validDtype64("out_dtype", true), Checks.validDtype64("in0_dtype", false),
            Checks.validDtype64("in1_dtype", false),
            Check.of(Rule.S3S3D3_TT_VALID_OP, S3s3d3Checks::s3s3d3_tt_valid_op),
            Check.of(Rule.S3S3D3_TT_DTYPE, S3s3d3Checks::s3s3d3_tt_dtype),
            Check.of(Rule.S3S3D3_TT_SRC_DST_DTYPE, S3s3d3Checks::s3s3d3_tt_src_dst_dtype),
            Check.of(Rule.S3S3D3_TT_VALID_INT_SIGNNESS, S3s3d3Checks::s3s3d3_tt_valid_int_signness)), STRUCTURE);

    /** CopyPredicated and CastPredicated (is_valid_copy_cast_predicated). */
    public static final List<Check> PREDICATED = Checks.concat(List.of(
            Checks.validDtype("out_dtype", false), Checks.validDtype("in0_dtype", false),
            Checks.validDtype("in1_dtype", false),
            Checks.dtypeIn(Rule.S3S3D3_COPY_PRED_SRC0_DTYPE, EnumSet.copyOf(Arrays.stream(Dtype.values())
                    .filter(Dtype::isIntDatapath).toList()), "the predicate is an int datapath dtype", "in0_dtype"),
            Check.of(Rule.S3S3D3_COPY_CAST_PRED_SRC1_DST_DTYPE, S3s3d3Checks::s3s3d3_copy_cast_pred_src1_dst_dtype),
            Checks.ops(Rule.S3S3D3_TT_IS_ZERO_OP, g -> EnumSet.of(AluOp.BYPASS), "predicated copy's", "op")),
            STRUCTURE);

    /** Bitvec: general-bitvec; arith: general-arith, pow, or an int ALU op of the generation. */
    private static void s3s3d3_tt_valid_op(Word w, Generation gen, List<Violation> out) {
        boolean bitvec = w.opcode().orElseThrow().isBitvec();
        Set<AluOp> allowed = bitvec ? gen.generalBitvec() : arithOps(gen);
        Checks.ops(Rule.S3S3D3_TT_VALID_OP, g -> allowed, bitvec ? "general-bitvec"
                : "general-arith, pow or int", "op").apply(w, gen, out);
    }

    private static Set<AluOp> arithOps(Generation gen) {
        Set<AluOp> ops = EnumSet.copyOf(gen.generalArith());
        ops.add(AluOp.POW);
        INT_ALU_OPS.stream().filter(op -> op.definedOn(gen)).forEach(ops::add);
        return ops;
    }

    /** The bitvec opcode writes an integer dtype (64-bit ones included). */
    private static void s3s3d3_tt_dtype(Word w, Generation gen, List<Violation> out) {
        int code = (int) w.get("out_dtype");
        if (w.opcode().orElseThrow().isBitvec() && Dtype.of(code).filter(S3s3d3Checks::isInt).isEmpty()) {
            report(out, Rule.S3S3D3_TT_DTYPE, "out_dtype = %s on the bitvec datapath; allowed: an integer dtype",
                    Coded.describe(Dtype.class, code));
        }
    }

    /** Bitvec: both sources have the out dtype, but a 64-bit shift's count (src1) may be uint32 (CAYMAN on). */
    private static void s3s3d3_tt_src_dst_dtype(Word w, Generation gen, List<Violation> out) {
        long lo = w.get("in0_dtype");
        long hi = w.get("in1_dtype");
        long o = w.get("out_dtype");
        if (!w.opcode().orElseThrow().isBitvec() || lo == o && hi == o) {
            return;
        }
        boolean wideShift = gen != Generation.SUNDA && AluOp.of((int) w.get("op")).filter(SHIFTS::contains)
                .isPresent() && Dtype.of((int) lo).filter(d -> isInt(d) && d.size() == 8).isPresent()
                && hi == Dtype.UINT32.code();
        if (!wideShift) {
            report(out, Rule.S3S3D3_TT_SRC_DST_DTYPE, "in0_dtype = %s, in1_dtype = %s, out_dtype = %s must be equal"
                    + " on the bitvec datapath (a 64-bit shift may take a uint32 count)",
                    Coded.nameOf(Dtype.class, (int) lo), Coded.nameOf(Dtype.class, (int) hi),
                    Coded.nameOf(Dtype.class, (int) o));
        }
    }

    /**
     * An int ALU op needs integer operands of its signedness: the _uint ops unsigned, mod either as long as the
     * three agree, the other int ops signed ({@link stt.isa.Decision#INT_OP_SIGNEDNESS}).
     */
    private static void s3s3d3_tt_valid_int_signness(Word w, Generation gen, List<Violation> out) {
        AluOp op = AluOp.of((int) w.get("op")).orElse(null);
        if (op == null || !INT_ALU_OPS.contains(op)) {
            return;
        }
        List<Dtype> dtypes = Arrays.stream(new String[] {"in0_dtype", "in1_dtype", "out_dtype"})
                .map(f -> Dtype.of((int) w.get(f)).orElse(Dtype.INVALID)).toList();
        boolean signed = dtypes.stream().allMatch(Dtype::isSignedInt);
        boolean unsigned = dtypes.stream().allMatch(UNSIGNED::contains);
        String need = op == AluOp.MOD ? "all signed or all unsigned" : op.isaName().endsWith("_uint")
                ? "all unsigned" : "all signed";
        boolean ok = op == AluOp.MOD ? signed || unsigned : op.isaName().endsWith("_uint") ? unsigned : signed;
        if (!ok) {
            report(out, Rule.S3S3D3_TT_VALID_INT_SIGNNESS, "op = %s with in0/in1/out dtypes %s; allowed: %s integers",
                    op.isaName(), dtypes.stream().map(Dtype::isaName).collect(Collectors.joining("/")), need);
        }
    }

    /** CastPredicated converts; CopyPredicated moves bits, so src1 must already have the out dtype. */
    private static void s3s3d3_copy_cast_pred_src1_dst_dtype(Word w, Generation gen, List<Violation> out) {
        if (w.opcode().orElseThrow() == Opcode.COPY_PREDICATED && w.get("in1_dtype") != w.get("out_dtype")) {
            report(out, Rule.S3S3D3_COPY_CAST_PRED_SRC1_DST_DTYPE, "in1_dtype = %s, out_dtype = %s; copy_predicated"
                    + " moves bits, so they must be equal (cast_predicated converts)",
                    Coded.nameOf(Dtype.class, (int) w.get("in1_dtype")),
                    Coded.nameOf(Dtype.class, (int) w.get("out_dtype")));
        }
    }

    private static boolean isInt(Dtype d) {
        return d.isSignedInt() || UNSIGNED.contains(d);
    }
}
