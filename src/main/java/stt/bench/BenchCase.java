package stt.bench;

import stt.api.Call;
import stt.isa.AluOp;
import stt.isa.Dtype;

/** One benchmarked instruction shape: which instruction, dtypes, ops, [partitions, free]. */
public record BenchCase(String name, Call.Instruction instruction, Dtype in0, Dtype in1, Dtype out, AluOp op0,
        AluOp op1, int partitions, int free) {
    public long elements() {
        return (long) partitions * free;
    }

    /** Bytes read and written per element: both sources and the destination. */
    public int bytesPerElement() {
        return in0.size() + in1.size() + out.size();
    }
}
