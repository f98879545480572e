package stt.cost;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import stt.Asm;
import stt.codec.Word;
import stt.engine.Model;
import stt.isa.Generation;

/** Expected cycles computed by hand from FAMILY.md §7's formulas (MIN_II = 64, N = dst elements per partition). */
class CostTest {
    static final Generation G = Generation.MARIANA;

    static String stt(String mnemonic, String d0, String d1, String op0, String op1, int n) {
        return mnemonic + " src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[" + n + ",1] src1=sbuf:0:0x4000"
                + " src1.step_elem=[1,0] src1.num_elem=[" + n + ",1] dst=sbuf:0:0x8000 dst.step_elem=[1,0]"
                + " dst.num_elem=[" + n + ",1] op0=" + op0 + " op1=" + op1 + " imm0=1.0 imm0_dtype=fp32 in0_dtype=" + d0
                + " in1_dtype=" + d1 + " out_dtype=fp32 num_active_channels=128";
    }

    static String tt(String mnemonic, String d, String op, String src0, int step, int n) {
        return mnemonic + " src0=" + src0 + " src0.step_elem=[" + step + ",1,1] src0.num_elem=[" + n + ",1,1]"
                + " src1=sbuf:0:0x4000 src1.step_elem=[1,1,1] src1.num_elem=[" + n + ",1,1] dst=sbuf:0:0x8000"
                + " dst.step_elem=[1,1,1] dst.num_elem=[" + n + ",1,1] in0_dtype=" + (mnemonic.contains("pred") ? "uint8"
                : d) + " in1_dtype=" + d + " out_dtype=" + d + " op=" + op
                + " num_active_channels=64";
    }

    static long cycles(String text, Generation gen) {
        Word w = Asm.line(text, gen);
        assertThat(Model.VALIDATOR.validate(w, gen)).as(text).isEmpty();
        return Model.COST.of(w, gen).cycles().orElseThrow();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "stt fp32 mult/add: 2N without MIN_II|1024|scalar_tensor_tensor_arith fp32 fp32 mult add 512",
        "stt bf16 subtract/mult, N even: N|512|scalar_tensor_tensor_arith bf16 bf16 subtract mult 512",
        "stt bf16 subtract/mult, N odd: 2N|14|scalar_tensor_tensor_arith bf16 bf16 subtract mult 7",
        "stt bf16 x fp32: 2N|1024|scalar_tensor_tensor_arith bf16 fp32 subtract mult 512",
        "scan short: MIN_II|64|tensor_tensor_scan_arith fp32 fp32 add mult 10",
        "scan: 2N|200|tensor_tensor_scan_arith fp32 fp32 add mult 100",
        "select-reduce: 2N|200|select_reduce int8 fp32 bypass max 100",
    })
    void sttStructWords(String title, long want, String spec) {
        String[] a = spec.split(" ");
        assertThat(cycles(stt(a[0], a[1], a[2], a[3], a[4], Integer.parseInt(a[5])), G)).isEqualTo(want);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "tt fp32 both in SBUF: 2N|200|tensor_tensor_arith fp32 add sbuf:0:0x0 1 100",
        "tt bf16 add both in SBUF, unit steps: N|100|tensor_tensor_arith bf16 add sbuf:0:0x0 1 100",
        "tt bf16 max: 2N|200|tensor_tensor_arith bf16 max sbuf:0:0x0 1 100",
        "tt bf16 add, dim-0 step 2: 2N|200|tensor_tensor_arith bf16 add sbuf:0:0x0 2 100",
        "tt PSUM and SBUF: N|100|tensor_tensor_arith fp32 max psum:0:0x0 1 100",
        "tt PSUM and SBUF, short: MIN_II|64|tensor_tensor_arith fp32 max psum:0:0x0 1 10",
        "tt bitvec: 2N|200|tensor_tensor_bitvec int32 bitwise_and sbuf:0:0x0 1 100",
        "predicate in PSUM, data in SBUF: N|100|copy_predicated fp32 bypass psum:0:0x0 1 100",
        "predicate and data in SBUF: 2N|200|cast_predicated fp32 bypass sbuf:0:0x0 1 100",
    })
    void s3s3d3Words(String title, long want, String spec) {
        String[] a = spec.split(" ");
        assertThat(cycles(tt(a[0], a[1], a[2], a[3], Integer.parseInt(a[4]), Integer.parseInt(a[5])), G))
                .isEqualTo(want);
    }

    static final String TS = " src=sbuf:0:0x0 src.step_elem=[1,1,1] src.num_elem=[N,1,1] dst=sbuf:0:0x8000"
            + " dst.step_elem=[1,1,1] dst.num_elem=[N,1,1] in_dtype=fp32 out_dtype=fp32 num_active_channels=8";
    static final String FOUR = " src=sbuf:0:0x0 src.step_elem=[1,1,1,1] src.num_elem=[N,1,1,1] dst=sbuf:0:0x8000"
            + " dst.step_elem=[1,1,1,1] dst.num_elem=[N,1,1,1] num_active_channels=8";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "tensor_scalar: N|100|100|tensor_scalar_arith op0=add imm0=1.0 TS",
        "tensor_scalar short: MIN_II|64|10|tensor_scalar_arith op0=add imm0=1.0 TS",
        "cache reduce: N|100|100|tensor_scalar_cache_reduce op0=add imm0=1.0 op1=max accumulator_cmd=accumulate TS",
        "cache cumulative: N|300|300|tensor_scalar_cache_cumulative op0=add op1=add accumulator_cmd=zero_accumulate TS",
        "copy: N|1000|1000|copy in_dtype=bf16 out_dtype=bf16 FOUR",
        "cast short: MIN_II|64|3|cast in_dtype=bf16 out_dtype=fp32 FOUR",
    })
    void singleSourceWords(String title, long want, int n, String text) {
        String word = text.replace(" TS", TS).replace(" FOUR", FOUR).replace("[N,", "[" + n + ",");
        assertThat(cycles(word, G)).isEqualTo(want);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "zero bf16: ceil(N/2)|101|201|bf16|0x0",
        "non-zero bf16: N|201|201|bf16|0x3f80",
        "zero fp16 short: MIN_II|64|100|fp16|0x0",
        "zero fp32: N|201|201|fp32|0x0",
    })
    void memset(String title, long want, int n, String dtype, String value) {
        String word = "memset dst=sbuf:0:0x0 dst.step_elem=[1,1,1,1] dst.num_elem=[" + n + ",1,1,1] dst_element_count="
                + n + " dtype=" + dtype + " set_value=" + value + " num_active_channels=4";
        assertThat(cycles(word, G)).isEqualTo(want);
    }

    @Test
    void readAccumulatorIsMinIiAndTimeUsesTheClock() {
        Word rd = Asm.line("dve_read_accumulator dst=sbuf:0:0x0 dst.step_elem=[1] dst.num_elem=[1]"
                + " dst_element_count=1 dtype=fp32 num_active_channels=128", G);
        assertThat(Model.COST.of(rd, G).cycles()).contains(64L);
        assertThat(Model.COST.of(rd, G).ns().getAsDouble()).isEqualTo(64 / 1.2);
        assertThat(Model.COST.of(rd, Generation.CAYMAN).ns().getAsDouble()).isEqualTo(64 / 0.96);
    }

    @Test
    void tensorReduceCountsTheSourceAndHalvesBf16AddAndMax() {
        String r = "tensor_reduce_arith src=sbuf:0:0x0 src.step_elem=[1,5,1,1] src.num_elem=[5,3,1,1]"
                + " dst=sbuf:0:0x200 dst.step_elem=[1,1,1,1] dst.num_elem=[3,1,1,1] op_dim=x num_active_channels=4";
        // FAMILY-NEXT §3.4: N = 15 source elements, not the 3 written; ceil(15 / 2) = 8 for bf16 add or max
        assertThat(Model.COST.of(Asm.line(r + " in_dtype=fp32 out_dtype=fp32 op=add", G), G).cycles()).contains(15L);
        assertThat(Model.COST.of(Asm.line(r + " in_dtype=bf16 out_dtype=bf16 op=add", G), G).cycles()).contains(8L);
        assertThat(Model.COST.of(Asm.line(r + " in_dtype=bf16 out_dtype=bf16 op=max", G), G).cycles()).contains(8L);
        assertThat(Model.COST.of(Asm.line(r + " in_dtype=bf16 out_dtype=bf16 op=min", G), G).cycles()).contains(15L);
        assertThat(Model.COST.of(Asm.line(r + " in_dtype=bf16 out_dtype=fp32 op=add", G), G).cycles()).contains(15L);
    }

    @Test
    void aVectorTransposeIsMinIiOrN() {
        String t = "stream_transpose src=sbuf:0:0x0 src.step_elem=[1,1,1,1] src.num_elem=[%d,1,1,1] dst=sbuf:0:0x400"
                + " dst.step_elem=[1,1,1,1] dst.num_elem=[%d,1,1,1] in_dtype=fp32 out_dtype=fp32 num_active_channels=32";
        assertThat(Model.COST.of(Asm.line(String.format(t, 32, 32), G), G).cycles()).contains(64L);
        assertThat(Model.COST.of(Asm.line(String.format(t, 96, 96), G), G).cycles()).contains(96L);
    }

    @Test
    void maverickHasCyclesButNoTime() {
        Word w = Asm.line(stt("scalar_tensor_tensor_arith", "fp32", "fp32", "mult", "add", 512), Generation.MAVERICK);
        Cost.Estimate e = Model.COST.of(w, Generation.MAVERICK);
        assertThat(e.cycles()).contains(1024L);
        assertThat(e.ns()).isEmpty();
    }

    @Test
    void decodeOnlyWordsAreNotEstimated() {
        Word iota = Asm.line("iota src.num_elem=[4,1,1,1] dst=sbuf:0:0x0 dst.step_elem=[1,1,1,1]"
                + " dst.num_elem=[4,1,1,1] out_dtype=int32 num_active_channels=1", G);
        assertThat(Model.COST.of(iota, G).cycles()).isEmpty();
        assertThat(Model.COST.of(iota, G).source()).contains("not estimated");
    }
}
