package stt.exec;

import stt.codec.Tensor2D;
import stt.isa.Dtype;
import stt.isa.MemoryRef;

/**
 * A tensor operand resolved for execution: where channel 0's stream starts, its pattern and dtype. Element k of
 * channel c is at partition {@code start.partition() + c}, byte {@link #offset(long)}, walking dimension 0
 * innermost (SPEC §3).
 */
public record Operand(String name, MemoryRef start, Tensor2D pattern, Dtype dtype) {
    public long count() {
        return pattern.elementCount();
    }

    /** The partition byte offset of element {@code k}. */
    public long offset(long k) {
        long j = k / pattern.num_elem_0();
        long i = k % pattern.num_elem_0();
        return start.offset() + (j * pattern.step_elem_1() + i * pattern.step_elem_0()) * dtype.size();
    }

    public int partition(int channel) {
        return start.partition() + channel;
    }
}
