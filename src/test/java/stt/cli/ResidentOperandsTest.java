package stt.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static stt.cli.ServeCommandTest.frame;
import static stt.cli.ServeCommandTest.npy;
import static stt.cli.ServeCommandTest.serve;

import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import stt.codec.Codec;
import stt.isa.Generation;
import stt.machine.Tile;
import stt.isa.Dtype;
import stt.text.TextForm;

/**
 * Operands in the session's memory (a kernel's SBUF and PSUM tensors): eval reads and writes them where they are, and
 * its word addresses them there.
 */
class ResidentOperandsTest {
    private static final Tile A = Tile.ofFloats(Dtype.FP32, 2, 3, 1, 2, 3, 4, 5, 6);
    private static final Tile B = Tile.ofFloats(Dtype.FP32, 2, 3, 10, 20, 30, 40, 50, 60);

    private static byte[] eval(String args, Tile... arrays) {
        StringBuilder listing = new StringBuilder();
        byte[][] payload = new byte[arrays.length][];
        for (int i = 0; i < arrays.length; i++) {
            payload[i] = npy(arrays[i]);
            listing.append(i == 0 ? "" : ", ").append("{\"name\": \"in").append(i).append("\", \"bytes\": ")
                    .append(payload[i].length).append('}');
        }
        return frame("{\"args\": [\"eval\", " + args + "], \"outputs\": [\"out\"], \"arrays\": [" + listing + "]}",
                payload);
    }

    private static String text(ServeCommandTest.Reply r, int word) {
        return TextForm.disassemble(Codec.decode(HexFormat.of().parseHex(r.json().get("words").get(word).asText())),
                Generation.MARIANA);
    }

    @Test
    void aCallOnTilesInSbufAndPsumAddressesThemAndWritesItsOutputInPlace() throws Exception {
        List<ServeCommandTest.Reply> r = serve(
                eval("\"--instruction\", \"copy\", \"--data\", \"@in0\", \"-o\", \"sbuf:2:0x1000:2x3:fp32\"", A),
                eval("\"--instruction\", \"copy\", \"--data\", \"@in0\", \"-o\", \"psum:0:0x40:2x3:fp32\"", B),
                eval("\"--instruction\", \"tensor-tensor\", \"--data\", \"sbuf:2:0x1000:2x3:fp32\", \"--data2\","
                        + " \"psum:0:0x40:2x3:fp32\", \"--op\", \"add\", \"-o\", \"sbuf:2:0x2000:2x3:fp32\""),
                eval("\"--instruction\", \"copy\", \"--data\", \"sbuf:2:0x2000:2x3:fp32\", \"-o\", \"@out\""));
        for (ServeCommandTest.Reply x : r) {
            assertThat(x.json().get("code").asInt()).as(x.json().toString()).isZero();
        }
        // the word of the third call reads and writes the regions themselves, nothing staged
        assertThat(text(r.get(2), 0)).contains("src0=sbuf:2:0x1000", "src1=psum:0:0x40", "dst=sbuf:2:0x2000",
                "num_active_channels=2");
        assertThat(text(r.get(0), 0)).contains("dst=sbuf:2:0x1000");
        // a + b by hand
        assertThat(r.get(3).arrays().get("out")).isEqualTo(npy(Tile.ofFloats(Dtype.FP32, 2, 3, 11, 22, 33, 44, 55,
                66)));
        // a call writing its output in place sends no array back
        assertThat(r.get(2).arrays()).isEmpty();
    }

    @Test
    void aRefusedRegionIsOneErrorNamingTheOptionAndMemoryIsUnchanged() throws Exception {
        List<ServeCommandTest.Reply> r = serve(
                eval("\"--instruction\", \"copy\", \"--data\", \"@in0\", \"-o\", \"sbuf:0:0x100:2x3:fp32\"", A),
                // the output region's shape is not the call's
                eval("\"--instruction\", \"copy\", \"--data\", \"@in0\", \"-o\", \"sbuf:0:0x100:2x3:fp32\"",
                        Tile.ofFloats(Dtype.FP32, 2, 4, 9, 9, 9, 9, 9, 9, 9, 9)),
                // the output region is another dtype
                eval("\"--instruction\", \"copy\", \"--data\", \"@in0\", \"-o\", \"sbuf:0:0x100:2x3:bf16\"", B),
                // a dtype option on a region
                eval("\"--instruction\", \"copy\", \"--data\", \"sbuf:0:0x100:2x3:fp32\", \"--dtype0\", \"bf16\","
                        + " \"-o\", \"@out\""),
                // the staged tiles would overlap the kernel's tensors
                eval("\"--instruction\", \"tensor-tensor\", \"--data\", \"@in0\", \"--data2\", \"sbuf:0:0x100:2x3:fp32\","
                        + " \"--op\", \"add\", \"--staging-bytes\", \"8\", \"-o\", \"sbuf:0:0x100:2x3:fp32\"", B),
                // a region past the partitions
                eval("\"--instruction\", \"copy\", \"--data\", \"sbuf:127:0x100:2x3:fp32\", \"-o\", \"@out\""),
                eval("\"--instruction\", \"copy\", \"--data\", \"sbuf:0:0x100:2x3:fp32\", \"-o\", \"@out\""));
        assertThat(r.get(0).json().get("code").asInt()).isZero();
        assertThat(r.get(1).json().get("err").asText()).as(r.get(1).json().toString()).contains("sbuf:0:0x100", "[2, 3] fp32",
                "the call makes [2, 4] fp32");
        assertThat(r.get(2).json().get("err").asText()).contains("[2, 3] bf16", "the call makes [2, 3] fp32");
        assertThat(r.get(3).json().get("err").asText()).contains("--data sbuf:0:0x100:2x3:fp32", "fp32", "bf16");
        assertThat(r.get(4).json().get("err").asText()).contains("the kernel's SBUF tensors leave 8");
        assertThat(r.get(5).json().get("err").asText()).contains("--data sbuf:127:0x100:2x3:fp32");
        for (int i = 1; i <= 5; i++) {
            assertThat(r.get(i).json().get("code").asInt()).as(r.get(i).json().toString()).isEqualTo(2);
        }
        assertThat(r.get(6).arrays().get("out")).isEqualTo(npy(A));
    }

    @Test
    void aRegionOutsideServeIsRefusedNamingTheOption() {
        CliTest.Result r = CliTest.stt("eval", "--instruction", "copy", "--data", "sbuf:0:0x0:2x3:fp32", "-o",
                "x.npy");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--data sbuf:0:0x0:2x3:fp32", "stt serve");
    }
}
