package stt.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import stt.codec.Word;
import stt.engine.Model;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Trace;
import stt.isa.Generation;
import stt.machine.Machine;
import stt.text.AsmException;
import stt.text.TextForm;

/**
 * Both engines on an STT fma and on a Tensor-Tensor add over 128 x 2048 elements; divide by 262144 for ns per
 * element.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "--add-modules=jdk.incubator.vector")
public class EngineBenchmark {
    @Param({"fp32", "bf16"})
    public String dtype;

    @Param({"fast", "reference"})
    public String engine;

    Machine machine;
    Word word;
    Word add;
    Engine e;

    @Setup
    public void setup() throws AsmException {
        machine = new Machine(Generation.MARIANA);
        e = engine.equals("fast") ? Model.fast(1) : Model.reference();
        word = TextForm.assembleLine("scalar_tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0]"
                + " src0.num_elem=[2048,1] src1=sbuf:0:0x2000 src1.step_elem=[1,0] src1.num_elem=[2048,1]"
                + " dst=sbuf:0:0x4000 dst.step_elem=[1,0] dst.num_elem=[2048,1] op0=mult op1=add imm0=2.5"
                + " imm0_dtype=fp32 in0_dtype=" + dtype + " in1_dtype=" + dtype + " out_dtype=" + dtype
                + " num_active_channels=128", "bench", 1, Generation.MARIANA).orElseThrow();
        add = TextForm.assembleLine("tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0,0]"
                + " src0.num_elem=[2048,1,1] src1=sbuf:0:0x2000 src1.step_elem=[1,0,0] src1.num_elem=[2048,1,1]"
                + " dst=sbuf:0:0x4000 dst.step_elem=[1,0,0] dst.num_elem=[2048,1,1] op=add in0_dtype=" + dtype
                + " in1_dtype=" + dtype + " out_dtype=" + dtype + " num_active_channels=128", "bench", 1,
                Generation.MARIANA).orElseThrow();
    }

    @Benchmark
    public Machine fma() throws ExecutionException {
        e.execute(machine, word, Trace.OFF);
        return machine;
    }

    @Benchmark
    public Machine tensorTensorAdd() throws ExecutionException {
        e.execute(machine, add, Trace.OFF);
        return machine;
    }
}
