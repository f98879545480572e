package stt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import stt.isa.Dtype;
import stt.machine.Tile;
import stt.npy.Npy;
import stt.npy.NpyArray;

/** stt serve: Content-Length frames in, the same command's results out, as `stt eval` gives them in files. */
class ServeCommandTest {
    @TempDir
    Path dir;

    static byte[] npy(Tile t) {
        return Npy.write(NpyArray.of(t.dtype(), new long[] {t.rows(), t.cols()}, t.data()));
    }

    /** A request frame, written by hand as the protocol's comment describes it. */
    static byte[] frame(String json, byte[]... arrays) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] head = json.getBytes(StandardCharsets.UTF_8);
        body.writeBytes(head);
        for (byte[] a : arrays) {
            body.writeBytes(a);
        }
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.writeBytes(("Content-Length: " + body.size() + "\r\nJson-Length: " + head.length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        f.writeBytes(body.toByteArray());
        return f.toByteArray();
    }

    record Reply(JsonNode json, Map<String, byte[]> arrays) {
    }

    static List<Reply> serve(byte[]... frames) throws Exception {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        for (byte[] f : frames) {
            in.writeBytes(f);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"serve"}, new ByteArrayInputStream(in.toByteArray()),
                new PrintWriter(new StringWriter()), new PrintWriter(err), out);
        assertThat(code).as(err.toString()).isZero();
        List<Reply> replies = new ArrayList<>();
        var stream = new ByteArrayInputStream(out.toByteArray());
        for (ServeCommand.Frame f; (f = ServeCommand.Frame.read(stream)) != null; ) {
            replies.add(new Reply(f.json(), f.arrays()));
        }
        return replies;
    }

    @Test
    void anEvalOverServeGivesTheBytesEvalWritesAndTheWordAndItsCost() throws Exception {
        Tile a = Tile.ofFloats(Dtype.FP32, 2, 3, 1, 2, 3, 4, 5, 6);
        Tile b = Tile.ofFloats(Dtype.FP32, 2, 3, 10, 20, 30, 40, 50, 60);
        String args = "[\"eval\", \"--data\", \"@a\", \"--op0\", \"mult\", \"--operand0\", \"2.5\", \"--op1\", \"add\","
                + " \"--operand1\", \"@b\", \"-o\", \"@out\", \"--accumulate\", \"reset\", \"--accum-out\", \"@acc\"]";
        List<Reply> replies = serve(frame("{\"args\": " + args + ", \"outputs\": [\"out\", \"acc\"], \"arrays\":"
                + " [{\"name\": \"a\", \"bytes\": " + npy(a).length + "}, {\"name\": \"b\", \"bytes\": " + npy(b).length
                + "}]}", npy(a), npy(b)));
        assertThat(replies).hasSize(1);
        Reply r = replies.get(0);
        assertThat(r.json().get("code").asInt()).as(r.json().toString()).isZero();
        // out = 2.5 a + b, by hand; the accumulator is each row's sum of it
        Tile want = Tile.ofFloats(Dtype.FP32, 2, 3, 12.5f, 25, 37.5f, 50, 62.5f, 75);
        assertThat(r.arrays().get("out")).isEqualTo(npy(want));
        assertThat(r.arrays().get("acc")).isEqualTo(npy(Tile.ofFloats(Dtype.FP32, 2, 1, 75, 187.5f)));
        assertThat(r.json().get("words")).hasSize(1);
        assertThat(r.json().get("words").get(0).asText()).hasSize(128).startsWith("9d");
        // STT with fp32 sources: 2N cycles for N = 3 elements per partition (FAMILY.md §7), at MARIANA's 1.2 GHz
        assertThat(r.json().get("cost").get("cycles").asLong()).isEqualTo(6);
        assertThat(r.json().get("cost").get("ns").asDouble()).isEqualTo(5.0);
        // the same call through files: the same bytes
        Path fa = Files.write(dir.resolve("a.npy"), npy(a));
        Path fb = Files.write(dir.resolve("b.npy"), npy(b));
        Path fo = dir.resolve("o.npy");
        assertThat(CliTest.stt("eval", "--data", fa.toString(), "--op0", "mult", "--operand0", "2.5", "--op1", "add",
                "--operand1", fb.toString(), "-o", fo.toString()).code()).isZero();
        assertThat(Files.readAllBytes(fo)).isEqualTo(r.arrays().get("out"));
    }

    @Test
    void theTrainingRunServesItsSessionInProcessAndPrintsNothing() throws Exception {
        // ./stt trains its AOT cache with this run: every request must succeed (a refused one would train a path no
        // session takes), and it reads no input and writes no frame
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter text = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new String[] {"serve", "--training"}, new ByteArrayInputStream(new byte[0]),
                new PrintWriter(text), new PrintWriter(err), out);
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.size()).isZero();
        assertThat(text.toString()).isEmpty();
    }

    @Test
    void badRequestsAreAnsweredWithExit2AndTheServerGoesOn() throws Exception {
        List<Reply> replies = serve(
                frame("{\"args\": [\"eval\", \"--data\", \"@nothing\", \"--op0\", \"mult\", \"--operand0\", \"1\","
                        + " \"--op1\", \"add\", \"--operand1\", \"@nothing\", \"-o\", \"@out\"], \"arrays\": []}"),
                frame("{\"args\": [\"serve\"], \"arrays\": []}"),
                frame("{\"args\": [\"eval\", \"--instruction\", \"matmul\"], \"arrays\": []}"),
                frame("{\"args\": [\"spec\", \"--model\"], \"arrays\": []}"));
        assertThat(replies).extracting(r -> r.json().get("code").asInt()).containsExactly(2, 2, 2, 0);
        assertThat(replies.get(0).json().get("err").asText()).contains("@nothing: no such array in the request");
        assertThat(replies.get(1).json().get("err").asText()).contains("serve cannot run inside serve");
        assertThat(replies.get(2).json().get("err").asText()).contains("'matmul'; allowed:");
        assertThat(replies.get(3).json().get("out").asText()).contains("[MODEL]");
    }

    @Test
    void anInvalidCallIsExit1WithTheRules() throws Exception {
        Tile a = Tile.ofFloats(Dtype.FP32, 1, 2, 1, 2);
        byte[] arr = npy(a);
        List<Reply> replies = serve(frame("{\"args\": [\"eval\", \"--data\", \"@a\", \"--op0\", \"relu\", \"--operand0\","
                + " \"1\", \"--op1\", \"add\", \"--operand1\", \"@a\", \"-o\", \"@out\", \"--gen\", \"cayman\"],"
                + " \"outputs\": [\"out\"], \"arrays\": [{\"name\": \"a\", \"bytes\": " + arr.length + "}]}", arr));
        JsonNode j = replies.get(0).json();
        assertThat(j.get("code").asInt()).isEqualTo(1);
        assertThat(j.get("err").asText()).contains("has_valid_scalar_tensor_tensor_op: op0 = relu");
        assertThat(replies.get(0).arrays()).isEmpty();
    }

    @Test
    void theCostIsTheGenerationsWhicheverWayGenIsWritten() throws Exception {
        byte[] a = npy(Tile.ofFloats(Dtype.FP32, 1, 2, 1, 2));
        String call = "\"eval\", \"--instruction\", \"tensor-tensor\", \"--data\", \"@a\", \"--data2\", \"@a\","
                + " \"--op\", \"add\", \"-o\", \"@out\", \"--print-instruction\"";
        String arrays = ", \"outputs\": [\"out\"], \"arrays\": [{\"name\": \"a\", \"bytes\": " + a.length + "}]}";
        List<Reply> replies = serve(frame("{\"args\": [" + call + ", \"--gen=cayman\"]" + arrays, a),
                frame("{\"args\": [" + call + ", \"--gen\", \"cayman\"]" + arrays, a));
        for (Reply r : replies) {
            assertThat(r.json().get("code").asInt()).as(r.json().toString()).isZero();
            // max(MIN_II, 2N) = 64 cycles at CAYMAN's 0.96 GHz (FAMILY.md §7)
            assertThat(r.json().get("cost").get("cycles").asLong()).isEqualTo(64);
            assertThat(r.json().get("cost").get("ns").asDouble()).isCloseTo(64 / 0.96, org.assertj.core.data.Offset
                    .offset(1e-9));
        }
    }

    @Test
    void malformedFramesAreAnsweredWithExit2AndTheServerGoesOnEachReplyCarryingItsRequestsId() throws Exception {
        byte[] noLength = "Json-Length: 2\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        byte[] badHeader = "Content-Length: 2\r\nJson-Length: 2\r\nno colon here\r\n\r\n{}"
                .getBytes(StandardCharsets.US_ASCII);
        List<Reply> replies = serve(frame("{\"args\": ["), badHeader,
                frame("{\"id\": 7, \"args\": [\"spec\", \"--model\"], \"arrays\": [{\"name\": \"x\", \"bytes\": 99}]}"),
                noLength, frame("{\"id\": \"last\", \"args\": [\"spec\", \"--model\"], \"arrays\": []}"));
        assertThat(replies).extracting(r -> r.json().get("code").asInt()).containsExactly(2, 2, 2, 2, 0);
        assertThat(replies.get(0).json().get("err").asText()).startsWith("stt: serve: serve: a frame's JSON does not"
                + " parse");
        assertThat(replies.get(1).json().get("err").asText()).contains("header 'no colon here' is not Name: value");
        assertThat(replies.get(2).json().get("err").asText()).contains("does not fit the frame's");
        assertThat(replies.get(2).json().get("id").asInt()).isEqualTo(7);
        assertThat(replies.get(3).json().get("err").asText()).contains("Content-Length and Json-Length must be");
        assertThat(replies.get(4).json().get("id").asText()).isEqualTo("last");
        assertThat(replies.get(0).json().get("id").isNull()).isTrue();
    }

    @Test
    void theInputEndingInsideAFrameEndsTheServerWithExit2InOneLine() {
        StringWriter err = new StringWriter();
        byte[] whole = frame("{\"args\": [\"spec\"]}");
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 3);
        int code = Main.run(new String[] {"serve"}, new ByteArrayInputStream(cut), new PrintWriter(new StringWriter()),
                new PrintWriter(err), new ByteArrayOutputStream());
        assertThat(code).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString().strip()).startsWith("stt: serve: a frame promised").doesNotContain("\n");
    }

    @Test
    void verdictsAreDataWithTheirRuleLevelAndWord() throws Exception {
        Tile a = Tile.ofFloats(Dtype.FP32, 1, 2, 1, 2);
        byte[] arr = npy(a);
        String arrays = ", \"outputs\": [\"out\"], \"arrays\": [{\"name\": \"a\", \"bytes\": " + arr.length + "}]}";
        List<Reply> replies = serve(
                frame("{\"args\": [\"eval\", \"--data\", \"@a\", \"--op0\", \"relu\", \"--operand0\", \"1\", \"--op1\","
                        + " \"add\", \"--operand1\", \"@a\", \"-o\", \"@out\", \"--gen\", \"cayman\"]" + arrays, arr),
                frame("{\"args\": [\"eval\", \"--instruction\", \"tensor-tensor\", \"--data\", \"@a\", \"--data2\","
                        + " \"@a\", \"--op\", \"pow\", \"-o\", \"@out\"]" + arrays, arr));
        JsonNode invalid = replies.get(0).json().get("verdicts");
        assertThat(invalid).hasSize(1);
        assertThat(invalid.get(0).get("rule").asText()).isEqualTo("has_valid_scalar_tensor_tensor_op");
        assertThat(invalid.get(0).get("level").asText()).isEqualTo("invalid");
        assertThat(invalid.get(0).get("word").asInt()).isZero();
        assertThat(invalid.get(0).get("message").asText()).contains("op0 = relu");
        JsonNode refused = replies.get(1).json().get("verdicts");
        assertThat(replies.get(1).json().get("code").asInt()).isEqualTo(1);
        assertThat(refused).hasSize(1);
        assertThat(refused.get(0).get("rule").asText()).isEqualTo("is_valid_tensor_tensor_arith_dve");
        assertThat(refused.get(0).get("level").asText()).isEqualTo("not_executable");
        assertThat(replies.get(1).json().get("words")).hasSize(1);
    }
}
