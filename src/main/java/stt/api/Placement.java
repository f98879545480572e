package stt.api;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Optional;
import stt.codec.TensorPattern;
import stt.exec.ExecutionException;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.Tile;

/**
 * Where an NKI-style call's tiles live: row r of every [P, F] tile in SBUF partition r, each tile from a 64-byte
 * aligned offset after the previous one; a free size F beyond a u16 count is written as n1 x n0
 * (n0 <= 32767, the step of dimension 1 being an int16). A tile the bound core already holds ({@link Resident}) is
 * used where it is. Places are PARTITION_OFFSETs: a staged tile's is its byte offset in partition 0 of SBUF.
 */
final class Placement {
    private static final int ALIGN = 64;
    private static final int MAX_NUM_ELEM = 0xffff;
    private static final int MAX_DIM0 = Short.MAX_VALUE;

    private final Generation gen;
    private final int rows;
    private final int cols;
    private final int n0;
    private final List<Load> loads = new ArrayList<>();
    private long end;

    private record Load(int offset, Tile tile) {
    }

    /**
     * @param what the tile that sets the shape, for messages
     * @throws IllegalArgumentException when the shape has no partitions, too many, or no elements
     */
    Placement(Generation gen, String what, int rows, int cols) {
        if (rows < 1 || rows > Generation.PARTITIONS) {
            throw new IllegalArgumentException(what + " has " + rows + " partitions; allowed: 1.."
                    + Generation.PARTITIONS);
        }
        if (cols < 1) {
            throw new IllegalArgumentException(what + " has no elements per partition");
        }
        this.gen = gen;
        this.rows = rows;
        this.cols = cols;
        this.n0 = splitCount(cols).orElseThrow(() -> new IllegalArgumentException("a free size of " + cols
                + " elements cannot be written as n1 x n0 with n0 <= " + MAX_DIM0 + " and n1 <= " + MAX_NUM_ELEM));
    }

    Generation gen() {
        return gen;
    }

    int rows() {
        return rows;
    }

    int cols() {
        return cols;
    }

    /** Reserves {@code rowBytes} in every partition; returns the offset. */
    int reserve(long rowBytes) {
        long at = (end + ALIGN - 1) / ALIGN * ALIGN;
        end = at + rowBytes;
        return (int) Math.min(at, Integer.MAX_VALUE);
    }

    /**
     * The place of {@code tile}: where the bound core holds it ({@link Resident}), else room reserved for it, where
     * it is loaded before the call runs.
     */
    int load(Tile tile) {
        Optional<Integer> home = Resident.home(tile);
        if (home.isPresent()) {
            return home.get();
        }
        int at = reserve(tile.rowBytes());
        loads.add(new Load(at, tile));
        return at;
    }

    /** The place of the call's output of {@code rowBytes} a partition: the bound output place, else reserved room. */
    int output(long rowBytes) {
        return Resident.output().map(Resident.Out::address).orElseGet(() -> reserve(rowBytes));
    }

    /** Throws when a bound output place is not where the call writes, or not the output it makes. */
    void checkOutput(int out, Dtype dtype, int outRows, int outCols) {
        Optional<Resident.Out> o = Resident.output();
        if (o.isEmpty()) {
            return;
        }
        Resident.Out r = o.get();
        if (r.address() != out) {
            throw new IllegalArgumentException("this call cannot write its output at " + r.at() + " (it writes a"
                    + " staged block, or dst is elsewhere)");
        }
        if (r.rows() != outRows || r.cols() != outCols || r.dtype() != dtype) {
            throw new IllegalArgumentException("the output at " + r.at() + " is [" + r.rows() + ", " + r.cols() + "] "
                    + r.dtype().isaName() + "; the call makes [" + outRows + ", " + outCols + "] " + dtype.isaName());
        }
    }

    /**
     * Throws when the staged tiles need more bytes per partition than the generation's SBUF has, or than a kernel's
     * tensors leave them ({@link Resident#scratchLimit}).
     */
    void checkFits(String tiles) {
        int active = gen.activeBytes(Space.SBUF);
        long room = Resident.scratch(active);
        if (end > room) {
            throw new IllegalArgumentException("a free size of " + cols + " elements needs " + end
                    + " bytes per partition for " + tiles + "; " + (room < active ? "the kernel's SBUF tensors leave "
                    + room + " of " : "") + gen + "'s SBUF has " + active + " (" + active / 1024 + " KiB)");
        }
    }

    /** A [P, F] pattern of {@code rank} dimensions from place {@code at}: n0, n1, then dimensions of one. */
    TensorPattern pattern(int at, int rank) {
        int n1 = cols / n0;
        int[] steps = new int[rank];
        int[] nums = new int[rank];
        java.util.Arrays.fill(nums, 1);
        steps[0] = 1;
        nums[0] = n0;
        nums[1] = n1;
        steps[1] = n1 == 1 ? 0 : n0;
        return new TensorPattern(at, steps, nums);
    }

    /** Where place {@code at} is. */
    MemoryRef at(int at) {
        return gen.locate(at).orElseThrow(() -> new IllegalArgumentException(String.format(
                "0x%x is no PARTITION_OFFSET of %s", at, gen)));
    }

    /** What a call does on its machine. */
    @FunctionalInterface
    interface OnMachine<T> {
        T run(Machine m) throws ExecutionException;
    }

    /**
     * A zeroed machine per thread and generation, kept between calls: allocating and zeroing a machine's 32 MiB
     * (128 MiB on MAVERICK) costs more than most calls.
     */
    private static final ThreadLocal<EnumMap<Generation, Machine>> SPARE =
            ThreadLocal.withInitial(() -> new EnumMap<>(Generation.class));

    /** The machine this thread keeps for {@code gen}'s next call, if any (what the tests check is all zeros). */
    static Optional<Machine> spare(Generation gen) {
        return Optional.ofNullable(SPARE.get().get(gen));
    }

    /**
     * Runs {@code body} on the bound {@link NeuronCore}'s machine, the loaded tiles written into it; with no core
     * bound, on a machine that is all zeros but for the loaded tiles, as a fresh one would be. Afterwards
     * the bytes this placement covers (the only ones its words write) and the accumulators are zeroed again, so
     * the machine is as new for the thread's next call.
     */
    <T> T onMachine(OnMachine<T> body) throws ExecutionException {
        if (NeuronCore.CURRENT.isBound()) {
            NeuronCore core = NeuronCore.CURRENT.get();
            Machine m = core.machine(gen);
            write(m);
            loads.forEach(l -> core.logged(new NeuronCore.Transfer(true, l.tile(), at(l.offset()))));
            return body.run(m);
        }
        Machine m = SPARE.get().remove(gen);
        if (m == null) {
            m = new Machine(gen);
        }
        try {
            write(m);
            return body.run(m);
        } finally {
            m.zero(at(0), rows, Math.min(end, gen.activeBytes(Space.SBUF)));
            for (int lane = 0; lane < Generation.PARTITIONS; lane++) {
                m.setAccumulator(lane, 0);
            }
            SPARE.get().put(gen, m);
        }
    }

    /** The [rows, cols] tile of {@code dtype} at place {@code place} of {@code m}, logged on the bound core. */
    Tile read(Machine m, int place, Dtype dtype, int tileRows, int tileCols) {
        Tile t = m.read(at(place), dtype, tileRows, tileCols);
        if (NeuronCore.CURRENT.isBound()) {
            NeuronCore.CURRENT.get().logged(new NeuronCore.Transfer(false, t, at(place)));
        }
        return t;
    }

    /** Writes the loaded tiles into {@code m} at their offsets. */
    void write(Machine m) {
        for (Load l : loads) {
            m.write(at(l.offset()), l.tile());
        }
    }

    /** The largest n0 <= 32767 dividing {@code cols}, if cols / n0 <= 65535. */
    private static Optional<Integer> splitCount(int cols) {
        if (cols <= MAX_NUM_ELEM) {
            return Optional.of(cols);
        }
        for (int n0 = MAX_DIM0; n0 >= 1; n0--) {
            if (cols % n0 == 0) {
                return cols / n0 <= MAX_NUM_ELEM ? Optional.of(n0) : Optional.empty();
            }
        }
        return Optional.empty();
    }
}
