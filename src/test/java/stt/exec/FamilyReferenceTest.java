package stt.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import stt.Asm;
import stt.engine.Model;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.Tile;

/** Tensor-Tensor, Copy/Cast, the predicated copies and Memset on the reference engine, against hand computation. */
class FamilyReferenceTest {
    static final Generation G = Generation.MARIANA;

    final Machine m = new Machine(G);
    final ReferenceEngine engine = Model.reference();

    static MemoryRef sbuf(int partition, int offset) {
        return new MemoryRef(Space.SBUF, partition, offset);
    }

    void load(int offset, Dtype dtype, int rows, int cols, float... values) {
        m.write(sbuf(0, offset), Tile.ofFloats(dtype, rows, cols, values));
    }

    void run(String text) throws ExecutionException {
        engine.execute(m, Asm.line(text, G), Trace.OFF);
    }

    Tile read(int offset, Dtype dtype, int rows, int cols) {
        return m.read(sbuf(0, offset), dtype, rows, cols);
    }

    @Test
    void tensorTensorWalksThreeDimensionsWithBroadcastAndNegativeSteps() throws ExecutionException {
        // lane r: a = [1, 2, 3, 4] + 10 r at 0x0; b = 100 r + [0, 1] at 0x100
        load(0x0, Dtype.FP32, 2, 4, 1, 2, 3, 4, 11, 12, 13, 14);
        load(0x100, Dtype.FP32, 2, 2, 0, 1, 100, 101);
        // src0 element (i, j, l) = a[2 i + j]; src1 = b[1 - i] (step -1 from b[1], j broadcast); dst dense 2x2x1
        run("tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[2,1,0] src0.num_elem=[2,2,1]"
                + " src1=sbuf:0:0x104 src1.step_elem=[-1,0,0] src1.num_elem=[2,2,1] dst=sbuf:0:0x200"
                + " dst.step_elem=[1,2,0] dst.num_elem=[2,2,1] op=subtract in0_dtype=fp32 in1_dtype=fp32"
                + " out_dtype=fp32 num_active_channels=2");
        // k = (i, j): (0,0) a0-b1, (1,0) a2-b0, (0,1) a1-b1, (1,1) a3-b0
        Tile d = read(0x200, Dtype.FP32, 2, 4);
        assertThat(new float[] {d.get(0, 0), d.get(0, 1), d.get(0, 2), d.get(0, 3)}).containsExactly(0, 3, 1, 4);
        assertThat(new float[] {d.get(1, 0), d.get(1, 1), d.get(1, 2), d.get(1, 3)})
                .containsExactly(-90, -87, -89, -86);
    }

    @Test
    void tensorTensorBitvecAndTheArithHubIntoBf16() throws ExecutionException {
        m.write(sbuf(0, 0x0), Tile.ofFloats(Dtype.INT16, 1, 3, 0x0ff0, -1, 6));
        m.write(sbuf(0, 0x10), Tile.ofFloats(Dtype.INT16, 1, 3, 0x00ff, 0x1234, 2));
        run("tensor_tensor_bitvec src0=sbuf:0:0x0 src0.step_elem=[1,1,1] src0.num_elem=[3,1,1] src1=sbuf:0:0x10"
                + " src1.step_elem=[1,1,1] src1.num_elem=[3,1,1] dst=sbuf:0:0x20 dst.step_elem=[1,1,1]"
                + " dst.num_elem=[3,1,1] op=bitwise_and in0_dtype=int16 in1_dtype=int16 out_dtype=int16"
                + " num_active_channels=1");
        Tile d = read(0x20, Dtype.INT16, 1, 3);
        assertThat(new int[] {d.bits(0, 0), d.bits(0, 1), d.bits(0, 2)}).containsExactly(0x00f0, 0x1234, 2);
        // 1 + 2^-9 is a quarter ulp above bf16's 1.0: it rounds to 1; 3 + 1.5 = 4.5 is exact
        load(0x40, Dtype.FP32, 1, 2, 1, 3);
        load(0x50, Dtype.FP32, 1, 2, 0.001953125f, 1.5f);
        run("tensor_tensor_arith src0=sbuf:0:0x40 src0.step_elem=[1,1,1] src0.num_elem=[2,1,1]"
                + " src1=sbuf:0:0x50 src1.step_elem=[1,1,1] src1.num_elem=[2,1,1] dst=sbuf:0:0x60"
                + " dst.step_elem=[1,1,1] dst.num_elem=[1,2,1] op=add in0_dtype=fp32 in1_dtype=fp32"
                + " out_dtype=bf16 num_active_channels=1");
        Tile b = read(0x60, Dtype.UINT16, 1, 2);
        assertThat(new int[] {b.bits(0, 0), b.bits(0, 1)}).containsExactly(0x3f80, 0x4090);
    }

    @Test
    void copyMovesBitsAndCastGoesThroughFp32EvenBetweenEqualDtypes() throws ExecutionException {
        m.write(sbuf(0, 0x0), Tile.ofFloats(Dtype.INT32, 1, 2, 0, 0));
        m.writeBits(Space.SBUF, 0, 0x0, 4, 16_777_217); // 2^24 + 1: not an fp32
        m.writeBits(Space.SBUF, 0, 0x4, 4, -7);
        String four = " src.step_elem=[1,1,1,1] src.num_elem=[2,1,1,1] dst.step_elem=[1,1,1,1]"
                + " dst.num_elem=[2,1,1,1] num_active_channels=1";
        run("copy src=sbuf:0:0x0 dst=sbuf:0:0x10 in_dtype=int32 out_dtype=int32" + four);
        run("cast src=sbuf:0:0x0 dst=sbuf:0:0x20 in_dtype=int32 out_dtype=int32" + four);
        run("cast src=sbuf:0:0x0 dst=sbuf:0:0x30 in_dtype=int32 out_dtype=int8" + four);
        assertThat(read(0x10, Dtype.INT32, 1, 2).bits(0, 0)).isEqualTo(16_777_217);
        assertThat(read(0x20, Dtype.INT32, 1, 2).bits(0, 0)).isEqualTo(16_777_216);
        assertThat(read(0x20, Dtype.INT32, 1, 2).bits(0, 1)).isEqualTo(-7);
        Tile i8 = read(0x30, Dtype.UINT8, 1, 2);
        assertThat(new int[] {i8.bits(0, 0), i8.bits(0, 1)}).containsExactly(0x7f, 0xf9); // saturated, -7
    }

    @Test
    void predicatedCopiesWriteOnlyWhereThePredicateIsNonZero() throws ExecutionException {
        m.write(sbuf(0, 0x0), Tile.ofFloats(Dtype.UINT8, 1, 4, 1, 0, 255, 0));
        load(0x10, Dtype.FP32, 1, 4, 1.5f, 2.5f, -3.75f, 4);
        load(0x20, Dtype.FP32, 1, 4, 9, 9, 9, 9);
        load(0x40, Dtype.FP32, 1, 4, 9, 9, 9, 9);
        String pattern = " src0.step_elem=[1,1,1] src0.num_elem=[4,1,1] src1=sbuf:0:0x10 src1.step_elem=[1,1,1]"
                + " src1.num_elem=[4,1,1] dst.step_elem=[1,1,1] dst.num_elem=[4,1,1] in0_dtype=uint8"
                + " in1_dtype=fp32 op=bypass num_active_channels=1";
        run("copy_predicated src0=sbuf:0:0x0 dst=sbuf:0:0x20 out_dtype=fp32" + pattern);
        run("cast_predicated src0=sbuf:0:0x0 dst=sbuf:0:0x40 out_dtype=int16" + pattern);
        Tile d = read(0x20, Dtype.FP32, 1, 4);
        assertThat(new float[] {d.get(0, 0), d.get(0, 1), d.get(0, 2), d.get(0, 3)}).containsExactly(1.5f, 9, -3.75f,
                9);
        // int16 1 and -3 (toward zero) where true; where false the halves of the fp32 9.0 (0x4110_0000) stay
        Tile c = read(0x40, Dtype.UINT16, 1, 8);
        assertThat(new int[] {c.bits(0, 0), c.bits(0, 1), c.bits(0, 2), c.bits(0, 3), c.bits(0, 4), c.bits(0, 5)})
                .containsExactly(1, 0x4110, 0xfffd, 0x4110, 0x0000, 0x4110);
    }

    @Test
    void memsetWritesTheLowBytesOfItsValueIntoEveryElementOfAFourDimensionalPattern() throws ExecutionException {
        run("memset dst=sbuf:1:0x8 dst.step_elem=[1,3,0,6] dst.num_elem=[2,2,3,2] dst_element_count=24 dtype=uint16"
                + " set_value=0xbeef num_active_channels=2");
        for (int lane = 1; lane <= 2; lane++) {
            Tile t = m.read(sbuf(lane, 0x0), Dtype.UINT16, 1, 16);
            int[] got = new int[16];
            for (int k = 0; k < 16; k++) {
                got[k] = t.bits(0, k);
            }
            // elements at 4 + {0, 1, 3, 4, 6, 7, 9, 10} (uint16 index), nothing else
            int e = 0xbeef;
            assertThat(got).containsExactly(0, 0, 0, 0, e, e, 0, e, e, 0, e, e, 0, e, e, 0);
        }
        assertThat(m.read(sbuf(0, 0x0), Dtype.UINT16, 1, 16).data()).containsOnly(0);
    }

    @Test
    void inPlaceOperandsStreamInElementOrder() throws ExecutionException {
        // dst = src0 shifted by one element: element k reads a[k] after element k-1 wrote a[k] (streaming order)
        load(0x0, Dtype.FP32, 1, 4, 1, 2, 3, 4);
        load(0x100, Dtype.FP32, 1, 4, 10, 10, 10, 10);
        run("tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,1,1] src0.num_elem=[3,1,1] src1=sbuf:0:0x100"
                + " src1.step_elem=[1,1,1] src1.num_elem=[3,1,1] dst=sbuf:0:0x4 dst.step_elem=[1,1,1]"
                + " dst.num_elem=[3,1,1] op=add in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32 num_active_channels=1");
        Tile d = read(0x0, Dtype.FP32, 1, 4);
        assertThat(new float[] {d.get(0, 0), d.get(0, 1), d.get(0, 2), d.get(0, 3)}).containsExactly(1, 11, 21, 31);
    }

    @Test
    void offDveWordsAndDecodeOnlyOpcodesAreRefusedChangingNothing() {
        byte[] before = m.digest();
        String tt = "tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,1,1] src0.num_elem=[4,1,1]"
                + " src1=sbuf:0:0x100 src1.step_elem=[1,1,1] src1.num_elem=[4,1,1] dst=sbuf:0:0x200"
                + " dst.step_elem=[1,1,1] dst.num_elem=[4,1,1] in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32"
                + " num_active_channels=1";
        assertThatThrownBy(() -> run(tt + " op=pow")).hasMessageStartingWith("is_valid_tensor_tensor_arith_dve:"
                + " op = pow runs on the GpSimd engine");
        assertThatThrownBy(() -> run(tt.replace("fp32", "int64").replace("0x100", "0x40") + " op=add")).hasMessage(
                "is_valid_tensor_tensor_arith_dve: tensor_tensor_arith with a 64-bit dtype runs on the GpSimd engine,"
                        + " not the Vector Engine this model executes");
        assertThatThrownBy(() -> run("iota src.num_elem=[4,1,1,1] dst=sbuf:0:0x0 dst.step_elem=[1,1,1,1]"
                + " dst.num_elem=[4,1,1,1] out_dtype=int32 num_active_channels=1")).hasMessage("iota (0x7e, D4_IOTA)"
                + " decodes and validates, but this model does not execute it: it is a GpSimd (POOL) instruction,"
                + " not a Vector Engine one");
        assertThat(m.digest()).isEqualTo(before);
    }

    @Test
    void traceNamesEachWorker() throws ExecutionException {
        StringWriter out = new StringWriter();
        Trace t = Trace.to(new PrintWriter(out), 1);
        engine.execute(m, Asm.line("memset dst=sbuf:0:0x0 dst.step_elem=[1,1,1,1] dst.num_elem=[2,1,1,1]"
                + " dst_element_count=2 dtype=fp32 num_active_channels=1", G), t);
        engine.execute(m, Asm.line("copy_predicated src0=sbuf:0:0x0 src0.step_elem=[1,1,1] src0.num_elem=[1,1,1]"
                + " src1=sbuf:0:0x0 src1.step_elem=[1,1,1] src1.num_elem=[1,1,1] dst=sbuf:0:0x8"
                + " dst.step_elem=[1,1,1] dst.num_elem=[1,1,1] in0_dtype=int32 in1_dtype=fp32 out_dtype=fp32"
                + " num_active_channels=1", G), t);
        t.finish();
        assertThat(out.toString()).isEqualTo("S: MEMSET/RNG\nS: R[2] = imm\nS: CopyPredicated\n"
                + "S: (2 more element lines not shown; limit 1)\n");
    }

    static final String TS = " src=sbuf:0:0x0 src.step_elem=[1,1,1] src.num_elem=[3,1,1] dst=sbuf:0:0x200"
            + " dst.step_elem=[1,1,1] dst.num_elem=[3,1,1] in_dtype=fp32 out_dtype=fp32 num_active_channels=2";

    @Test
    void tensorScalarReverseModesBypassAndPerLanePointers() throws ExecutionException {
        load(0x0, Dtype.FP32, 2, 3, 1, 2, 3, 4, 5, 6);
        run("tensor_scalar_arith op0=subtract imm0=10.0 reverse_operands=both op1=bypass imm1=77.0" + TS);
        Tile d = read(0x200, Dtype.FP32, 2, 3);
        // 10 - x, then bypass passes it through (not 77 bypass ...)
        assertThat(new float[] {d.get(0, 0), d.get(0, 1), d.get(1, 2)}).containsExactly(9, 8, 4);
        run("tensor_scalar_arith op0=mult imm0=2.0 reverse_operands=second op1=subtract imm1=1.0" + TS);
        d = read(0x200, Dtype.FP32, 2, 3);
        assertThat(new float[] {d.get(0, 0), d.get(0, 2), d.get(1, 0)}).containsExactly(-1, -5, -7);
        load(0x100, Dtype.FP32, 2, 1, 2, 3); // lane 0 scales by 2, lane 1 by 3
        m.setRegister(9, G.partitionOffset(Space.SBUF, 0, 0x100));
        run("tensor_scalar_arith op0=mult imm0_src=reg_ptr_immediate imm0=reg:9 op1=add imm1_src=pointer_immediate"
                + " imm1=sbuf:0:0x100" + TS);
        d = read(0x200, Dtype.FP32, 2, 3);
        assertThat(new float[] {d.get(0, 0), d.get(0, 2), d.get(1, 0), d.get(1, 2)}).containsExactly(4, 8, 15, 21);
        m.write(sbuf(0, 0x300), Tile.ofFloats(Dtype.INT16, 1, 1, 0x00ff));
        run("tensor_scalar_bitvec src=sbuf:0:0x300 src.step_elem=[1,1,1] src.num_elem=[1,1,1] dst=sbuf:0:0x302"
                + " dst.step_elem=[1,1,1] dst.num_elem=[1,1,1] in_dtype=int16 out_dtype=int16 num_active_channels=1"
                + " op0=bitwise_and imm0=0x0f0f op1=logical_shift_left imm1=4");
        assertThat(read(0x302, Dtype.INT16, 1, 1).bits(0, 0)).isEqualTo(0x00f0);
    }

    @Test
    void cacheReductionsFoldIntoTheAccumulatorThatReadAccumulatorWritesOut() throws ExecutionException {
        load(0x0, Dtype.FP32, 1, 4, 1, 2, 3, 4);
        String four = " src=sbuf:0:0x0 src.step_elem=[1,1,1] src.num_elem=[4,1,1] dst=sbuf:0:0x100"
                + " dst.step_elem=[1,1,1] dst.num_elem=[4,1,1] in_dtype=fp32 out_dtype=fp32 num_active_channels=1"
                + " op0=mult imm0=2.0";
        run("tensor_scalar_cache_reduce op1=add accumulator_cmd=zero_accumulate" + four);
        Tile d = read(0x100, Dtype.FP32, 1, 4);
        assertThat(new float[] {d.get(0, 0), d.get(0, 1), d.get(0, 2), d.get(0, 3)}).containsExactly(2, 4, 6, 8);
        assertThat(m.accumulator(0)).isEqualTo(20);
        run("tensor_scalar_cache_cumulative op1=add accumulator_cmd=accumulate" + four);
        d = read(0x100, Dtype.FP32, 1, 4);
        assertThat(new float[] {d.get(0, 0), d.get(0, 1), d.get(0, 2), d.get(0, 3)}).containsExactly(22, 26, 32, 40);
        // load_accumulate seeds 100; subtract folds as op1(r, acc): 2-100, 4-(-98), 6-102, 8-(-96)
        run("tensor_scalar_cache_cumulative op1=subtract accumulator_cmd=load_accumulate imm1=100.0" + four);
        d = read(0x100, Dtype.FP32, 1, 4);
        assertThat(new float[] {d.get(0, 0), d.get(0, 1), d.get(0, 2), d.get(0, 3)}).containsExactly(-98, 102, -96,
                104);
        run("tensor_scalar_cache_reduce op1=max accumulator_cmd=zero_accumulate" + four);
        assertThat(m.accumulator(0)).isEqualTo(8);
        String read = "dve_read_accumulator dst.step_elem=[1] dst.num_elem=[1] dst_element_count=1"
                + " num_active_channels=1";
        run(read + " dst=sbuf:0:0x40 dtype=bf16 negated=1");
        assertThat(read(0x40, Dtype.UINT16, 1, 1).bits(0, 0)).isEqualTo(0xc100); // -8 in bf16
        run(read + " dst=psum:0:0x0 dtype=fp32");
        assertThat(m.read(new MemoryRef(Space.PSUM, 0, 0), Dtype.FP32, 1, 1).get(0, 0)).isEqualTo(8);
        assertThat(m.accumulator(0)).isEqualTo(8);
    }

    @Test
    void gpSimdFormsOfTensorScalarAreRefused() {
        byte[] before = m.digest();
        assertThatThrownBy(() -> run("tensor_scalar_arith op0=rsqrt op1=bypass" + TS)).hasMessageStartingWith(
                "tensor_scalar_valid_ops: rsqrt is a GpSimd-only form of Tensor-Scalar");
        assertThat(m.digest()).isEqualTo(before);
    }
}
