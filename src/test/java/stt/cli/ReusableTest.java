package stt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stt.isa.Dtype;
import stt.machine.Tile;
import stt.npy.Npy;
import stt.npy.NpyArray;

/** One command line reused for many runs (batch, serve) answers each run as a fresh one does: no option leaks. */
class ReusableTest {
    @TempDir
    Path dir;

    record Outcome(int code, String out, String err, List<byte[]> files) {
    }

    @Test
    void aSequenceOfRunsOnOneCommandLineEqualsFreshRuns() throws Exception {
        Path a = Files.write(dir.resolve("a.npy"), Npy.write(NpyArray.of(Dtype.FP32, new long[] {2, 3},
                Tile.ofFloats(Dtype.FP32, 2, 3, 1, -2, 3, -4, 5, -6).data())));
        Path s = Files.writeString(dir.resolve("p.s"), "tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,1,1]"
                + " src0.num_elem=[3,1,1] src1=sbuf:0:0x0 src1.step_elem=[1,1,1] src1.num_elem=[3,1,1] dst=sbuf:0:0x40"
                + " dst.step_elem=[1,1,1] dst.num_elem=[3,1,1] in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32 op=mult"
                + " num_active_channels=2\n");
        String o = dir.resolve("o.npy").toString();
        String d = dir.resolve("d.npy").toString();
        List<String[]> runs = List.of(
                new String[] {"eval", "--data", a.toString(), "--op0", "subtract", "--operand0", "1", "--op1", "max",
                    "--operand1", a.toString(), "-o", o, "--reverse0", "--reverse1", "--out-dtype", "bf16"},
                new String[] {"eval", "--data", a.toString(), "--op0", "subtract", "--operand0", "1", "--op1", "max",
                    "--operand1", a.toString(), "-o", o},
                new String[] {"run", s.toString(), "--load", "sbuf:0:0=" + a, "--dump", "sbuf:0:0x40:2x3:fp32=" + d,
                    "--reg", "3=7", "--trace"},
                new String[] {"run", s.toString(), "--dump", "sbuf:0:0x40:2x3:fp32=" + d},
                new String[] {"eval", "--instruction", "memset", "--shape", "2x2", "--value", "3", "--out-dtype",
                    "int8", "-o", o},
                new String[] {"eval", "--data", a.toString(), "--op0", "mult", "--operand0", "2", "--op1", "add",
                    "--operand1", a.toString(), "-o", o, "--accumulate", "reset", "--accum-out", d},
                new String[] {"eval", "--data", a.toString(), "--op0", "mult", "--operand0", "2", "--op1", "add",
                    "--operand1", a.toString(), "-o", o},
                new String[] {"check", s.toString(), "--json"},
                new String[] {"check", s.toString()});
        Main.Reusable cli = new Main.Reusable();
        for (String[] args : runs) {
            Outcome reused = outcome(args, (in, out, err) -> cli.run(args, in, out, err, OutputStream.nullOutputStream()),
                    o, d);
            Outcome fresh = outcome(args, (in, out, err) -> Main.run(args, in, out, err), o, d);
            assertThat(fresh.code()).as("%s: %s", String.join(" ", args), fresh.err()).isZero();
            assertThat(reused.code()).as(String.join(" ", args)).isEqualTo(fresh.code());
            assertThat(reused.out()).as(String.join(" ", args)).isEqualTo(fresh.out());
            assertThat(reused.err()).as(String.join(" ", args)).isEqualTo(fresh.err());
            for (int k = 0; k < 2; k++) {
                assertThat(reused.files().get(k)).as("%s file %d", String.join(" ", args), k)
                        .isEqualTo(fresh.files().get(k));
            }
        }
    }

    interface Cli {
        int run(ByteArrayInputStream in, PrintWriter out, PrintWriter err);
    }

    private static Outcome outcome(String[] args, Cli cli, String... files) throws Exception {
        for (String f : files) {
            Files.deleteIfExists(Path.of(f));
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = cli.run(new ByteArrayInputStream(new byte[0]), new PrintWriter(out), new PrintWriter(err));
        List<byte[]> written = new ArrayList<>();
        for (String f : files) {
            written.add(Files.exists(Path.of(f)) ? Files.readAllBytes(Path.of(f)) : new byte[0]);
        }
        return new Outcome(code, out.toString(), err.toString(), written);
    }
}
