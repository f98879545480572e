package stt.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import stt.codec.Format;
import stt.codec.Layout;
import stt.def.OpcodeDef;
import stt.isa.Generation;
import stt.isa.Opcode;
import stt.validate.Check;
import stt.validate.Rule;

/** {@code stt spec --opcodes}: each opcode's definition, as a text line or a JSON object. */
final class OpcodeView {
    private OpcodeView() {
    }

    static ObjectNode json(OpcodeDef d) {
        Opcode op = d.opcode();
        ObjectNode o = JsonView.MAPPER.createObjectNode().put("opcode", String.format("0x%02x", op.code()))
                .put("name", op.mnemonic()).put("format", Format.of(op.code()).layout().name())
                .put("engine", op.engine().isaName());
        var gens = o.putArray("generations");
        for (Generation g : Generation.values()) {
            if (op.definedOn(g)) {
                gens.add(g.isaName());
            }
        }
        o.put("datapath", op.isBitvec() ? "bitvec" : "arith").put("execute", d.executes())
                .put("fast_kernel", d.kernelRef().isPresent());
        if (d.nki().isPresent()) {
            o.put("nki", d.nki().get());
        } else {
            o.putNull("nki");
        }
        Layout layout = Format.of(op.code()).layout();
        rules(d.checks(), layout).forEach(o.putArray("checks")::add);
        rules(d.executable(), layout).forEach(o.putArray("executable")::add);
        if (d.cost().isPresent()) {
            o.put("cost", d.cost().get().source());
        } else {
            o.putNull("cost");
        }
        o.put("trace", d.trace().orElse(null));
        if (!d.executes()) {
            o.put("refusal", d.refusal());
        }
        return o;
    }

    static String text(OpcodeDef d) {
        Opcode op = d.opcode();
        return String.format("0x%02x %-32s %-11s %-4s %-8s %-5s %s", op.code(), op.mnemonic(),
                Format.of(op.code()).layout().name(), op.engine().isaName(), d.executes() ? "execute" : "decode",
                d.kernelRef().isPresent() ? "fast" : "-", d.nki().orElse("-"));
    }

    /**
     * The rule names a check list reports under, each once, in list order; of the tensorNd_valid rules, those of the
     * struct's pattern ranks.
     */
    static List<String> rules(List<Check> checks, Layout layout) {
        Set<Rule> ranks = EnumSet.noneOf(Rule.class);
        layout.patterns().forEach(p -> ranks.add(Rule.tensorValid(p.rank())));
        Set<String> names = new LinkedHashSet<>();
        checks.forEach(c -> c.rules().stream().filter(r -> ranks.contains(r) || !TENSOR_VALID.contains(r))
                .map(Rule::isaName).sorted().forEach(names::add));
        return List.copyOf(names);
    }

    private static final Set<Rule> TENSOR_VALID = EnumSet.of(Rule.TENSOR1D_VALID, Rule.TENSOR2D_VALID,
            Rule.TENSOR3D_VALID, Rule.TENSOR4D_VALID);
}
