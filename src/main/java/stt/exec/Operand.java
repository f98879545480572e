package stt.exec;

import stt.codec.TensorPattern;
import stt.isa.Dtype;
import stt.isa.MemoryRef;

/**
 * A tensor operand resolved for execution: where channel 0's stream starts, its pattern and dtype. Element k of
 * channel c is at partition {@code start.partition() + c}, byte {@link #offset(long)}, walking dimension 0
 * innermost (SPEC §3, FAMILY.md §2).
 */
public record Operand(String name, MemoryRef start, TensorPattern pattern, Dtype dtype) {
    public long count() {
        return pattern.elementCount();
    }

    /** The partition byte offset of element {@code k}. */
    public long offset(long k) {
        return start.offset() + pattern.elementOffset(k) * dtype.size();
    }

    public int partition(int channel) {
        return start.partition() + channel;
    }
}
