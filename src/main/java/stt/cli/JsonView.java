package stt.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import stt.codec.S2S2D2_STT;
import stt.codec.Tensor2D;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Addr4;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.ImmSrc;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.isa.ReverseOperands;
import stt.validate.Violation;

/** The JSON form of a word (SPEC §6), field names exactly as specified. */
final class JsonView {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonView() {
    }

    static ObjectNode word(int index, S2S2D2_STT w, Generation gen) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("index", index);
        o.put("opcode", w.header().opcode());
        o.put("name", w.opcode().map(Opcode::seedName).orElseGet(() -> Coded.hex(w.header().opcode())));
        ObjectNode h = o.putObject("header");
        h.put("opcode", w.header().opcode());
        h.put("inst_word_len", w.header().inst_word_len());
        h.put("debug_cmd", w.header().debug_cmd());
        h.put("debug_hint", w.header().debug_hint());
        ObjectNode e = o.putObject("events");
        e.put("wait_mode", w.events().wait_mode());
        e.put("wait_idx", w.events().wait_idx());
        e.put("update_mode", w.events().update_mode());
        e.put("update_idx", w.events().update_idx());
        e.put("semaphore_value", Integer.toUnsignedLong(w.events().semaphore_value()));
        o.set("src0", pattern(w.src0_mem_pattern(), gen));
        o.set("src1", pattern(w.src1_mem_pattern(), gen));
        o.set("dst", pattern(w.dst_mem_pattern(), gen));
        o.put("op0", Coded.nameOf(AluOp.class, w.op0()));
        o.put("op1", Coded.nameOf(AluOp.class, w.op1()));
        o.put("reverse_operands", Coded.nameOf(ReverseOperands.class, w.reverse_operands()));
        o.put("imm0_src", Coded.nameOf(ImmSrc.class, w.imm0_src()));
        o.put("in0_dtype", Coded.nameOf(Dtype.class, w.in0_dtype()));
        o.put("in1_dtype", Coded.nameOf(Dtype.class, w.in1_dtype()));
        o.put("out_dtype", Coded.nameOf(Dtype.class, w.out_dtype()));
        o.put("imm0_dtype", Coded.nameOf(Dtype.class, w.imm0_dtype()));
        o.put("accumulator_cmd", Coded.nameOf(AccumCmd.class, w.accumulator_cmd()));
        o.put("num_active_channels", w.num_active_channels());
        ArrayNode reserved = o.putArray("reserved");
        for (int b : w.reservedBytes()) {
            reserved.add(b);
        }
        o.put("imm0", Integer.toUnsignedLong(w.imm0()));
        return o;
    }

    /** Adds {@code valid} and {@code violations} to a word's object. */
    static ObjectNode withValidity(ObjectNode o, List<Violation> violations) {
        o.put("valid", violations.isEmpty());
        ArrayNode list = o.putArray("violations");
        for (Violation v : violations) {
            list.addObject().put("rule", v.rule().isaName()).put("message", v.message());
        }
        return o;
    }

    private static ObjectNode pattern(Tensor2D t, Generation gen) {
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
        p.putArray("step_elem").add(t.step_elem_0()).add(t.step_elem_1());
        p.putArray("num_elem").add(t.num_elem_0()).add(t.num_elem_1());
        return p;
    }
}
