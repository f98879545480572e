package stt.show;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import stt.codec.Layout;
import stt.codec.Word;
import stt.engine.Model;
import stt.isa.Generation;
import stt.isa.Space;
import stt.validate.Violation;

/**
 * An SVG picture of what words touch (stt show): per word, one panel per memory it uses, partitions down and
 * partition bytes across (the partition stride to scale, the active window marked), one rectangle per operand
 * and partition, coloured by operand. A dense operand is solid; a strided or broadcast one (fewer distinct bytes
 * than its span) is light and dashed. Every rectangle carries its exact region as data attributes.
 */
public final class Picture {
    private static final int LEFT = 80;
    private static final int PLOT = 900;
    private static final int ROW = 3;
    private static final int PANEL = Generation.PARTITIONS * ROW;
    private static final Map<String, String> COLOURS = Map.of("src0", "#1f77b4", "src1", "#ff7f0e", "src", "#1f77b4",
            "dst", "#2ca02c", "scalar", "#d62728");

    private Picture() {
    }

    /** The picture of {@code words}, numbered from {@code first}, stacked vertically. */
    public static String svg(List<Word> words, int first, Generation gen) {
        StringBuilder body = new StringBuilder();
        int y = 10;
        for (int k = 0; k < words.size(); k++) {
            y = word(body, words.get(k), first + k, gen, y);
        }
        y = legend(body, y + 10);
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
                + (LEFT + PLOT + 20) + "\" height=\"" + (y + 10) + "\" font-family=\"sans-serif\" font-size=\"11\">\n"
                + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + body + "</svg>\n";
    }

    private static int word(StringBuilder out, Word w, int index, Generation gen, int y) {
        List<Violation> violations = Model.VALIDATOR.validate(w, gen);
        List<Region> regions = Footprints.of(w, gen);
        text(out, 10, y + 12, "word " + index + ": " + w.mnemonic() + " (" + w.layout().name() + ") on "
                + gen.isaName() + (violations.isEmpty() ? "" : ", invalid: " + violations.stream()
                        .map(v -> v.rule().isaName()).distinct().collect(Collectors.joining(", "))), true);
        y += 18;
        for (Layout.Pattern p : w.layout().patterns()) {
            if (w.pattern(p).addr().fromRegister()) {
                text(out, 10, y + 11, p.name() + ": a register-held address, known only at run time: not drawn",
                        false);
                y += 14;
            }
        }
        for (Space space : Space.values()) {
            List<Region> here = regions.stream().filter(r -> r.space() == space).toList();
            if (!here.isEmpty() || space == Space.SBUF && gen.activeBytes(space) > 0) {
                y = panel(out, here, space, gen, y) + 12;
            }
        }
        return y + 8;
    }

    private static int panel(StringBuilder out, List<Region> regions, Space space, Generation gen, int y) {
        int stride = gen.partitionStride(space);
        int active = gen.activeBytes(space);
        double scale = (double) PLOT / stride;
        text(out, 10, y + 11, String.format(Locale.ROOT, "%s: partitions 0..127 down; bytes 0..%d KiB across"
                + " (active %d KiB, shaded beyond)", space.name(), stride / 1024, active / 1024), false);
        y += 16;
        out.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e8e8e8\"/>%n",
                LEFT, y, PLOT, PANEL));
        out.append(String.format(Locale.ROOT, "<rect class=\"active\" x=\"%d\" y=\"%d\" width=\"%.2f\" height=\"%d\""
                + " fill=\"#fcfcfc\" stroke=\"#888\"/>%n", LEFT, y, active * scale, PANEL));
        for (int p : new int[] {0, 32, 64, 96, 127}) {
            out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">p%d</text>%n",
                    LEFT - 4, y + p * ROW + 8, p));
        }
        for (Region r : regions) {
            String colour = COLOURS.getOrDefault(r.operand(), "#9467bd");
            double width = Math.max(1.0, (r.end() - r.start()) * scale);
            out.append(String.format(Locale.ROOT, "<rect class=\"%s\" data-space=\"%s\" data-partition=\"%d\""
                    + " data-start=\"%d\" data-end=\"%d\" data-bytes=\"%d\" x=\"%.2f\" y=\"%d\" width=\"%.2f\""
                    + " height=\"%d\" fill=\"%s\" fill-opacity=\"%s\"%s/>%n", r.operand(), r.space().isaName(),
                    r.partition(), r.start(), r.end(), r.bytes(), LEFT + r.start() * scale, y + r.partition() * ROW,
                    width, ROW, colour, r.dense() ? "0.85" : "0.3", r.dense() ? ""
                    : " stroke=\"" + colour + "\" stroke-width=\"0.6\" stroke-dasharray=\"2,1\""));
        }
        return y + PANEL;
    }

    private static int legend(StringBuilder out, int y) {
        int x = LEFT;
        for (String operand : List.of("src0", "src1", "src", "dst", "scalar")) {
            out.append(String.format(Locale.ROOT, "<rect class=\"legend\" x=\"%d\" y=\"%d\" width=\"12\""
                    + " height=\"10\" fill=\"%s\"/>%n", x, y, COLOURS.get(operand)));
            text(out, x + 16, y + 9, operand, false);
            x += 70;
        }
        text(out, LEFT, y + 24, "solid: every byte of the span; light, dashed: strided or broadcast; scalar: a pointer"
                + " scalar, one element per lane", false);
        return y + 30;
    }

    private static void text(StringBuilder out, int x, int y, String s, boolean bold) {
        out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\"%s>%s</text>%n", x, y,
                bold ? " font-weight=\"bold\"" : "", s.replace("&", "&amp;").replace("<", "&lt;")));
    }
}
