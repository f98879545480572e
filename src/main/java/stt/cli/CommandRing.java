package stt.cli;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.ByteOrder;
import stt.api.NeuronCore;
import stt.codec.Codec;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Trace;
import stt.isa.Generation;
import stt.machine.Machine;

/**
 * A session's command queue in shared memory (issue 46): the client appends records of instruction words and goes
 * on; the server runs them as they arrive, in order, on the session's machine, without a reply. The client waits
 * only when it must see their effect (a host read), by watching {@link #DONE}.
 *
 * <p>The file is a 4 KiB control block, then {@code capacity} bytes of records. Control words (little-endian
 * int64, each on a cache line of its own): {@link #WRITE} the absolute byte position where the client's published
 * records end (client); {@link #READ} where the server has consumed to; {@link #DONE} how many records it consumed;
 * {@link #FAILED} the 1-based number of the record it refused, 0 when none; {@link #SLEEP} 1 while the server waits
 * on its input instead of watching the queue (a client that posts then sends a {@code {"ring": "wake"}} frame);
 * {@link #POSTED} the client's own count of published records; {@link #WARNED} how many queued commands gave
 * warnings (the client reads them: {@code {"ring": "warnings"}}).
 * A record is an int32 count and an int32 kind: kind {@link #WORDS}, that many 64-byte words; kind
 * {@link #COMMAND}, that many bytes of a JSON array of stt arguments (an {@code stt call}, its tiles regions of the
 * session's memory), padded to 8 bytes. A count of -1 pads to the end of the buffer (records never wrap). After a
 * refused record the server runs nothing more from the queue until the client has read the failure
 * ({@code {"ring": "failure"}}), which discards what was queued after it.
 */
final class CommandRing {
    static final long WRITE = 0;
    static final long READ = 64;
    static final long DONE = 128;
    static final long FAILED = 192;
    static final long SLEEP = 256;
    /** The client's own count of the records it published (written with WRITE). */
    static final long POSTED = 320;
    static final long WARNED = 384;
    static final long DATA = 4096;
    static final int WORDS = 0;
    static final int COMMAND = 1;
    static final int CAPACITY = 1 << 22;
    /** How long the server watches an idle queue before it waits on its input (then a post needs a wake frame). */
    static final long SPIN_NANOS = 2_000_000;

    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle CONTROL = ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN).varHandle();

    private final MemorySegment segment;
    private final Path file;
    private final Generation gen;
    private final Engine engine;
    private final Commands commands;
    /** The warnings of queued commands not yet read, each "record N: call: message". */
    private final java.util.List<String> warnings = new java.util.ArrayList<>();
    private long warned;
    /** The client that made the queue: when it is gone, nothing queued can be read any more. */
    private final java.util.Optional<ProcessHandle> client = ProcessHandle.current().parent();
    private long checked = System.nanoTime();
    private boolean orphaned;
    private long read;
    private long done;
    /** The refused record's message and verdicts, kept until the client reads them. */
    private Failure failure;

    /** A refused record: its number, the index of the refused word in it, the reason, and the verdicts. */
    record Failure(long record, int word, String message, ExecutionException cause) {
    }

    /** Runs a queued command's arguments on the session's core: its warnings, or an InputException with its error. */
    @FunctionalInterface
    interface Commands {
        java.util.List<String> run(java.util.List<String> args);
    }

    private CommandRing(Path file, MemorySegment segment, Generation gen, Engine engine, Commands commands) {
        this.file = file;
        this.segment = segment;
        this.gen = gen;
        this.engine = engine;
        this.commands = commands;
    }

    /**
     * A new queue file in {@code dir}, readable and writable by the owner only, for words run on {@code gen} and
     * commands run by {@code commands}.
     */
    static CommandRing create(Path dir, Generation gen, Engine engine, Commands commands) throws IOException {
        Path file = dir.resolve("ring");
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        file.toFile().deleteOnExit();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MemorySegment s = ch.map(FileChannel.MapMode.READ_WRITE, 0, DATA + CAPACITY, Arena.ofAuto());
            return new CommandRing(file, s, gen, engine, commands);
        }
    }

    Path file() {
        return file;
    }

    long size() {
        return DATA + CAPACITY;
    }

    /** Whether a record waits and the queue is not stopped at a refused one. */
    boolean ready() {
        return failure == null && (long) CONTROL.getAcquire(segment, WRITE) != read;
    }

    /**
     * Runs every published record, in order, until the queue is empty or one is refused, or the client is gone
     * ({@link #orphaned}).
     */
    void drain(NeuronCore core) {
        if (!ready()) {
            return;
        }
        Machine m = core.machine(gen);
        while (ready() && !orphaned()) {
            long at = read % CAPACITY;
            long size = size(at);
            if (size < 0) {
                fail(0, "record " + (done + 1) + " at byte " + at + " of the queue is corrupt (count "
                        + segment.get(INT, DATA + at) + ", kind " + segment.get(INT, DATA + at + 4) + ")", null);
                return;
            }
            int count = segment.get(INT, DATA + at);
            boolean isCommand = segment.get(INT, DATA + at + 4) == COMMAND;
            if (count >= 0 && !(isCommand ? command(at, count) : words(m, at, count))) {
                return;
            }
            read += size;
            CONTROL.setRelease(segment, READ, read);
            if (count >= 0) {
                CONTROL.setRelease(segment, DONE, ++done);
            }
        }
    }

    /**
     * The size in bytes of the record at {@code at}: a pad's, to the buffer's end; -1 for a header that is neither a
     * pad nor a record that fits in the buffer.
     */
    private long size(long at) {
        int count = segment.get(INT, DATA + at);
        int kind = segment.get(INT, DATA + at + 4);
        long size = count == -1 ? CAPACITY - at : count < 0 ? -1 : kind == WORDS ? 8 + 64L * count
                : kind == COMMAND ? 8 + ((count + 7L) & ~7L) : -1;
        return size < 0 || at + size > CAPACITY ? -1 : size;
    }

    /** Runs a record's {@code count} words; false when one is refused (the queue then stops). */
    private boolean words(Machine m, long at, int count) {
        byte[] words = segment.asSlice(DATA + at + 8, 64L * count).toArray(ValueLayout.JAVA_BYTE);
        for (int i = 0; i < count; i++) {
            try {
                engine.execute(m, Codec.decode(words, 64 * i), Trace.OFF);
            } catch (ExecutionException e) {
                fail(i, e.getMessage(), e);
                return false;
            } catch (IllegalArgumentException e) {
                fail(i, "word " + i + " does not decode: " + e.getMessage(), null);
                return false;
            }
        }
        return true;
    }

    /** Runs a command record of {@code length} bytes of JSON; false when it is refused (the queue then stops). */
    private boolean command(long at, int length) {
        byte[] text = segment.asSlice(DATA + at + 8, length).toArray(ValueLayout.JAVA_BYTE);
        try {
            java.util.List<String> args = new java.util.ArrayList<>();
            com.fasterxml.jackson.databind.JsonNode json = JsonView.MAPPER.readTree(text);
            if (json == null || !json.isArray() || json.isEmpty() || !json.get(0).asText().equals("call")) {
                throw new InputException("a queued command is a JSON array of an stt call's arguments");
            }
            json.forEach(a -> args.add(a.asText()));
            java.util.List<String> gave = commands.run(args);
            gave.forEach(w -> warnings.add("record " + (done + 1) + ": " + w));
            if (!gave.isEmpty()) {
                CONTROL.setRelease(segment, WARNED, ++warned);
            }
            return true;
        } catch (InputException e) {
            fail(0, e.getMessage(), null);
        } catch (IOException e) {
            fail(0, "the queued command is not JSON: " + e.getMessage(), null);
        }
        return false;
    }

    /** The warnings of queued commands since the last call, each "record N: call: message"; reading clears them. */
    java.util.List<String> takeWarnings() {
        java.util.List<String> out = java.util.List.copyOf(warnings);
        warnings.clear();
        return out;
    }

    private void fail(int word, String message, ExecutionException cause) {
        failure = new Failure(done + 1, word, message, cause);
        CONTROL.setRelease(segment, FAILED, done + 1);
    }

    /**
     * The refused record, or null; reading it discards every record published after it and opens the queue again
     * (the client reads it at a sync, holding back new records meanwhile).
     */
    Failure takeFailure() {
        Failure f = failure;
        if (f == null) {
            return null;
        }
        long end = (long) CONTROL.getAcquire(segment, WRITE);
        while (read != end) {
            long at = read % CAPACITY;
            long size = size(at);
            if (size < 0) { // a corrupt record: nothing after it can be found, so all that was published goes
                read = end;
                done = Math.max(done, (long) CONTROL.getAcquire(segment, POSTED));
                break;
            }
            if (segment.get(INT, DATA + at) >= 0) {
                done++;
            }
            read += size;
        }
        failure = null;
        CONTROL.setRelease(segment, READ, read);
        CONTROL.setRelease(segment, DONE, done);
        CONTROL.setVolatile(segment, FAILED, 0L);
        return f;
    }

    /**
     * Whether the process that started the server has ended (looked at every 50 ms at most): a killed client's
     * queue is not run to its end.
     */
    boolean orphaned() {
        long now = System.nanoTime();
        if (!orphaned && now - checked >= 50_000_000L) {
            checked = now;
            orphaned = client.isPresent() && !client.get().isAlive();
        }
        return orphaned;
    }

    /** Says whether the server is about to wait on its input; a full fence orders it before the queue's next check. */
    void sleeping(boolean asleep) {
        CONTROL.setVolatile(segment, SLEEP, asleep ? 1L : 0L);
        VarHandle.fullFence();
    }
}
