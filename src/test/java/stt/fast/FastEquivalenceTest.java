package stt.fast;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import stt.RandomWords;
import stt.codec.Word;
import stt.engine.Model;
import stt.exec.ExecutionException;
import stt.exec.ReferenceEngine;
import stt.exec.Trace;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.Opcode;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.internal.RawMemory;
import stt.text.TextForm;

/**
 * The fast engine against the reference on the raw bytes of the whole machine: random valid words on two
 * machines that start equal. {@code -Dstt.equiv.words=N} sets the words per generation (CI: a share).
 */
class FastEquivalenceTest {
    static final int WORDS = Integer.getInteger("stt.equiv.words", 5_000);
    /** Words per generation for each sibling opcode (TensorTensorScan, SelectReduce). */
    static final int SIBLING_WORDS = Integer.getInteger("stt.equiv.siblingWords", 2_000);
    /** The generations the random sweeps cover: SUNDA by its own tables (sunda_vector_engine), and three others. */
    static final Generation[] GENERATIONS = {Generation.SUNDA, Generation.CAYMAN, Generation.MARIANA,
        Generation.MAVERICK};

    /** The model's fast engine, as this package sees it (its kernel runs are counted). */
    static FastEngine fastEngine(int threads) {
        return (FastEngine) Model.fast(threads);
    }

    /** -Dstt.vector.bits (scripts/widths.sh: 128 and 256) really is the width the kernels run at. */
    @org.junit.jupiter.api.Test
    void theKernelsRunAtTheForcedVectorWidth() {
        String bits = System.getProperty("stt.vector.bits");
        assertThat(Species.F.vectorBitSize()).isEqualTo(bits == null
                ? jdk.incubator.vector.FloatVector.SPECIES_PREFERRED.vectorBitSize() : Integer.parseInt(bits));
        assertThat(Species.S.length()).isEqualTo(Species.F.length());
    }

    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"SUNDA", "CAYMAN", "MARIANA", "MAVERICK"})
    void fastEqualsReferenceBitForBit(Generation gen) throws ExecutionException {
        compare(gen, new RandomWords(1000 + gen.ordinal(), gen), WORDS);
    }

    @ParameterizedTest
    @EnumSource(value = Opcode.class, names = {"TENSOR_TENSOR_SCAN_ARITH", "SELECT_REDUCE"})
    void siblingsToo(Opcode opcode) throws ExecutionException {
        for (Generation gen : GENERATIONS) {
            compare(gen, new RandomWords(2000 + gen.ordinal() + opcode.code(), gen, List.of(opcode)), SIBLING_WORDS);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CAYMAN", "MAVERICK"})
    void theFusedMultAddPathsToo(Generation gen) throws ExecutionException {
        compare(gen, RandomWords.fmaShaped(3000 + gen.ordinal(), gen), SIBLING_WORDS);
    }

    /** Instructions above the parallel threshold, on two threads, for each opcode and several dtypes. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {
        "scalar_tensor_tensor_arith op0=mult op1=add in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32",
        "scalar_tensor_tensor_arith op0=max op1=subtract in0_dtype=bf16 in1_dtype=fp8_e4m3 out_dtype=bf16"
                + " accumulator_cmd=zero_accumulate reverse_operands=both",
        "scalar_tensor_tensor_bitvec op0=bitwise_xor op1=logical_shift_right in0_dtype=uint16 in1_dtype=uint16"
                + " out_dtype=uint16 imm0_dtype=uint16 imm0=0x3",
        "tensor_tensor_scan_arith op0=add op1=mult in0_dtype=fp16 in1_dtype=fp32 out_dtype=fp32",
        "select_reduce op0=bypass op1=max in0_dtype=int8 in1_dtype=fp32 out_dtype=fp32"
                + " accumulator_cmd=accumulate"})
    void largeInstructionsRunInParallelAndStillMatch(String shape) throws ExecutionException {
        Generation gen = Generation.MARIANA;
        Machine ref = new Machine(gen);
        Machine fast = new Machine(gen);
        RandomWords.fill(7, ref, fast);
        String text = shape.split(" ")[0] + " src0=sbuf:0:0x0 src0.step_elem=[1,4096] src0.num_elem=[4096,2]"
                + " src1=sbuf:0:0x8000 src1.step_elem=[1,4096] src1.num_elem=[4096,2] dst=sbuf:0:0x10000"
                + " dst.step_elem=[1,4096] dst.num_elem=[4096,2] imm0=1.5 imm0_dtype=fp32 num_active_channels=128";
        Word w = stt.Asm.with(text, shape.substring(shape.indexOf(' ') + 1), gen);
        assertThat(w.pattern("src0").elementCount() * 128).isGreaterThanOrEqualTo(FastEngine.PARALLEL_THRESHOLD);
        Model.reference().execute(ref, w, Trace.OFF);
        fastEngine(2).execute(fast, w, Trace.OFF);
        assertThat(difference(ref, fast, true)).isNull();
    }

    /** Words per generation for each single-stage family opcode (Tensor-Tensor, Copy/Cast, predicated, Memset). */
    static final int FAMILY_WORDS = Integer.getInteger("stt.equiv.familyWords", 1_000);

    @ParameterizedTest
    @EnumSource(value = Opcode.class, names = {"TENSOR_TENSOR_ARITH", "TENSOR_TENSOR_BITVEC", "COPY", "CAST",
        "COPY_PREDICATED", "CAST_PREDICATED", "MEMSET", "TENSOR_SCALAR_ARITH", "TENSOR_SCALAR_BITVEC",
        "TENSOR_SCALAR_PTR_ARITH", "TENSOR_SCALAR_PTR_BITVEC", "TENSOR_SCALAR_CACHE_REDUCE",
        "TENSOR_SCALAR_CACHE_CUMULATIVE", "DVE_READ_ACCUMULATOR"})
    void theFamilyOpcodesToo(Opcode opcode) throws ExecutionException {
        for (Generation gen : GENERATIONS) {
            compare(gen, new stt.FamilyWords(4000 + gen.ordinal() + opcode.code(), gen, List.of(opcode)),
                    FAMILY_WORDS);
        }
    }

    /** Tensor-Tensor adds on contiguous streams of one fused family (FusedMultAdd, with s = 1): NaNs included. */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CAYMAN", "MAVERICK"})
    void tensorTensorAddsOnTheFusedPathToo(Generation gen) throws ExecutionException {
        String[][] families = {{"fp32", "fp32", "fp32"}, {"fp32", "fp32", "fp32r"}, {"bf16", "bf16", "bf16"},
            {"fp16", "fp16", "fp16"}, {"fp8_e3m4", "fp8_e3m4", "fp8_e3m4"}, {"fp8_e4m3", "fp8_e4m3", "fp8_e4m3"},
            {"fp8_e5m2", "fp8_e5m2", "fp8_e5m2"}, {"int8", "int8", "int8"}, {"int16", "int16", "int16"},
            {"uint16", "uint16", "uint16"}, {"int32", "int32", "int32"}};
        compareContiguous(gen, gen.ordinal() + 9, 3, (rnd, n) -> {
            String[] d = families[rnd.nextInt(families.length)];
            return new String[] {"tensor_tensor_arith op=add in0_dtype=" + d[0] + " in1_dtype=" + d[1] + " out_dtype="
                    + d[2], d[0], d[1], d[2]};
        });
    }

    /**
     * Short rows with one scalar run packed (gathered, run as one stream, scattered back): every row length up to and
     * past the packed limit, with dst on src0 in place and apart, on all 128 lanes of random bits.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"int8", "int16", "uint16", "int32", "fp16", "fp8_e4m3",
        "fp8_e5m2"})
    void packedShortRowsToo(String dtype) throws ExecutionException {
        Generation gen = Generation.MARIANA;
        Machine ref = new Machine(gen);
        Machine fast = new Machine(gen);
        RandomWords.fill(41, ref, fast);
        ReferenceEngine reference = Model.reference();
        FastEngine engine = fastEngine(1);
        int words = 0;
        for (int n : new int[] {1, 7, 8, 15, 16, 33, 64, 65}) {
            for (String dst : new String[] {"sbuf:0:0x0", "sbuf:0:0x2000"}) {
                String line = "scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0] src0.num_elem=[" + n
                        + ",1] src1=sbuf:0:0x1000 src1.step_elem=[1,0] src1.num_elem=[" + n + ",1] dst=" + dst
                        + " dst.step_elem=[1,0] dst.num_elem=[" + n + ",1] op0=mult op1=add imm0=-2.5 imm0_dtype=fp32"
                        + " in0_dtype=" + dtype + " in1_dtype=" + dtype + " out_dtype=" + dtype
                        + " num_active_channels=128";
                Word w = stt.Asm.line(line, gen);
                reference.execute(ref, w, Trace.OFF);
                engine.execute(fast, w, Trace.OFF);
                words++;
                assertThat(difference(ref, fast, true)).as(line).isNull();
            }
        }
        assertThat(engine.kernelRuns()).as("words the fast path ran").isEqualTo(words);
    }

    /**
     * SelectReduce's plain selections (FusedSelect): one-byte predicates, half of them zero, choosing between
     * fp32 patterns (NaNs included) and the scalar, either sense; accumulating ones take the chunked path.
     */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CAYMAN", "MAVERICK"})
    void selectionsOnTheFusedPathToo(Generation gen) throws ExecutionException {
        String[] accumulate = {"idle", "idle", "idle", "accumulate"};
        compareContiguous(gen, gen.ordinal() + 11, 2, (rnd, n) -> {
            String pred = rnd.nextBoolean() ? "uint8" : "int8";
            return new String[] {"select_reduce op0=bypass op1=max in0_dtype=" + pred + " in1_dtype=fp32"
                    + " out_dtype=fp32 imm0_dtype=fp32 imm0=" + (rnd.nextBoolean() ? "-2.5" : "0x7fc00001")
                    + " reverse_operands="
                    + (rnd.nextBoolean() ? "none" : "first") + " accumulator_cmd="
                    + accumulate[rnd.nextInt(accumulate.length)], pred, "fp32", "fp32"};
        });
    }

    /**
     * Bitvec words whose stages are both bitwise (FusedBitwise) on one integer width, either swap, any scalar
     * bits; one in five has a shift as op1 and takes the chunked path.
     */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CAYMAN", "MAVERICK"})
    void bitwiseStagesOnTheFusedPathToo(Generation gen) throws ExecutionException {
        String[] dtypes = {"int8", "uint8", "int16", "uint16", "int32", "uint32"};
        String[] ops = {"bypass", "bitwise_not", "bitwise_and", "bitwise_or", "bitwise_xor"};
        String[] swaps = {"none", "first", "second", "both"};
        compareContiguous(gen, gen.ordinal() + 13, 2, (rnd, n) -> {
            String d = dtypes[rnd.nextInt(dtypes.length)];
            String op1 = rnd.nextInt(5) == 0 ? "logical_shift_left" : ops[rnd.nextInt(ops.length)];
            return new String[] {"scalar_tensor_tensor_bitvec op0=" + ops[rnd.nextInt(ops.length)] + " op1=" + op1
                    + " in0_dtype=" + d + " in1_dtype=" + d + " out_dtype=" + d + " imm0_dtype=" + d
                    + String.format(" imm0=0x%08x", rnd.nextInt()) + " reverse_operands="
                    + swaps[rnd.nextInt(swaps.length)], d, d, d};
        });
    }

    /**
     * TensorTensorScan's mult/add without swaps (ScanKernel keeps the states in registers), on float and int dtypes
     * in any mix, from a random fp32 scalar; one in five words swaps a stage and takes the general steps.
     */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CAYMAN", "MAVERICK"})
    void scanMultAddsToo(Generation gen) throws ExecutionException {
        String[] dtypes = {"fp32", "bf16", "fp16", "fp8_e4m3", "int8", "int32"};
        compareContiguous(gen, gen.ordinal() + 17, 2, (rnd, n) -> {
            String[] d = {dtypes[rnd.nextInt(dtypes.length)], dtypes[rnd.nextInt(dtypes.length)],
                dtypes[rnd.nextInt(dtypes.length)]};
            return new String[] {"tensor_tensor_scan_arith op0=mult op1=add in0_dtype=" + d[0] + " in1_dtype=" + d[1]
                    + " out_dtype=" + d[2] + " imm0_dtype=fp32 imm0=" + (float) rnd.nextGaussian()
                    + (rnd.nextInt(5) == 0 ? " reverse_operands=first" : ""), d[0], d[1], d[2]};
        });
    }

    /**
     * TensorTensorScan on contiguous fp32 (and fp32r) streams, which whole groups of lanes run straight between
     * the rows and the transposes (ScanKernel's direct path; a partial group and a length's tail take the chunked
     * path): mult/add in registers, and one word in three other ops or swaps on the general steps.
     */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CAYMAN", "MAVERICK"})
    void scanOnTheDirectPathToo(Generation gen) throws ExecutionException {
        String[] ops = {"add", "subtract", "mult", "max", "min"};
        String[] swaps = {"", " reverse_operands=first", " reverse_operands=second", " reverse_operands=both"};
        compareContiguous(gen, gen.ordinal() + 29, 2, (rnd, n) -> {
            String[] d = {"fp32", "fp32", rnd.nextInt(4) == 0 ? "fp32r" : "fp32"};
            String stages = rnd.nextInt(3) != 0 ? "op0=mult op1=add" : "op0=" + ops[rnd.nextInt(ops.length)] + " op1="
                    + ops[rnd.nextInt(ops.length)] + swaps[rnd.nextInt(swaps.length)];
            return new String[] {"tensor_tensor_scan_arith " + stages + " in0_dtype=" + d[0] + " in1_dtype=" + d[1]
                    + " out_dtype=" + d[2] + " imm0_dtype=fp32 imm0=" + (float) rnd.nextGaussian(), d[0], d[1], d[2]};
        });
    }

    /**
     * Tensor-Scalar mult/add on contiguous fp32 or bf16 streams (fused on the segments), NaNs included, at random
     * lengths, partitions and offsets; one word in five mixes bf16 with fp32 or swaps the second stage and takes
     * the chunked path.
     */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CAYMAN", "MAVERICK"})
    void tensorScalarMultAddsOnTheFusedPathToo(Generation gen) throws ExecutionException {
        Machine ref = new Machine(gen);
        Machine fast = new Machine(gen);
        RandomWords.fill(gen.ordinal() + 23, ref, fast);
        java.util.Random rnd = new java.util.Random(gen.ordinal() + 23);
        ReferenceEngine reference = Model.reference();
        FastEngine engine = fastEngine(2);
        for (int k = 0; k < 400; k++) {
            int n = 1 + rnd.nextInt(300);
            int channels = 1 + rnd.nextInt(128);
            int part = rnd.nextInt(129 - channels);
            int odd = rnd.nextInt(10);
            String text = "tensor_scalar_arith src=sbuf:" + part + ":" + 4 * rnd.nextInt(1000)
                    + " src.step_elem=[1,0,0] src.num_elem=[" + n + ",1,1] dst=sbuf:" + part + ":"
                    + (8192 + 4 * rnd.nextInt(1000)) + " dst.step_elem=[1,0,0] dst.num_elem=[" + n + ",1,1] in_dtype="
                    + (odd == 0 || odd >= 6 ? "bf16" : "fp32") + " out_dtype=" + (odd >= 6 ? "bf16" : "fp32")
                    + " num_active_channels=" + channels + " op0=mult"
                    + String.format(java.util.Locale.ROOT, " imm0=%.5f op1=add imm1=%.5f", rnd.nextGaussian(),
                            rnd.nextGaussian())
                    + (odd == 1 ? " reverse_operands=second" : "");
            Word w = stt.Asm.line(text, gen);
            reference.execute(ref, w, Trace.OFF);
            engine.execute(fast, w, Trace.OFF);
            assertThat(difference(ref, fast, k % 100 == 99)).as("word %d: %s", k, text).isNull();
        }
        assertThat(engine.kernelRuns()).as("words the fast path ran").isGreaterThan(350);
    }

    /**
     * Copies, and casts between bf16 and fp32 (either way, fp32r out too), on contiguous streams (FusedCast: bulk
     * copies, and rows of at most 128 elements all lanes at once), NaNs included; longer rows and fp16 casts take the
     * chunked path.
     */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"CAYMAN", "MAVERICK"})
    void castsAndCopiesOnTheFusedPathToo(Generation gen) throws ExecutionException {
        String[][] copies = {{"fp32", "fp32"}, {"bf16", "bf16"}, {"uint8", "uint8"}, {"int32", "int32"}};
        String[][] casts = {{"bf16", "fp32"}, {"fp32", "bf16"}, {"bf16", "fp32r"}, {"fp16", "fp32"}};
        compareContiguous(gen, gen.ordinal() + 31, 4, (rnd, n) -> {
            boolean copy = rnd.nextInt(3) == 0;
            String[] d = copy ? copies[rnd.nextInt(copies.length)] : casts[rnd.nextInt(casts.length)];
            return new String[] {(copy ? "copy" : "cast") + " in_dtype=" + d[0] + " out_dtype=" + d[1], d[0], d[1]};
        });
    }

    /**
     * A word's shape for {@link #compareContiguous}: its mnemonic and fields, then in0's, in1's and dst's dtypes, or
     * (a one-source word, whose operands are {@code src} and {@code dst}) src's and dst's.
     */
    interface Shape {
        String[] of(java.util.Random rnd, int n);
    }

    /**
     * 600 words of {@code shape} on contiguous streams ({@code dims}-dimensional patterns) of 1 .. 300 elements, at
     * random partitions and offsets, against the reference on machines whose first 1000 bytes per partition are half
     * zeros (predicates, zero data).
     */
    private static void compareContiguous(Generation gen, int seed, int dims, Shape shape)
            throws ExecutionException {
        Machine ref = new Machine(gen);
        Machine fast = new Machine(gen);
        RandomWords.fill(seed, ref, fast);
        java.util.Random rnd = new java.util.Random(seed);
        for (int p = 0; p < Generation.PARTITIONS; p++) {
            for (int at = 0; at < 1000; at++) {
                if (rnd.nextBoolean()) {
                    for (Machine m : new Machine[] {ref, fast}) {
                        RawMemory.segment(m, Space.SBUF).set(java.lang.foreign.ValueLayout.JAVA_BYTE,
                                m.address(Space.SBUF, p, at), (byte) 0);
                    }
                }
            }
        }
        ReferenceEngine reference = Model.reference();
        FastEngine engine = fastEngine(2);
        for (int k = 0; k < 600; k++) {
            int n = 1 + rnd.nextInt(300);
            String[] d = shape.of(rnd, n);
            List<String> operands = d.length == 4 ? List.of("src0", "src1", "dst") : List.of("src", "dst");
            int[] bases = d.length == 4 ? new int[] {0, 4096, 8192} : new int[] {0, 8192};
            int channels = 1 + rnd.nextInt(128);
            int part = rnd.nextInt(129 - channels);
            StringBuilder text = new StringBuilder(d[0]);
            for (int i = 0; i < operands.size(); i++) {
                int size = stt.isa.Coded.byName(Dtype.class, d[i + 1]).orElseThrow().size();
                String o = operands.get(i);
                text.append(' ').append(o).append("=sbuf:").append(part).append(':')
                        .append(bases[i] + size * rnd.nextInt(i == 0 ? 1000 / size : 1000))
                        .append(' ').append(o).append(".step_elem=[1").append(",0".repeat(dims - 1)).append(']')
                        .append(' ').append(o).append(".num_elem=[").append(n).append(",1".repeat(dims - 1))
                        .append(']');
            }
            String line = text + " num_active_channels=" + channels;
            Word w = stt.Asm.line(line, gen);
            reference.execute(ref, w, Trace.OFF);
            engine.execute(fast, w, Trace.OFF);
            String diff = difference(ref, fast, k % 100 == 99);
            assertThat(diff).as("word %d: %s", k, line).isNull();
        }
        assertThat(engine.kernelRuns()).as("words the fast path ran (the rest overlap)").isGreaterThan(500);
    }

    /** The family's kernels above the parallel threshold, on two threads: 128 lanes x 8192 elements. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {
        "tensor_tensor_arith op=max in0_dtype=bf16 in1_dtype=fp32 out_dtype=bf16",
        "tensor_tensor_bitvec op=logical_shift_left in0_dtype=uint16 in1_dtype=uint16 out_dtype=uint16",
        "copy_predicated op=bypass in0_dtype=uint8 in1_dtype=fp32 out_dtype=fp32",
        "cast_predicated op=bypass in0_dtype=int32 in1_dtype=fp16 out_dtype=int8"})
    void largeFamilyInstructionsRunInParallelAndStillMatch(String shape) throws ExecutionException {
        Generation gen = Generation.MARIANA;
        Machine ref = new Machine(gen);
        Machine fast = new Machine(gen);
        RandomWords.fill(8, ref, fast);
        String text = shape.split(" ")[0] + " src0=sbuf:0:0x0 src0.step_elem=[1,2048,4096] src0.num_elem=[2048,2,2]"
                + " src1=sbuf:0:0x8000 src1.step_elem=[1,2048,4096] src1.num_elem=[2048,2,2] dst=sbuf:0:0x10000"
                + " dst.step_elem=[1,2048,4096] dst.num_elem=[2048,2,2] num_active_channels=128";
        Word w = stt.Asm.with(text, shape.substring(shape.indexOf(' ') + 1), gen);
        assertThat(w.pattern("dst").elementCount() * 128).isGreaterThanOrEqualTo(FastEngine.PARALLEL_THRESHOLD);
        Model.reference().execute(ref, w, Trace.OFF);
        FastEngine engine = fastEngine(2);
        engine.execute(fast, w, Trace.OFF);
        assertThat(engine.kernelRuns()).isEqualTo(1);
        assertThat(difference(ref, fast, true)).isNull();
    }

    private static void compare(Generation gen, stt.WordSource words, int count) throws ExecutionException {
        Machine ref = new Machine(gen);
        Machine fast = new Machine(gen);
        RandomWords.fill(gen.ordinal(), ref, fast);
        java.util.Random accumulators = new java.util.Random(gen.ordinal());
        for (int lane = 0; lane < Generation.PARTITIONS; lane++) {
            float acc = stt.Values.specialOrRandom(accumulators);
            ref.setAccumulator(lane, acc);
            fast.setAccumulator(lane, acc);
        }
        ReferenceEngine reference = Model.reference();
        FastEngine engine = fastEngine(2);
        long elements = 0;
        for (int n = 0; n < count; n++) {
            Word w = words.next(ref, fast);
            reference.execute(ref, w, Trace.OFF);
            engine.execute(fast, w, Trace.OFF);
            elements += w.pattern("dst").elementCount() * w.get("num_active_channels");
            boolean full = n % 500 == 499 || n == count - 1;
            String diff = difference(ref, fast, full);
            if (diff != null) {
                throw new AssertionError("word " + n + " on " + gen + ": " + diff + "\n  "
                        + TextForm.disassemble(w, gen));
            }
        }
        assertThat(elements).isGreaterThanOrEqualTo(count);
        assertThat(engine.kernelRuns()).as("words the fast path ran itself").isGreaterThan(count * 3 / 4);
    }

    /** Where the machines differ (accumulators, registers, the test region or, if {@code full}, anywhere). */
    static String difference(Machine a, Machine b, boolean full) {
        for (int r = 0; r < Generation.ADDRESS_REGISTERS; r++) {
            if (a.register(r) != b.register(r)) {
                return String.format("register %d: reference 0x%08x, fast 0x%08x", r, a.register(r), b.register(r));
            }
        }
        for (int lane = 0; lane < Generation.PARTITIONS; lane++) {
            if (Float.floatToRawIntBits(a.accumulator(lane)) != Float.floatToRawIntBits(b.accumulator(lane))) {
                return "accumulator " + lane + ": reference " + a.accumulator(lane) + ", fast " + b.accumulator(lane);
            }
        }
        for (Space s : Space.values()) {
            int active = a.generation().activeBytes(s);
            long span = full || s == Space.PSUM ? active : RandomWords.REGION;
            for (int p = 0; p < Generation.PARTITIONS && active > 0; p++) {
                MemorySegment x = RawMemory.segment(a, s).asSlice(a.address(s, p, 0), span);
                MemorySegment y = RawMemory.segment(b, s).asSlice(b.address(s, p, 0), span);
                long at = x.mismatch(y);
                if (at >= 0) {
                    return String.format("%s partition %d byte 0x%x: reference %02x, fast %02x", s, p, at,
                            x.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at),
                            y.get(java.lang.foreign.ValueLayout.JAVA_BYTE, at));
                }
            }
        }
        return null;
    }
}
