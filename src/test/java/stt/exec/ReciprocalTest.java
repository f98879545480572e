package stt.exec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import stt.Asm;
import stt.codec.Word;
import stt.engine.EngineProvider;
import stt.engine.Model;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.Tile;
import stt.validate.Rule;
import stt.validate.Violation;

/**
 * Reciprocal 0x48, the opcode added as one definition and one body: validated by its definition's checks, run by
 * both engines, costed, against hand values of the correctly rounded fp32 1/x (FAMILY-NEXT §4).
 */
class ReciprocalTest {
    static final Generation G = Generation.MARIANA;
    static final String WORD = "reciprocal src=sbuf:0:0x0 src.step_elem=[1,1,1,1] src.num_elem=[8,1,1,1]"
            + " dst=sbuf:0:0x100 dst.step_elem=[1,1,1,1] dst.num_elem=[8,1,1,1] in_dtype=fp32 out_dtype=fp32"
            + " num_active_channels=2";
    /** x and the bits of fp32 1/x, by hand: 1/3 = 0x3eaaaaab (RNE), the signed zeros and infinities swap. */
    static final int[][] CASES = {{0x40000000, 0x3f000000}, {0x3f000000, 0x40000000}, {0xc0800000, 0xbe800000},
            {0x40400000, 0x3eaaaaab}, {0x00000000, 0x7f800000}, {0x80000000, 0xff800000}, {0x7f800000, 0x00000000},
            {0x00000001, 0x7f800000}};

    static Machine loaded() {
        Machine m = new Machine(G);
        for (int lane = 0; lane < 2; lane++) {
            for (int k = 0; k < CASES.length; k++) {
                m.writeBits(Space.SBUF, lane, 4L * k, 4, CASES[k][0]);
            }
        }
        return m;
    }

    @Test
    void bothEnginesComputeTheCorrectlyRoundedReciprocal() throws ExecutionException {
        Word w = Asm.line(WORD, G);
        assertThat(Model.VALIDATOR.validate(w, G)).isEmpty();
        for (Engine e : new Engine[] {Model.reference(), EngineProvider.defaultEngine()}) {
            Machine m = loaded();
            e.execute(m, w, Trace.OFF);
            for (int lane = 0; lane < 2; lane++) {
                for (int k = 0; k < CASES.length; k++) {
                    assertThat(m.readBits(Space.SBUF, lane, 0x100 + 4L * k, 4)).as("%s lane %d 1/x of 0x%08x",
                            e.name(), lane, CASES[k][0]).isEqualTo(CASES[k][1]);
                }
            }
        }
    }

    @Test
    void aNanGivesTheCanonicalNanAndBf16RoundsTheQuotient() throws ExecutionException {
        Machine m = new Machine(G);
        m.write(new MemoryRef(Space.SBUF, 0, 0), Tile.ofFloats(Dtype.FP32, 1, 2, Float.NaN, 3));
        Model.reference().execute(m, Asm.line(WORD.replace("out_dtype=fp32", "out_dtype=bf16")
                .replace("[8,1,1,1]", "[2,1,1,1]").replace("num_active_channels=2", "num_active_channels=1"), G),
                Trace.OFF);
        // canonical quiet NaN 0x7fc00000 -> bf16 0x7fc0; 1/3 = 0x3eaaaaab -> bf16 0x3eab (round to nearest even)
        assertThat(m.readBits(Space.SBUF, 0, 0x100, 2)).isEqualTo(0x7fc0);
        assertThat(m.readBits(Space.SBUF, 0, 0x102, 2)).isEqualTo(0x3eab);
    }

    @Test
    void itsChecksAreCastsAndItsCostEightCyclesAnElement() {
        Word w = Asm.line(WORD, G);
        assertThat(Model.COST.of(w, G).cycles()).contains(64L);
        assertThat(Model.COST.of(Asm.line(WORD.replace("[8,1,1,1]", "[16,1,1,1]"), G), G).cycles()).contains(128L);
        assertThat(Model.VALIDATOR.validate(Asm.line(WORD + " op=add", G), G)).extracting(Violation::rule)
                .containsExactly(Rule.S4D4_TR_OP_BYPASS);
        assertThat(Model.VALIDATOR.validate(Asm.line(WORD.replace("in_dtype=fp32", "in_dtype=fp32r"), G), G))
                .extracting(Violation::rule).containsExactly(Rule.IS_VALID_DTYPE);
    }
}
