package stt.robust;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import stt.cli.Main;
import stt.isa.Dtype;
import stt.npy.Npy;
import stt.npy.NpyArray;

/**
 * Every row of docs/malformed-input.md: the bad input, run through the CLI, exits 2 with a message that names the
 * file (or argument) and the problem. A test fails if the table and these cases drift apart.
 */
class MalformedInputTest {
    /** A fixture writer: makes the bad file(s) in {@code dir} and returns the stt arguments. */
    interface Setup {
        String[] args(Path dir) throws Exception;
    }

    record Case(String id, String message, Setup setup) {
        @Override
        public String toString() {
            return id;
        }
    }

    static final String PROGRAM = "scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0]"
            + " src0.num_elem=[4,1] src1=sbuf:0:0x40 src1.step_elem=[1,0] src1.num_elem=[4,1] dst=sbuf:0:0x80"
            + " dst.step_elem=[1,0] dst.num_elem=[4,1] op0=mult op1=add imm0=2.0 imm0_dtype=fp32 in0_dtype=fp32"
            + " in1_dtype=fp32 out_dtype=fp32 num_active_channels=1\n";

    static Path write(Path dir, String name, byte[] bytes) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    static byte[] goodNpy() {
        return Npy.write(NpyArray.of(Dtype.FP32, new long[] {1, 4}, new byte[16]));
    }

    static String[] load(Path dir, Path npy) throws Exception {
        Path prog = write(dir, "p.s", PROGRAM.getBytes(StandardCharsets.UTF_8));
        return new String[] {"run", prog.toString(), "--load", "sbuf:0:0=" + npy};
    }

    static List<Case> cases() {
        return List.of(
                new Case("npy-truncated", "truncated: shape [1, 4] of <f4 needs 16 data bytes", dir -> load(dir,
                        write(dir, "t.npy", Arrays.copyOf(goodNpy(), goodNpy().length - 5)))),
                new Case("npy-bad-magic", "bad magic at offset 0", dir -> load(dir,
                        write(dir, "m.npy", "not a numpy file at all".getBytes(StandardCharsets.UTF_8)))),
                new Case("npy-bad-header", "bad header dictionary at offset 10: no 'shape' entry", dir -> load(dir,
                        write(dir, "h.npy", new String(goodNpy(), StandardCharsets.ISO_8859_1)
                                .replace("'shape'", "'shapf'").getBytes(StandardCharsets.ISO_8859_1)))),
                new Case("npy-unsupported-dtype", "unsupported dtype '<c8'", dir -> load(dir,
                        write(dir, "c.npy", new String(goodNpy(), StandardCharsets.ISO_8859_1)
                                .replace("<f4", "<c8").getBytes(StandardCharsets.ISO_8859_1)))),
                new Case("npy-not-machine-dtype", "dtype '<f8' is not a machine dtype", dir -> load(dir,
                        write(dir, "f8.npy", Npy.write(new NpyArray("<f8", new long[] {1, 2}, new byte[16]))))),
                new Case("npy-fortran-3d", "Fortran-order arrays of more than 2 dimensions", dir -> load(dir,
                        write(dir, "f.npy", new String(Npy.write(new NpyArray("<f4", new long[] {2, 2, 2},
                                new byte[32])), StandardCharsets.ISO_8859_1).replace("'fortran_order': False",
                                "'fortran_order': True ").getBytes(StandardCharsets.ISO_8859_1)))),
                new Case("npy-shape-vs-load", "is not a 2-D [partitions, elements] array", dir -> load(dir,
                        write(dir, "s.npy", Npy.write(new NpyArray("<f4", new long[] {2, 2, 2}, new byte[32]))))),
                new Case("npy-beyond-memory", "exceed the active 256 KiB", dir -> {
                    Path prog = write(dir, "p.s", PROGRAM.getBytes(StandardCharsets.UTF_8));
                    return new String[] {"run", prog.toString(), "--load", "sbuf:0:0x3fff8="
                            + write(dir, "g.npy", goodNpy())};
                }),
                new Case("program-syntax", "p.s:1:28: expected key=value", dir -> new String[] {"check",
                        write(dir, "p.s", "scalar_tensor_tensor_arith src0".getBytes(StandardCharsets.UTF_8))
                                .toString()}),
                new Case("program-unknown-op", "op0: unknown op0 'fma'", dir -> new String[] {"check",
                        write(dir, "p.s", PROGRAM.replace("op0=mult", "op0=fma").getBytes(StandardCharsets.UTF_8))
                                .toString()}),
                new Case("program-unknown-dtype", "in0_dtype: unknown in0_dtype 'float32'", dir -> new String[] {
                    "check", write(dir, "p.s", PROGRAM.replace("in0_dtype=fp32", "in0_dtype=float32")
                            .getBytes(StandardCharsets.UTF_8)).toString()}),
                new Case("program-out-of-range", "num_active_channels 256 is out of range; allowed: 0..255",
                        dir -> new String[] {"check", write(dir, "p.s", PROGRAM.replace("num_active_channels=1",
                                "num_active_channels=256").getBytes(StandardCharsets.UTF_8)).toString()}),
                new Case("binary-not-words", "100 bytes is not a whole number of 64-byte words", dir -> new String[] {
                    "disasm", write(dir, "w.bin", new byte[100]).toString()}),
                new Case("missing-file", "cannot read: no such file", dir -> new String[] {"disasm",
                        dir.resolve("absent.bin").toString()}),
                new Case("arg-generation", "unknown generation 'pluto'", dir -> new String[] {"check",
                        write(dir, "p.s", PROGRAM.getBytes(StandardCharsets.UTF_8)).toString(), "--gen", "pluto"}),
                new Case("arg-engine", "--engine turbo: allowed: reference, fast", dir -> new String[] {"run",
                        write(dir, "p.s", PROGRAM.getBytes(StandardCharsets.UTF_8)).toString(), "--engine",
                        "turbo"}),
                new Case("arg-memory", "expected sbuf:P:OFF or psum:P:OFF", dir -> new String[] {"run",
                        write(dir, "p.s", PROGRAM.getBytes(StandardCharsets.UTF_8)).toString(), "--dump",
                        "hbm:0:0:1x4:fp32=o.npy"}),
                new Case("arg-dump-shape", "shape '1by4' is not ROWSxCOLS", dir -> new String[] {"run",
                        write(dir, "p.s", PROGRAM.getBytes(StandardCharsets.UTF_8)).toString(), "--dump",
                        "sbuf:0:0:1by4:fp32=o.npy"}),
                new Case("arg-command", "Unmatched argument", dir -> new String[] {"frobnicate"}));
    }

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void exits2WithAMessageNamingTheProblem(Case c) throws Exception {
        String[] args = c.setup().args(dir);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new ByteArrayInputStream(new byte[0]), new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as("exit code; stderr: %s", err).isEqualTo(2);
        assertThat(err.toString()).contains(c.message());
    }

    @Test
    void theDocsTableListsExactlyTheseCases() throws Exception {
        String doc = Files.readString(Path.of("docs", "malformed-input.md"));
        Set<String> rows = Pattern.compile("(?m)^\\| `([a-z0-9-]+)` \\|").matcher(doc).results()
                .map(m -> m.group(1)).collect(Collectors.toSet());
        assertThat(rows).containsExactlyInAnyOrderElementsOf(cases().stream().map(Case::id).toList());
        for (Case c : cases()) {
            assertThat(doc).as("the message of %s in its row", c.id()).contains(c.message().replace("|", "\\|"));
        }
    }
}
