package stt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import stt.api.NeuronCore;
import stt.codec.Codec;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Trace;
import stt.isa.Generation;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.Tile;
import stt.npy.NpyArray;

/**
 * The serve requests that let a client share the session's NeuronCore memory instead of sending arrays:
 * {@code {"memory": GEN}} maps GEN's SBUF and PSUM to a file the client maps too; a command's reply then says where
 * its arrays went ({@code replay}), and {@code {"execute": [hex words], "gen", "engine"}} runs words on the core
 * after the client has written their inputs itself, as a DMA would.
 */
final class SharedMemory {
    private final CommandRing.Commands commands;
    private Path dir;
    private CommandRing ring;

    /** @param commands runs the command records of the session's queue */
    SharedMemory(CommandRing.Commands commands) {
        this.commands = commands;
    }

    /** The session's command queue, or null before a memory request asked for one. */
    CommandRing ring() {
        return ring;
    }

    /** Runs what the command queue holds (nothing when there is none). */
    void drain(NeuronCore core) {
        if (ring != null) {
            ring.drain(core);
        }
    }

    /**
     * {@code {"memory": GEN}}: GEN's memory as a file in a directory only the user can enter (under /dev/shm when
     * there is one), created readable and writable by the owner only; the reply names the file and its layout
     * ({@code sbuf}/{@code psum}: {@code offset} of the space in the file, {@code pitch} between partitions,
     * {@code bytes} active per partition). The client maps it and may remove it at once; whatever is left is removed
     * when the server exits. With {@code "ring": true} (and {@code "engine"}) it also makes the session's command
     * queue ({@link CommandRing}) for GEN's words, named under {@code ring}.
     */
    ObjectNode memory(NeuronCore core, JsonNode request, ObjectNode reply) throws IOException {
        Generation gen = generation(request.path("memory").asText());
        if (dir == null) {
            Path base = Path.of("/dev/shm");
            if (!Files.isDirectory(base) || !Files.isWritable(base)) {
                base = Path.of(System.getProperty("java.io.tmpdir"));
            }
            dir = Files.createTempDirectory(base, "stt-", PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwx------")));
            dir.toFile().deleteOnExit();
        }
        Path file;
        try {
            file = core.map(gen, dir);
        } catch (IllegalStateException e) {
            throw new InputException(e.getMessage());
        }
        file.toFile().deleteOnExit(); // deleted before the directory (the reverse order of registration)
        reply.put("code", ExitCode.OK).put("out", "").put("err", "").put("path", file.toString())
                .put("size", Machine.sharedBytes(gen));
        Machine m = core.machine(gen);
        if (request.path("ring").asBoolean(false)) {
            if (ring == null) {
                ring = CommandRing.create(dir, gen, Engines.named(request.path("engine").asText("fast")), commands);
            }
            reply.putObject("ring").put("path", ring.file().toString()).put("size", ring.size())
                    .put("data", CommandRing.DATA).put("capacity", CommandRing.CAPACITY);
        }
        for (Space s : List.of(Space.SBUF, Space.PSUM)) {
            reply.putObject(s.name().toLowerCase(java.util.Locale.ROOT)).put("offset", Machine.sharedOffset(gen, s))
                    .put("pitch", gen.activeBytes(s) == 0 ? 0 : m.address(s, 1, 0)).put("bytes", gen.activeBytes(s));
        }
        return reply;
    }

    /**
     * Adds {@code replay} to a command's reply when every array of the request was written into the core's SBUF
     * before its words ran and every output read from there after: for each, its partition, byte offset, rows and
     * bytes per row (outputs also their NumPy {@code descr} and columns). Running the reply's words again after
     * writing the same bytes there gives the same outputs there. A command that ran an NKI-level call, or no words,
     * has none: its words alone would not do it again.
     */
    static void replay(ObjectNode reply, JsonNode request, Map<String, byte[]> inputs, Served record,
            List<NeuronCore.Transfer> transfers) {
        if (record.words.isEmpty() || !record.calls.isEmpty()) {
            return;
        }
        Map<Tile, NeuronCore.Transfer> moved = new IdentityHashMap<>();
        transfers.forEach(t -> moved.put(t.tile(), t));
        ArrayNode ins = reply.arrayNode();
        ArrayNode outs = reply.arrayNode();
        for (String name : inputs.keySet()) {
            if (!located(ins, name, record.arrays.get(name), moved, true)) {
                return;
            }
        }
        for (JsonNode n : request.path("outputs")) {
            if (!located(outs, n.asText(), record.arrays.get(n.asText()), moved, false)) {
                return;
            }
        }
        ObjectNode r = reply.putObject("replay");
        r.set("inputs", ins);
        r.set("outputs", outs);
    }

    private static boolean located(ArrayNode into, String name, Tile tile, Map<Tile, NeuronCore.Transfer> moved,
            boolean in) {
        NeuronCore.Transfer t = tile == null ? null : moved.get(tile);
        if (t == null || t.in() != in || t.at().space() != Space.SBUF) {
            return false;
        }
        ObjectNode o = into.addObject().put("name", name).put("partition", t.at().partition())
                .put("offset", t.at().offset()).put("rows", tile.rows()).put("row_bytes", tile.rowBytes());
        if (!in) {
            o.put("cols", tile.cols()).put("descr", NpyArray.of(tile.dtype(), new long[] {0}, new byte[0]).descr());
        }
        return true;
    }

    /**
     * {@code {"execute": [hex words], "gen", "engine"}}: the words run one after the other on the core's GEN machine;
     * the first refused one stops them (exit 1, its verdicts; the words before it have run, as in {@code stt run}).
     */
    static int execute(NeuronCore core, JsonNode request, Served record, StringBuilder err) {
        Generation gen = generation(request.path("gen").asText());
        Engine engine = Engines.named(request.path("engine").asText("fast"));
        JsonNode hex = request.path("execute");
        if (!hex.isArray() || hex.isEmpty()) {
            throw new InputException("\"execute\" needs a non-empty array of 64-byte words in hex");
        }
        for (JsonNode h : hex) {
            try {
                record.words.add(Codec.decode(HexFormat.of().parseHex(h.asText())));
            } catch (IllegalArgumentException e) {
                throw new InputException("\"execute\" word " + record.words.size() + ": " + e.getMessage());
            }
        }
        record.gen = gen;
        Machine m = core.machine(gen);
        for (int i = 0; i < record.words.size(); i++) {
            try {
                engine.execute(m, record.words.get(i), Trace.OFF);
            } catch (ExecutionException e) {
                int word = i;
                e.verdicts().forEach(v -> record.verdicts.add(new Served.Verdict(v, word)));
                err.append("stt: eval: ").append(e.getMessage()).append('\n');
                return ExitCode.INVALID;
            }
        }
        return ExitCode.OK;
    }

    private static Generation generation(String name) {
        return Generation.parse(name).orElseThrow(() -> new InputException("generation '" + name + "': allowed:"
                + " sunda, cayman, mariana, mariana_plus, maverick"));
    }
}
