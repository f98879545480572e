package stt.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import stt.codec.Word;
import stt.engine.Model;
import stt.exec.ExecutionException;
import stt.exec.Instruction;
import stt.isa.Generation;
import stt.machine.Machine;
import stt.text.AsmException;
import stt.text.TextForm;

/**
 * The fixed cost of a word before its elements run: decode 64 bytes, admit (validate, executability) and resolve
 * them into the {@link Instruction} the bodies and kernels read, for a one-element STT word whose scalar is a
 * pointer (a stream of such words is what a kernel issues).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class ResolveBenchmark {
    Machine machine;
    byte[] bytes;

    @Setup
    public void setup() throws AsmException {
        machine = new Machine(Generation.MARIANA);
        bytes = TextForm.assembleLine("scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0]"
                + " src0.num_elem=[1,1] src1=sbuf:0:0x40 src1.step_elem=[1,0] src1.num_elem=[1,1] dst=sbuf:0:0x80"
                + " dst.step_elem=[1,0] dst.num_elem=[1,1] op0=mult op1=add imm0_src=pointer_immediate"
                + " imm0=sbuf:0:0xc0 imm0_dtype=fp32 in0_dtype=fp32 in1_dtype=fp32 out_dtype=fp32"
                + " num_active_channels=1", "bench", 1, Generation.MARIANA).orElseThrow().bytes();
    }

    @Benchmark
    public Object decodeAndResolve() throws ExecutionException {
        Word w = Word.decode(bytes, 0);
        Model.RESOLVER.admit(machine, w);
        return Model.RESOLVER.instruction(machine, w);
    }
}
