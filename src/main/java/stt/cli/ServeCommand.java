package stt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import stt.calls.LevelCall;
import stt.codec.Codec;
import stt.codec.Word;
import stt.api.NeuronCore;
import stt.cost.Cost;
import stt.def.Definitions;
import stt.def.OpcodeDef;
import stt.engine.Model;
import stt.isa.Decision;
import stt.isa.Fidelity;

/**
 * One long-lived process for a client that makes many calls (the Python package {@code stt_nki}): framed
 * requests on standard input, framed responses on standard output, as the Language Server Protocol frames them.
 *
 * <p>A frame is {@code Content-Length: N\r\nJson-Length: J\r\n\r\n} and N bytes: J bytes of UTF-8 JSON, then the
 * {@code .npy} files the JSON lists under {@code arrays} ({@code [{"name", "bytes"}]}), back to back. A request's JSON
 * is {@code {"args": [...], "arrays": [...], "outputs": [...]}}: the arguments of one stt command (not batch or
 * serve), where a file argument {@code @name} is array {@code name} (an input, or an output it writes), and an
 * optional {@code id}. The response's JSON is {@code {"id", "code", "out", "err", "arrays", "words", "cost",
 * "verdicts"}}: the request's id, the exit code and text the command printed, the outputs it wrote, and, as data,
 * the instruction words {@code eval} or {@code run} ran (hex), their estimated cost, and the verdicts that refused
 * one ({@code {rule, level, message, word}}). The calls of one serve process run on one {@link NeuronCore}, whose
 * memory and accumulators persist from call to call; a request {@code {"reset": true}} zeroes it, and
 * {@code {"ping": true}} does nothing but answer. A malformed frame is answered with exit 2 and the server goes on. The
 * arrays stay in memory ({@link Programs#MEMORY}): no file is written. The process ends at the end of its input.
 *
 * <p>Shared memory ({@link SharedMemory}): {@code {"memory": GEN}} maps GEN's SBUF and PSUM to a private file the
 * client maps too; from then on a command's reply carries {@code replay} (where each array was written and each
 * output read, when all were in SBUF), and {@code {"execute": [hex words], "gen", "engine"}} runs words on the core
 * after the client has written the inputs there itself: a repeated call sends no array bytes.
 */
@Command(name = "serve", description = "Serve stt commands over framed requests on standard input (Content-Length"
        + " framing, JSON plus .npy payloads): one process for many calls, as the Python package stt_nki uses it.")
final class ServeCommand extends Subcommand {
    @Option(names = "--training", hidden = true, description = "Serve a built-in session (ServeTraining) instead of"
            + " standard input and print nothing: the training run of ./stt's AOT cache.")
    boolean training;

    @Override
    public Integer call() throws IOException {
        // one write per frame, straight to the file descriptor: a frame in pieces wakes the client for each
        OutputStream out = new BufferedOutputStream(stdoutBytes == System.out ? new FileOutputStream(FileDescriptor.out)
                : stdoutBytes, 1 << 16);
        InputStream in = new BufferedInputStream(stdin);
        Main.Reusable cli = new Main.Reusable();
        NeuronCore core = new NeuronCore();
        SharedMemory shared = new SharedMemory(args -> queued(cli, core, args));
        if (training) {
            return new ServeTraining(cli, core, shared).run();
        }
        for (Frame request; (request = next(in, core, shared.ring())) != null; ) {
            shared.drain(core); // the records queued before this frame run first
            if (request.json() == null || !request.json().path("ring").asText().equals("wake")) {
                Frame.write(out, request.error() != null ? refusal(request.json(), request.error())
                        : dispatch(cli, core, shared, request));
            }
        }
        return ExitCode.OK;
    }

    /**
     * The next frame, running the session's command queue meanwhile: records as they are published, then, after
     * {@link CommandRing#SPIN_NANOS} with neither a record nor input, a blocking read of the input (saying so in the
     * queue, so that a client posting to it sends a wake frame).
     */
    private static Frame next(InputStream in, NeuronCore core, CommandRing ring) throws IOException {
        while (ring != null && in.available() == 0) {
            ring.drain(core);
            if (ring.orphaned()) {
                return null; // its client is gone: the queue's records have no reader
            }
            long until = System.nanoTime() + CommandRing.SPIN_NANOS;
            int spins = 0;
            while (!ring.ready() && (++spins % 64 != 0 || in.available() == 0) && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            if (ring.ready()) {
                continue;
            }
            if (in.available() > 0) {
                break;
            }
            ring.sleeping(true);
            if (!ring.ready()) {
                try {
                    return Frame.read(in);
                } finally {
                    ring.sleeping(false);
                }
            }
            ring.sleeping(false);
        }
        return Frame.read(in);
    }

    /** The request's kind: reset, memory, execute, or (with "args") a command. */
    static Frame dispatch(Main.Reusable cli, NeuronCore core, SharedMemory shared, Frame request) {
        JsonNode json = request.json();
        try {
            if (json.path("ping").asBoolean(false)) {
                return wordless(json, ExitCode.OK, ""); // answered after every request before it, as all are
            }
            if (json.path("reset").asBoolean(false)) {
                core.reset();
                return wordless(json, ExitCode.OK, "");
            }
            if (json.has("memory")) {
                return Frame.of(shared.memory(core, json, reply(json)), Map.of());
            }
            if (json.path("ring").asText().equals("failure")) {
                return ringFailure(json, shared.ring());
            }
            if (json.path("ring").asText().equals("warnings")) {
                ObjectNode reply = reply(json).put("code", ExitCode.OK).put("out", "").put("err", "");
                ArrayNode list = reply.putArray("warnings");
                (shared.ring() == null ? List.<String>of() : shared.ring().takeWarnings()).forEach(list::add);
                return Frame.of(reply, Map.of());
            }
            if (json.has("execute")) {
                Served record = new Served();
                StringBuilder err = new StringBuilder();
                int code = SharedMemory.execute(core, json, record, err);
                ObjectNode reply = reply(json);
                described(reply, record);
                reply.put("code", code).put("out", "").put("err", err.toString());
                return Frame.of(reply, Map.of());
            }
        } catch (InputException e) {
            return refusal(json, e.getMessage());
        } catch (IOException e) {
            return refusal(json, "cannot share the memory: " + e.getMessage());
        }
        return answer(cli, core, request);
    }

    /**
     * {@code {"ring": "failure"}}: the queue's refused record as a reply (its number as {@code record}, exit 1, the
     * message and the verdicts, the word index in the record), the records after it discarded; exit 0 when none was
     * refused.
     */
    private static Frame ringFailure(JsonNode json, CommandRing ring) {
        CommandRing.Failure f = ring == null ? null : ring.takeFailure();
        if (f == null) {
            return wordless(json, ExitCode.OK, "");
        }
        Served record = new Served();
        if (f.cause() != null) {
            f.cause().verdicts().forEach(v -> record.verdicts.add(new Served.Verdict(v, f.word())));
        }
        ObjectNode reply = reply(json);
        described(reply, record);
        reply.put("code", ExitCode.INVALID).put("out", "").put("err", "stt: eval: " + f.message() + "\n")
                .put("record", f.record());
        return Frame.of(reply, Map.of());
    }

    /**
     * Runs a command record of the session's queue (an {@code stt call} on regions of the session's memory) as a
     * request without arrays would run: its warnings, or an InputException with its error.
     */
    static List<String> queued(Main.Reusable cli, NeuronCore core, List<String> args) {
        StringWriter e = new StringWriter();
        Served record = new Served();
        int code = run(cli, core, args, new HashMap<>(), record, new StringWriter(), e);
        if (code != ExitCode.OK) {
            throw new InputException(e.toString().strip().replaceFirst("^stt: ", ""));
        }
        return record.calls.stream().flatMap(c -> c.outcome().warnings().stream().map(w -> c.call().name() + ": " + w))
                .toList();
    }

    /**
     * Runs stt {@code args} on {@code core} as serve runs a command: its arrays in and out of {@code memory}, what it
     * ran recorded in {@code record}, what it printed in {@code out} and {@code err}; its exit code.
     */
    private static int run(Main.Reusable cli, NeuronCore core, List<String> args, Map<String, byte[]> memory,
            Served record, StringWriter out, StringWriter err) {
        return ScopedValue.where(Programs.MEMORY, memory).where(Served.RECORD, record).where(NeuronCore.CURRENT, core)
                .call(() -> cli.run(args.toArray(String[]::new), InputStream.nullInputStream(), new PrintWriter(out),
                        new PrintWriter(err), OutputStream.nullOutputStream()));
    }

    /** Runs one request's command on its arrays; a malformed request gets exit 2 and says why. */
    private static Frame answer(Main.Reusable cli, NeuronCore core, Frame request) {
        try {
            List<String> args = new ArrayList<>();
            JsonNode argNode = request.json().path("args");
            if (!argNode.isArray() || argNode.isEmpty()) {
                throw new InputException("a request needs \"args\": a non-empty array of stt arguments");
            }
            argNode.forEach(n -> args.add(n.asText()));
            if (List.of("serve", "batch").contains(args.get(0))) {
                throw new InputException(args.get(0) + " cannot run inside serve");
            }
            StringWriter o = new StringWriter();
            StringWriter e = new StringWriter();
            Map<String, byte[]> memory = new HashMap<>(request.arrays());
            Served record = new Served();
            core.drainTransfers();
            int code = run(cli, core, args, memory, record, o, e);
            ObjectNode json = reply(request.json());
            described(json, record);
            Map<String, byte[]> results = new LinkedHashMap<>();
            request.json().path("outputs").forEach(n -> {
                byte[] b = memory.get(n.asText());
                if (b != null && !request.arrays().containsKey(n.asText())) {
                    results.put(n.asText(), b);
                }
            });
            json.put("code", code).put("out", o.toString()).put("err", e.toString());
            if (code == ExitCode.OK) {
                SharedMemory.replay(json, request.json(), request.arrays(), record, core.drainTransfers());
            }
            return Frame.of(json, results);
        } catch (InputException ex) {
            return refusal(request.json(), ex.getMessage());
        }
    }

    /** A reply's JSON: the request's {@code id}, when it gave one, so that a client can pair them. */
    private static ObjectNode reply(JsonNode request) {
        ObjectNode json = JsonView.MAPPER.createObjectNode();
        JsonNode id = request == null ? null : request.get("id");
        json.set("id", id == null ? json.nullNode() : id);
        return json;
    }

    /** The words the command ran (hex), their estimated cost, and the verdicts that refused one, as data. */
    private static void described(ObjectNode json, Served record) {
        ArrayNode words = json.putArray("words");
        long cycles = 0;
        double ns = 0;
        boolean timed = true;
        for (Word w : record.words) {
            words.add(HexFormat.of().formatHex(Codec.encode(w)));
            Cost.Estimate est = Model.COST.of(w, record.gen);
            cycles += est.cycles().orElse(0L);
            timed &= est.ns().isPresent();
            ns += est.ns().orElse(0);
        }
        if (!record.words.isEmpty()) {
            json.putObject("cost").put("cycles", cycles).put("ns", timed ? ns : null);
        }
        ArrayNode calls = json.putArray("calls");
        if (!record.words.isEmpty()) {
            wordCall(calls.addObject(), record).put("cycles", cycles).put("ns", timed ? ns : null)
                    .put("formula", String.join("; ", record.words.stream().map(w -> Model.COST.of(w, record.gen)
                            .source()).distinct().toList()));
        }
        for (Served.LevelRun run : record.calls) {
            LevelCall.Outcome r = run.outcome();
            ObjectNode o = calls.addObject().put("name", run.call().name()).put("engine", run.call().engine()
                    .nkiName()).put("level", r.fidelity().label());
            ArrayNode ds = o.putArray("decisions");
            r.decisions().forEach(d -> ds.add(d.id()));
            o.put("words", 0);
            o.put("cycles", r.cycles().isPresent() ? r.cycles().getAsLong() : null);
            o.put("formula", run.call().cost().formula());
            OptionalDouble t = r.ns(run.call().engine(), run.gen());
            o.put("ns", t.isPresent() ? t.getAsDouble() : null);
            r.warnings().forEach(o.withArray("warnings")::add);
        }
        ArrayNode verdicts = json.putArray("verdicts");
        for (Served.Verdict v : record.verdicts) {
            ObjectNode o = JsonView.verdict(verdicts, v.violation());
            if (v.word() >= 0) {
                o.put("word", v.word());
            } else {
                o.putNull("word");
            }
        }
    }

    /**
     * The Vector Engine words a command ran as one call of the report: the NKI call of the first word's definition,
     * the level of the least exact word (model when any stands on a [MODEL] decision), those decisions.
     */
    private static ObjectNode wordCall(ObjectNode o, Served record) {
        Fidelity level = Fidelity.EXACT;
        java.util.Set<Decision> decisions = new java.util.LinkedHashSet<>();
        String name = null;
        for (Word w : record.words) {
            OpcodeDef d = w.opcode().map(Definitions::of).orElse(null);
            if (d == null) {
                continue;
            }
            name = name != null ? name : d.nki().orElse(d.opcode().mnemonic());
            Fidelity f = d.fidelity(record.gen);
            level = f.compareTo(level) > 0 ? f : level;
            decisions.addAll(d.decisions(record.gen));
        }
        o.put("name", name).put("engine", "vector").put("level", level.label());
        ArrayNode ds = o.putArray("decisions");
        decisions.forEach(d -> ds.add(d.id()));
        return o.put("words", record.words.size());
    }

    /** The reply to a request that could not run: exit 2, no words, and why. */
    private static Frame refusal(JsonNode request, String why) {
        return wordless(request, ExitCode.USAGE, "stt: serve: " + why + "\n");
    }

    /** A reply that ran no command: its exit code and standard error, no words, no verdicts, no arrays. */
    private static Frame wordless(JsonNode request, int code, String err) {
        ObjectNode json = reply(request).put("code", code).put("out", "").put("err", err);
        json.putArray("words");
        json.putArray("verdicts");
        return Frame.of(json, Map.of());
    }

    /**
     * One frame: its JSON and its named {@code .npy} payloads, or why it is malformed ({@code error}; its JSON then
     * holds what could be read of it, for the request's id).
     */
    record Frame(JsonNode json, Map<String, byte[]> arrays, String error) {
        static Frame of(ObjectNode json, Map<String, byte[]> arrays) {
            ArrayNode list = json.putArray("arrays");
            arrays.forEach((name, bytes) -> list.addObject().put("name", name).put("bytes", bytes.length));
            return new Frame(json, arrays, null);
        }

        private static Frame malformed(JsonNode json, String why) {
            return new Frame(json, Map.of(), "serve: " + why);
        }

        /**
         * The next frame, or null at the end of the input. A frame whose headers, JSON or arrays are malformed is
         * returned with its {@code error} (its declared bytes consumed when its lengths could be read), so that the
         * server answers it and goes on; the input ending inside a frame is an error that ends the server.
         */
        static Frame read(InputStream in) throws IOException {
            Map<String, String> headers = new LinkedHashMap<>();
            String bad = null;
            for (String line; !(line = header(in)).isEmpty(); ) {
                if (line == EOF) {
                    if (headers.isEmpty() && bad == null) {
                        return null;
                    }
                    throw new InputException("serve: the input ended inside a frame's headers");
                }
                int colon = line.indexOf(':');
                if (colon < 0) {
                    bad = bad != null ? bad : "header '" + line + "' is not Name: value";
                    continue;
                }
                headers.put(line.substring(0, colon).strip().toLowerCase(java.util.Locale.ROOT),
                        line.substring(colon + 1).strip());
            }
            int length = size(headers, "content-length");
            int jsonLength = size(headers, "json-length");
            if (length < 0 || jsonLength < 0 || jsonLength > length) {
                return malformed(null, bad != null ? bad : "headers Content-Length and Json-Length must be numbers,"
                        + " Json-Length at most Content-Length: " + headers);
            }
            byte[] body = in.readNBytes(length);
            if (body.length != length) {
                throw new InputException("serve: a frame promised " + length + " bytes and the input ended first");
            }
            if (bad != null) {
                return malformed(null, bad);
            }
            JsonNode json;
            try {
                json = JsonView.MAPPER.readTree(new String(body, 0, jsonLength, StandardCharsets.UTF_8));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                return malformed(null, "a frame's JSON does not parse: " + e.getOriginalMessage());
            }
            Map<String, byte[]> arrays = new LinkedHashMap<>();
            int at = jsonLength;
            for (JsonNode a : json.path("arrays")) {
                int n = a.path("bytes").asInt(-1);
                if (n < 0 || n > length - at) {
                    return malformed(json, "array " + a + " does not fit the frame's " + length + " bytes");
                }
                arrays.put(a.path("name").asText(), java.util.Arrays.copyOfRange(body, at, at + n));
                at += n;
            }
            return new Frame(json, arrays, null);
        }

        static void write(OutputStream out, Frame f) throws IOException {
            byte[] json = JsonView.MAPPER.writeValueAsBytes(f.json());
            long size = json.length;
            for (byte[] a : f.arrays().values()) {
                size += a.length;
            }
            out.write(("Content-Length: " + size + "\r\nJson-Length: " + json.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(json);
            for (byte[] a : f.arrays().values()) {
                out.write(a);
            }
            out.flush();
        }

        private static final String EOF = "\0eof";

        /** One header line without its CR LF; "" for the blank line; {@link #EOF} at the end of the input. */
        private static String header(InputStream in) throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            for (int b; (b = in.read()) != '\n'; ) {
                if (b < 0) {
                    return line.size() == 0 ? EOF : line.toString(StandardCharsets.US_ASCII);
                }
                line.write(b);
            }
            String s = line.toString(StandardCharsets.US_ASCII);
            return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
        }

        /** A length header's value; -1 when it is missing or not a number. */
        private static int size(Map<String, String> headers, String name) {
            try {
                return Integer.parseInt(headers.getOrDefault(name, ""));
            } catch (NumberFormatException e) {
                return -1;
            }
        }
    }
}
