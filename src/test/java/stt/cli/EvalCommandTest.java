package stt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stt.isa.Dtype;
import stt.machine.Tile;
import stt.npy.Npy;
import stt.npy.NpyArray;

class EvalCommandTest {
    @TempDir
    Path dir;

    String a;
    String b;
    String out;

    String save(String name, Tile t) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, Npy.write(NpyArray.of(t.dtype(), new long[] {t.rows(), t.cols()}, t.data())));
        return p.toString();
    }

    String saveRaw(String name, String descr, long[] shape, int bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, Npy.write(new NpyArray(descr, shape, new byte[bytes])));
        return p.toString();
    }

    Tile load(String file, Dtype as) throws Exception {
        NpyArray arr = Npy.read(Files.readAllBytes(Path.of(file)));
        long[] s = arr.shape();
        return new Tile(as, (int) s[0], (int) s[1], arr.data());
    }

    @BeforeEach
    void tiles() throws Exception {
        a = save("a.npy", Tile.ofFloats(Dtype.FP32, 2, 3, 1, 2, 3, 4, 5, 6));
        b = save("b.npy", Tile.ofFloats(Dtype.FP32, 2, 3, 10, 20, 30, 40, 50, 60));
        out = dir.resolve("out.npy").toString();
    }

    @Test
    void fmaWithInlineScalarAndAccumulator() throws Exception {
        String acc = dir.resolve("acc.npy").toString();
        CliTest.Result r = CliTest.stt("eval", "--data", a, "--op0", "mult", "--operand0", "2", "--op1", "add",
                "--operand1", b, "-o", out, "--accumulate", "reset", "--accum-out", acc, "--print-instruction");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("scalar_tensor_tensor_arith src0=sbuf:0:0x0").contains("\n9d 00 00 00");
        assertThat(load(out, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, 12, 24, 36, 48, 60, 72));
        assertThat(load(acc, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 1, 72, 180));
    }

    @Test
    void bf16BitsInAndOutWithAPerPartitionScalar() throws Exception {
        String abf = save("abf.npy", new Tile(Dtype.UINT16, 2, 3, Tile.ofFloats(Dtype.BF16, 2, 3, 1, 2, 3, 4, 5, 6)
                .data()));
        String s = save("s.npy", Tile.ofFloats(Dtype.FP32, 2, 1, 0.5f, -1));
        CliTest.Result r = CliTest.stt("eval", "--data", abf, "--dtype0", "bf16", "--op0", "mult", "--operand0", s,
                "--op1", "subtract", "--operand1", b, "-o", out, "--out-dtype", "bf16", "--reverse1");
        assertThat(r.code()).as(r.err()).isZero();
        NpyArray o = Npy.read(Files.readAllBytes(Path.of(out)));
        assertThat(o.descr()).isEqualTo("<u2");
        assertThat(load(out, Dtype.BF16)).isEqualTo(Tile.ofFloats(Dtype.BF16, 2, 3, 9.5f, 19, 28.5f, 44, 55, 66));
    }

    @Test
    void bitvecUsesTheIntegerOperandAndTheInputDtype() throws Exception {
        String x = save("x.npy", new Tile(Dtype.INT16, 1, 2, new byte[] {(byte) 0xff, 0x7f, 0x34, 0x12}));
        String y = save("y.npy", new Tile(Dtype.INT16, 1, 2, new byte[] {1, 0, 2, 0}));
        CliTest.Result r = CliTest.stt("eval", "--data", x, "--op0", "bitwise_and", "--operand0", "0x0ff0", "--op1",
                "bitwise_or", "--operand1", y, "-o", out);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(load(out, Dtype.INT16)).isEqualTo(new Tile(Dtype.INT16, 1, 2, new byte[] {(byte) 0xf1, 0x0f,
            0x32, 0x02}));
        assertThat(Npy.read(Files.readAllBytes(Path.of(out))).descr()).isEqualTo("<i2");
    }

    @Test
    void tensorTensorAndCopy() throws Exception {
        CliTest.Result r = CliTest.stt("eval", "--instruction", "tensor-tensor", "--data", a, "--data2", b, "--op",
                "max", "-o", out);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(load(out, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, 10, 20, 30, 40, 50, 60));
        // bf16 out: 1/3 and 2/3 round to nearest even in bf16's 8 bits of precision
        String x = save("third.npy", Tile.ofFloats(Dtype.FP32, 1, 2, 1f / 3, 2f / 3));
        r = CliTest.stt("eval", "--instruction", "copy", "--data", x, "--out-dtype", "bf16", "-o", out,
                "--print-instruction");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("cast src=sbuf:0:0x0 src.step_elem=[1,0,0,0] src.num_elem=[2,1,1,1]");
        Tile bits = load(out, Dtype.UINT16);
        assertThat(new int[] {bits.bits(0, 0), bits.bits(0, 1)}).containsExactly(0x3eab, 0x3f2b);
        r = CliTest.stt("eval", "--instruction", "tensor-tensor", "--data", a, "--data2", b, "--op", "divide", "-o",
                out);
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("s3s3d3_tt_valid_op: op = divide (0x07)");
    }

    @Test
    void tensorScalarReduceWritesTheElementwiseResultAndTheFold() throws Exception {
        String acc = dir.resolve("acc.npy").toString();
        CliTest.Result r = CliTest.stt("eval", "--instruction", "tensor-scalar", "--data", a, "--op0", "mult",
                "--operand0", "2", "--reduce-op", "max", "--accum-out", acc, "-o", out, "--print-instruction");
        assertThat(r.code()).as(r.err()).isZero();
        // two words: the cache reduction, then the read-out
        assertThat(r.out().lines().filter(l -> !l.startsWith("9")).toList()).hasSize(2);
        assertThat(r.out()).contains("tensor_scalar_cache_reduce ").contains("dve_read_accumulator ");
        // a = [[1, 2, 3], [4, 5, 6]] times 2, and each row's max
        assertThat(load(out, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, 2, 4, 6, 8, 10, 12));
        assertThat(load(acc, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 1, 6, 12));
        r = CliTest.stt("eval", "--instruction", "tensor-scalar", "--data", a, "--op0", "mult", "--operand0", "2",
                "--reduce-op", "add", "--reduce-negate", "--accum-out", acc, "-o", out);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(load(acc, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 1, -12, -30));
        // load_reduce starts each row's fold from reduce_init: 100 + 2 + 4 + 6 and 100 + 8 + 10 + 12
        r = CliTest.stt("eval", "--instruction", "tensor-scalar", "--data", a, "--op0", "mult", "--operand0", "2",
                "--reduce-op", "add", "--reduce-cmd", "load_reduce", "--reduce-init", "100", "--accum-out", acc, "-o",
                out);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(load(acc, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 1, 112, 130));
        assertThat(CliTest.stt("eval", "--instruction", "tensor-scalar", "--data", a, "--op0", "mult", "--operand0",
                "2", "--reduce-op", "add", "--reduce-cmd", "load_reduce", "-o", out).err())
                .contains("reduce_init goes with reduce_cmd load_reduce");
        assertThat(CliTest.stt("eval", "--instruction", "tensor-scalar", "--data", a, "--op0", "mult", "--operand0",
                "2", "--reduce-op", "add", "-o", out).code()).isZero(); // reduce_res None: the fold stays inside
        assertThat(CliTest.stt("eval", "--data", a, "--op0", "mult", "--operand0", "2", "--op1", "add",
                "--operand1", b, "--reduce-op", "add", "-o", out).err())
                .contains("--reduce-op, --reduce-negate, --reduce-cmd, --reduce-init and --cumulative apply to"
                        + " --instruction tensor-scalar only");
    }

    @Test
    void memsetAndCopyPredicated() throws Exception {
        CliTest.Result r = CliTest.stt("eval", "--instruction", "memset", "--shape", "2x3", "--value", "-2.5",
                "--out-dtype", "fp16", "-o", out, "--print-instruction");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("memset ");
        // -2.5 in fp16: sign 1, exponent 16 (bias 15), mantissa 0x100: 0xc100
        assertThat(load(out, Dtype.FP16)).isEqualTo(new Tile(Dtype.FP16, 2, 3, new byte[] {0, (byte) 0xc1, 0,
            (byte) 0xc1, 0, (byte) 0xc1, 0, (byte) 0xc1, 0, (byte) 0xc1, 0, (byte) 0xc1}));
        String pred = save("p.npy", new Tile(Dtype.UINT8, 2, 3, new byte[] {1, 0, 7, 0, 0, 1}));
        r = CliTest.stt("eval", "--instruction", "copy-predicated", "--data", a, "--predicate", pred, "--dst-in", b,
                "-o", out, "--print-instruction");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("copy_predicated ");
        // a = 1..6, b = 10..60: a where the predicate is non-zero, b elsewhere
        assertThat(load(out, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, 1, 20, 3, 40, 50, 6));
        assertThat(CliTest.stt("eval", "--instruction", "memset", "--shape", "2x3", "--value", "1", "--out-dtype",
                "fp32", "-o", out, "--data", a).err()).contains("--data does not apply to --instruction memset");
        assertThat(CliTest.stt("eval", "--instruction", "copy-predicated", "--data", a, "--dst-in", b, "-o", out)
                .err()).contains("--predicate is required for --instruction copy-predicated");
    }

    @Test
    void tensorScalarWithAPerPartitionScalarAndBothReverseFlags() throws Exception {
        String s = save("s0.npy", Tile.ofFloats(Dtype.FP32, 2, 1, 2, -1));
        CliTest.Result r = CliTest.stt("eval", "--instruction", "tensor-scalar", "--data", a, "--op0", "subtract",
                "--operand0", s, "--reverse0", "--op1", "mult", "--operand1", "0.5", "--reverse1", "-o", out);
        assertThat(r.code()).as(r.err()).isZero();
        // (s0 - a) * 0.5 with a = [[1, 2, 3], [4, 5, 6]], s0 = [2, -1]
        assertThat(load(out, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, 0.5f, 0, -0.5f, -2.5f, -3, -3.5f));
        r = CliTest.stt("eval", "--instruction", "tensor-scalar", "--data", a, "--op0", "add", "--operand0", "1",
                "--op1", "mult", "-o", out);
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--op1 and --operand1 go together for --instruction tensor-scalar");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "unknown instruction|--instruction=matmul|Invalid value for option '--instruction': 'matmul'; allowed: stt,"
                + " scan, select-reduce, tensor-tensor, tensor-scalar, copy",
        "tensor-tensor without --op|--instruction=tensor-tensor|--op0 does not apply to --instruction tensor-tensor",
        "shape mismatch|--operand1=c23x2|data is [2, 3] but operand1 is [3, 2]",
        "too many partitions|--data=big|data has 129 partitions; allowed: 1..128",
        "free size too large|--data=wide|needs 360064 bytes per partition",
        "unknown op|--op0=frobnicate|--op0 frobnicate: unknown ALU op; allowed: bypass,",
        "unknown dtype|--dtype0=bfloat16|--dtype0 bfloat16: unknown dtype 'bfloat16'",
        "unknown out dtype|--out-dtype=float|--out-dtype float: unknown dtype",
        "reinterpretation of another size|--dtype0=bf16|cannot read <f4 elements as bf16",
        "operand0 not a number|--operand0=two|expected an fp32 number (e.g. 2.5, -1e-3, inf, nan) or 0x-hex bits for"
                + " --operand0, found 'two'; or a .npy file",
        "operand0 wrong shape|--operand0=s2x2|is not a per-partition scalar [P, 1] or [P]",
        "3-D data|--data=cube|is not a 2-D [partitions, elements] array",
        "float64 data|--data=f64|dtype '<f8' is not a machine dtype",
        "missing file|--data=missing|cannot read: no such file",
        "bad accumulate|--accumulate=sum|Invalid value for option '--accumulate': 'sum'; allowed: add, reset",
    })
    void badInputExits2AndNamesTheArgument(String title, String change, String message) throws Exception {
        String c23x2 = save("c.npy", Tile.zeros(Dtype.FP32, 3, 2));
        String big = save("big.npy", Tile.zeros(Dtype.FP32, 129, 3));
        String wide = save("wide.npy", Tile.zeros(Dtype.FP32, 1, 30_000));
        String s2x2 = save("s2.npy", Tile.zeros(Dtype.FP32, 2, 2));
        String cube = saveRaw("cube.npy", "<f4", new long[] {2, 3, 1}, 24);
        String f64 = saveRaw("f64.npy", "<f8", new long[] {2, 3}, 48);
        java.util.Map<String, String> files = java.util.Map.of("c23x2", c23x2, "big", big, "wide", wide, "s2x2",
                s2x2, "cube", cube, "f64", f64, "missing", dir.resolve("missing.npy").toString());
        java.util.Map<String, String> args = new java.util.LinkedHashMap<>();
        args.put("--data", a);
        args.put("--op0", "mult");
        args.put("--operand0", "2");
        args.put("--op1", "add");
        args.put("--operand1", b);
        args.put("-o", out);
        String key = change.substring(0, change.indexOf('='));
        String value = change.substring(change.indexOf('=') + 1);
        args.put(key, files.getOrDefault(value, value));
        if (key.equals("--operand1") || key.equals("--data") && value.equals("wide")) {
            args.put("--operand1", key.equals("--data") ? wide : args.get("--operand1"));
        }
        String[] argv = args.entrySet().stream().flatMap(e -> java.util.stream.Stream.of(e.getKey(), e.getValue()))
                .toArray(String[]::new);
        String[] full = new String[argv.length + 1];
        full[0] = "eval";
        System.arraycopy(argv, 0, full, 1, argv.length);
        CliTest.Result r = CliTest.stt(full);
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(message);
        assertThat(Files.exists(Path.of(out))).isFalse();
    }

    @Test
    void aDtypeTheOpcodeRefusesExits1WithTheRuleNames() throws Exception {
        CliTest.Result r = CliTest.stt("eval", "--data", a, "--op0", "mult", "--operand0", "2", "--op1", "add",
                "--operand1", b, "-o", out, "--out-dtype", "int64");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("is_valid_dtype: out_dtype = int64 (0x0c)");
        CliTest.Result relu = CliTest.stt("eval", "--data", a, "--op0", "relu", "--operand0", "0", "--op1", "add",
                "--operand1", b, "-o", out, "--gen", "cayman");
        assertThat(relu.code()).isEqualTo(1);
        assertThat(relu.err()).contains("has_valid_scalar_tensor_tensor_op: op0 = relu (0x22)");
        assertThat(Files.exists(Path.of(out))).isFalse();
    }

    @Test
    void scanAndSelectReduceInNkiTerms() throws Exception {
        CliTest.Result scan = CliTest.stt("eval", "--instruction", "scan", "--data", a, "--op0", "add",
                "--operand0", "0.5", "--op1", "mult", "--operand1", b, "-o", out);
        assertThat(scan.code()).as(scan.err()).isZero();
        // state = (a + state) * b, from 0.5
        float s0 = (1 + 0.5f) * 10;
        float s1 = (2 + s0) * 20;
        assertThat(load(out, Dtype.FP32).get(0, 1)).isEqualTo(s1);

        String pred = save("p.npy", new Tile(Dtype.UINT8, 2, 3, new byte[] {1, 0, 1, 0, 0, 1}));
        String acc = dir.resolve("acc.npy").toString();
        CliTest.Result select = CliTest.stt("eval", "--instruction", "select-reduce", "--data", pred, "--operand0",
                "-1", "--operand1", b, "-o", out, "--accumulate", "reset", "--accum-out", acc);
        assertThat(select.code()).as(select.err()).isZero();
        assertThat(load(out, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, 10, -1, 30, -1, -1, 60));
        assertThat(load(acc, Dtype.FP32)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 1, 30, 60));

        CliTest.Result accumulatingScan = CliTest.stt("eval", "--instruction", "scan", "--data", a, "--op0", "add",
                "--operand0", "0", "--op1", "add", "--operand1", b, "-o", out, "--accumulate", "add");
        assertThat(accumulatingScan.code()).isEqualTo(1);
        assertThat(accumulatingScan.err()).contains("has_zero_accum_cmd");
        assertThat(CliTest.stt("eval", "--instruction", "scan", "--data", a, "--operand0", "0", "--operand1", b,
                "-o", out).err()).contains("--op0 is required for --instruction scan");
    }

    @Test
    void batchRunsOneCommandPerLine() {
        String lines = "[\"spec\", \"--model\"]\n\n[\"check\", \"nope.s\"]\n";
        CliTest.Result r = CliTest.stt(lines.getBytes(java.nio.charset.StandardCharsets.UTF_8), "batch");
        assertThat(r.code()).isZero();
        String[] results = r.out().split("\n");
        assertThat(results).hasSize(2);
        assertThat(results[0]).startsWith("{\"code\":0,\"out\":\"[MODEL] decode_total");
        assertThat(results[1]).startsWith("{\"code\":2,\"out\":\"\",\"err\":\"stt: nope.s: cannot read");
        assertThat(CliTest.stt("x".getBytes(), "batch").err()).contains("batch line 1: expected a JSON array");
    }
}
