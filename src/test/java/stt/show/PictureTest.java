package stt.show;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.batik.transcoder.TranscoderInput;
import org.apache.batik.transcoder.TranscoderOutput;
import org.apache.batik.transcoder.image.PNGTranscoder;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import stt.Asm;
import stt.FamilyWords;
import stt.RandomWords;
import stt.WordSource;
import stt.codec.Layout;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.machine.Machine;
import stt.validate.AddressChecks;

class PictureTest {
    static final Generation G = Generation.MARIANA;

    record Rect(String operand, String space, int partition, long start, long end, long bytes) {
    }

    static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    static Set<Rect> rects(Document d) {
        Set<Rect> out = new HashSet<>();
        NodeList list = d.getElementsByTagName("rect");
        for (int k = 0; k < list.getLength(); k++) {
            Element e = (Element) list.item(k);
            if (e.hasAttribute("data-space")) {
                out.add(new Rect(e.getAttribute("class"), e.getAttribute("data-space"),
                        Integer.parseInt(e.getAttribute("data-partition")), Long.parseLong(e.getAttribute("data-start")),
                        Long.parseLong(e.getAttribute("data-end")), Long.parseLong(e.getAttribute("data-bytes"))));
            }
        }
        return out;
    }

    /** The validator's footprint (AddressChecks.span) per immediate pattern, distinct bytes counted one by one. */
    static Set<Rect> expected(Word w) {
        Set<Rect> out = new HashSet<>();
        int channels = (int) w.get("num_active_channels");
        for (Layout.Pattern p : w.layout().patterns()) {
            TensorPattern t = w.pattern(p);
            if (t.addr().fromRegister()) {
                continue;
            }
            MemoryRef ref = G.locate(t.addr().partitionOffset()).orElseThrow();
            int size = Dtype.of((int) w.get(p.dtypeField())).orElseThrow().size();
            long[] span = AddressChecks.span(t, size, ref.offset());
            Set<Long> bytes = new HashSet<>();
            for (long k = 0; k < t.elementCount(); k++) {
                for (int b = 0; b < size; b++) {
                    bytes.add(t.elementOffset(k) * size + b);
                }
            }
            for (int c = 0; c < channels; c++) {
                out.add(new Rect(p.name(), ref.space().isaName(), ref.partition() + c, span[0], span[1] + 1,
                        bytes.size()));
            }
        }
        return out;
    }

    @Test
    void theRectanglesAreTheValidatorsFootprintForRandomWordsOfEveryExecutableOpcode() throws Exception {
        Machine m = new Machine(G);
        List<WordSource> sources = new ArrayList<>(List.of(new RandomWords(3, G)));
        for (Opcode op : List.of(Opcode.TENSOR_TENSOR_ARITH, Opcode.COPY, Opcode.CAST_PREDICATED, Opcode.MEMSET,
                Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE, Opcode.DVE_READ_ACCUMULATOR)) {
            sources.add(new FamilyWords(op.code(), G, List.of(op)));
        }
        int checked = 0;
        for (WordSource source : sources) {
            for (int n = 0; n < 40; n++) {
                Word w = source.next(m);
                if (!Footprints.pointers(w).isEmpty()) {
                    continue; // scalars: the next test
                }
                assertThat(rects(parse(Picture.svg(List.of(w), 0, G)))).as(w.toString())
                        .containsExactlyInAnyOrderElementsOf(expected(w));
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(200);
    }

    @Test
    void iotaDrawsItsDestinationOnly() throws Exception {
        Word iota = Asm.line("iota src.num_elem=[6,1,1,1] dst=sbuf:2:0x10 dst.step_elem=[1,1,1,1]"
                + " dst.num_elem=[6,1,1,1] out_dtype=int32 num_active_channels=2", G);
        assertThat(rects(parse(Picture.svg(List.of(iota), 0, G)))).containsExactlyInAnyOrderElementsOf(expected(iota))
                .hasSize(2);
    }

    @Test
    void pointerScalarsHaveOneRectanglePerLaneAndInlineOnesNone() throws Exception {
        String ts = "tensor_scalar_arith src=sbuf:0:0x0 src.step_elem=[1,1,1] src.num_elem=[8,1,1] dst=psum:2:0x40"
                + " dst.step_elem=[1,1,1] dst.num_elem=[8,1,1] in_dtype=fp32 out_dtype=fp32 num_active_channels=3"
                + " op0=add imm0_src=pointer_immediate imm0=sbuf:5:0x100 op1=mult imm1=2.0";
        Set<Rect> got = rects(parse(Picture.svg(List.of(Asm.line(ts, G)), 0, G)));
        assertThat(got).filteredOn(r -> r.operand().equals("scalar")).containsExactlyInAnyOrder(
                new Rect("scalar", "sbuf", 5, 0x100, 0x104, 4), new Rect("scalar", "sbuf", 6, 0x100, 0x104, 4),
                new Rect("scalar", "sbuf", 7, 0x100, 0x104, 4));
        assertThat(got).filteredOn(r -> r.operand().equals("dst")).containsExactlyInAnyOrder(
                new Rect("dst", "psum", 2, 0x40, 0x60, 32), new Rect("dst", "psum", 3, 0x40, 0x60, 32),
                new Rect("dst", "psum", 4, 0x40, 0x60, 32));
        assertThat(rects(parse(Picture.svg(List.of(Asm.line(ts.replace("imm0_src=pointer_immediate imm0=sbuf:5:0x100",
                "imm0=1.0"), G)), 0, G)))).noneMatch(r -> r.operand().equals("scalar"));
    }

    @Test
    void stridedAndBroadcastPatternsCountTheirDistinctBytes() throws Exception {
        String word = "copy src=sbuf:0:0x0 src.step_elem=[2,0,1,1] src.num_elem=[4,3,1,1] dst=sbuf:0:0x100"
                + " dst.step_elem=[1,4,1,1] dst.num_elem=[4,3,1,1] in_dtype=int16 out_dtype=int16 num_active_channels=1";
        Set<Rect> got = rects(parse(Picture.svg(List.of(Asm.line(word, G)), 0, G)));
        // src: 4 int16 elements every other one (bytes 0..13, 8 of them), repeated 3 times; dst: 12 dense
        assertThat(got).containsExactlyInAnyOrder(new Rect("src", "sbuf", 0, 0, 14, 8),
                new Rect("dst", "sbuf", 0, 0x100, 0x118, 24));
    }

    @Test
    void aBigWordStaysSmallAndARealRendererAcceptsThePicture() throws Exception {
        String big = "tensor_tensor_arith src0=sbuf:0:0x0 src0.step_elem=[1,0,0] src0.num_elem=[16384,1,1]"
                + " src1=sbuf:0:0x10000 src1.step_elem=[1,0,0] src1.num_elem=[16384,1,1] dst=sbuf:0:0x20000"
                + " dst.step_elem=[1,0,0] dst.num_elem=[16384,1,1] op=add in0_dtype=fp32 in1_dtype=fp32"
                + " out_dtype=fp32 num_active_channels=128";
        String fma = "scalar_tensor_tensor_arith src0=sbuf:0:0x20000 src0.step_elem=[2,0] src0.num_elem=[512,1]"
                + " src1=psum:0:0x100 src1.step_elem=[0,0] src1.num_elem=[512,1] dst=sbuf:64:0x38000"
                + " dst.step_elem=[1,0] dst.num_elem=[512,1] op0=mult op1=add imm0_src=pointer_immediate"
                + " imm0=sbuf:0:0x3c000 imm0_dtype=fp32 in0_dtype=bf16 in1_dtype=fp32 out_dtype=fp32"
                + " num_active_channels=64";
        String svg = Picture.svg(List.of(Asm.line(big, G), Asm.line(fma, G)), 0, G);
        assertThat(svg.length()).isLessThan(2_000_000);
        assertThat(svg).doesNotContain("invalid");
        parse(svg);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        new PNGTranscoder().transcode(new TranscoderInput(new ByteArrayInputStream(svg.getBytes(
                StandardCharsets.UTF_8))), new TranscoderOutput(png));
        assertThat(png.toByteArray()).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
        Files.write(Path.of("target", "show.png"), png.toByteArray());
        Files.writeString(Path.of("target", "show.svg"), svg);
    }
}
