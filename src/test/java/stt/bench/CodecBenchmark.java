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
import stt.codec.S2S2D2_STT;
import stt.isa.Generation;
import stt.validate.Validator;

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
    S2S2D2_STT[] decoded;

    @Setup
    public void setup() {
        Random rnd = new Random(1);
        decoded = new S2S2D2_STT[WORDS];
        for (int k = 0; k < WORDS; k++) {
            decoded[k] = Words.plausible(rnd, Generation.MARIANA);
        }
        program = Codec.encodeAll(java.util.List.of(decoded));
    }

    @Benchmark
    @OperationsPerInvocation(WORDS)
    public void decode(Blackhole bh) {
        for (int base = 0; base < program.length; base += S2S2D2_STT.SIZE) {
            bh.consume(Codec.decode(program, base));
        }
    }

    @Benchmark
    @OperationsPerInvocation(WORDS)
    public void encode(Blackhole bh) {
        byte[] out = new byte[S2S2D2_STT.SIZE];
        for (S2S2D2_STT w : decoded) {
            Codec.encodeInto(w, out, 0);
            bh.consume(out);
        }
    }

    @Benchmark
    @OperationsPerInvocation(WORDS)
    public void validate(Blackhole bh) {
        for (S2S2D2_STT w : decoded) {
            bh.consume(Validator.validate(w, Generation.MARIANA));
        }
    }
}
