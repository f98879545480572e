package stt.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import stt.Asm;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.isa.Dtype;
import stt.isa.Generation;

/**
 * Each shared check as its factory makes it, on words changed by hand one field at a time from a valid one: what it
 * reports, under which rule, and what it lets pass (the boundaries the ISA's predicates name). The registry builds
 * these once; here each is built afresh, so a fault in a factory shows here and not only at start-up.
 */
class ChecksTest {
    static final Generation G = Generation.MARIANA;
    /** A valid Tensor-Tensor word: [4 x 8] fp32, sources at SBUF partitions 0 and 8, dst at 16. */
    static final Word TT = Asm.line("tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0,0] src0.num_elem=[8,1,1]"
            + " src1=sbuf:8:0x100 src1.step_elem=[1,0,0] src1.num_elem=[8,1,1] dst=sbuf:16:0x200"
            + " dst.step_elem=[1,0,0] dst.num_elem=[8,1,1] in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32 op=add"
            + " num_active_channels=4", G);

    static List<Violation> run(Check c, Word w) {
        return run(c, w, G);
    }

    static List<Violation> run(Check c, Word w, Generation gen) {
        List<Violation> out = new ArrayList<>();
        c.apply(w, gen, out);
        return out;
    }

    static Word with(String field, long value) {
        return TT.toBuilder().set(field, value).build();
    }

    @Test
    void theValidWordPassesEveryCheck() {
        for (Check c : List.of(Checks.activeChannels(), Checks.startAddrActiveChannels(), Checks.tensorValid(),
                Checks.validDtype("in0_dtype", false), Checks.validDtype64("out_dtype", true),
                Checks.enumCodes("op"), Checks.sameElementCount(Rule.S3S3D3_TT_DST_ELEMENT_CNT_CHECK, "src0", "dst"),
                Checks.ttValidPartitions("src0", "src1"), Checks.equals(Rule.VALID_ENUM_CODE, "op", 4, "add"),
                Checks.dtypeIn(Rule.IS_VALID_DTYPE, EnumSet.of(Dtype.FP32), "fp32 only", "in0_dtype", "out_dtype"))) {
            assertThat(run(c, TT)).as(c.rules().toString()).isEmpty();
        }
    }

    @Test
    void activeChannelsAllowsOneTo128() {
        assertThat(run(Checks.activeChannels(), with("num_active_channels", 0))).extracting(Violation::rule)
                .containsExactly(Rule.CHECK_ACTIVE_CHANNELS);
        assertThat(run(Checks.activeChannels(), with("num_active_channels", 129))).hasSize(1);
        assertThat(run(Checks.activeChannels(), with("num_active_channels", 1))).isEmpty();
        assertThat(run(Checks.activeChannels(), with("num_active_channels", 128))).isEmpty();
    }

    @Test
    void startPartitionPlusChannelsStaysWithin128() {
        // dst starts at partition 16: 112 channels reach partition 127, 113 would reach 128
        assertThat(run(Checks.startAddrActiveChannels(), with("num_active_channels", 112))).isEmpty();
        List<Violation> v = run(Checks.startAddrActiveChannels(), with("num_active_channels", 113));
        assertThat(v).extracting(Violation::rule).containsExactly(Rule.START_ADDR_ACTIVE_CHANNELS);
        assertThat(v.get(0).message()).contains("dst starts at partition 16", "reach partition 128");
    }

    @Test
    void tensorValidWantsCountsOfOneAndAWindow() {
        Word zero = TT.toBuilder().pattern("src1", new TensorPattern(G.partitionOffset(stt.isa.Space.SBUF, 8, 0x100),
                new int[] {1, 0, 0}, new int[] {8, 0, 1})).build();
        List<Violation> v = run(Checks.tensorValid(), zero);
        assertThat(v).extracting(Violation::rule).contains(Rule.TENSOR3D_VALID);
        assertThat(v.get(0).message()).contains("src1.num_elem[1] = 0");
        Word nowhere = TT.toBuilder().pattern("src0", new TensorPattern(0x1fff_ffff, new int[] {1, 0, 0},
                new int[] {8, 1, 1})).build();
        assertThat(run(Checks.tensorValid(), nowhere)).extracting(Violation::message)
                .anyMatch(m -> m.contains("src0.start_addr = 0x1fffffff is in no memory window"));
        // register 64 does not exist: 0x80 marks a register address, byte 0 its number
        Word register = TT.toBuilder().pattern("dst", new TensorPattern(0x8000_0040, new int[] {1, 0, 0},
                new int[] {8, 1, 1})).build();
        assertThat(run(Checks.tensorValid(), register)).extracting(Violation::message)
                .anyMatch(m -> m.contains("reads register 64"));
        Word register5 = TT.toBuilder().pattern("dst", new TensorPattern(0x8000_0005, new int[] {1, 0, 0},
                new int[] {8, 1, 1})).build();
        assertThat(run(Checks.tensorValid(), register5)).isEmpty();
    }

    @Test
    void validDtypeTakesCodesBelow0x10OfOneToFourBytesAndFp32rWhereAllowed() {
        assertThat(run(Checks.validDtype("in0_dtype", false), with("in0_dtype", Dtype.FP32R.code())))
                .extracting(Violation::message).singleElement().asString().contains("AllowFP32R::False");
        assertThat(run(Checks.validDtype("in0_dtype", true), with("in0_dtype", Dtype.FP32R.code()))).isEmpty();
        assertThat(run(Checks.validDtype("in0_dtype", true), with("in0_dtype", Dtype.INT64.code()))).hasSize(1);
        assertThat(run(Checks.validDtype("in0_dtype", true), with("in0_dtype", 0x0))).hasSize(1); // invalid
        assertThat(run(Checks.validDtype("out_dtype", true), with("out_dtype", 0x10))).hasSize(1); // fp4_e2m1
        assertThat(run(Checks.validDtype("in0_dtype", true), with("in0_dtype", Dtype.FP8_E5M2.code()))).isEmpty();
        // is_valid_dtype_64: int64 too, but not on SUNDA
        assertThat(run(Checks.validDtype64("in0_dtype", false), with("in0_dtype", Dtype.INT64.code()))).isEmpty();
        assertThat(run(Checks.validDtype64("in0_dtype", false), with("in0_dtype", Dtype.INT64.code()),
                Generation.SUNDA)).hasSize(1);
    }

    @Test
    void theFieldChecksReportUnderTheirRule() {
        assertThat(run(Checks.equals(Rule.VALID_ENUM_CODE, "op", 6, "mult only"), TT)).extracting(Violation::message)
                .singleElement().asString().contains("op = 4; allowed: 6 (mult only)");
        assertThat(run(Checks.dtypeIn(Rule.IS_VALID_DTYPE, EnumSet.of(Dtype.BF16), "bf16 here", "in0_dtype",
                "in1_dtype"), TT)).hasSize(2);
        assertThat(run(Checks.enumCodes("op"), with("op", 0x7f))).extracting(Violation::rule)
                .containsExactly(Rule.VALID_ENUM_CODE);
        Word shorter = TT.toBuilder().pattern("dst", new TensorPattern(G.partitionOffset(stt.isa.Space.SBUF, 16, 0x200),
                new int[] {1, 0, 0}, new int[] {4, 1, 1})).build();
        assertThat(run(Checks.sameElementCount(Rule.S3S3D3_TT_DST_ELEMENT_CNT_CHECK, "src0", "dst"), shorter))
                .extracting(Violation::message).singleElement().asString()
                .contains("src0 has 8 elements (8x1x1), dst has 4 (4x1x1)");
        // STT's reserved bytes 45..47 (SPEC §1)
        Word stt = Asm.line("scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[8,1]"
                + " src1=sbuf:0:0x100 src1.step_elem=[1,0] src1.num_elem=[8,1] dst=sbuf:0:0x200 dst.step_elem=[1,0]"
                + " dst.num_elem=[8,1] op0=mult op1=add imm0=1.0 in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32"
                + " num_active_channels=4", G);
        assertThat(run(Checks.reservedZero(Rule.RESERVED_ZERO), stt)).isEmpty();
        byte[] bytes = stt.bytes();
        bytes[46] = 1;
        Word reserved = Word.decode(bytes, 0);
        assertThat(run(Checks.reservedZero(Rule.RESERVED_ZERO), reserved)).extracting(Violation::rule)
                .containsExactly(Rule.RESERVED_ZERO);
        assertThat(Checks.concat(List.of(Checks.activeChannels()), List.of(Checks.tensorValid()))).hasSize(2);
    }

    @Test
    void twoSourcesNotBothInPsumAndSbufSourcesInOneQuadrant() {
        // src1 at partition 40: another 32-partition quadrant than src0's 0
        Word quadrant = TT.toBuilder().pattern("src1", new TensorPattern(G.partitionOffset(stt.isa.Space.SBUF, 40,
                0x100), new int[] {1, 0, 0}, new int[] {8, 1, 1})).build();
        assertThat(run(Checks.ttValidPartitions("src0", "src1"), quadrant)).extracting(Violation::message)
                .singleElement().asString().contains("same 32-partition quadrant");
        Word psum = TT.toBuilder().pattern("src0", new TensorPattern(G.partitionOffset(stt.isa.Space.PSUM, 0, 0),
                new int[] {1, 0, 0}, new int[] {8, 1, 1})).pattern("src1", new TensorPattern(G.partitionOffset(
                stt.isa.Space.PSUM, 8, 0), new int[] {1, 0, 0}, new int[] {8, 1, 1})).build();
        assertThat(run(Checks.ttValidPartitions("src0", "src1"), psum)).extracting(Violation::message)
                .singleElement().asString().contains("both in PSUM");
    }
}
