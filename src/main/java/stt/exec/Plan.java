package stt.exec;

import java.util.Optional;
import stt.codec.Format;
import stt.codec.Word;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.ImmSrc;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.isa.ReverseOperands;
import stt.machine.Machine;

/**
 * A valid S2S2D2_STT word with every address resolved against the machine: what an engine executes for the
 * four opcodes of that struct. {@code pointer} is where lane c's scalar lives (partition
 * {@code pointer.partition() + c}) for pointer and register sources; empty for an inline scalar, whose bits are
 * {@code imm0}.
 */
public record Plan(Opcode opcode, AluOp op0, AluOp op1, ReverseOperands reverse, AccumCmd accum, int channels,
        Operand src0, Operand src1, Operand dst, int imm0, Optional<MemoryRef> pointer, Dtype scalarDtype) {

    public long elements() {
        return src0.count();
    }

    /** Resolves {@code w}, which {@link Resolver#admit} has admitted. */
    public static Plan of(Machine m, Word w) throws ExecutionException {
        if (w.format() != Format.S2S2D2_STT) {
            throw new IllegalArgumentException(w.mnemonic() + " is not an S2S2D2_STT word");
        }
        int channels = (int) w.get("num_active_channels");
        int imm0 = (int) w.get("imm0");
        int dtype = (int) w.get("imm0_dtype");
        Operand src0 = Resolver.operand(m, w, "src0");
        Operand src1 = Resolver.operand(m, w, "src1");
        Operand dst = Resolver.operand(m, w, "dst");
        ImmSrc src = Coded.byCode(ImmSrc.class, (int) w.get("imm0_src")).orElseThrow();
        Optional<MemoryRef> pointer = src == ImmSrc.INSTRUCTION_IMMEDIATE ? Optional.empty()
                : Optional.of(Resolver.pointer(m, imm0, src == ImmSrc.REG_PTR_IMMEDIATE, dtype, channels, "imm0"));
        return new Plan(w.opcode().orElseThrow(), AluOp.of((int) w.get("op0")).orElseThrow(),
                AluOp.of((int) w.get("op1")).orElseThrow(),
                Coded.byCode(ReverseOperands.class, (int) w.get("reverse_operands")).orElseThrow(),
                Coded.byCode(AccumCmd.class, (int) w.get("accumulator_cmd")).orElseThrow(), channels,
                src0, src1, dst, imm0,
                pointer, Dtype.of(dtype).orElseThrow());
    }
}
