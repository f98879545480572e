package stt.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import stt.codec.Word;
import stt.exec.Program;
import stt.exec.Trace;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.Tile;
import stt.text.AsmException;
import stt.text.TextForm;

@Command(name = "demo", description = "Run a built-in three-word program and check it against plain Java"
        + " arithmetic.")
final class DemoCommand extends Subcommand {
    static final int P = 4;
    static final int F = 8;
    /** a 0x0, b 0x40, scale 0x80, x 0x100, y 0x140; outputs 0x200 (fp32), 0x240 (int32), 0x300 (bf16). */
    static final String PROGRAM = """
            # 1. fma with a per-partition scalar: d = a * scale[p] + b
            scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[8,1] \
            src1=sbuf:0:0x40 src1.step_elem=[1,0] src1.num_elem=[8,1] dst=sbuf:0:0x200 dst.step_elem=[1,0] \
            dst.num_elem=[8,1] op0=mult op1=add imm0_src=pointer_immediate imm0=sbuf:0:0x80 imm0_dtype=fp32 \
            in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32 num_active_channels=4
            # 2. bitvec mask: m = (x & 0x0f0f) | y
            scalar_tensor_tensor_bitvec src0=sbuf:0:0x100 src0.step_elem=[1,0] src0.num_elem=[8,1] \
            src1=sbuf:0:0x140 src1.step_elem=[1,0] src1.num_elem=[8,1] dst=sbuf:0:0x240 dst.step_elem=[1,0] \
            dst.num_elem=[8,1] op0=bitwise_and op1=bitwise_or imm0=0x0f0f imm0_dtype=int32 in0_dtype=int32 \
            in1_dtype=int32 out_dtype=int32 num_active_channels=4
            # 3. relu-then-add into bf16, summing every result into the lane's accumulator: r = max(d, 0) + b
            scalar_tensor_tensor_arith src0=sbuf:0:0x200 src0.step_elem=[1,0] src0.num_elem=[8,1] \
            src1=sbuf:0:0x40 src1.step_elem=[1,0] src1.num_elem=[8,1] dst=sbuf:0:0x300 dst.step_elem=[1,0] \
            dst.num_elem=[8,1] op0=max op1=add imm0=0.0 imm0_dtype=fp32 in0_dtype=fp32 in1_dtype=fp32 \
            out_dtype=bf16 num_active_channels=4 accumulator_cmd=zero_accumulate
            """;

    @Override
    public Integer call() throws AsmException {
        PrintWriter out = out();
        Generation gen = Generation.DEFAULT;
        stt.exec.Engine engine = Engines.named(System.getProperty(stt.engine.EngineProvider.ENGINE_PROPERTY, "fast"));
        List<Word> words = TextForm.assemble(PROGRAM.replace("\\\n", ""), "demo.s", gen);
        float[] a = new float[P * F];
        float[] b = new float[P * F];
        float[] scale = new float[P];
        byte[] x = new byte[P * F * 4];
        byte[] y = new byte[P * F * 4];
        Tile xs = new Tile(Dtype.INT32, P, F, x);
        Tile ys = new Tile(Dtype.INT32, P, F, y);
        for (int p = 0; p < P; p++) {
            scale[p] = 0.5f * (p + 1);
            for (int i = 0; i < F; i++) {
                a[p * F + i] = p - 1.5f + 0.75f * i;
                b[p * F + i] = i % 3 - 1;
                xs.setBits(p, i, 0x1234_5678 * (p + 1) + i);
                ys.setBits(p, i, 1 << (4 + i + p));
            }
        }
        Machine m = new Machine(gen);
        m.write(sbuf(0x0), Tile.ofFloats(Dtype.FP32, P, F, a));
        m.write(sbuf(0x40), Tile.ofFloats(Dtype.FP32, P, F, b));
        m.write(sbuf(0x80), Tile.ofFloats(Dtype.FP32, P, 1, scale));
        m.write(sbuf(0x100), xs);
        m.write(sbuf(0x140), ys);

        out.println("stt demo: a 3-word program on " + gen.isaName() + ", " + P + " partitions x " + F
                + " elements, " + engine.name() + " engine");
        out.println();
        words.forEach(w -> out.println(TextForm.disassemble(w, gen)));
        try {
            Program.run(m, words, engine, Trace.OFF);
        } catch (Program.Failure f) {
            err().println("stt: demo: " + f.getMessage());
            return ExitCode.INTERNAL;
        }
        Tile d = m.read(sbuf(0x200), Dtype.FP32, P, F);
        Tile mask = m.read(sbuf(0x240), Dtype.INT32, P, F);
        Tile r = m.read(sbuf(0x300), Dtype.BF16, P, F);
        out.println();
        show(out, "a (fp32)", Tile.ofFloats(Dtype.FP32, P, F, a));
        show(out, "b (fp32)", Tile.ofFloats(Dtype.FP32, P, F, b));
        out.printf(Locale.ROOT, "scale[p] = %s%n", java.util.Arrays.toString(scale));
        show(out, "d = a * scale[p] + b (fp32)", d);
        showHex(out, "m = (x & 0x0f0f) | y (int32)", mask);
        show(out, "r = max(d, 0) + b (bf16)", r);

        // the same computation in plain Java arithmetic, independent of the model's ALU and conversions
        int outputs = 0;
        int good = 0;
        int accGood = 0;
        for (int p = 0; p < P; p++) {
            float acc = 0;
            for (int i = 0; i < F; i++) {
                float dv = a[p * F + i] * scale[p] + b[p * F + i];
                float rv = Math.max(dv, 0f) + b[p * F + i];
                acc += rv;
                int mv = (xs.bits(p, i) & 0x0f0f) | ys.bits(p, i);
                good += (d.get(p, i) == dv ? 1 : 0) + (mask.bits(p, i) == mv ? 1 : 0)
                        + (r.bits(p, i) == bf16RoundNearestEven(rv) ? 1 : 0);
                outputs += 3;
            }
            accGood += m.accumulator(p) == acc ? 1 : 0;
        }
        out.printf(Locale.ROOT, "accumulators = [%s]%n", String.join(", ", java.util.stream.IntStream.range(0, P)
                .mapToObj(p -> Float.toString(m.accumulator(p))).toList()));
        out.println();
        out.printf("self-check: %d of %d outputs and %d of %d accumulators match plain Java arithmetic%n", good,
                outputs, accGood, P);
        return good == outputs && accGood == P ? ExitCode.OK : ExitCode.INVALID;
    }

    private static MemoryRef sbuf(int offset) {
        return new MemoryRef(Space.SBUF, 0, offset);
    }

    /** The classic bit trick for fp32 to bf16, round to nearest even (finite values). */
    private static int bf16RoundNearestEven(float f) {
        int bits = Float.floatToRawIntBits(f);
        return (bits + 0x7fff + ((bits >>> 16) & 1)) >>> 16;
    }

    private static void show(PrintWriter out, String title, Tile t) {
        out.println(title + ":");
        for (int p = 0; p < t.rows(); p++) {
            StringBuilder sb = new StringBuilder("  p" + p + ":");
            for (int i = 0; i < t.cols(); i++) {
                sb.append(String.format(Locale.ROOT, " %7.3f", t.get(p, i)));
            }
            out.println(sb);
        }
    }

    private static void showHex(PrintWriter out, String title, Tile t) {
        out.println(title + ":");
        for (int p = 0; p < t.rows(); p++) {
            StringBuilder sb = new StringBuilder("  p" + p + ":");
            for (int i = 0; i < t.cols(); i++) {
                sb.append(String.format(" %08x", t.bits(p, i)));
            }
            out.println(sb);
        }
    }
}
