package stt.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import stt.Words;
import stt.codec.Codec;
import stt.codec.Word;
import stt.engine.Model;
import stt.isa.Generation;

/** Words per second for decode, encode and validate over 4096 plausible words (run with bench/jmh). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class CodecBenchmark {
    static final int WORDS = 4096;

    byte[] program;
    Word[] decoded;
    Word[] valid;

    @Setup
    public void setup() {
        Random rnd = new Random(1);
        decoded = new Word[WORDS];
        for (int k = 0; k < WORDS; k++) {
            decoded[k] = Words.plausible(rnd, Generation.MARIANA);
        }
        program = Codec.encodeAll(java.util.List.of(decoded));
        valid = new Word[WORDS];
        for (int k = 0; k < WORDS; k++) {
            String line = "scalar_tensor_tensor_arith src0=sbuf:0:0x" + Integer.toHexString(4 * k)
                    + " src0.step_elem=[1,0] src0.num_elem=[512,1] src1=sbuf:0:0x8000 src1.step_elem=[1,0]"
                    + " src1.num_elem=[512,1] dst=sbuf:0:0x10000 dst.step_elem=[1,0] dst.num_elem=[512,1] op0=mult"
                    + " op1=add imm0=2.5 imm0_dtype=fp32 in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32"
                    + " num_active_channels=128";
            try {
                valid[k] = stt.text.TextForm.assembleLine(line, "bench", 1, Generation.MARIANA).orElseThrow();
            } catch (stt.text.AsmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(WORDS)
    public void decode(Blackhole bh) {
        for (int base = 0; base < program.length; base += Word.SIZE) {
            bh.consume(Codec.decode(program, base));
        }
    }

    /** Decoding and then reading every field of the word's layout: what a full record decode would cost. */
    @Benchmark
    @OperationsPerInvocation(WORDS)
    public void decodeAndReadEveryField(Blackhole bh) {
        for (int base = 0; base < program.length; base += Word.SIZE) {
            Word w = Codec.decode(program, base);
            long sum = 0;
            for (stt.codec.Field f : w.layout().fields()) {
                sum += w.get(f);
            }
            bh.consume(sum);
        }
    }

    @Benchmark
    @OperationsPerInvocation(WORDS)
    public void encode(Blackhole bh) {
        byte[] out = new byte[Word.SIZE];
        for (Word w : decoded) {
            w.copyTo(out, 0);
            bh.consume(out);
        }
    }

    @Benchmark
    @OperationsPerInvocation(WORDS)
    public void validateValid(Blackhole bh) {
        for (Word w : valid) {
            bh.consume(Model.VALIDATOR.validate(w, Generation.MARIANA));
        }
    }

    /** Mostly invalid words: the cost includes formatting every violation message. */
    @Benchmark
    @OperationsPerInvocation(WORDS)
    public void validateMixed(Blackhole bh) {
        for (Word w : decoded) {
            bh.consume(Model.VALIDATOR.validate(w, Generation.MARIANA));
        }
    }
}
