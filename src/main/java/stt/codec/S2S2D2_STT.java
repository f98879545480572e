package stt.codec;

import java.util.Optional;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.ImmSrc;
import stt.isa.Opcode;
import stt.isa.ReverseOperands;

/**
 * One decoded NEURON_ISA_TPB_S2S2D2_STT_STRUCT word (64 bytes, seed §2). Every field holds its raw value, so
 * any 64 bytes are representable; the typed views ({@link #opcode()}, {@link #aluOp0()} ...) are empty for
 * codes the ISA does not define. {@code reserved} holds bytes 45..47 as a little-endian 24-bit number.
 */
public record S2S2D2_STT(
        Header header,
        Events events,
        Tensor2D src0_mem_pattern,
        Tensor2D src1_mem_pattern,
        int op0,
        int op1,
        int reverse_operands,
        int imm0_src,
        int in0_dtype,
        int in1_dtype,
        int out_dtype,
        int num_active_channels,
        int imm0_dtype,
        int accumulator_cmd,
        int reserved,
        Tensor2D dst_mem_pattern,
        int imm0) {

    public static final int SIZE = 64;

    public Optional<Opcode> opcode() {
        return Coded.byCode(Opcode.class, header.opcode());
    }

    public Optional<AluOp> aluOp0() {
        return AluOp.of(op0);
    }

    public Optional<AluOp> aluOp1() {
        return AluOp.of(op1);
    }

    public Optional<ReverseOperands> reverseOperands() {
        return Coded.byCode(ReverseOperands.class, reverse_operands);
    }

    public Optional<ImmSrc> immSrc() {
        return Coded.byCode(ImmSrc.class, imm0_src);
    }

    public Optional<AccumCmd> accumCmd() {
        return Coded.byCode(AccumCmd.class, accumulator_cmd);
    }

    public Optional<Dtype> in0Dtype() {
        return Dtype.of(in0_dtype);
    }

    public Optional<Dtype> in1Dtype() {
        return Dtype.of(in1_dtype);
    }

    public Optional<Dtype> outDtype() {
        return Dtype.of(out_dtype);
    }

    public Optional<Dtype> imm0Dtype() {
        return Dtype.of(imm0_dtype);
    }

    /** The reserved bytes 45, 46, 47. */
    public int[] reservedBytes() {
        return new int[] {reserved & 0xff, (reserved >>> 8) & 0xff, (reserved >>> 16) & 0xff};
    }
}
