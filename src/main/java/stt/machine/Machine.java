package stt.machine;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Space;
import stt.machine.internal.RawMemory;

/**
 * The state of one simulated NeuronCore (SPEC §5): SBUF and PSUM bytes per partition (the active size of each),
 * 64 address registers and one fp32 accumulator per lane. It starts zeroed. Engines read and write it; every
 * public method checks its arguments and changes nothing on error.
 *
 * <p>Partition p's bytes start at {@code p * pitch(space)} of the space's segment. The pitch is the active size
 * plus {@link #SKEW} bytes, so that the same offset in successive partitions does not fall into the same cache
 * sets (a power-of-two pitch made every lane's stream evict the others').
 */
public final class Machine {

    /** Extra bytes between partitions in host memory: one page and one cache line. */
    public static final int SKEW = 4096 + 64;

    private final Generation gen;
    private final MemorySegment sbufSegment;
    private final MemorySegment psumSegment;
    private final int[] registers = new int[Generation.ADDRESS_REGISTERS];
    private final float[] accumulators = new float[Generation.PARTITIONS];

    public Machine(Generation gen) {
        this.gen = gen;
        // off-heap, zeroed, 64-byte aligned: the Vector API loads and stores native segments at full speed
        this.sbufSegment = Arena.ofAuto().allocate(spaceBytes(gen, Space.SBUF), 64);
        this.psumSegment = Arena.ofAuto().allocate(Math.max(1L, spaceBytes(gen, Space.PSUM)), 64);
    }

    private Machine(Generation gen, MemorySegment shared) {
        this.gen = gen;
        this.sbufSegment = shared.asSlice(0, spaceBytes(gen, Space.SBUF));
        this.psumSegment = shared.asSlice(spaceBytes(gen, Space.SBUF), Math.max(1L, spaceBytes(gen, Space.PSUM)));
    }

    /**
     * A zeroed machine whose SBUF and PSUM are {@code file}, mapped: another process that maps the file sees and
     * changes the same bytes. The file is created (it must not exist) with {@code attributes} (e.g. owner-only
     * permissions), sized to {@link #sharedBytes}; SBUF starts at byte {@link #sharedOffset sharedOffset(SBUF)},
     * PSUM after it, each partition {@link #address} from its start.
     *
     * @throws IOException when the file cannot be created or mapped
     */
    public static Machine mapped(Generation gen, Path file, FileAttribute<?>... attributes) throws IOException {
        Files.createFile(file, attributes);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            return new Machine(gen, ch.map(FileChannel.MapMode.READ_WRITE, 0, sharedBytes(gen), Arena.ofAuto()));
        }
    }

    /** The size of a {@link #mapped} machine's file: SBUF, then PSUM (at least one byte). */
    public static long sharedBytes(Generation gen) {
        return spaceBytes(gen, Space.SBUF) + Math.max(1L, spaceBytes(gen, Space.PSUM));
    }

    /** Where {@code space} starts in a {@link #mapped} machine's file. */
    public static long sharedOffset(Generation gen, Space space) {
        return space == Space.SBUF ? 0 : spaceBytes(gen, Space.SBUF);
    }

    private static long spaceBytes(Generation gen, Space space) {
        return (long) Generation.PARTITIONS * pitch(gen, space);
    }

    /** Back to zeros in place (a {@link #mapped} machine stays mapped): memory, registers and accumulators. */
    public void clear() {
        sbufSegment.fill((byte) 0);
        psumSegment.fill((byte) 0);
        java.util.Arrays.fill(registers, 0);
        java.util.Arrays.fill(accumulators, 0);
    }

    public Generation generation() {
        return gen;
    }

    private static int pitch(Generation gen, Space space) {
        return gen.activeBytes(space) == 0 ? 0 : gen.activeBytes(space) + SKEW;
    }

    static {
        RawMemory.grant(Machine::segment);
    }

    /** All of {@code space} (for the engines, through {@link RawMemory}): partition p starts at address(space, p, 0). */
    private MemorySegment segment(Space space) {
        return space == Space.SBUF ? sbufSegment : psumSegment;
    }

    /** The segment offset of byte {@code offset} of {@code partition} in {@code space}. */
    public long address(Space space, int partition, long offset) {
        return (long) partition * pitch(gen, space) + offset;
    }

    /** Reads one element's bits (1, 2 or 4 bytes, zero-extended) at a partition byte offset. */
    public int readBits(Space space, int partition, long offset, int size) {
        checkElement(space, partition, offset, size);
        return RawMemory.readBits(segment(space), address(space, partition, offset), size);
    }

    public void writeBits(Space space, int partition, long offset, int size, int bits) {
        checkElement(space, partition, offset, size);
        RawMemory.writeBits(segment(space), address(space, partition, offset), size, bits);
    }

    /** Writes {@code tile}'s row r to partition {@code at.partition() + r}, from byte {@code at.offset()}. */
    public void write(MemoryRef at, Tile tile) {
        checkRange(at, tile.rows(), tile.rowBytes());
        for (int r = 0; r < tile.rows(); r++) {
            MemorySegment.copy(tile.data(), r * tile.rowBytes(), segment(at.space()), ValueLayout.JAVA_BYTE,
                    address(at.space(), at.partition() + r, at.offset()), tile.rowBytes());
        }
    }

    /** Sets {@code bytes} bytes from {@code at.offset()} to zero in partitions {@code at.partition()} .. + rows - 1. */
    public void zero(MemoryRef at, int rows, long bytes) {
        checkRange(at, rows, bytes);
        for (int r = 0; r < rows; r++) {
            segment(at.space()).asSlice(address(at.space(), at.partition() + r, at.offset()), bytes).fill((byte) 0);
        }
    }

    /** Reads a {@code rows x cols} tile of {@code dtype} laid out as {@link #write} lays it. */
    public Tile read(MemoryRef at, stt.isa.Dtype dtype, int rows, int cols) {
        Tile t = Tile.zeros(dtype, rows, cols);
        checkRange(at, rows, t.rowBytes());
        for (int r = 0; r < rows; r++) {
            MemorySegment.copy(segment(at.space()), ValueLayout.JAVA_BYTE,
                    address(at.space(), at.partition() + r, at.offset()), t.data(), r * t.rowBytes(), t.rowBytes());
        }
        return t;
    }

    /** One element of 1, 2 or 4 bytes inside a partition's active bytes (else the next partition's would be read). */
    private void checkElement(Space space, int partition, long offset, int size) {
        if (size != 1 && size != 2 && size != 4) {
            throw new IllegalArgumentException("an element is 1, 2 or 4 bytes; got " + size);
        }
        checkRange(new MemoryRef(space, partition, (int) Math.clamp(offset, Integer.MIN_VALUE, Integer.MAX_VALUE)), 1,
                size);
    }

    /**
     * Checks that {@code rows} partitions of {@code rowBytes} bytes from {@code at} lie in this generation's active
     * memory, as {@link #read} and {@link #write} need them to.
     *
     * @throws IllegalArgumentException naming the rows or bytes that do not
     */
    public void checkRange(MemoryRef at, int rows, long rowBytes) {
        int active = gen.activeBytes(at.space());
        if (active == 0) {
            throw new IllegalArgumentException(gen + " has no " + at.space().isaName());
        }
        if (at.partition() < 0 || rows < 0 || at.partition() + rows > Generation.PARTITIONS) {
            throw new IllegalArgumentException(rows + " rows from partition " + at.partition() + " exceed the "
                    + Generation.PARTITIONS + " partitions");
        }
        if (at.offset() < 0 || at.offset() + rowBytes > active) {
            throw new IllegalArgumentException(String.format("bytes 0x%x..0x%x of each %s partition exceed the"
                    + " active %d KiB (0x0..0x%x) on %s", at.offset(), at.offset() + rowBytes - 1,
                    at.space().isaName(), active / 1024, active - 1, gen));
        }
    }

    public int register(int n) {
        return registers[checkRegister(n)];
    }

    public void setRegister(int n, int value) {
        registers[checkRegister(n)] = value;
    }

    private static int checkRegister(int n) {
        if (n < 0 || n >= Generation.ADDRESS_REGISTERS) {
            throw new IllegalArgumentException("register " + n + " outside 0.." + (Generation.ADDRESS_REGISTERS - 1));
        }
        return n;
    }

    /** Lane {@code lane}'s fp32 accumulator. */
    public float accumulator(int lane) {
        return accumulators[checkLane(lane)];
    }

    public void setAccumulator(int lane, float value) {
        accumulators[checkLane(lane)] = value;
    }

    /** The fp32 accumulators of lanes 0..lanes-1, copied. */
    public float[] accumulators(int lanes) {
        checkLane(lanes - 1);
        return java.util.Arrays.copyOf(accumulators, lanes);
    }

    /** Sets the accumulators of lanes 0..values.length-1. */
    public void setAccumulators(float[] values) {
        checkLane(values.length - 1);
        System.arraycopy(values, 0, accumulators, 0, values.length);
    }

    private static int checkLane(int lane) {
        if (lane < 0 || lane >= Generation.PARTITIONS) {
            throw new IllegalArgumentException("lane " + lane + " outside 0.." + (Generation.PARTITIONS - 1));
        }
        return lane;
    }

    private static void update(MessageDigest sha, MemorySegment s) {
        byte[] chunk = new byte[1 << 16];
        for (long at = 0; at < s.byteSize(); at += chunk.length) {
            int n = (int) Math.min(chunk.length, s.byteSize() - at);
            MemorySegment.copy(s, ValueLayout.JAVA_BYTE, at, chunk, 0, n);
            sha.update(chunk, 0, n);
        }
    }

    /** SHA-256 of the whole state: SBUF, PSUM, registers and accumulator bits. */
    public byte[] digest() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            update(sha, sbufSegment);
            update(sha, psumSegment);
            ByteBuffer rest = ByteBuffer.allocate(4 * (registers.length + accumulators.length))
                    .order(ByteOrder.LITTLE_ENDIAN);
            for (int r : registers) {
                rest.putInt(r);
            }
            for (float a : accumulators) {
                rest.putInt(Float.floatToRawIntBits(a));
            }
            sha.update(rest.array());
            return sha.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
