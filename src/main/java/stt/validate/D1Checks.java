package stt.validate;

import static stt.validate.Check.report;

import java.util.EnumSet;
import java.util.List;
import stt.codec.Word;
import stt.isa.Dtype;
import stt.isa.Generation;

/**
 * The check lists of the D1_RD opcodes (FAMILY-SOURCES §6.2): DveReadAccumulator 0x9b and
 * ActivationReadAccumulator 0x24.
 */
public final class D1Checks {
    private D1Checks() {
    }

    /** DveReadAccumulator 0x9b (is_valid_dve_read_accumulator). */
    public static final List<Check> READ_ACCUMULATOR = List.of(
            Checks.dtypeIn(Rule.DVE_READ_ACCUMULATOR_TYPE_CHECK, EnumSet.of(Dtype.FP8_E3M4, Dtype.FP8_E4M3,
                    Dtype.FP8_E5M2, Dtype.FP16, Dtype.BF16, Dtype.FP32, Dtype.FP32R), "an fp datapath dtype", "dtype"),
            Checks.activeChannels(), Checks.startAddrActiveChannels(), Checks.tensorValid(),
            Checks.equals(Rule.READ_ACCUMULATOR_DST_SIZE, "dst_element_count", 1, "one element per lane"),
            Checks.equals(Rule.READ_ACCUMULATOR_DST_SIZE, "dst.num_elem[0]", 1, "one element per lane"),
            Check.of(Rule.D1_RD_HAS_VALID_NEGATED_FIELD, D1Checks::d1_rd_has_valid_negated_field),
            Checks.reservedZero(Rule.D1_RD_RESERVED_ZERO));

    /** ActivationReadAccumulator 0x24: DveReadAccumulator's list with no fp8 and no negation (FAMILY-SOURCES §6.2). */
    public static final List<Check> ACT_READ_ACCUMULATOR = List.of(
            Checks.dtypeIn(Rule.ACTIVATION_READ_ACCUMULATOR_TYPE_CHECK, EnumSet.of(Dtype.FP16, Dtype.BF16, Dtype.FP32,
                    Dtype.FP32R), "bf16, fp16, fp32 or fp32r", "dtype"),
            Checks.activeChannels(), Checks.startAddrActiveChannels(), Checks.tensorValid(),
            Checks.equals(Rule.READ_ACCUMULATOR_DST_SIZE, "dst_element_count", 1, "one element per lane"),
            Checks.equals(Rule.READ_ACCUMULATOR_DST_SIZE, "dst.num_elem[0]", 1, "one element per lane"),
            Checks.equals(Rule.D1_RD_HAS_ZERO_NEGATED_FIELD, "negated", 0, "the activation read-out does not negate"),
            Checks.reservedZero(Rule.D1_RD_RESERVED_ZERO));

    private static void d1_rd_has_valid_negated_field(Word w, Generation gen, List<Violation> out) {
        if (w.get("negated") > 1) {
            report(out, Rule.D1_RD_HAS_VALID_NEGATED_FIELD, "negated = %d; allowed: 0, 1", w.get("negated"));
        }
    }
}
