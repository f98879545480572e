package stt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stt.isa.Dtype;
import stt.npy.Npy;
import stt.npy.NpyArray;

class RunCommandTest {
    @TempDir
    Path dir;

    static final String PROGRAM = String.join("\n",
            "# 1: fma, per-partition scalar from sbuf 0x800, src0 read backwards",
            "scalar_tensor_tensor_arith src0=sbuf:0:0x3c src0.step_elem=[-1,0] src0.num_elem=[16,1]"
                    + " src1=sbuf:0:0x400 src1.step_elem=[1,0] src1.num_elem=[16,1] dst=sbuf:0:0x1000"
                    + " dst.step_elem=[1,0] dst.num_elem=[16,1] op0=mult op1=add imm0_src=pointer_immediate"
                    + " imm0=sbuf:0:0x800 imm0_dtype=fp32 in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32"
                    + " num_active_channels=4",
            "# 2: bitvec mask on int32: (x & 0xff) | y",
            "scalar_tensor_tensor_bitvec src0=sbuf:0:0xc00 src0.step_elem=[1,0] src0.num_elem=[4,1]"
                    + " src1=sbuf:0:0xc40 src1.step_elem=[1,0] src1.num_elem=[4,1] dst=sbuf:0:0xc80"
                    + " dst.step_elem=[1,0] dst.num_elem=[4,1] op0=bitwise_and op1=bitwise_or imm0=0xff"
                    + " imm0_dtype=int32 in0_dtype=int32 in1_dtype=int32 out_dtype=int32 num_active_channels=4",
            "# 3: |dst1 - 1| max src1 into bf16, with zero_accumulate",
            "scalar_tensor_tensor_arith src0=sbuf:0:0x1000 src0.step_elem=[1,0] src0.num_elem=[16,1]"
                    + " src1=sbuf:0:0x400 src1.step_elem=[1,0] src1.num_elem=[16,1] dst=sbuf:0:0x1400"
                    + " dst.step_elem=[1,0] dst.num_elem=[16,1] op0=absolute_diff op1=max imm0=1.0 imm0_dtype=fp32"
                    + " in0_dtype=fp32 in1_dtype=fp32 out_dtype=bf16 num_active_channels=4"
                    + " accumulator_cmd=zero_accumulate",
            "");

    Path npy(String name, Dtype dtype, int rows, int cols, ByteBuffer data) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, Npy.write(NpyArray.of(dtype, new long[] {rows, cols}, data.array())));
        return p;
    }

    /** bf16 bits of a finite fp32 by round-to-nearest-even on the low 16 bits (written here, not the model's). */
    static int bf16(float f) {
        int b = Float.floatToRawIntBits(f);
        return (b + 0x7fff + ((b >>> 16) & 1)) >>> 16;
    }

    static ByteBuffer buf(int bytes) {
        return ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    NpyArray readNpy(Path p) throws Exception {
        return Npy.read(Files.readAllBytes(p));
    }

    @Test
    void aThreeInstructionProgramGivesHandComputedResults() throws Exception {
        ByteBuffer x = buf(4 * 16 * 4);
        ByteBuffer y = buf(4 * 16 * 4);
        ByteBuffer s = buf(4 * 4);
        ByteBuffer ints = buf(4 * 4 * 4);
        ByteBuffer masks = buf(4 * 4 * 4);
        for (int r = 0; r < 4; r++) {
            for (int k = 0; k < 16; k++) {
                x.putFloat(r * 10 + k);
                y.putFloat(k * 0.25f - 1);
            }
            s.putFloat(r - 1.5f);
            for (int k = 0; k < 4; k++) {
                ints.putInt(0x1234_5600 + 17 * r + k);
                masks.putInt(0x100 << k);
            }
        }
        Path prog = dir.resolve("p.s");
        Files.writeString(prog, PROGRAM);
        Path out1 = dir.resolve("fma.npy");
        Path out2 = dir.resolve("mask.npy");
        Path out3 = dir.resolve("bf16.npy");
        CliTest.Result r = CliTest.stt("run", prog.toString(),
                "--load", "sbuf:0:0=" + npy("x.npy", Dtype.FP32, 4, 16, x),
                "--load", "sbuf:0:0x400=" + npy("y.npy", Dtype.FP32, 4, 16, y),
                "--load", "sbuf:0:0x800=" + npy("s.npy", Dtype.FP32, 4, 1, s),
                "--load", "sbuf:0:0xc00=" + npy("i.npy", Dtype.INT32, 4, 4, ints),
                "--load", "sbuf:0:0xc40=" + npy("m.npy", Dtype.INT32, 4, 4, masks),
                "--dump", "sbuf:0:0x1000:4x16:fp32=" + out1,
                "--dump", "sbuf:0:0xc80:4x4:int32=" + out2,
                "--dump", "sbuf:0:0x1400:4x16:bf16=" + out3);
        assertThat(r.code()).as(r.err()).isZero();
        // the default engine: fast, unless the run sets -Dstt.engine (scripts/widths.sh runs this with reference)
        assertThat(r.out()).contains("ran 3 words on mariana (" + System.getProperty("stt.engine", "fast") + " engine)");
        ByteBuffer fma = readNpy(out1).buffer();
        ByteBuffer mask = readNpy(out2).buffer();
        NpyArray bf = readNpy(out3);
        assertThat(bf.descr()).isEqualTo("<u2");
        for (int row = 0; row < 4; row++) {
            for (int k = 0; k < 16; k++) {
                float expected = (row * 10 + 15 - k) * (row - 1.5f) + (k * 0.25f - 1);
                assertThat(fma.getFloat(4 * (row * 16 + k))).as("fma[%d][%d]", row, k).isEqualTo(expected);
                float third = Math.max(Math.abs(expected - 1), k * 0.25f - 1);
                assertThat(bf.buffer().getShort(2 * (row * 16 + k)) & 0xffff).as("bf16[%d][%d]", row, k)
                        .isEqualTo(bf16(third));
            }
            for (int k = 0; k < 4; k++) {
                assertThat(mask.getInt(4 * (row * 4 + k))).isEqualTo(((17 * row + k) & 0xff) | (0x100 << k));
            }
        }
    }

    @Test
    void anInvalidProgramExits1AndDumpsTheLoadedStateUnchanged() throws Exception {
        ByteBuffer x = buf(4 * 16 * 4);
        for (int k = 0; k < 64; k++) {
            x.putFloat(k);
        }
        Path prog = dir.resolve("bad.s");
        Files.writeString(prog, PROGRAM.replace("op1=bitwise_or", "op1=add"));
        Path in = npy("x.npy", Dtype.FP32, 4, 16, x);
        Path out = dir.resolve("out.npy");
        CliTest.Result r = CliTest.stt("run", prog.toString(), "--load", "sbuf:0:0=" + in,
                "--dump", "sbuf:0:0:4x16:fp32=" + out, "--dump", "sbuf:0:0x1000:4x16:fp32=" + dir.resolve("z.npy"));
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("word 1: invalid instruction").contains("has_valid_scalar_tensor_tensor_op")
                .contains("nothing was executed");
        assertThat(readNpy(out)).isEqualTo(readNpy(in));
        assertThat(readNpy(dir.resolve("z.npy")).data()).containsOnly(0);
    }

    /**
     * examples/family.s (the README's): memset, cast, tensor-tensor, STT, copy_predicated and copy chained; on SUNDA
     * too, which runs the Vector Engine by its own tables (sunda_vector_engine).
     */
    @ParameterizedTest
    @ValueSource(strings = {"mariana", "sunda"})
    void theFamilyExampleProgramGivesHandComputedResults(String gen) throws Exception {
        ByteBuffer x = buf(4 * 16);
        ByteBuffer pred = buf(16);
        for (int k = 0; k < 16; k++) {
            x.putInt(k);
            pred.put((byte) (k % 2 == 0 ? 1 : 0));
        }
        Path out = dir.resolve("family.npy");
        CliTest.Result r = CliTest.stt("run", Path.of("examples", "family.s").toString(), "--gen", gen,
                "--load", "sbuf:0:0x100=" + npy("x.npy", Dtype.INT32, 4, 4, x),
                "--load", "sbuf:0:0x500=" + npy("p.npy", Dtype.UINT8, 4, 4, pred),
                "--dump", "sbuf:0:0x600:4x4:fp32=" + out);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains(" words on " + gen + " (");
        // x = 4r + i; a = 2 (memset); y = x * a; z = max(y + 1, x) = 8r + 2i + 1; where i is even x takes z
        float[] want = {1, 1, 5, 3, 9, 5, 13, 7, 17, 9, 21, 11, 25, 13, 29, 15};
        ByteBuffer got = readNpy(out).buffer();
        for (int k = 0; k < 16; k++) {
            assertThat(got.getFloat(4 * k)).as("element %d", k).isEqualTo(want[k]);
        }
    }

    /** examples/rowsum.s (the README's): STT accumulate then DveReadAccumulator give sequential fp32 row sums. */
    @Test
    void theRowSumExampleGivesSequentialFp32Sums() throws Exception {
        ByteBuffer x = buf(4 * 128 * 512);
        java.util.Random rnd = new java.util.Random(5);
        float[] want = new float[128];
        for (int r = 0; r < 128; r++) {
            for (int c = 0; c < 512; c++) {
                float v = (float) rnd.nextGaussian() * (1 << rnd.nextInt(12));
                x.putFloat(v);
                want[r] += v;
            }
        }
        Path out = dir.resolve("sum.npy");
        CliTest.Result r = CliTest.stt("run", Path.of("examples", "rowsum.s").toString(),
                "--load", "sbuf:0:0x0=" + npy("x.npy", Dtype.FP32, 128, 512, x),
                "--dump", "sbuf:0:0x1000:128x1:fp32=" + out);
        assertThat(r.code()).as(r.err()).isZero();
        ByteBuffer got = readNpy(out).buffer();
        for (int k = 0; k < 128; k++) {
            assertThat(got.getFloat(4 * k)).as("row %d", k).isEqualTo(want[k]);
        }
    }

    @Test
    void registersAreSetFromTheCommandLine() throws Exception {
        Path prog = dir.resolve("reg.s");
        Files.writeString(prog, "memset dst=reg:3 dst.step_elem=[1,0,0,0] dst.num_elem=[2,1,1,1] dst_element_count=2"
                + " dtype=uint8 set_value=0x5a num_active_channels=1\n");
        Path out = dir.resolve("reg.npy");
        CliTest.Result r = CliTest.stt("run", prog.toString(), "--reg", "3=0x41", "--dump",
                "sbuf:0:0x40:1x4:uint8=" + out);
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(readNpy(out).data()).containsExactly(0, 0x5a, 0x5a, 0);
        assertThat(CliTest.stt("run", prog.toString(), "--reg", "64=0").err()).contains("--reg 64=0 register 64 is"
                + " out of range; allowed: 0..63");
        assertThat(CliTest.stt("run", prog.toString(), "--reg", "3").code()).isEqualTo(2);
    }

    @Test
    void aValidWordThisModelDoesNotExecuteStopsTheRunBeforeAnythingRuns() throws Exception {
        Path prog = dir.resolve("tt.s");
        Files.writeString(prog, PROGRAM + "exponential src=sbuf:0:0x0 src.step_elem=[1,1,1] src.num_elem=[4,1,1]"
                + " dst=sbuf:0:0x1000 dst.step_elem=[1,1,1] dst.num_elem=[4,1,1] in_dtype=fp32 out_dtype=fp32"
                + " num_active_channels=4\n");
        Path out = dir.resolve("out.npy");
        CliTest.Result r = CliTest.stt("run", prog.toString(), "--dump", "sbuf:0:0x1000:4x16:fp32=" + out);
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("word 3: exponential (0x30, S3D3_TS) decodes and validates, but this model"
                + " does not execute it: the device evaluates exp through PWL/LUT tables")
                .contains("nothing was executed");
        assertThat(readNpy(out).data()).containsOnly(0);
    }

    @Test
    void anExecutionErrorStopsAtThatWordAndKeepsEarlierEffects() throws Exception {
        Path prog = dir.resolve("p.s");
        // registers start at 0 = sbuf:0:0x0, so a backwards pattern from there leaves the partition
        Files.writeString(prog, PROGRAM.replace("dst=sbuf:0:0xc80 dst.step_elem=[1,0]",
                "dst=reg:3 dst.step_elem=[-1,0]"));
        Path out = dir.resolve("fma.npy");
        CliTest.Result r = CliTest.stt("run", prog.toString(), "--gen", "cayman", "--load",
                "sbuf:0:0x800=" + npy("s.npy", Dtype.FP32, 4, 1, buf(16).putFloat(12, 1f)),
                "--load", "sbuf:0:0x400=" + npy("y.npy", Dtype.FP32, 1, 1, buf(4).putFloat(0, 7f)),
                "--dump", "sbuf:0:0x1000:4x16:fp32=" + out);
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("word 1: dst reads address register 3 = 0x00000000")
                .contains("touches partition bytes -12..3").doesNotContain("nothing was executed");
        assertThat(readNpy(out).buffer().getFloat(0)).isEqualTo(7f); // word 0 ran
    }

    @Test
    void traceGoesToStandardOutput() throws Exception {
        Path prog = dir.resolve("p.s");
        Files.writeString(prog, PROGRAM);
        CliTest.Result r = CliTest.stt("run", prog.toString(), "--trace", "--trace-limit", "2");
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("S: Scalar-Tensor-Tensor\nS: OP=6 R[2] = OP(R[0], imm)\n"
                + "S: OP=4 R[2] = OP(R[2], R[1])\nS: Scalar-Tensor-Tensor\nS: Scalar-Tensor-Tensor\n"
                + "S: (286 more element lines not shown; limit 2)");
    }

    @Test
    void badLoadsAndDumpsExit2NamingTheArgument() throws Exception {
        Path prog = dir.resolve("p.s");
        Files.writeString(prog, PROGRAM);
        Path f64 = dir.resolve("d.npy");
        Files.write(f64, Npy.write(new NpyArray("<f8", new long[] {2, 2}, new byte[32])));
        assertThat(CliTest.stt("run", prog.toString(), "--load", "sbuf:0:0=" + f64).err())
                .contains("d.npy: dtype '<f8' is not a machine dtype");
        assertThat(CliTest.stt("run", prog.toString(), "--load", "sbuf:0:0x3fff0=" + npy("x.npy", Dtype.FP32, 1,
                8, buf(32))).err()).contains("exceed the active 256 KiB");
        assertThat(CliTest.stt("run", prog.toString(), "--load", "dram:0:0=x.npy").err())
                .contains("expected sbuf:P:OFF or psum:P:OFF");
        CliTest.Result r = CliTest.stt("run", prog.toString(), "--dump", "sbuf:0:0:4x4:float64=o.npy");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("unknown dtype 'float64'");
        assertThat(CliTest.stt("run", prog.toString(), "--dump", "sbuf:0:0:4by4:fp32=o.npy").err())
                .contains("shape '4by4' is not ROWSxCOLS");
        assertThat(CliTest.stt("run", prog.toString(), "--load", "sbuf:0:0=" + dir.resolve("none.npy")).err())
                .contains("none.npy: cannot read: no such file");
    }
}
