package stt.def;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import stt.Asm;
import stt.codec.Format;
import stt.engine.Model;
import stt.isa.EngineKind;
import stt.isa.Generation;
import stt.isa.Opcode;
import stt.validate.Rule;
import stt.validate.Violation;

/** The definitions are complete: every opcode has one, and each has the parts its status needs. */
class DefinitionsTest {
    /** FAMILY.md §1's table, by hand: opcode to whether the model executes it. */
    private static final Map<Integer, Boolean> FAMILY = new TreeMap<>(Map.ofEntries(
            Map.entry(0x9d, true), Map.entry(0x9e, true), Map.entry(0xe5, true), Map.entry(0xea, true),
            Map.entry(0x41, true), Map.entry(0x51, true), Map.entry(0x72, true), Map.entry(0x99, true),
            Map.entry(0x43, true), Map.entry(0x53, true), Map.entry(0x44, true), Map.entry(0x54, true),
            Map.entry(0x9a, true), Map.entry(0xe6, true), Map.entry(0x9b, true), Map.entry(0x49, true),
            Map.entry(0x46, true), Map.entry(0x47, true),
            Map.entry(0x42, true), Map.entry(0x52, true), Map.entry(0x48, true), Map.entry(0x6b, true),
            Map.entry(0x93, false), Map.entry(0x30, false), Map.entry(0x65, false), Map.entry(0x24, false),
            Map.entry(0xe9, false), Map.entry(0x4d, false), Map.entry(0x4b, false), Map.entry(0x7e, false),
            Map.entry(0x8a, false), Map.entry(0x8b, false), Map.entry(0x8f, false), Map.entry(0x83, false),
            Map.entry(0x84, false), Map.entry(0x4e, false), Map.entry(0x5e, false), Map.entry(0x6a, false),
            Map.entry(0x8c, false), Map.entry(0x8d, false)));

    @Test
    void everyOpcodeOfFamilySectionOneHasADefinitionThatExecutesAsTheTableSays() {
        Map<Integer, Boolean> defined = Definitions.all().stream().collect(Collectors.toMap(d -> d.opcode().code(),
                OpcodeDef::executes, (a, b) -> a, TreeMap::new));
        assertThat(defined).isEqualTo(FAMILY);
        for (Opcode op : Opcode.values()) {
            assertThat(Definitions.of(op).opcode()).isEqualTo(op);
        }
    }

    @Test
    void eachDefinitionHasThePartsItsStatusNeeds() {
        for (OpcodeDef d : Definitions.all()) {
            String name = d.opcode().mnemonic();
            assertThat(d.checks()).as("%s checks", name).isNotEmpty();
            if (d.executes()) {
                assertThat(d.opcode().engine()).as("%s engine", name).isEqualTo(EngineKind.DVE);
                assertThat(d.cost()).as("%s cost", name).isPresent();
                assertThat(d.trace()).as("%s trace name", name).isPresent();
                assertThat(d.nki().isPresent() || !d.nkiNote().isBlank()).as("%s NKI name or why none", name)
                        .isTrue();
                assertThat(d.refusal()).as("%s refusal", name).isEmpty();
            } else {
                assertThat(d.kernelRef()).as("%s: a kernel without a body", name).isEmpty();
                assertThat(d.cost()).as("%s: a cost without a body", name).isEmpty();
                assertThat(d.refusal()).as("%s: why it is refused", name).isNotBlank();
            }
        }
    }

    @Test
    void eachStructBacksExactlyTheOpcodesWhoseRowNamesIt() {
        for (Opcode op : Opcode.values()) {
            assertThat(Format.of(op.code()).name()).isEqualTo(op.struct());
            assertThat(Format.valueOf(op.struct()).opcodes()).contains(op);
        }
        assertThat(Format.RAW.opcodes()).isEmpty();
    }

    @Test
    void everyRuleIsDeclaredBySomeCheckOrIsTheOpcodeRule() {
        Set<Rule> declared = EnumSet.of(Rule.HAS_VALID_OPCODE);
        Definitions.all().forEach(d -> {
            d.checks().forEach(c -> declared.addAll(c.rules()));
            d.executable().forEach(c -> declared.addAll(c.rules()));
        });
        Set<Rule> unclaimed = EnumSet.allOf(Rule.class);
        unclaimed.removeAll(declared);
        assertThat(unclaimed).isEmpty();
    }

    @Test
    void aReduceWithAnIntBandOpOrWithoutAnIdentityAndAMaskedTransposeAreValidButNotExecutable() {
        String r = "tensor_reduce_arith src=sbuf:0:0x0 src.step_elem=[1,1,1,1] src.num_elem=[8,1,1,1] dst=sbuf:0:0x200"
                + " dst.step_elem=[1,1,1,1] dst.num_elem=[1,1,1,1] in_dtype=fp32 out_dtype=fp32 op_dim=x"
                + " num_active_channels=4";
        Generation g = Generation.MARIANA;
        for (String op : new String[] {"add", "subtract", "mult", "max", "min", "logical_and", "logical_xor"}) {
            assertThat(Model.VALIDATOR.executability(Asm.line(r + " op=" + op, g), g)).as(op).isEmpty();
        }
        var band = Asm.line(r + " op=add_int", g);
        assertThat(Model.VALIDATOR.validate(band, g)).isEmpty();
        assertThat(Model.VALIDATOR.executability(band, g)).extracting(Violation::rule)
                .containsExactly(Rule.IS_VALID_TENSOR_REDUCE_ARITH_ENGINE);
        var wide = Asm.line(r.replace("in_dtype=fp32", "in_dtype=int64") + " op=add", g);
        assertThat(Model.VALIDATOR.validate(wide, g)).isEmpty();
        assertThat(Model.VALIDATOR.executability(wide, g)).extracting(Violation::rule)
                .containsExactly(Rule.IS_VALID_TENSOR_REDUCE_ARITH_ENGINE);
        for (String op : new String[] {"is_gt", "absolute_diff", "bypass", "absolute_value"}) {
            var none = Asm.line(r + " op=" + op, g);
            assertThat(Model.VALIDATOR.validate(none, g)).as(op).isEmpty();
            assertThat(Model.VALIDATOR.executability(none, g)).as(op).singleElement().satisfies(v -> {
                assertThat(v.rule()).isEqualTo(Rule.REDUCE_IDENTITY);
                assertThat(v.level()).isEqualTo(Violation.Level.NOT_EXECUTABLE);
            });
        }
        var masked = Asm.line("stream_transpose src=sbuf:0:0x0 src.step_elem=[1,1,1,1] src.num_elem=[32,1,1,1]"
                + " dst=sbuf:0:0x200 dst.step_elem=[1,1,1,1] dst.num_elem=[32,1,1,1] in_dtype=fp32 out_dtype=fp32"
                + " num_active_channels=32 mask_enable=1", g);
        assertThat(Model.VALIDATOR.validate(masked, g)).isEmpty();
        assertThat(Model.VALIDATOR.executability(masked, g)).extracting(Violation::rule)
                .containsExactly(Rule.STREAM_TRANSPOSE_MASK);
        var shift = Asm.line(r.replace("arith", "bitvec").replace("fp32", "int32") + " op=logical_shift_left", g);
        assertThat(Model.VALIDATOR.validate(shift, g)).isEmpty();
        assertThat(Model.VALIDATOR.executability(shift, g)).extracting(Violation::rule).containsExactly(Rule.REDUCE_IDENTITY);
    }

    @Test
    void executabilityPredicatesReportAtTheirOwnLevelAndOnlyForValidWords() {
        String tt = "tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,1,1] src0.num_elem=[4,1,1]"
                + " src1=sbuf:0:0x100 src1.step_elem=[1,1,1] src1.num_elem=[4,1,1] dst=sbuf:0:0x200"
                + " dst.step_elem=[1,1,1] dst.num_elem=[4,1,1] in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32"
                + " num_active_channels=4";
        Generation g = Generation.MARIANA;
        assertThat(Model.VALIDATOR.executability(Asm.line(tt + " op=add", g), g)).isEmpty();
        var pow = Asm.line(tt + " op=pow", g);
        assertThat(Model.VALIDATOR.validate(pow, g)).isEmpty();
        assertThat(Model.VALIDATOR.executability(pow, g)).singleElement().satisfies(v -> {
            assertThat(v.rule()).isEqualTo(Rule.IS_VALID_TENSOR_TENSOR_ARITH_DVE);
            assertThat(v.level()).isEqualTo(Violation.Level.NOT_EXECUTABLE);
        });
        var wide = Asm.line(tt.replace("tensor_tensor_arith", "tensor_tensor_bitvec").replace("fp32", "int64")
                + " op=bitwise_and", g);
        assertThat(Model.VALIDATOR.validate(wide, g)).isEmpty();
        assertThat(Model.VALIDATOR.executability(wide, g)).extracting(Violation::rule)
                .containsExactly(Rule.IS_VALID_TENSOR_TENSOR_BITVEC_DVE);
    }

    @Test
    void theOpcodeRowsAreDistinct() {
        assertThat(Arrays.stream(Opcode.values()).map(Opcode::code).distinct().count())
                .isEqualTo(Opcode.values().length);
    }
}
