package stt.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import stt.Asm;
import stt.codec.Word;
import stt.engine.Model;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.Tile;

class ReferenceEngineTest {
    static final Generation G = Generation.MARIANA;
    /** 4 lanes x 8 fp32: dst(0x300) = src0(0x0) * 2.5 + src1(0x100). */
    static final String FMA = "scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[8,1]"
            + " src1=sbuf:0:0x100 src1.step_elem=[1,0] src1.num_elem=[8,1] dst=sbuf:0:0x300 dst.step_elem=[1,0]"
            + " dst.num_elem=[8,1] op0=mult op1=add imm0=2.5 imm0_dtype=fp32 in0_dtype=fp32 in1_dtype=fp32"
            + " out_dtype=fp32 num_active_channels=4";

    final Machine m = new Machine(G);
    final ReferenceEngine engine = Model.reference();

    static MemoryRef sbuf(int partition, int offset) {
        return new MemoryRef(Space.SBUF, partition, offset);
    }

    /** x[r][i] = 10r + i for 4 rows x 8 columns. */
    static float[] ramp() {
        float[] v = new float[32];
        for (int k = 0; k < 32; k++) {
            v[k] = 10 * (k / 8) + k % 8;
        }
        return v;
    }

    void load(int offset, Dtype dtype, int cols, float... values) {
        m.write(sbuf(0, offset), Tile.ofFloats(dtype, values.length / cols, cols, values));
    }

    void run(String text) throws ExecutionException {
        engine.execute(m, Asm.line(text, G), Trace.OFF);
    }

    float at(int offset, int row, int col) {
        return m.read(sbuf(0, offset), Dtype.FP32, 4, 8).get(row, col);
    }

    @Test
    void fmaWithPointerScalarAndNegativeStride() throws ExecutionException {
        load(0x0, Dtype.FP32, 8, ramp());
        float[] half = new float[32];
        for (int k = 0; k < 32; k++) {
            half[k] = 0.5f * (k % 8);
        }
        load(0x100, Dtype.FP32, 8, half);
        load(0x200, Dtype.FP32, 1, 1, 2, 3, 4);
        run(Asm.withText(FMA, "src0=sbuf:0:0x1c src0.step_elem=[-1,0] imm0_src=pointer_immediate imm0=sbuf:0:0x200"));
        for (int r = 0; r < 4; r++) {
            for (int k = 0; k < 8; k++) {
                assertThat(at(0x300, r, k)).as("dst[%d][%d]", r, k).isEqualTo((10 * r + 7 - k) * (r + 1) + 0.5f * k);
            }
        }
    }

    @Test
    void bitvecMaskWithABroadcastSource() throws ExecutionException {
        m.write(sbuf(0, 0x0), new Tile(Dtype.INT16, 1, 4, new byte[] {0x34, 0x12, (byte) 0xff, (byte) 0xff, 0, 0,
            (byte) 0xf0, 0x0f}));
        m.write(sbuf(0, 0x40), new Tile(Dtype.INT16, 1, 1, new byte[] {1, (byte) 0x80}));
        run("scalar_tensor_tensor_bitvec src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[4,1]"
                + " src1=sbuf:0:0x40 src1.step_elem=[0,0] src1.num_elem=[2,2] dst=sbuf:0:0x80 dst.step_elem=[1,0]"
                + " dst.num_elem=[4,1] op0=bitwise_and op1=bitwise_or imm0=0x0ff0 imm0_dtype=int16 in0_dtype=int16"
                + " in1_dtype=int16 out_dtype=int16 num_active_channels=1");
        Tile dst = m.read(sbuf(0, 0x80), Dtype.INT16, 1, 4);
        assertThat(new int[] {dst.bits(0, 0), dst.bits(0, 1), dst.bits(0, 2), dst.bits(0, 3)})
                .containsExactly(0x8231, 0x8ff1, 0x8001, 0x8ff1);
    }

    @Test
    void zeroAccumulateThenAccumulate() throws ExecutionException {
        load(0x0, Dtype.FP32, 8, ramp());
        load(0x100, Dtype.FP32, 8, new float[32]);
        m.setAccumulator(0, 1000f);
        run(Asm.withText(FMA, "accumulator_cmd=zero_accumulate"));
        for (int r = 0; r < 4; r++) {
            float sum = 0;
            for (int k = 0; k < 8; k++) {
                sum += (10 * r + k) * 2.5f;
            }
            assertThat(m.accumulator(r)).as("lane %d", r).isEqualTo(sum);
            assertThat(at(0x300, r, 3)).isEqualTo((10 * r + 3) * 2.5f); // dst is written too
        }
        run(Asm.withText(FMA, "accumulator_cmd=accumulate"));
        assertThat(m.accumulator(1)).isEqualTo(2 * (10 * 8 + 28) * 2.5f);
        assertThat(m.accumulator(4)).isZero();
    }

    @Test
    void inPlaceOperation() throws ExecutionException {
        load(0x0, Dtype.FP32, 8, ramp());
        load(0x100, Dtype.FP32, 8, ramp());
        run(Asm.withText(FMA, "dst=sbuf:0:0x0"));
        assertThat(at(0x0, 2, 5)).isEqualTo(25 * 2.5f + 25);
    }

    @Test
    void overlapFollowsStreamingOrder() throws ExecutionException {
        float[] x = new float[32];
        for (int k = 0; k < 32; k++) {
            x[k] = 10 * (k % 8);
        }
        load(0x0, Dtype.FP32, 8, x);
        // dst one element ahead of src0: element k reads x[k], then overwrites x[k+1] before it is read
        run(Asm.withText(FMA, "op0=add imm0=1.0 op1=bypass dst=sbuf:0:0x4 dst.num_elem=[8,1]"));
        Tile after = m.read(sbuf(0, 0), Dtype.FP32, 4, 9);
        for (int k = 0; k <= 8; k++) {
            assertThat(after.get(3, k)).as("x[%d]", k).isEqualTo(k);
        }
        // dst one element behind: every read happens before its location is written
        load(0x0, Dtype.FP32, 8, x);
        run(Asm.withText(FMA, "src0=sbuf:0:0x4 src0.num_elem=[7,1] src1.num_elem=[7,1] dst=sbuf:0:0x0"
                + " dst.num_elem=[7,1] op0=add imm0=1.0 op1=bypass"));
        assertThat(m.read(sbuf(0, 0), Dtype.FP32, 1, 8).get(0, 6)).isEqualTo(71);
    }

    @Test
    void psumSourceAndBf16Output() throws ExecutionException {
        load(0x0, Dtype.BF16, 8, ramp());
        m.write(new MemoryRef(Space.PSUM, 0, 0x40), Tile.ofFloats(Dtype.FP32, 4, 8, ramp()));
        run(Asm.withText(FMA, "in0_dtype=bf16 src1=psum:0:0x40 out_dtype=bf16 imm0=0.33333334 dst=sbuf:0:0x300"));
        Tile dst = m.read(sbuf(0, 0x300), Dtype.BF16, 4, 8);
        float exact = 31 * 0.33333334f + 31; // fp32 stages, then RNE to bf16
        assertThat(exact).isEqualTo(41.333336f);
        assertThat(dst.bits(3, 1)).isEqualTo(0x4225); // 41.25, the nearer of the bf16 neighbours 41.25 and 41.5
        assertThat(dst.get(3, 1)).isEqualTo(41.25f);
    }

    @Test
    void registerAddressesAndRegisterScalar() throws ExecutionException {
        load(0x400, Dtype.FP32, 8, ramp());
        load(0x100, Dtype.FP32, 8, new float[32]);
        load(0x200, Dtype.FP32, 1, 3, 3, 3, -1);
        m.setRegister(5, G.partitionOffset(Space.SBUF, 0, 0x400));
        m.setRegister(6, G.partitionOffset(Space.SBUF, 0, 0x200));
        run(Asm.withText(FMA, "src0=reg:5 imm0_src=reg_ptr_immediate imm0=reg:6"));
        assertThat(at(0x300, 3, 2)).isEqualTo(-32f);
        assertThat(at(0x300, 1, 2)).isEqualTo(36f);
    }

    @Test
    void invalidWordsAndExecutionFailuresChangeNothing() {
        load(0x0, Dtype.FP32, 8, ramp());
        refusedUnchanged("op0=divide", "has_valid_scalar_tensor_tensor_op: op0 = divide");
        m.setRegister(7, 0x1000_0000);
        refusedUnchanged("dst=reg:7", "dst reads address register 7 = 0x10000000, which is not an SBUF/PSUM address");
        m.setRegister(7, G.partitionOffset(Space.SBUF, 0, 0x3fff0));
        refusedUnchanged("dst=reg:7", "touches partition bytes");
        m.setRegister(7, G.partitionOffset(Space.SBUF, 125, 0x0));
        refusedUnchanged("src1=reg:7", "partition 125 + num_active_channels 4 exceeds 128");
        refusedUnchanged("dst=sbuf:0:0x300+shape", "shape from a register");
        refusedUnchanged("src0=sbuf:0:0x0+indirect", "indirect addressing");
        m.setRegister(8, 0x0400_0000);
        refusedUnchanged("imm0_src=reg_ptr_immediate imm0=reg:8", "imm0 reads address register 8 = 0x04000000");
    }

    private void refusedUnchanged(String overrides, String message) {
        byte[] before = m.digest();
        assertThatThrownBy(() -> run(Asm.withText(FMA, overrides))).isInstanceOf(ExecutionException.class)
                .hasMessageContaining(message);
        assertThat(m.digest()).as("state after %s", overrides).isEqualTo(before);
    }

    /** SUNDA runs DVE words (FAMILY-NEXT §0.1 sunda_vector_engine): the FMA by hand, 2.5 * (10 r + i) + (r - i). */
    @Test
    void sundaExecutes() throws ExecutionException {
        Machine sunda = new Machine(Generation.SUNDA);
        float[] b = new float[32];
        for (int k = 0; k < 32; k++) {
            b[k] = k / 8 - k % 8;
        }
        sunda.write(sbuf(0, 0x0), Tile.ofFloats(Dtype.FP32, 4, 8, ramp()));
        sunda.write(sbuf(0, 0x100), Tile.ofFloats(Dtype.FP32, 4, 8, b));
        engine.execute(sunda, Asm.line(FMA, Generation.SUNDA), Trace.OFF);
        Tile d = sunda.read(sbuf(0, 0x300), Dtype.FP32, 4, 8);
        assertThat(d.get(0, 0)).isEqualTo(0f);
        assertThat(d.get(0, 7)).isEqualTo(10.5f); // 2.5 * 7 - 7
        assertThat(d.get(3, 5)).isEqualTo(85.5f); // 2.5 * 35 + 3 - 5
    }

    /**
     * Words valid on SUNDA, of every executing opcode SUNDA's enum has, run with CAYMAN's bodies: on machines that
     * start equal, SUNDA and CAYMAN end with the same bytes in the words' region, PSUM and the accumulators.
     */
    @Test
    void sundaGivesCaymansBytes() throws ExecutionException {
        Machine sunda = new Machine(Generation.SUNDA);
        Machine cayman = new Machine(Generation.CAYMAN);
        stt.RandomWords.fill(11, sunda, cayman);
        List<stt.isa.Opcode> family = java.util.Arrays.stream(stt.isa.Opcode.values())
                .filter(o -> Model.RESOLVER.operation(o).executes() && o.definedOn(Generation.SUNDA)
                        && stt.codec.Format.of(o.code()) != stt.codec.Format.S2S2D2_STT).toList();
        stt.WordSource[] sources = {new stt.RandomWords(12, Generation.SUNDA), new stt.FamilyWords(13,
                Generation.SUNDA, family)};
        for (int n = 0; n < 400; n++) {
            Word w = sources[n % 2].next(sunda, cayman);
            engine.execute(sunda, w, Trace.OFF);
            engine.execute(cayman, w, Trace.OFF);
        }
        for (Space s : Space.values()) {
            int bytes = s == Space.SBUF ? stt.RandomWords.REGION : Generation.SUNDA.activeBytes(s);
            MemoryRef origin = new MemoryRef(s, 0, 0);
            assertThat(sunda.read(origin, Dtype.UINT8, Generation.PARTITIONS, bytes)).as("%s", s)
                    .isEqualTo(cayman.read(origin, Dtype.UINT8, Generation.PARTITIONS, bytes));
        }
        for (int lane = 0; lane < Generation.PARTITIONS; lane++) {
            assertThat(Float.floatToRawIntBits(sunda.accumulator(lane))).as("accumulator %d", lane)
                    .isEqualTo(Float.floatToRawIntBits(cayman.accumulator(lane)));
        }
    }

    /** SUNDA refuses by its own tables: an op its enum lacks, and a 64-bit dtype (plain is_valid_dtype there). */
    @Test
    void sundaRefusesByItsOwnRules() {
        Machine sunda = new Machine(Generation.SUNDA);
        byte[] before = sunda.digest();
        assertThatThrownBy(() -> engine.execute(sunda, Asm.with(FMA, "op0=abs_max", Generation.SUNDA), Trace.OFF))
                .hasMessageContaining("has_valid_scalar_tensor_tensor_op: op0 = abs_max (0x20) is not in SUNDA's"
                        + " ALU_OP enum");
        String tt = "tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,1,1] src0.num_elem=[4,1,1]"
                + " src1=sbuf:0:0x40 src1.step_elem=[1,1,1] src1.num_elem=[4,1,1] dst=sbuf:0:0x200"
                + " dst.step_elem=[1,1,1] dst.num_elem=[4,1,1] in0_dtype=int64 in1_dtype=int64 out_dtype=int64 op=add"
                + " num_active_channels=1";
        assertThatThrownBy(() -> engine.execute(sunda, Asm.line(tt, Generation.SUNDA), Trace.OFF))
                .hasMessageContaining("is_valid_dtype: in0_dtype = int64");
        assertThat(sunda.digest()).isEqualTo(before);
        // CAYMAN's is_valid_dtype_64 admits it; its Vector Engine then refuses it
        assertThatThrownBy(() -> engine.execute(new Machine(Generation.CAYMAN), Asm.line(tt, Generation.CAYMAN),
                Trace.OFF)).hasMessageStartingWith("is_valid_tensor_tensor_arith_dve:");
    }

    @Test
    void traceUsesTheSeedsStringsUpToALimit() throws Exception {
        StringWriter out = new StringWriter();
        Trace t = Trace.to(new PrintWriter(out), 3);
        List<Word> words = List.of(Asm.line(Asm.withText(FMA, "reverse_operands=second"), G));
        Program.run(m, words, engine, t);
        assertThat(out.toString().split("\n")).containsExactly(
                "S: Scalar-Tensor-Tensor",
                "S: OP=6 R[2] = OP(R[0], imm)",
                "S: OP=4 R[2] = OP(R[1], R[2])",
                "S: OP=6 R[2] = OP(R[0], imm)",
                "S: (61 more element lines not shown; limit 3)");
    }

    @Test
    void scanCarriesTheStateWhereTheScalarWas() throws Exception {
        load(0x0, Dtype.FP32, 8, ramp());
        load(0x100, Dtype.FP32, 8, new float[32]);
        // state = s; state = (src0 add state) add src1: a running sum of each row from 100
        StringWriter out = new StringWriter();
        Program.run(m, List.of(Asm.line(Asm.withText(FMA, "mnemonic=tensor_tensor_scan_arith op0=add imm0=100.0"),
                G)), engine, Trace.to(new PrintWriter(out), 2));
        for (int r = 0; r < 4; r++) {
            float state = 100;
            for (int k = 0; k < 8; k++) {
                state += 10 * r + k;
                assertThat(at(0x300, r, k)).as("scan[%d][%d]", r, k).isEqualTo(state);
            }
        }
        assertThat(out.toString()).startsWith("S: TensorTensorScan\nS: OP=4 R[2] = OP(R[0], R[2])\n");
        // reverse_operands first: state = state subtract src0
        run(Asm.withText(FMA, "mnemonic=tensor_tensor_scan_arith op0=subtract imm0=0.0 reverse_operands=first"));
        assertThat(at(0x300, 1, 2)).isEqualTo(-(10 + 11 + 12));
    }

    @Test
    void selectReducePicksByPredicateAndKeepsANanIgnoringMax() throws Exception {
        m.write(sbuf(0, 0x0), new Tile(Dtype.INT8, 1, 4, new byte[] {1, 0, -3, 0}));
        load(0x100, Dtype.FP32, 4, 5, Float.NaN, 7, 9);
        String select = "select_reduce src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[4,1]"
                + " src1=sbuf:0:0x100 src1.step_elem=[1,0] src1.num_elem=[4,1] dst=sbuf:0:0x300"
                + " dst.step_elem=[1,0] dst.num_elem=[4,1] op0=bypass op1=max imm0=-2.0 imm0_dtype=fp32"
                + " in0_dtype=int8 in1_dtype=fp32 out_dtype=fp32 num_active_channels=1"
                + " accumulator_cmd=zero_accumulate";
        StringWriter out = new StringWriter();
        Program.run(m, List.of(Asm.line(select, G)), engine, Trace.to(new PrintWriter(out), 1));
        Tile dst = m.read(sbuf(0, 0x300), Dtype.FP32, 1, 4);
        assertThat(new float[] {dst.get(0, 0), dst.get(0, 1), dst.get(0, 2), dst.get(0, 3)})
                .containsExactly(5, -2, 7, -2);
        assertThat(m.accumulator(0)).isEqualTo(7);
        assertThat(out.toString()).startsWith("S: CopyPredicatedReduce\nS: R[2] = R[0] ? R[1] : imm\n");
        // first inverts the predicate: the NaN is selected, and the max ignores it
        run(Asm.withText(select, "reverse_operands=first accumulator_cmd=accumulate"));
        dst = m.read(sbuf(0, 0x300), Dtype.FP32, 1, 4);
        assertThat(dst.get(0, 1)).isNaN();
        assertThat(m.accumulator(0)).isEqualTo(9); // max(7, -2, NaN, -2, 9)
        run(Asm.withText(select, "imm0=-10.0"));
        assertThat(m.accumulator(0)).isEqualTo(7); // zero_accumulate restarts from -inf: max(5, -10, 7, -10)
        run(Asm.withText(select, "imm0=10.0"));
        assertThat(m.accumulator(0)).isEqualTo(10); // from -inf again: max(5, 10, 7, 10)
    }

    @Test
    void aProgramWithAnInvalidWordRunsNothing() {
        load(0x0, Dtype.FP32, 8, ramp());
        byte[] before = m.digest();
        List<Word> words = List.of(Asm.line(FMA, G), Asm.line(Asm.withText(FMA, "reserved=[1,0,0]"), G));
        assertThatThrownBy(() -> Program.run(m, words, engine, Trace.OFF))
                .isInstanceOfSatisfying(Program.Failure.class, f -> {
                    assertThat(f.index()).isEqualTo(1);
                    assertThat(f.nothingRan()).isTrue();
                });
        assertThat(m.digest()).isEqualTo(before);
    }
}
