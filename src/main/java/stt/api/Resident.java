package stt.api;

import java.util.Map;
import java.util.Optional;
import stt.isa.Dtype;
import stt.isa.MemoryRef;
import stt.machine.Tile;

/**
 * Operands a call finds already in the bound {@link NeuronCore}'s memory: a kernel's SBUF and PSUM tensors
 * (FAMILY-NEXT §9). A call run while {@link #CURRENT} is bound reads each such tile where it lives and writes its output
 * to {@code out} when given, so its word addresses them as a compiler's would; the tiles it still stages (inputs given
 * as values) stay below {@code scratchLimit} bytes of each SBUF partition, under the kernel's own tensors.
 *
 * @param homes the tiles read from the core, each with the PARTITION_OFFSET it was read from (an identity map, which
 *     the caller may fill while the call is built)
 * @param out where the output goes, when the caller placed it
 * @param scratchLimit the bytes of each SBUF partition, from 0, that staged tiles may use
 */
public record Resident(Map<Tile, Integer> homes, Optional<Out> out, long scratchLimit) {
    public static final ScopedValue<Resident> CURRENT = ScopedValue.newInstance();

    /** The output's place: its PARTITION_OFFSET, where it is in the core, and the shape and dtype the caller expects. */
    public record Out(int address, MemoryRef at, int rows, int cols, Dtype dtype) {
    }

    /** Where {@code tile} lives in the core, when it is one of the bound operands. */
    static Optional<Integer> home(Tile tile) {
        return CURRENT.isBound() ? Optional.ofNullable(CURRENT.get().homes.get(tile)) : Optional.empty();
    }

    /** The bound output place, if any. */
    static Optional<Out> output() {
        return CURRENT.isBound() ? CURRENT.get().out : Optional.empty();
    }

    /** The bytes of each SBUF partition staged tiles may use, at most {@code active}. */
    static long scratch(long active) {
        return CURRENT.isBound() ? Math.min(active, CURRENT.get().scratchLimit) : active;
    }
}
