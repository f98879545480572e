package stt.exec;

import static stt.exec.TraceRegisters.SRC0;
import static stt.exec.TraceRegisters.SRC1;
import static stt.exec.TraceRegisters.RESULT;

import stt.alu.ArithAlu;
import stt.alu.BitvecAlu;
import stt.isa.AluOp;
import stt.machine.Machine;

/**
 * Tensor-Tensor arith (0x41) and bitvec (0x51), FAMILY.md §4: {@code dst[k] = op(src0[k], src1[k])}, src0 the
 * left operand; arith through the fp32 hub, bitvec on raw w-bit integers. The words the DVE does not run (pow,
 * the int ALU ops, 64-bit dtypes) are refused at admission by the definition's executability predicate.
 */
public final class TensorTensor implements Semantics {
    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        Operand a = i.src0();
        Operand b = i.src1();
        Operand dst = i.dst();
        AluOp op = i.op();
        boolean bitvec = i.opcode().isBitvec();
        int width = 8 * dst.dtype().size();
        Streams.run(m, i.channels(), dst.count(), dst, (lane, k, src) -> {
            if (trace.on()) {
                trace.tensorStage(op.code(), RESULT, SRC0, SRC1);
            }
            return bitvec ? Integer.toUnsignedLong(BitvecAlu.apply(op, src[0], src[1], width))
                    : Integer.toUnsignedLong(dst.dtype().fromFp32(ArithAlu.apply(op, a.dtype().toFp32(src[0]),
                            b.dtype().toFp32(src[1]))));
        }, a, b);
    }
}
