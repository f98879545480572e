package stt.text;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import stt.codec.Field;
import stt.codec.Format;
import stt.codec.Layout;

/**
 * One key of the text form and the raw fields it covers. The keys of a format come from its layout: each pattern
 * as {@code P}, {@code P.step_elem}, {@code P.num_elem}; each scalar by its name; then the header and events
 * (written only when non-zero); then byte groups (reserved ones written only when non-zero). The opcode is the
 * mnemonic, not a key.
 */
record Key(String text, Syntax syntax, List<Field> fields, boolean optional) {
    private static final Syntax NUMBER = new Syntax.Integers(false);
    private static final Syntax LIST = new Syntax.Integers(true);
    private static final Map<Format, List<Key>> KEYS = new EnumMap<>(Format.class);

    static {
        for (Format f : Format.values()) {
            KEYS.put(f, List.copyOf(derive(f.layout())));
        }
    }

    /** The keys of {@code format}, in the order the disassembler writes them. */
    static List<Key> of(Format format) {
        return KEYS.get(format);
    }

    private static List<Key> derive(Layout layout) {
        List<Key> keys = new ArrayList<>();
        for (Layout.Part part : layout.parts()) {
            switch (part) {
                case Layout.Pattern p -> {
                    keys.add(new Key(p.name(), new Syntax.Address(), List.of(p.start()), false));
                    keys.add(new Key(p.name() + ".step_elem", LIST, p.steps(), false));
                    keys.add(new Key(p.name() + ".num_elem", LIST, p.nums(), false));
                }
                case Layout.Data d -> {
                    keys.add(new Key(d.base().name(), NUMBER, List.of(d.base()), false));
                    keys.add(new Key(d.name() + ".step_elem", LIST, d.steps(), false));
                    keys.add(new Key(d.name() + ".num_elem", LIST, d.nums(), false));
                }
                default -> {
                }
            }
        }
        for (Layout.Part part : layout.parts()) {
            if (part instanceof Layout.Scalar s) {
                keys.add(new Key(s.name(), scalarSyntax(s.field(), layout), List.of(s.field()), false));
            }
        }
        for (Field f : Layout.HEADER.subList(1, Layout.HEADER.size())) {
            keys.add(new Key(f.name(), NUMBER, List.of(f), true));
        }
        for (Field f : Layout.EVENTS) {
            keys.add(new Key(f.name(), NUMBER, List.of(f), true));
        }
        for (Layout.Part part : layout.parts()) {
            if (part instanceof Layout.Bytes b) {
                keys.add(new Key(b.name(), LIST, b.fields(), b.reserved()));
            }
        }
        return keys;
    }

    private static Syntax scalarSyntax(Field f, Layout layout) {
        return switch (f.kind()) {
            case ENUM -> new Syntax.Named(f.names());
            case ADDR4 -> new Syntax.Address();
            case IMM4 -> new Syntax.Immediate(layout.has(f.name() + "_src")
                    ? java.util.Optional.of(layout.field(f.name() + "_src")) : java.util.Optional.empty());
            default -> NUMBER;
        };
    }

    /** Immediates are read after every other key: their text depends on the opcode and their source field. */
    boolean readLast() {
        return syntax instanceof Syntax.Immediate;
    }
}
