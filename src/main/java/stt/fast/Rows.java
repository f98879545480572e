package stt.fast;

import java.lang.foreign.MemorySegment;
import stt.exec.Operand;
import stt.isa.Dtype;
import stt.machine.Machine;
import stt.machine.internal.RawMemory;

/**
 * Where an operand's lanes start in host memory (and their dtype), resolved once per instruction for the kernels
 * that run on the segments: lane c's element 0 is at byte {@code base + c·pitch} of {@code seg} (partitions are
 * evenly spaced in a space's segment). Looking the segment and address up per lane cost about as much as a
 * 64-element fp32 lane's arithmetic.
 */
record Rows(MemorySegment seg, long base, long pitch, Dtype dtype) {
    static Rows of(Machine m, Operand o) {
        var space = o.start().space();
        return new Rows(RawMemory.segment(m, space), Transfer.start(m, o, 0),
                m.address(space, 1, 0) - m.address(space, 0, 0), o.dtype());
    }

    long at(int lane) {
        return base + lane * pitch;
    }
}
