package stt.exec;

import stt.codec.TensorPattern;
import stt.isa.Dtype;
import stt.isa.MemoryRef;

/**
 * A tensor operand resolved for execution: where channel 0's stream starts, its pattern and dtype. Element k of
 * channel c is at partition {@code start.partition() + c}, byte {@link #offset(long)}, walking dimension 0
 * innermost (SPEC §3, FAMILY.md §2). {@code linearStride} is the pattern's {@link TensorPattern#linearStride},
 * read once here because the fast engine asks for it per lane and chunk.
 */
public record Operand(String name, MemoryRef start, TensorPattern pattern, Dtype dtype, long linearStride) {
    public Operand {
        if (linearStride != pattern.linearStride()) {
            throw new IllegalArgumentException(name + ": linearStride " + linearStride + " is not the pattern's "
                    + pattern.linearStride());
        }
    }

    public Operand(String name, MemoryRef start, TensorPattern pattern, Dtype dtype) {
        this(name, start, pattern, dtype, pattern.linearStride());
    }

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
