package stt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import stt.bench.Bench;
import stt.bench.BenchCase;
import stt.bench.Measurement;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;

/** The shape of {@code stt bench}: its cases and its JSON rows (the timings themselves are not tested). */
class BenchCommandTest {
    @Test
    void casesCoverEveryFamilyOpPairAndSizeIncludingTheLargestTile() {
        List<BenchCase> cases = new Bench(Generation.MARIANA, false, "").cases();
        assertThat(cases).extracting(BenchCase::name).contains("fp32_mult_add", "bf16_mult_add", "fp16_mult_add",
                "fp8_e4m3_mult_add", "int8_mult_add", "int32_mult_add", "bf16xfp32_mult_add", "fp32_is_gt_logical_and",
                "int8_bitwise_and_bitwise_or", "int32_bitwise_and_bitwise_or", "scan_fp32_mult_add",
                "select_reduce_uint8_fp32", "fp8_e5m2_mult_add", "fp8_e3m4_mult_add", "int16_mult_add",
                "tensor_tensor_fp32_add", "tensor_tensor_bf16_add", "tensor_scalar_fp32_mult_add",
                "tensor_scalar_bf16_mult_add", "copy_fp32_bf16", "copy_bf16_fp32");
        assertThat(cases).filteredOn(c -> c.name().equals("fp32_mult_add")).extracting(BenchCase::free)
                .containsExactly(8, 64, 512, 2048, 8192, 21824);
        assertThat(cases).allSatisfy(c -> assertThat(c.partitions()).isEqualTo(128));
        assertThat(new Bench(Generation.MARIANA, true, "").cases()).extracting(c -> c.name() + "@" + c.free())
                .contains("fp32_mult_add@2048");
        assertThat(new Bench(Generation.MARIANA, false, "bf16x").cases()).extracting(BenchCase::name)
                .containsOnly("bf16xfp32_mult_add", "bf16xfp32_is_gt_logical_and");
    }

    @Test
    void jsonRowsHaveExactlyTheSpecifiedKeys() {
        BenchCase c = new BenchCase("fp32_mult_add", BenchCase.Kind.STT, Dtype.FP32, Dtype.FP32, Dtype.FP32, AluOp.MULT, AluOp.ADD,
                128, 2048);
        var node = BenchCommand.json(new Measurement(c, "fast", 1, 0.5));
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("case", "in0", "in1", "out", "op0", "op1", "partitions", "free", "engine",
                "threads", "parallel", "ns_per_element", "gb_per_s");
        assertThat(node.get("gb_per_s").asDouble()).isEqualTo(24.0);
        // 128 x 512 = 2^16 elements, below the fast engine's 2^17 threshold: "2 threads" is a one-thread sample
        BenchCase small = new BenchCase("fp32_mult_add", BenchCase.Kind.STT, Dtype.FP32, Dtype.FP32,
                Dtype.FP32, AluOp.MULT, AluOp.ADD, 128, 512);
        assertThat(new Measurement(small, "fast", 2, 0.5).parallel()).isFalse();
        BenchCase big = new BenchCase("fp32_mult_add", BenchCase.Kind.STT, Dtype.FP32, Dtype.FP32,
                Dtype.FP32, AluOp.MULT, AluOp.ADD, 128, 1024);
        assertThat(new Measurement(big, "fast", 2, 0.5).parallel()).isTrue();
        assertThat(new Measurement(big, "fast", 1, 0.5).parallel()).isFalse();
    }

    @Test
    void theRealTimeFactorIsTheWordsTimeOverTheDevicesEstimate() {
        // fp32 STT [128 x 8]: 2N = 16 cycles at MARIANA's 1.2 GHz (FAMILY.md §7) = 13.33 ns; 0.5 ns a element over
        // 1024 elements = 512 ns a word: 38.4 times the device's time
        BenchCase c = new BenchCase("fp32_mult_add", BenchCase.Kind.STT, Dtype.FP32, Dtype.FP32, Dtype.FP32,
                AluOp.MULT, AluOp.ADD, 128, 8);
        var device = new Bench(Generation.MARIANA, false, "").deviceNs(c);
        assertThat(device.getAsDouble()).isCloseTo(40.0 / 3, org.assertj.core.data.Offset.offset(1e-9));
        var node = BenchCommand.json(new Measurement(c, "fast", 1, 0.5), BenchCommand.realTimeFactor(
                new Measurement(c, "fast", 1, 0.5), device));
        assertThat(node.get("real_time_factor").asDouble()).isEqualTo(38.4);
        // MAVERICK publishes no clock: no factor
        assertThat(new Bench(Generation.MAVERICK, false, "").deviceNs(c)).isEmpty();
    }

    @Test
    void oneSourceKindsReadNoIn1() {
        BenchCase copy = new Bench(Generation.MARIANA, false, "copy_fp32_bf16").cases().get(0);
        assertThat(copy.kind()).isEqualTo(BenchCase.Kind.COPY);
        assertThat(copy.in1Name()).isEqualTo("-");
        assertThat(copy.bytesPerElement()).isEqualTo(4 + 2);
        assertThat(copy.id()).isEqualTo("copy_fp32_bf16@8");
    }

    /** The forked JVM's rows come back whole: one per engine and thread count, in its order (a real fork). */
    @Test
    void eachCaseRunsInAForkedJvmAndItsRowsComeBack() {
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int code = Main.run(new String[] {"bench", "--quick", "--json", "--filter", "fp32_mult"},
                new java.io.ByteArrayInputStream(new byte[0]), new java.io.PrintWriter(out),
                new java.io.PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        int cores = Runtime.getRuntime().availableProcessors();
        List<String> engines = new ArrayList<>();
        for (String line : out.toString().strip().split("\n")) {
            assertThat(line).startsWith("{\"case\":\"fp32_mult_add\",").contains("\"free\":2048");
            engines.add(line.replaceAll(".*\"engine\":\"([^\"]*)\",\"threads\":(\\d+).*", "$1/$2"));
        }
        List<String> expected = new ArrayList<>(List.of("fast/1"));
        if (cores > 1) {
            expected.add("fast/" + cores);
        }
        expected.addAll(List.of("reference/1", "java-triad/1"));
        if (cores > 1) {
            expected.add("java-triad/" + cores);  // the memory limit at the engine's thread count
        }
        assertThat(engines).isEqualTo(expected);
    }

    @Test
    void anUnknownCaseIsAUsageErrorNamingTheForm() {
        java.io.StringWriter err = new java.io.StringWriter();
        int code = Main.run(new String[] {"bench", "--case", "fp32_mult_add@63"},
                new java.io.ByteArrayInputStream(new byte[0]), new java.io.PrintWriter(new java.io.StringWriter()),
                new java.io.PrintWriter(err));
        assertThat(code).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("--case fp32_mult_add@63: no such case (NAME@F");
    }

    @Test
    void progressIsOneLineRewrittenInPlaceOnATerminalAndNothingOtherwise() {
        BenchCase c = new BenchCase("bf16_mult_add", BenchCase.Kind.STT, Dtype.BF16, Dtype.BF16, Dtype.BF16,
                AluOp.MULT, AluOp.ADD, 128, 512);
        java.io.StringWriter shown = new java.io.StringWriter();
        ProgressLine terminal = new ProgressLine(new java.io.PrintWriter(shown), true);
        terminal.before(2, 9, c);
        terminal.clear();
        assertThat(shown.toString()).isEqualTo("\r\033[K[3/9] bf16_mult_add 128x512\r\033[K");
        java.io.StringWriter piped = new java.io.StringWriter();
        ProgressLine quiet = new ProgressLine(new java.io.PrintWriter(piped), false);
        quiet.before(0, 1, c);
        quiet.clear();
        assertThat(piped.toString()).isEmpty();
    }
}
