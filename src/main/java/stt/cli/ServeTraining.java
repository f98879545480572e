package stt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import stt.api.NeuronCore;
import stt.isa.Dtype;
import stt.npy.Npy;
import stt.npy.NpyArray;

/**
 * {@code stt serve --training}: the requests a new stt_nki session makes first, served in-process, so that a JVM
 * run with {@code -XX:AOTCacheOutput} (./stt after each build) records the classes and profiles of the serve path:
 * the memory handshake, a [128×512] fp32 {@code scalar_tensor_tensor} sent with its arrays, the same call replayed
 * on the shared memory and queued in the command queue, and the demo program. Each request goes through the frames'
 * own encoding and decoding; the replies are dropped, and the shared memory's file is removed when the process exits,
 * as in any session.
 */
final class ServeTraining {
    private static final int P = 128;
    private static final int F = 512;
    /** The queued records the training runs (the drain's code paths reach C2 in a few thousand). */
    private static final int RECORDS = 3000;

    private final Main.Reusable cli;
    private final NeuronCore core;
    private final SharedMemory shared;
    private int id;

    ServeTraining(Main.Reusable cli, NeuronCore core, SharedMemory shared) {
        this.cli = cli;
        this.core = core;
        this.shared = shared;
    }

    /** Serves the training session; the exit code of the first request that failed, else OK. */
    int run() throws IOException {
        int failed = code(serve(request().put("memory", "mariana").put("ring", true).put("engine", "fast"),
                Map.of()));
        Map<String, byte[]> arrays = new LinkedHashMap<>();
        arrays.put("data.npy", ones(1f));
        arrays.put("operand1.npy", ones(2f));
        ObjectNode eval = request();
        List.of("eval", "--instruction", "stt", "--data", "@data.npy", "--op0", "mult", "--operand0", "0x40200000",
                "--op1", "add", "--operand1", "@operand1.npy", "--out-dtype", "fp32", "-o", "@out.npy", "--gen",
                "mariana", "--engine", "fast").forEach(eval.withArray("args")::add);
        eval.putArray("outputs").add("out.npy");
        JsonNode reply = serve(eval, arrays);
        failed = failed != ExitCode.OK ? failed : code(reply);
        for (int i = 0; i < 3; i++) {
            ObjectNode execute = request().put("gen", "mariana").put("engine", "fast");
            execute.set("execute", reply.path("words"));
            failed = failed != ExitCode.OK ? failed : code(serve(execute, Map.of()));
        }
        queue(reply.path("words"));
        ObjectNode demo = request();
        demo.putArray("args").add("demo");
        return failed != ExitCode.OK ? failed : code(serve(demo, Map.of()));
    }

    /**
     * The call's words queued as a client queues them ({@link CommandRing}): {@code RECORDS} records, each published
     * and run.
     */
    private void queue(JsonNode words) throws IOException {
        CommandRing ring = shared.ring();
        if (ring == null || !words.isArray() || words.isEmpty()) {
            return;
        }
        byte[] record = new byte[8 + 64 * words.size()];
        java.nio.ByteBuffer.wrap(record).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(words.size());
        for (int i = 0; i < words.size(); i++) {
            System.arraycopy(HexFormat.of().parseHex(words.get(i).asText()), 0, record, 8 + 64 * i, 64);
        }
        try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(ring.file(), StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            MemorySegment file = ch.map(FileChannel.MapMode.READ_WRITE, 0, ring.size(), arena);
            for (long end = 0, n = 0; n < RECORDS; n++) {
                MemorySegment.copy(MemorySegment.ofArray(record), 0, file, CommandRing.DATA + end, record.length);
                end += record.length;
                file.set(ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN), CommandRing.WRITE,
                        end);
                ring.drain(core);
            }
        }
    }

    private ObjectNode request() {
        return JsonView.MAPPER.createObjectNode().put("id", ++id);
    }

    private static int code(JsonNode reply) {
        return reply.path("code").asInt(ExitCode.INTERNAL);
    }

    /** One request written as a frame, read back, dispatched and its reply written (to nowhere); the reply's JSON. */
    private JsonNode serve(ObjectNode json, Map<String, byte[]> arrays) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ServeCommand.Frame.write(bytes, ServeCommand.Frame.of(json, arrays));
        ServeCommand.Frame request = ServeCommand.Frame.read(new ByteArrayInputStream(bytes.toByteArray()));
        ServeCommand.Frame reply = ServeCommand.dispatch(cli, core, shared, request);
        ServeCommand.Frame.write(OutputStream.nullOutputStream(), reply);
        return reply.json();
    }

    /** A [128, 512] fp32 array of {@code value}, as a .npy file. */
    private static byte[] ones(float value) {
        NpyArray a = NpyArray.of(Dtype.FP32, new long[]{P, F}, new byte[P * F * 4]);
        java.nio.ByteBuffer b = a.buffer();
        for (int i = 0; i < P * F; i++) {
            b.putFloat(i * 4, value);
        }
        return Npy.write(a);
    }
}
