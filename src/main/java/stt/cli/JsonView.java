package stt.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import stt.codec.Field;
import stt.codec.Layout;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.isa.Addr4;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.validate.Violation;

/**
 * The JSON form of a word (SPEC §6, FAMILY.md §6): index, opcode, name (the mnemonic), format, header, events,
 * then every part of the struct's layout by its name, in layout order.
 */
final class JsonView {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonView() {
    }

    static ObjectNode word(int index, Word w, Generation gen) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("index", index);
        o.put("opcode", w.opcodeCode());
        o.put("name", w.mnemonic());
        o.put("format", w.layout().name());
        fields(o.putObject("header"), w, Layout.HEADER);
        fields(o.putObject("events"), w, Layout.EVENTS);
        for (Layout.Part part : w.layout().parts()) {
            switch (part) {
                case Layout.Pattern p -> o.set(p.name(), pattern(w.pattern(p), gen));
                case Layout.Data d -> {
                    ObjectNode n = o.putObject(d.name());
                    n.put("base", w.get(d.base()));
                    list(n.putArray("step_elem"), w, d.steps());
                    list(n.putArray("num_elem"), w, d.nums());
                }
                case Layout.Bytes b -> list(o.putArray(b.name()), w, b.fields());
                case Layout.Scalar s -> value(o, w, s.field());
            }
        }
        return o;
    }

    private static void fields(ObjectNode o, Word w, List<Field> fields) {
        fields.forEach(f -> o.put(f.name(), w.get(f)));
    }

    private static void list(ArrayNode a, Word w, List<Field> fields) {
        fields.forEach(f -> a.add(w.get(f)));
    }

    /** Enumerations by name (a hex string for an unknown code); everything else as its number. */
    private static void value(ObjectNode o, Word w, Field f) {
        if (f.kind() == Field.Kind.ENUM) {
            o.put(f.name(), f.names().nameOf(w.getInt(f)));
        } else {
            o.put(f.name(), w.get(f));
        }
    }

    /** Adds {@code valid} and {@code violations} to a word's object. */
    static ObjectNode withValidity(ObjectNode o, List<Violation> violations) {
        o.put("valid", violations.isEmpty());
        verdicts(o.putArray("violations"), violations);
        return o;
    }

    /** {@link #withValidity}, and {@code not_executable} when a valid word breaks an executability predicate. */
    static ObjectNode withValidity(ObjectNode o, List<Violation> violations, List<Violation> refusals) {
        withValidity(o, violations);
        if (!refusals.isEmpty()) {
            verdicts(o.putArray("not_executable"), refusals);
        }
        return o;
    }

    /** Each verdict as data: its rule, its level and its message. */
    static ArrayNode verdicts(ArrayNode list, List<Violation> verdicts) {
        verdicts.forEach(v -> verdict(list, v));
        return list;
    }

    /** One verdict's object, added to {@code list}: its rule, its level and its message. */
    static ObjectNode verdict(ArrayNode list, Violation v) {
        return list.addObject().put("rule", v.rule().isaName()).put("level", v.level().isaName())
                .put("message", v.message());
    }

    private static ObjectNode pattern(TensorPattern t, Generation gen) {
        ObjectNode p = MAPPER.createObjectNode();
        Addr4 a = t.addr();
        p.put("start_addr", Integer.toUnsignedLong(t.start_addr()));
        Optional<MemoryRef> ref = a.fromRegister() ? Optional.empty() : gen.locate(a.partitionOffset());
        String space = a.fromRegister() ? "register"
                : ref.filter(gen::isActive).map(r -> r.space().isaName()).orElse("invalid");
        p.put("space", space);
        if (ref.isPresent()) {
            p.put("partition", ref.get().partition());
            p.put("offset", ref.get().offset());
        } else {
            p.putNull("partition");
            p.putNull("offset");
        }
        ArrayNode steps = p.putArray("step_elem");
        ArrayNode nums = p.putArray("num_elem");
        for (int d = 0; d < t.rank(); d++) {
            steps.add(t.step(d));
            nums.add(t.num(d));
        }
        return p;
    }
}
