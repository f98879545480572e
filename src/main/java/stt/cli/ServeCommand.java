package stt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
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
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import stt.codec.Codec;
import stt.codec.Word;
import stt.cost.Cost;
import stt.isa.Generation;

/**
 * One long-lived process for a client that makes many calls (the Python package {@code stt_nki}): framed
 * requests on standard input, framed responses on standard output, as the Language Server Protocol frames them.
 *
 * <p>A frame is {@code Content-Length: N\r\nJson-Length: J\r\n\r\n} and N bytes: J bytes of UTF-8 JSON, then the
 * {@code .npy} files the JSON lists under {@code arrays} ({@code [{"name", "bytes"}]}), back to back. A request's JSON
 * is {@code {"args": [...], "arrays": [...], "outputs": [...]}}: the arguments of one stt command (not batch or
 * serve), where a file argument {@code @name} is array {@code name} (an input, or an output it writes). The
 * response's JSON is {@code {"code", "out", "err", "arrays", "words", "cost"}}: the exit code and text the command
 * printed, the outputs it wrote, and for {@code eval} the instruction words it ran (hex) and their estimated cost.
 * The arrays stay in memory ({@link Programs#MEMORY}): no file is written. The process ends at the end of its
 * input.
 */
@Command(name = "serve", description = "Serve stt commands over framed requests on standard input (Content-Length"
        + " framing, JSON plus .npy payloads): one process for many calls, as the Python package stt_nki uses it.")
final class ServeCommand extends Stdin implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        OutputStream out = stdoutBytes;
        InputStream in = new BufferedInputStream(stdin);
        Main.Reusable cli = new Main.Reusable();
        for (Frame request; (request = Frame.read(in)) != null; ) {
            Frame.write(out, answer(cli, request));
        }
        return ExitCode.OK;
    }

    /** Runs one request's command on its arrays; a malformed request gets exit 2 and says why. */
    private static Frame answer(Main.Reusable cli, Frame request) {
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
            boolean eval = args.get(0).equals("eval");
            if (eval && !args.contains("--print-instruction")) {
                args.add("--print-instruction");
            }
            StringWriter o = new StringWriter();
            StringWriter e = new StringWriter();
            Map<String, byte[]> memory = new HashMap<>(request.arrays());
            int code = ScopedValue.where(Programs.MEMORY, memory).call(() -> cli.run(args.toArray(String[]::new),
                    InputStream.nullInputStream(), new PrintWriter(o), new PrintWriter(e),
                    OutputStream.nullOutputStream()));
            String text = o.toString();
            ObjectNode json = JsonView.MAPPER.createObjectNode();
            ArrayNode words = json.putArray("words");
            // --print-instruction's lines come first: each word as text, then as hex; the rest is the call's
            String[] lines = text.split("\n", -1);
            int at = 0;
            long cycles = 0;
            double ns = 0;
            boolean timed = true;
            while (eval && at + 1 < lines.length && lines[at + 1].strip().length() == 3 * Word.SIZE - 1) {
                byte[] bytes = HexFormat.ofDelimiter(" ").parseHex(lines[at + 1].strip());
                words.add(HexFormat.of().formatHex(bytes));
                Cost.Estimate est = Cost.of(Codec.decode(bytes), generation(args));
                cycles += est.cycles().orElse(0L);
                timed &= est.ns().isPresent();
                ns += est.ns().orElse(0);
                at += 2;
            }
            if (!words.isEmpty()) {
                json.putObject("cost").put("cycles", cycles).put("ns", timed ? ns : null);
            }
            text = String.join("\n", java.util.Arrays.asList(lines).subList(at, lines.length));
            Map<String, byte[]> results = new LinkedHashMap<>();
            request.json().path("outputs").forEach(n -> {
                byte[] b = memory.get(n.asText());
                if (b != null && !request.arrays().containsKey(n.asText())) {
                    results.put(n.asText(), b);
                }
            });
            json.put("code", code).put("out", text).put("err", e.toString());
            return Frame.of(json, results);
        } catch (InputException ex) {
            ObjectNode json = JsonView.MAPPER.createObjectNode().put("code", ExitCode.USAGE).put("out", "")
                    .put("err", "stt: serve: " + ex.getMessage() + "\n");
            json.putArray("words");
            return Frame.of(json, Map.of());
        }
    }

    /** The generation the command ran for ({@code --gen G} or {@code --gen=G}; eval has refused a bad one). */
    private static Generation generation(List<String> args) {
        for (int k = 0; k < args.size(); k++) {
            String value = args.get(k).equals("--gen") && k + 1 < args.size() ? args.get(k + 1)
                    : args.get(k).startsWith("--gen=") ? args.get(k).substring(6) : null;
            if (value != null) {
                return Generation.parse(value).orElse(Generation.DEFAULT);
            }
        }
        return Generation.DEFAULT;
    }

    /** One frame: its JSON and its named {@code .npy} payloads. */
    record Frame(JsonNode json, Map<String, byte[]> arrays) {
        static Frame of(ObjectNode json, Map<String, byte[]> arrays) {
            ArrayNode list = json.putArray("arrays");
            arrays.forEach((name, bytes) -> list.addObject().put("name", name).put("bytes", bytes.length));
            return new Frame(json, arrays);
        }

        /** The next frame, or null at the end of the input. */
        static Frame read(InputStream in) throws IOException {
            Map<String, String> headers = new LinkedHashMap<>();
            for (String line; !(line = header(in)).isEmpty(); ) {
                if (line == EOF) {
                    if (headers.isEmpty()) {
                        return null;
                    }
                    throw new InputException("serve: the input ended inside a frame's headers");
                }
                int colon = line.indexOf(':');
                if (colon < 0) {
                    throw new InputException("serve: header '" + line + "' is not Name: value");
                }
                headers.put(line.substring(0, colon).strip().toLowerCase(java.util.Locale.ROOT),
                        line.substring(colon + 1).strip());
            }
            int length = size(headers, "content-length");
            int jsonLength = size(headers, "json-length");
            byte[] head = in.readNBytes(jsonLength);
            if (head.length != jsonLength || jsonLength > length) {
                throw new InputException("serve: a frame promised " + length + " bytes (JSON " + jsonLength
                        + ") and the input ended first");
            }
            JsonNode json;
            try {
                json = JsonView.MAPPER.readTree(new String(head, StandardCharsets.UTF_8));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new InputException("serve: a frame's JSON does not parse: " + e.getOriginalMessage());
            }
            Map<String, byte[]> arrays = new LinkedHashMap<>();
            int left = length - jsonLength;
            for (JsonNode a : json.path("arrays")) {
                int n = a.path("bytes").asInt(-1);
                if (n < 0 || n > left) {
                    throw new InputException("serve: array " + a + " does not fit the frame's " + length + " bytes");
                }
                byte[] bytes = in.readNBytes(n);
                if (bytes.length != n) {
                    throw new InputException("serve: the input ended inside array " + a);
                }
                arrays.put(a.path("name").asText(), bytes);
                left -= n;
            }
            if (in.skip(left) != left) {
                throw new InputException("serve: the input ended inside a frame");
            }
            return new Frame(json, arrays);
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

        private static int size(Map<String, String> headers, String name) {
            try {
                return Integer.parseInt(headers.getOrDefault(name, ""));
            } catch (NumberFormatException e) {
                throw new InputException("serve: header " + name + " missing or not a number: " + headers);
            }
        }
    }
}
