package stt.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;

/** Many stt commands in one process: for test drivers that run thousands of {@code eval}s. */
@Command(name = "batch", description = "Read one JSON array of stt arguments per line from standard input, run"
        + " each, print one JSON object per line: {\"code\", \"out\", \"err\"}.")
final class BatchCommand extends Subcommand {
    @Override
    public Integer call() throws IOException {
        PrintWriter out = out();
        BufferedReader in = new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        Main.Reusable cli = new Main.Reusable();
        int lineNo = 0;
        for (String line; (line = in.readLine()) != null; ) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            List<String> args = new ArrayList<>();
            JsonNode node;
            try {
                node = JsonView.MAPPER.readTree(line);
            } catch (IOException e) {
                node = null;
            }
            if (node == null || !node.isArray()) {
                throw new InputException("batch line " + lineNo + ": expected a JSON array of strings");
            }
            node.forEach(n -> args.add(n.asText()));
            if (!args.isEmpty() && args.get(0).equals("batch")) {
                throw new InputException("batch line " + lineNo + ": batch cannot run batch");
            }
            StringWriter o = new StringWriter();
            StringWriter e = new StringWriter();
            int code = cli.run(args.toArray(String[]::new), InputStream.nullInputStream(), new PrintWriter(o),
                    new PrintWriter(e), java.io.OutputStream.nullOutputStream());
            out.println(JsonView.MAPPER.createObjectNode().put("code", code).put("out", o.toString())
                    .put("err", e.toString()));
            out.flush();
        }
        return ExitCode.OK;
    }
}
