package stt.api;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import stt.calls.CoreState;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.machine.Machine;
import stt.machine.Tile;

/**
 * One NeuronCore kept across calls, as a session of NKI calls sees it: its SBUF, PSUM, registers and Vector Engine
 * accumulators persist from one call to the next (so {@code reduce_cmd=reduce} folds onto the previous call's
 * accumulators), one machine per generation the session uses. A call run while {@link #CURRENT} is bound runs on
 * this core; otherwise on a machine as fresh ({@link Placement}).
 *
 * <p>A generation's memory may be {@linkplain #map shared} with another process through a mapped file. The core
 * keeps a log of the tiles calls moved in and out of its SBUF ({@link #drainTransfers}), so that a client that sees
 * the memory can move them itself the next time and send only the words.
 */
public final class NeuronCore {
    /** The core the calls of this scope run on ({@code stt serve} binds its session's core per request). */
    public static final ScopedValue<NeuronCore> CURRENT = ScopedValue.newInstance();

    private final Map<Generation, Machine> machines = new EnumMap<>(Generation.class);
    private final Map<Generation, Path> files = new EnumMap<>(Generation.class);
    private final List<Transfer> transfers = new ArrayList<>();
    private final Map<Generation, float[]> actRegisters = new EnumMap<>(Generation.class);

    /** A tile a call wrote into SBUF before its words ran ({@code in}), or read from there after. */
    public record Transfer(boolean in, Tile tile, MemoryRef at) {
    }

    /** This core's machine for {@code gen}, zeroed when first used. */
    public synchronized Machine machine(Generation gen) {
        return machines.computeIfAbsent(gen, Machine::new);
    }

    /**
     * The state an NKI-level call ({@link stt.calls.LevelCall}) runs on: {@code gen}'s machine and that
     * generation's Scalar Engine reduce registers, both kept across calls.
     */
    public synchronized CoreState state(Generation gen) {
        return new CoreState(actRegisters.computeIfAbsent(gen, g -> new float[Generation.PARTITIONS]),
                () -> machine(gen));
    }

    /**
     * Makes {@code gen}'s machine a {@linkplain Machine#mapped mapped} one, its file created in {@code dir} readable
     * and writable by the owner only; returns the file. Mapping twice returns the same file.
     *
     * @throws IllegalStateException when calls already ran on an unshared machine of {@code gen}
     * @throws IOException when the file cannot be made
     */
    public synchronized Path map(Generation gen, Path dir) throws IOException {
        if (files.containsKey(gen)) {
            return files.get(gen);
        }
        if (machines.containsKey(gen)) {
            throw new IllegalStateException(gen + "'s memory is in use unshared: map it before the first call");
        }
        Path file = dir.resolve(gen.name().toLowerCase(java.util.Locale.ROOT) + ".mem");
        machines.put(gen, Machine.mapped(gen, file, PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------"))));
        files.put(gen, file);
        return file;
    }

    /**
     * Back to a zeroed core, in place (a shared memory stays shared): memory, registers, accumulators and the
     * Scalar Engine's reduce registers.
     */
    public synchronized void reset() {
        machines.values().forEach(Machine::clear);
        actRegisters.values().forEach(r -> java.util.Arrays.fill(r, 0.0f));
        transfers.clear();
    }

    synchronized void logged(Transfer t) {
        transfers.add(t);
    }

    /** The tiles moved in and out since the last drain, in order; the log is then empty. */
    public synchronized List<Transfer> drainTransfers() {
        List<Transfer> all = List.copyOf(transfers);
        transfers.clear();
        return all;
    }
}
