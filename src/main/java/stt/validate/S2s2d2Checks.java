package stt.validate;

import static stt.validate.Check.report;
import static stt.validate.Checks.names;

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
 * The check lists of the four S2S2D2_STT opcodes (seed §3, §5, §6; SPEC §4): the struct's shared rules around
 * each opcode's own, in the order reports list them.
 */
public final class S2s2d2Checks {
    private S2s2d2Checks() {
    }

    private static final List<Check> BEFORE = List.of(Checks.reservedZero(Rule.RESERVED_ZERO),
            Checks.enumCodes("reverse_operands", "imm0_src", "accumulator_cmd"),
            Checks.validDtype("in0_dtype", false), Checks.validDtype("in1_dtype", false),
            Checks.validDtype("imm0_dtype", false), Checks.validDtype("out_dtype", true));

    private static final List<Check> AFTER = List.of(
            Check.of(Rule.HAS_VALID_S2S2D2_STT_IMMEDIATE, S2s2d2Checks::has_valid_s2s2d2_stt_immediate),
            Checks.activeChannels(), Checks.startAddrActiveChannels(), Checks.tensorValid(),
            Checks.sameElementCount(Rule.S2S2D2_STT_SRC_ELEMENT_CNT_CHECK, "src0", "src1"),
            Checks.sameElementCount(Rule.S2S2D2_STT_DST_ELEMENT_CNT_CHECK, "src0", "dst"),
            Checks.ttValidPartitions("src0", "src1"));

    private static final Set<AccumCmd> IDLE = EnumSet.of(AccumCmd.IDLE);
    private static final Set<AccumCmd> IDLE_OR_ACCUMULATE =
            EnumSet.of(AccumCmd.IDLE, AccumCmd.ACCUMULATE, AccumCmd.ZERO_ACCUMULATE);

    /** ScalarTensorTensorArith 0x9d's complete list. */
    public static final List<Check> STT_ARITH = around(
                    Checks.ops(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, Generation::generalArith, "general-arith"),
                    Check.of(Rule.S2S2D2_STT_IMM0_DTYPE, S2s2d2Checks::s2s2d2_stt_imm0_dtype),
                    accum(Rule.HAS_VALID_S2S2D2_STT_ACCUM_CMD, IDLE_OR_ACCUMULATE));
    /** ScalarTensorTensorBitvec 0x9e's. */
    public static final List<Check> STT_BITVEC = around(
                    Checks.ops(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP, Generation::generalBitvec, "general-bitvec"),
                    Check.of(EnumSet.of(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_DTYPES, Rule.S2S2D2_STT_SRC_DST_DTYPE),
                            S2s2d2Checks::bitvec_dtypes),
                    accum(Rule.HAS_VALID_S2S2D2_STT_ACCUM_CMD, IDLE));
    /** TensorTensorScanArith 0xe5's. */
    public static final List<Check> SCAN = around(
                    Checks.ops(Rule.HAS_VALID_TENSOR_TENSOR_SCAN_OP, Generation::generalArith, "general-arith"),
                    Check.of(Rule.S2S2D2_STT_IMM0_DTYPE, S2s2d2Checks::s2s2d2_stt_imm0_dtype),
                    accum(Rule.HAS_ZERO_ACCUM_CMD, IDLE));
    /** SelectReduce 0xea's. */
    public static final List<Check> SELECT_REDUCE = around(
                    Checks.ops(Rule.HAS_VALID_SELECT_REDUCE_OP, g -> EnumSet.of(AluOp.BYPASS), "SelectReduce's", "op0"),
                    Checks.ops(Rule.HAS_VALID_SELECT_REDUCE_OP, g -> EnumSet.of(AluOp.MAX), "SelectReduce's", "op1"),
                    Check.of(Rule.HAS_VALID_SELECT_REDUCE_DTYPES, S2s2d2Checks::has_valid_select_reduce_dtypes),
                    Check.of(Rule.HAS_VALID_SELECT_REDUCE_REV_OPS, S2s2d2Checks::has_valid_select_reduce_rev_ops),
                    accum(Rule.HAS_VALID_S2S2D2_CPR_ACCUM_CMD, IDLE_OR_ACCUMULATE));

    private static List<Check> around(Check... own) {
        return Checks.concat(BEFORE, List.of(own), AFTER);
    }

    /** The accumulator command is one of {@code allowed} (an unknown code is valid_enum_code's to report). */
    private static Check accum(Rule rule, Set<AccumCmd> allowed) {
        return Check.of(rule, (w, gen, out) -> {
            int code = (int) w.get("accumulator_cmd");
            Optional<AccumCmd> cmd = Coded.byCode(AccumCmd.class, code);
            if (cmd.isPresent() && !allowed.contains(cmd.get())) {
                report(out, rule, "accumulator_cmd = %s for %s; allowed: %s", Coded.describe(AccumCmd.class, code),
                        w.mnemonic(), names(allowed));
            }
        });
    }

    private static void s2s2d2_stt_imm0_dtype(Word w, Generation gen, List<Violation> out) {
        if (w.get("imm0_src") == ImmSrc.INSTRUCTION_IMMEDIATE.code() && w.get("imm0_dtype") != Dtype.FP32.code()) {
            report(out, Rule.S2S2D2_STT_IMM0_DTYPE, "imm0_dtype = %s with an inline imm0 (instruction_immediate);"
                    + " allowed: fp32 (pointer and register sources take the dtype from memory)",
                    Coded.describe(Dtype.class, (int) w.get("imm0_dtype")));
        }
    }

    private static final String[] BITVEC_FIELDS = {"in0_dtype", "in1_dtype", "imm0_dtype", "out_dtype"};

    private static void bitvec_dtypes(Word w, Generation gen, List<Violation> out) {
        int[] codes = Arrays.stream(BITVEC_FIELDS).mapToInt(f -> (int) w.get(f)).toArray();
        List<Dtype> ints = Arrays.stream(Dtype.values()).filter(Dtype::isIntDatapath).toList();
        for (int k = 0; k < codes.length; k++) {
            if (Dtype.of(codes[k]).filter(Dtype::isIntDatapath).isEmpty()) {
                report(out, Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_DTYPES, "%s = %s on the bitvec datapath; allowed: %s",
                        BITVEC_FIELDS[k], Coded.describe(Dtype.class, codes[k]), names(ints));
            }
        }
        if (Arrays.stream(codes).distinct().count() > 1) {
            report(out, Rule.S2S2D2_STT_SRC_DST_DTYPE, "in0_dtype = %s, in1_dtype = %s, imm0_dtype = %s, out_dtype"
                    + " = %s must all be equal on the bitvec datapath", Coded.nameOf(Dtype.class, codes[0]),
                    Coded.nameOf(Dtype.class, codes[1]), Coded.nameOf(Dtype.class, codes[2]),
                    Coded.nameOf(Dtype.class, codes[3]));
        }
    }

    private static void has_valid_select_reduce_dtypes(Word w, Generation gen, List<Violation> out) {
        int in0 = (int) w.get("in0_dtype");
        int in1 = (int) w.get("in1_dtype");
        if (Dtype.of(in0).filter(Dtype::isIntDatapath).isEmpty()) {
            report(out, Rule.HAS_VALID_SELECT_REDUCE_DTYPES, "in0_dtype (the predicate) = %s; allowed: %s",
                    Coded.describe(Dtype.class, in0),
                    names(Arrays.stream(Dtype.values()).filter(Dtype::isIntDatapath).toList()));
        }
        if (in1 == Dtype.INT32.code() || in1 == Dtype.UINT32.code()) {
            report(out, Rule.HAS_VALID_SELECT_REDUCE_DTYPES, "in1_dtype = %s; a 32-bit integer is not allowed here",
                    Coded.describe(Dtype.class, in1));
        }
    }

    private static void has_valid_select_reduce_rev_ops(Word w, Generation gen, List<Violation> out) {
        int code = (int) w.get("reverse_operands");
        Optional<ReverseOperands> rev = Coded.byCode(ReverseOperands.class, code);
        if (rev.isPresent() && rev.get().swapsSecond()) {
            report(out, Rule.HAS_VALID_SELECT_REDUCE_REV_OPS, "reverse_operands = %s; allowed: none, first",
                    Coded.describe(ReverseOperands.class, code));
        }
    }

    private static void has_valid_s2s2d2_stt_immediate(Word w, Generation gen, List<Violation> out) {
        Optional<ImmSrc> src = Coded.byCode(ImmSrc.class, (int) w.get("imm0_src"));
        if (src.isEmpty() || src.get() == ImmSrc.INSTRUCTION_IMMEDIATE) {
            return;
        }
        int imm0 = (int) w.get("imm0");
        Rule rule = Rule.HAS_VALID_S2S2D2_STT_IMMEDIATE;
        if (src.get() == ImmSrc.REG_PTR_IMMEDIATE) {
            if ((imm0 & 0xff) >= Generation.ADDRESS_REGISTERS || (imm0 & ~0xff) != 0) {
                report(out, rule, "imm0 = 0x%08x as a register immediate; allowed: a register number 0..%d in byte"
                        + " 0, bytes 1..3 zero", imm0, Generation.ADDRESS_REGISTERS - 1);
            }
            return;
        }
        AddressChecks.pointerProblems(imm0, (int) w.get("imm0_dtype"), (int) w.get("num_active_channels"), gen)
                .forEach(m -> report(out, rule, "imm0 = 0x%08x as a pointer immediate: %s", imm0, m));
    }
}
