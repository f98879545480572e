package stt.exec;

import java.util.Optional;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.isa.ReverseOperands;

/**
 * A valid word with every address resolved against the machine: what an engine executes. {@code pointer}
 * is where lane c's scalar lives (partition {@code pointer.partition() + c}) for pointer and register
 * sources; empty for an inline scalar, whose bits are {@code imm0}.
 */
public record Plan(Opcode opcode, AluOp op0, AluOp op1, ReverseOperands reverse, AccumCmd accum, int channels,
        Operand src0, Operand src1, Operand dst, int imm0, Optional<MemoryRef> pointer, Dtype scalarDtype) {

    public long elements() {
        return src0.count();
    }
}
