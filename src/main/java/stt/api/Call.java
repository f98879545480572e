package stt.api;

import java.util.Optional;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.Opcode;
import stt.machine.Tile;

/**
 * An NKI-style {@code scalar_tensor_tensor(data, op0, operand0, op1, operand1, reverse0, reverse1)} call:
 * {@code out = (data op0 operand0) op1 operand1} on [P, F] tiles, with the output dtype, the accumulator command
 * and the generation. {@code outDtype} empty means the default: fp32 for arith, the data's dtype for bitvec.
 */
public record Call(Tile data, AluOp op0, Operand0 operand0, AluOp op1, Tile operand1, boolean reverse0,
        boolean reverse1, Optional<Dtype> outDtype, Accumulate accumulate, Generation gen, Instruction instruction) {

    /** Which S2S2D2_STT instruction the call runs. */
    public enum Instruction {
        /** scalar_tensor_tensor: 0x9d, or 0x9e when an op is bit-vector only. */
        STT,
        /** tensor_tensor_scan (0xe5): data0 = data, data1 = operand1, initial = operand0. */
        SCAN,
        /** select_reduce (0xea): predicate = data, on_true = operand1, on_false = operand0, reverse_pred = reverse0. */
        SELECT_REDUCE
    }

    /** What the call does with the per-lane accumulator. */
    public enum Accumulate {
        /** Leave it alone (accumulator_cmd idle). */
        NONE,
        /** Add every result to it (accumulate). */
        ADD,
        /** Zero it, then add every result (zero_accumulate). */
        RESET
    }

    public Call {
        Arguments.present("data, op0, operand0, op1, operand1, outDtype, accumulate, gen, instruction",
                data, op0, operand0, op1, operand1, outDtype, accumulate, gen, instruction);
    }

    /** The plainest call: fp32 output (or the data's dtype for bitvec), no accumulation, the default generation. */
    public static Call of(Tile data, AluOp op0, Operand0 operand0, AluOp op1, Tile operand1) {
        return new Call(data, op0, operand0, op1, operand1, false, false, Optional.empty(), Accumulate.NONE,
                Generation.DEFAULT, Instruction.STT);
    }

    public Call withReverse(boolean first, boolean second) {
        return new Call(data, op0, operand0, op1, operand1, first, second, outDtype, accumulate, gen, instruction);
    }

    public Call withOutDtype(Dtype dtype) {
        return new Call(data, op0, operand0, op1, operand1, reverse0, reverse1, Optional.of(dtype), accumulate, gen,
                instruction);
    }

    public Call withAccumulate(Accumulate a) {
        return new Call(data, op0, operand0, op1, operand1, reverse0, reverse1, outDtype, a, gen, instruction);
    }

    public Call withGeneration(Generation g) {
        return new Call(data, op0, operand0, op1, operand1, reverse0, reverse1, outDtype, accumulate, g, instruction);
    }

    public Call withInstruction(Instruction i) {
        return new Call(data, op0, operand0, op1, operand1, reverse0, reverse1, outDtype, accumulate, gen, i);
    }

    /**
     * True when the call runs on the bit-vector opcode (0x9e): either op is a general-bitvec op that is not
     * general-arith (bypass alone stays arith).
     */
    public boolean isBitvec() {
        return instruction == Instruction.STT && isBitvec(op0, op1, gen);
    }

    /** The opcode the call's word carries. */
    public Opcode opcode() {
        return switch (instruction) {
            case STT -> isBitvec() ? Opcode.SCALAR_TENSOR_TENSOR_BITVEC : Opcode.SCALAR_TENSOR_TENSOR_ARITH;
            case SCAN -> Opcode.TENSOR_TENSOR_SCAN_ARITH;
            case SELECT_REDUCE -> Opcode.SELECT_REDUCE;
        };
    }

    /** The rule of {@link #isBitvec()} for a pair of ops on {@code gen}. */
    public static boolean isBitvec(AluOp op0, AluOp op1, Generation gen) {
        return bitvecOnly(op0, gen) || bitvecOnly(op1, gen);
    }

    private static boolean bitvecOnly(AluOp op, Generation gen) {
        return gen.generalBitvec().contains(op) && !gen.generalArith().contains(op);
    }

    /** The output dtype the call writes. */
    public Dtype resolvedOutDtype() {
        return outDtype.orElse(isBitvec() ? data.dtype() : Dtype.FP32);
    }
}
