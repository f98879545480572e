package stt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stt.Words;
import stt.codec.Codec;
import stt.isa.Generation;

class CliTest {
    static final List<String> WORD_FIELDS = List.of("index", "opcode", "name", "format", "header", "events", "src0", "src1",
            "dst", "op0", "op1", "reverse_operands", "imm0_src", "in0_dtype", "in1_dtype", "out_dtype", "imm0_dtype",
            "accumulator_cmd", "num_active_channels", "reserved", "imm0");
    static final List<String> PATTERN_FIELDS = List.of("start_addr", "space", "partition", "offset", "step_elem",
            "num_elem");

    /** Three words: an fma, a relu word legal on MARIANA only, a bitvec mask. */
    static final String THREE_WORDS = """
            # fma: dst = (src0 mult 2.5) add src1
            scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[512,1] \
            src1=sbuf:0:0x800 src1.step_elem=[1,0] src1.num_elem=[512,1] dst=sbuf:0:0x1000 dst.step_elem=[1,0] \
            dst.num_elem=[512,1] op0=mult op1=add imm0_src=instruction_immediate imm0=2.5 imm0_dtype=fp32 \
            in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32 num_active_channels=128 accumulator_cmd=idle
            # relu stage: dst = relu(src0 add -1.0) max src1: relu exists from MARIANA on
            scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[512,1] \
            src1=sbuf:0:0x800 src1.step_elem=[1,0] src1.num_elem=[512,1] dst=sbuf:0:0x1000 dst.step_elem=[1,0] \
            dst.num_elem=[512,1] op0=add op1=relu imm0=-1.0 imm0_dtype=fp32 in0_dtype=bf16 in1_dtype=bf16 \
            out_dtype=bf16 num_active_channels=128
            # bitvec mask with the scalar 0xff00 on int16: every dtype must match
            scalar_tensor_tensor_bitvec src0=sbuf:32:0x0 src0.step_elem=[1,0] src0.num_elem=[256,1] \
            src1=sbuf:32:0x200 src1.step_elem=[0,0] src1.num_elem=[256,1] dst=sbuf:32:0x400 dst.step_elem=[1,0] \
            dst.num_elem=[256,1] op0=bitwise_and op1=bitwise_or imm0=0xff00 imm0_dtype=int16 in0_dtype=int16 \
            in1_dtype=int16 out_dtype=int16 num_active_channels=96
            """;

    @TempDir
    Path dir;

    record Result(int code, String out, String err) {
    }

    static Result stt(byte[] stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new ByteArrayInputStream(stdin), new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    static Result stt(String... args) {
        return stt(new byte[0], args);
    }

    private Path demoProgram() throws Exception {
        Path s = dir.resolve("demo.s");
        Files.writeString(s, THREE_WORDS.replace("\\\n", ""));
        return s;
    }

    @Test
    void disasmJsonHasExactlyTheSpecFields() throws Exception {
        Path bin = dir.resolve("demo.bin");
        assertThat(stt("asm", demoProgram().toString(), "-o", bin.toString()).code()).isZero();
        Result r = stt("disasm", "--json", bin.toString());
        assertThat(r.code()).isZero();
        List<JsonNode> words = parseLines(r.out());
        assertThat(words).hasSize(3);
        for (JsonNode w : words) {
            assertThat(fieldNames(w)).containsExactlyElementsOf(WORD_FIELDS);
            for (String p : List.of("src0", "src1", "dst")) {
                assertThat(fieldNames(w.get(p))).containsExactlyElementsOf(PATTERN_FIELDS);
            }
            assertThat(fieldNames(w.get("header"))).containsExactly("opcode", "inst_word_len", "debug_cmd",
                    "debug_hint");
            assertThat(fieldNames(w.get("events"))).containsExactly("wait_mode", "wait_idx", "update_mode",
                    "update_idx", "semaphore_value");
        }
        JsonNode w0 = words.get(0);
        assertThat(w0.get("opcode").asInt()).isEqualTo(0x9d);
        assertThat(w0.get("name").asText()).isEqualTo("scalar_tensor_tensor_arith");
        assertThat(w0.get("format").asText()).isEqualTo("S2S2D2_STT");
        assertThat(w0.get("op0").asText()).isEqualTo("mult");
        assertThat(w0.get("src1").get("space").asText()).isEqualTo("sbuf");
        assertThat(w0.get("src1").get("offset").asInt()).isEqualTo(0x800);
        assertThat(w0.get("imm0").asLong()).isEqualTo(Float.floatToIntBits(2.5f));
        assertThat(words.get(2).get("src0").get("partition").asInt()).isEqualTo(32);

        List<JsonNode> checked = parseLines(stt("disasm", "--json", "--gen", "cayman", bin.toString()).out());
        assertThat(fieldNames(checked.get(1))).endsWith("valid", "violations");
        assertThat(checked.get(1).get("valid").asBoolean()).isFalse();
        assertThat(checked.get(1).get("violations").get(0).get("rule").asText())
                .isEqualTo("has_valid_scalar_tensor_tensor_op");
        assertThat(checked.get(0).get("valid").asBoolean()).isTrue();
    }

    @Test
    void jsonAddressesOfRegistersAndUnmappedAddressesHaveNullPartition() {
        byte[] w = new byte[64];
        w[0] = (byte) 0x9d;
        w[15] = (byte) 0x80; // src0 = reg:0
        w[27] = 0x10;        // src1 = 0x10000000, in no window
        JsonNode n = parseLines(stt(w, "disasm", "--json", "-").out()).get(0);
        assertThat(n.get("src0").get("space").asText()).isEqualTo("register");
        assertThat(n.get("src0").get("partition").isNull()).isTrue();
        assertThat(n.get("src1").get("space").asText()).isEqualTo("invalid");
        assertThat(n.get("src1").get("offset").isNull()).isTrue();
    }

    /** FAMILY.md §6: every field of every struct by its FAMILY-SOURCES §15 name (the fixture's tables). */
    @Test
    void disasmJsonOfEveryFormatHasTheSourceTablesFields() throws Exception {
        java.util.Map<String, java.util.Set<String>> expected = new java.util.HashMap<>();
        for (String line : new String(getClass().getResourceAsStream("/fixtures/layouts.csv").readAllBytes(),
                java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
            String[] r = line.split(",");
            if (line.isBlank() || line.startsWith("#") || r[3].startsWith("header.") || r[3].startsWith("events.")) {
                continue;
            }
            java.util.Set<String> keys = expected.computeIfAbsent(r[0], k -> new java.util.LinkedHashSet<>());
            if (r[4].equals("dpair")) {
                keys.addAll(List.of("in0_dtype", "in1_dtype"));
            } else {
                keys.add(r[3].contains(".") ? r[3].substring(0, r[3].indexOf('.')) : r[3]);
            }
        }
        Random rnd = new Random(3);
        for (stt.codec.Format f : stt.codec.Format.values()) {
            if (f == stt.codec.Format.RAW) {
                continue;
            }
            byte[] bytes = Words.randomBytes(rnd, f);
            JsonNode n = parseLines(stt(bytes, "disasm", "--json", "--gen", "cayman", "-").out()).get(0);
            List<String> fields = fieldNames(n);
            assertThat(fields.subList(0, 6)).containsExactly("index", "opcode", "name", "format", "header", "events");
            assertThat(fields.subList(fields.size() - 2, fields.size())).containsExactly("valid", "violations");
            assertThat(fields.subList(6, fields.size() - 2)).as(f.name())
                    .containsExactlyInAnyOrderElementsOf(expected.get(f.name()));
            assertThat(n.get("format").asText()).isEqualTo(f.name());
            for (stt.codec.Layout.Pattern p : f.layout().patterns()) {
                assertThat(fieldNames(n.get(p.name()))).containsExactlyElementsOf(PATTERN_FIELDS);
                assertThat(n.get(p.name()).get("step_elem")).hasSize(p.rank());
                assertThat(n.get(p.name()).get("num_elem")).hasSize(p.rank());
            }
        }
    }

    /** stt cost: the fma's 2N = 1024 cycles, the relu word invalid on CAYMAN (costs nothing, exit 1). */
    @Test
    void costListsEachWordAndATotalAndSaysTheyAreEstimates() throws Exception {
        Result r = stt("cost", demoProgram().toString(), "--gen", "cayman");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("estimates from NKI 2.26's published cost formulas")
                .containsPattern("(?m)^0 +scalar_tensor_tensor_arith +512 +1024 +1066\\.7$")
                .contains("has_valid_scalar_tensor_tensor_op")
                .containsPattern("(?m)^2 +scalar_tensor_tensor_bitvec +256 +512 +533\\.3$")
                .contains("total: 1536 cycles, 1600.0 ns");
        Result json = stt("cost", demoProgram().toString(), "--json", "--gen", "maverick");
        assertThat(json.err()).contains("estimates from NKI 2.26's published cost formulas").contains("cycles only");
        List<JsonNode> rows = parseLines(json.out());
        assertThat(rows).hasSize(4);
        assertThat(fieldNames(rows.get(0))).containsExactly("index", "name", "n", "cycles", "ns");
        assertThat(rows.get(0).get("cycles").asLong()).isEqualTo(1024);
        assertThat(rows.get(0).get("ns").isNull()).isTrue();
        assertThat(rows.get(3).get("total_cycles").asLong()).isEqualTo(1024 + 1024 + 512);
        assertThat(rows.get(3).get("total_ns").isNull()).isTrue();
    }

    @Test
    void everySubcommandHasHelpWithAnExampleAndAVersion() {
        Result usage = stt("--help");
        for (Main.Sub sub : Main.SUBCOMMANDS) {
            String command = sub.name();
            assertThat(sub.make().get().getClass().getAnnotation(picocli.CommandLine.Command.class).name())
                    .as("the name %s's @Command gives", command).isEqualTo(command);
            assertThat(usage.out()).as("stt --help").containsPattern("\n  " + command + " +\\S");
            Result r = stt(command, "--help");
            assertThat(r.code()).as(command).isZero();
            assertThat(r.out()).as(command).startsWith("Usage: stt " + command)
                    .containsPattern("Example:\n  stt " + command + "\\b").doesNotContain("null");
            assertThat(stt(command, "--version").out()).as(command).startsWith("stt ");
        }
        assertThat(Main.SUBCOMMANDS).extracting(Main.Sub::name).contains("call", "run", "serve")
                .doesNotHaveDuplicates();
        assertThat(stt("--version").code()).isZero();
    }

    @Test
    void aRunBuildsOnlyTheSubcommandItNamesAndAnUnnamedOneBuildsAll() {
        Main.Reusable cli = new Main.Reusable();
        StringWriter out = new StringWriter();
        assertThat(cli.run(new String[] {"spec", "--model"}, InputStream.nullInputStream(), new PrintWriter(out),
                new PrintWriter(out), OutputStream.nullOutputStream())).isZero();
        assertThat(cli.built()).containsExactly("spec");
        assertThat(cli.run(new String[] {"--help", "spec"}, InputStream.nullInputStream(), new PrintWriter(out),
                new PrintWriter(out), OutputStream.nullOutputStream())).isZero();
        assertThat(out.toString()).contains("\n  bench ");
        assertThat(cli.run(new String[] {"frobnicate"}, InputStream.nullInputStream(), new PrintWriter(out),
                new PrintWriter(out), OutputStream.nullOutputStream())).isEqualTo(ExitCode.USAGE);
        assertThat(cli.built()).containsExactlyInAnyOrderElementsOf(Main.SUBCOMMANDS.stream().map(Main.Sub::name)
                .toList());
    }

    @Test
    void aBadThreadsSettingIsBadUsageInOneLine() {
        String before = System.getProperty("stt.threads");
        System.setProperty("stt.threads", "0");
        try {
            Result r = stt("run", "-", "--engine", "fast");
            assertThat(r.code()).isEqualTo(2);
            assertThat(r.err().strip()).isEqualTo("stt: -Dstt.threads=0: allowed: a whole number of threads, 1 or more");
        } finally {
            if (before == null) {
                System.clearProperty("stt.threads");
            } else {
                System.setProperty("stt.threads", before);
            }
        }
    }

    @Test
    void anUnknownOpcodeIsARawWordInJsonAndText() {
        byte[] w = new byte[64];
        w[63] = 9;
        JsonNode n = parseLines(stt(w, "disasm", "--json", "--gen", "mariana", "-").out()).get(0);
        assertThat(n.get("name").asText()).isEqualTo("opcode_0x00");
        assertThat(n.get("format").asText()).isEqualTo("raw");
        assertThat(n.get("bytes")).hasSize(52);
        assertThat(n.get("bytes").get(51).asInt()).isEqualTo(9);
        assertThat(n.get("violations").get(0).get("rule").asText()).isEqualTo("has_valid_opcode");
        assertThat(stt(w, "disasm", "-").out().trim()).isEqualTo("opcode_0x00 bytes=[" + "0,".repeat(51) + "9]");
    }

    @Test
    void aFileThatIsNotWholeWordsExits2AndSaysWhatIsLeftOver() throws Exception {
        Path bin = dir.resolve("odd.bin");
        Files.write(bin, new byte[100]);
        Result r = stt("disasm", bin.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("odd.bin").contains("36 bytes left over");
    }

    @Test
    void disasmThenAsmReproducesTheBytes() throws Exception {
        Random rnd = new Random(42);
        List<byte[]> words = new ArrayList<>();
        for (int k = 0; k < 200; k++) {
            words.add(k % 2 == 0 ? Words.randomBytes(rnd) : Codec.encode(Words.plausible(rnd, Generation.MARIANA)));
        }
        byte[] bytes = new byte[words.size() * 64];
        for (int k = 0; k < words.size(); k++) {
            System.arraycopy(words.get(k), 0, bytes, k * 64, 64);
        }
        Path bin = dir.resolve("in.bin");
        Files.write(bin, bytes);
        Result text = stt("disasm", bin.toString());
        assertThat(text.code()).isZero();
        Path s = dir.resolve("round.s");
        Files.writeString(s, text.out());
        Path out = dir.resolve("out.bin");
        assertThat(stt("asm", s.toString(), "-o", out.toString()).code()).isZero();
        assertThat(Files.readAllBytes(out)).isEqualTo(bytes);
    }

    @Test
    void asmErrorsExit2WithFileLineAndColumn() throws Exception {
        Path s = dir.resolve("bad.s");
        Files.writeString(s, "select_reduce\nselect_reduce op0=nope\n");
        Result r = stt("asm", s.toString(), "-o", dir.resolve("x.bin").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("stt: " + s + ":2:19: op0: unknown op0 'nope'");
    }

    @Test
    void checkExits1WhenAnyWordIsInvalidAndNamesTheRules() throws Exception {
        Path s = demoProgram();
        Result cayman = stt("check", s.toString(), "--gen", "cayman");
        assertThat(cayman.code()).isEqualTo(1);
        assertThat(cayman.out()).contains("word 1: invalid, 1 violation")
                .contains("has_valid_scalar_tensor_tensor_op: op1 = relu (0x22)").contains("2 of 3 words valid");
        Result mariana = stt("check", s.toString(), "--gen", "mariana", "--json");
        assertThat(mariana.code()).isZero();
        assertThat(parseLines(mariana.out())).allSatisfy(n -> assertThat(n.get("valid").asBoolean()).isTrue());
    }

    @Test
    void usageErrorsExit2() {
        assertThat(stt("check", "x.s", "--gen", "pluto").code()).isEqualTo(2);
        assertThat(stt("frobnicate").code()).isEqualTo(2);
        Result missing = stt("disasm", dir.resolve("nope.bin").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("nope.bin: cannot read: no such file");
    }

    @Test
    void specPrintsTheGenerationTableAndTheLedger() {
        Result r = stt("spec");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("maverick").contains("1024 KiB / 512 KiB").contains("[MODEL] decode_total");
        assertThat(stt("spec", "--model").out()).doesNotContain("maverick").contains("[MODEL] text_form")
                .contains("[SPEC-MODEL] sunda_vector_engine: ");
        // every generation runs the Vector Engine; SUNDA's results under its decision (FAMILY-NEXT §0.1)
        assertThat(r.out().lines().filter(l -> l.startsWith("sunda ") || l.startsWith("cayman "))).satisfiesExactly(
                sunda -> assertThat(sunda).endsWith(" yes, fidelity model (sunda_vector_engine)"),
                cayman -> assertThat(cayman).endsWith(" yes"));
    }

    @Test
    void demoRunsAndSelfChecks() {
        Result r = stt("demo");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("self-check: 96 of 96 outputs and 4 of 4 accumulators match")
                .contains("scalar_tensor_tensor_bitvec").contains("accumulators");
    }

    private static List<JsonNode> parseLines(String out) {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (!line.isBlank()) {
                try {
                    nodes.add(JsonView.MAPPER.readTree(line));
                } catch (Exception e) {
                    throw new AssertionError("not JSON: " + line, e);
                }
            }
        }
        return nodes;
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
