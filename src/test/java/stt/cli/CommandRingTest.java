package stt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stt.api.NeuronCore;
import stt.codec.Codec;
import stt.engine.EngineProvider;
import stt.isa.Generation;
import stt.isa.Space;
import stt.machine.Machine;

/**
 * The command queue in shared memory, driven as a client drives it: records written into the mapped file, WRITE
 * published, the server's drain run. Expected values by hand (1 + 2 = 3 in fp32 is 0x40400000).
 */
class CommandRingTest {
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    /** fp32 [1 x 4] at byte {@code dst} = the tiles at 0x0 and 0x40 added, on SUNDA. */
    private static byte[] add(int dst, String dtype) {
        return Codec.encode(stt.Asm.line("tensor_tensor_arith src0=sbuf:0:0x0 src0.num_elem=[4,1,1]"
                + " src0.step_elem=[1,1,1] src1=sbuf:0:0x40 src1.num_elem=[4,1,1] src1.step_elem=[1,1,1]"
                + " dst=sbuf:0:0x" + Integer.toHexString(dst) + " dst.num_elem=[4,1,1] dst.step_elem=[1,1,1]"
                + " in0_dtype=" + dtype + " in1_dtype=" + dtype + " out_dtype=" + dtype + " op=add"
                + " num_active_channels=1", Generation.SUNDA));
    }

    /** A client's view of the queue: where its records end. */
    private static final class Client {
        final MemorySegment file;
        long end;

        Client(MemorySegment file) {
            this.file = file;
        }

        void post(byte[]... words) {
            long at = CommandRing.DATA + end % CommandRing.CAPACITY;
            file.set(INT, at, words.length);
            file.set(INT, at + 4, 0);
            for (int i = 0; i < words.length; i++) {
                MemorySegment.copy(MemorySegment.ofArray(words[i]), 0, file, at + 8 + 64L * i, 64);
            }
            end += 8 + 64L * words.length;
            file.set(LONG, CommandRing.WRITE, end);
        }

        void command(String json) {
            byte[] text = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            long at = CommandRing.DATA + end % CommandRing.CAPACITY;
            file.set(INT, at, text.length);
            file.set(INT, at + 4, CommandRing.COMMAND);
            MemorySegment.copy(MemorySegment.ofArray(text), 0, file, at + 8, text.length);
            end += 8 + (text.length + 7) / 8 * 8;
            file.set(LONG, CommandRing.WRITE, end);
        }

        void header(int count, int kind) {
            long at = CommandRing.DATA + end % CommandRing.CAPACITY;
            file.set(INT, at, count);
            file.set(INT, at + 4, kind);
            end += 8;
            file.set(LONG, CommandRing.WRITE, end);
        }

        void pad() {
            long at = end % CommandRing.CAPACITY;
            file.set(INT, CommandRing.DATA + at, -1);
            end += CommandRing.CAPACITY - at;
            file.set(LONG, CommandRing.WRITE, end);
        }

        long control(long at) {
            return file.get(LONG, at);
        }
    }

    @Test
    void recordsRunInOrderARefusedOneStopsTheQueueAndReadingItDiscardsWhatFollowed(@TempDir Path dir)
            throws Exception {
        NeuronCore core = new NeuronCore();
        core.map(Generation.SUNDA, dir);
        CommandRing ring = CommandRing.create(dir, Generation.SUNDA, EngineProvider.named("fast"), args -> List.of());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(ring.file()))).isEqualTo("rw-------");
        Machine m = core.machine(Generation.SUNDA);
        for (int k = 0; k < 4; k++) {
            m.writeBits(Space.SBUF, 0, 4L * k, 4, Float.floatToRawIntBits(1f));
            m.writeBits(Space.SBUF, 0, 0x40 + 4L * k, 4, Float.floatToRawIntBits(2f));
        }
        try (Arena arena = Arena.ofConfined();
                FileChannel ch = FileChannel.open(ring.file(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            Client c = new Client(ch.map(FileChannel.MapMode.READ_WRITE, 0, ring.size(), arena));
            assertThat(ring.ready()).isFalse();
            c.post(add(0x80, "fp32"));
            c.post(add(0xc0, "int64")); // SUNDA's tables refuse a 64-bit dtype
            c.post(add(0x100, "fp32"));
            assertThat(ring.ready()).isTrue();
            ring.drain(core);
            assertThat(m.readBits(Space.SBUF, 0, 0x80, 4)).isEqualTo(0x40400000);
            assertThat(c.control(CommandRing.DONE)).isEqualTo(1);
            assertThat(c.control(CommandRing.FAILED)).isEqualTo(2);
            assertThat(ring.ready()).isFalse(); // stopped at the refused record
            assertThat(m.readBits(Space.SBUF, 0, 0x100, 4)).isZero(); // the record after it did not run

            CommandRing.Failure f = ring.takeFailure();
            assertThat(f.record()).isEqualTo(2);
            assertThat(f.word()).isZero();
            assertThat(f.message()).contains("is_valid_dtype");
            assertThat(c.control(CommandRing.DONE)).isEqualTo(3); // the third discarded
            assertThat(c.control(CommandRing.READ)).isEqualTo(c.end);
            assertThat(c.control(CommandRing.FAILED)).isZero();
            assertThat(ring.takeFailure()).isNull();
            ring.drain(core);
            assertThat(m.readBits(Space.SBUF, 0, 0x100, 4)).isZero();

            c.pad(); // the buffer's end: the next record starts at offset 0 again
            c.post(add(0x100, "fp32"), add(0x140, "fp32"));
            ring.drain(core);
            assertThat(c.control(CommandRing.DONE)).isEqualTo(4);
            assertThat(c.control(CommandRing.READ)).isEqualTo(c.end).isEqualTo(CommandRing.CAPACITY + 8 + 128);
            assertThat(m.readBits(Space.SBUF, 0, 0x100, 4)).isEqualTo(0x40400000);
            assertThat(m.readBits(Space.SBUF, 0, 0x140, 4)).isEqualTo(0x40400000);
        }
    }

    @Test
    void commandRecordsRunInOrderWithTheWordsAndARefusedOrCorruptOneStopsTheQueue(@TempDir Path dir)
            throws Exception {
        NeuronCore core = new NeuronCore();
        core.map(Generation.SUNDA, dir);
        List<List<String>> ran = new java.util.ArrayList<>();
        CommandRing ring = CommandRing.create(dir, Generation.SUNDA, EngineProvider.named("fast"), args -> {
            ran.add(args);
            if (args.contains("bad")) {
                throw new InputException("call: bad: refused");
            }
            return args.contains("warn") ? List.of("a warning") : List.of();
        });
        try (Arena arena = Arena.ofConfined();
                FileChannel ch = FileChannel.open(ring.file(), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            Client c = new Client(ch.map(FileChannel.MapMode.READ_WRITE, 0, ring.size(), arena));
            c.command("[\"call\", \"x\"]");
            c.post(add(0x80, "fp32"));
            c.command("[\"call\", \"warn\"]");
            c.command("[\"call\", \"bad\"]");
            c.command("[\"call\", \"after\"]");
            ring.drain(core);
            assertThat(ran).containsExactly(List.of("call", "x"), List.of("call", "warn"), List.of("call", "bad"));
            assertThat(c.control(CommandRing.DONE)).isEqualTo(3);
            assertThat(c.control(CommandRing.FAILED)).isEqualTo(4);
            assertThat(c.control(CommandRing.WARNED)).isEqualTo(1);
            assertThat(ring.takeWarnings()).containsExactly("record 3: a warning");
            assertThat(ring.takeWarnings()).isEmpty();
            assertThat(ring.takeFailure().message()).isEqualTo("call: bad: refused");
            assertThat(c.control(CommandRing.DONE)).isEqualTo(5); // "after" discarded, never run
            assertThat(ran).hasSize(3);

            c.command("[\"eval\", \"--data\", \"x.npy\"]"); // only an stt call may be queued
            ring.drain(core);
            assertThat(ring.takeFailure().message()).contains("stt call");

            c.file.set(LONG, CommandRing.POSTED, 8); // the client's count: 6 records, then 2 published below
            c.header(1 << 30, CommandRing.WORDS); // a count past the buffer
            c.command("[\"call\", \"later\"]");
            ring.drain(core);
            assertThat(ring.takeFailure().message()).contains("corrupt");
            assertThat(c.control(CommandRing.DONE)).isEqualTo(8);
            assertThat(c.control(CommandRing.READ)).isEqualTo(c.end);
            assertThat(ran).hasSize(3);
        }
    }
}
