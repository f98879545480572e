package stt.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import stt.isa.Dtype;
import stt.machine.Tile;

/**
 * serve's shared memory: the client maps the core's memory, learns where a call's arrays went, writes new inputs
 * there itself and sends only the words. Expected values by hand.
 */
class SharedMemoryTest {
    /** A serve process in a thread, spoken to one frame at a time. */
    static final class Server implements AutoCloseable {
        final PipedOutputStream requests = new PipedOutputStream();
        final PipedInputStream replies = new PipedInputStream(1 << 20);
        final CompletableFuture<Integer> done;

        Server() throws Exception {
            PipedInputStream in = new PipedInputStream(requests, 1 << 20);
            PipedOutputStream out = new PipedOutputStream(replies);
            done = CompletableFuture.supplyAsync(() -> {
                try (out) {
                    return Main.run(new String[] {"serve"}, in, new PrintWriter(new StringWriter()),
                            new PrintWriter(new StringWriter()), out);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }

        ServeCommandTest.Reply ask(String json, byte[]... arrays) throws Exception {
            requests.write(ServeCommandTest.frame(json, arrays));
            requests.flush();
            ServeCommand.Frame f = ServeCommand.Frame.read(replies);
            return new ServeCommandTest.Reply(f.json(), f.arrays());
        }

        @Override
        public void close() throws Exception {
            requests.close();
            assertThat(done.get()).isZero();
        }
    }

    static final Tile A = Tile.ofFloats(Dtype.FP32, 2, 3, 1, 2, 3, 4, 5, 6);
    static final Tile B = Tile.ofFloats(Dtype.FP32, 2, 3, 10, 20, 30, 40, 50, 60);
    static final String ADD = "{\"args\": [\"eval\", \"--instruction\", \"tensor-tensor\", \"--data\", \"@a\","
            + " \"--data2\", \"@b\", \"--op\", \"add\", \"-o\", \"@out\"], \"outputs\": [\"out\"], \"arrays\":"
            + " [{\"name\": \"a\", \"bytes\": " + ServeCommandTest.npy(A).length + "}, {\"name\": \"b\", \"bytes\": "
            + ServeCommandTest.npy(B).length + "}]}";

    /** Element (r, c) of a located [rows, 3] fp32 tile in the mapped SBUF. */
    static float at(MemorySegment sbuf, long pitch, JsonNode where, int r, int c) {
        return sbuf.get(ValueLayout.JAVA_FLOAT_UNALIGNED, (where.get("partition").asLong() + r) * pitch
                + where.get("offset").asLong() + 4L * c);
    }

    @Test
    void aClientThatMapsTheMemoryReplaysACallWithNewInputsByWordsAlone() throws Exception {
        try (Server s = new Server(); Arena arena = Arena.ofConfined()) {
            JsonNode mem = s.ask("{\"id\": 1, \"memory\": \"mariana\"}").json();
            assertThat(mem.get("code").asInt()).as(mem.toString()).isZero();
            Path file = Path.of(mem.get("path").asText());
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
                    .isEqualTo("rwx------");
            assertThat(mem.get("sbuf").get("bytes").asInt()).isEqualTo(256 * 1024);
            long pitch = mem.get("sbuf").get("pitch").asLong();
            MemorySegment sbuf;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                sbuf = ch.map(FileChannel.MapMode.READ_WRITE, 0, mem.get("size").asLong(), arena);
            }

            JsonNode first = s.ask(ADD, ServeCommandTest.npy(A), ServeCommandTest.npy(B)).json();
            assertThat(first.get("code").asInt()).isZero();
            JsonNode in = first.get("replay").get("inputs");
            JsonNode out = first.get("replay").get("outputs").get(0);
            assertThat(in.get(0).get("name").asText()).isEqualTo("a");
            assertThat(in.get(0).get("row_bytes").asInt()).isEqualTo(12);
            assertThat(out.get("descr").asText()).isEqualTo("<f4");
            // the server wrote the inputs and the sum where the reply says, in the memory the test mapped
            assertThat(at(sbuf, pitch, in.get(1), 1, 2)).isEqualTo(60);
            assertThat(at(sbuf, pitch, out, 1, 2)).isEqualTo(66);

            for (int r = 0; r < 2; r++) {
                for (int c = 0; c < 3; c++) {
                    long a = (in.get(0).get("partition").asLong() + r) * pitch + in.get(0).get("offset").asLong();
                    sbuf.set(ValueLayout.JAVA_FLOAT_UNALIGNED, a + 4L * c, 100 * r + c);
                }
            }
            JsonNode again = s.ask("{\"id\": 3, \"execute\": " + first.get("words") + ", \"gen\": \"mariana\","
                    + " \"engine\": \"reference\"}").json();
            assertThat(again.get("code").asInt()).as(again.toString()).isZero();
            assertThat(again.get("id").asInt()).isEqualTo(3);
            assertThat(again.get("words")).isEqualTo(first.get("words"));
            // by hand: the new a (100 r + c) plus b as it was
            assertThat(at(sbuf, pitch, out, 0, 0)).isEqualTo(10);
            assertThat(at(sbuf, pitch, out, 1, 2)).isEqualTo(162);

            assertThat(s.ask("{\"reset\": true}").json().get("code").asInt()).isZero();
            assertThat(at(sbuf, pitch, out, 1, 2)).isZero(); // reset zeroes the shared memory in place
        }
    }

    @Test
    void anNkiLevelCallReadsAndWritesRegionsOfTheSharedMemory() throws Exception {
        try (Server s = new Server(); Arena arena = Arena.ofConfined()) {
            JsonNode mem = s.ask("{\"memory\": \"mariana\"}").json();
            long pitch = mem.get("sbuf").get("pitch").asLong();
            MemorySegment sbuf;
            try (FileChannel ch = FileChannel.open(Path.of(mem.get("path").asText()), StandardOpenOption.READ,
                    StandardOpenOption.WRITE)) {
                sbuf = ch.map(FileChannel.MapMode.READ_WRITE, 0, mem.get("size").asLong(), arena);
            }
            for (int r = 0; r < 2; r++) {
                for (int c = 0; c < 3; c++) {
                    sbuf.set(ValueLayout.JAVA_FLOAT_UNALIGNED, r * pitch + 0x100 + 4L * c, 3 * r + c + 1);
                }
            }
            String call = "{\"args\": [\"call\", \"activation\", \"data=sbuf:0:0x100:2x3:fp32\", \"op=copy\","
                    + " \"scale=0x40000000\", \"dtype=fp32\", \"--gen\", \"mariana\", \"--out\", \"dst=%s\"],"
                    + " \"outputs\": []}";
            JsonNode bad = s.ask(call.formatted("sbuf:0:0x200:2x4:fp32")).json();
            assertThat(bad.get("code").asInt()).isNotZero();
            assertThat(bad.get("err").asText()).contains("--out dst=sbuf:0:0x200:2x4:fp32").contains("the region is"
                    + " 2x4 fp32; the output is 2x3 fp32");
            assertThat(at(sbuf, pitch, where(0x200), 1, 2)).isZero(); // a refused call writes nothing
            JsonNode ok = s.ask(call.formatted("sbuf:0:0x200:2x3:fp32")).json();
            assertThat(ok.get("code").asInt()).as(ok.toString()).isZero();
            assertThat(ok.get("arrays")).isEmpty(); // nothing travelled back: the result is where it was asked for
            // by hand: copy(2 x), from the tile the test wrote (1..6)
            assertThat(at(sbuf, pitch, where(0x200), 0, 0)).isEqualTo(2);
            assertThat(at(sbuf, pitch, where(0x200), 1, 2)).isEqualTo(12);
        }
    }

    private static JsonNode where(int offset) {
        return JsonView.MAPPER.createObjectNode().put("partition", 0).put("offset", offset);
    }

    @Test
    void accumulatorsReadFromTheEngineHaveNoReplayAndBadExecuteRequestsAreRefused() throws Exception {
        try (Server s = new Server()) {
            s.ask("{\"memory\": \"mariana\"}");
            String args = "[\"eval\", \"--data\", \"@a\", \"--op0\", \"mult\", \"--operand0\", \"2\", \"--op1\","
                    + " \"add\", \"--operand1\", \"@b\", \"-o\", \"@out\", \"--accumulate\", \"reset\","
                    + " \"--accum-out\", \"@acc\"]";
            JsonNode accum = s.ask("{\"args\": " + args + ", \"outputs\": [\"out\", \"acc\"], \"arrays\": [{\"name\":"
                    + " \"a\", \"bytes\": " + ServeCommandTest.npy(A).length + "}, {\"name\": \"b\", \"bytes\": "
                    + ServeCommandTest.npy(B).length + "}]}", ServeCommandTest.npy(A), ServeCommandTest.npy(B)).json();
            assertThat(accum.get("code").asInt()).isZero();
            assertThat(accum.has("replay")).isFalse();
            JsonNode garbled = s.ask("{\"execute\": [\"9d00\"], \"gen\": \"mariana\"}").json();
            assertThat(garbled.get("code").asInt()).isEqualTo(2);
            assertThat(garbled.get("err").asText()).contains("\"execute\" word 0");
            JsonNode gen = s.ask("{\"execute\": " + accum.get("words") + ", \"gen\": \"trn9\"}").json();
            assertThat(gen.get("err").asText()).contains("generation 'trn9'").contains("mariana");
            // the same word runs on SUNDA too (sunda_vector_engine), and its call is labelled model under it
            JsonNode call = accum.get("calls").get(0);
            assertThat(call.get("level").asText()).as(call.toString()).isEqualTo("exact");
            assertThat(call.get("decisions")).isEmpty();
            JsonNode sunda = s.ask("{\"execute\": " + accum.get("words") + ", \"gen\": \"sunda\"}").json();
            assertThat(sunda.get("code").asInt()).as(sunda.toString()).isZero();
            call = sunda.get("calls").get(0);
            assertThat(call.get("engine").asText()).isEqualTo("vector");
            assertThat(call.get("level").asText()).as(call.toString()).isEqualTo("model");
            assertThat(call.get("decisions")).extracting(JsonNode::asText).containsExactly("sunda_vector_engine");
            // a word SUNDA's own tables refuse (a 64-bit dtype) is still exit 1, as eval says it
            String int64 = java.util.HexFormat.of().formatHex(stt.codec.Codec.encode(stt.Asm.line("tensor_tensor_arith"
                    + " src0=sbuf:0:0x0 src0.num_elem=[4,1,1] src0.step_elem=[1,1,1] src1=sbuf:0:0x40"
                    + " src1.num_elem=[4,1,1] src1.step_elem=[1,1,1] dst=sbuf:0:0x80 dst.num_elem=[4,1,1]"
                    + " dst.step_elem=[1,1,1] in0_dtype=int64 in1_dtype=int64 out_dtype=int64 op=add"
                    + " num_active_channels=1", stt.isa.Generation.SUNDA)));
            JsonNode refused = s.ask("{\"execute\": [\"" + int64 + "\"], \"gen\": \"sunda\"}").json();
            assertThat(refused.get("code").asInt()).as(refused.toString()).isEqualTo(1);
            assertThat(refused.get("err").asText()).startsWith("stt: eval: ").contains("is_valid_dtype: in0_dtype"
                    + " = int64");
            JsonNode late = s.ask("{\"memory\": \"sunda\"}").json();
            assertThat(late.get("code").asInt()).isEqualTo(2);
            assertThat(late.get("err").asText()).contains("map it before the first call");
        }
    }
}
