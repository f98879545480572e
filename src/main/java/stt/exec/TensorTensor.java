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
    /**
     * A Tensor-Tensor word as both engines read it: the left and right sources, the destination, the op, the
     * datapath and, for bitvec, the integer width of the destination.
     */
    public record Binary(Operand a, Operand b, Operand dst, AluOp op, boolean bitvec, int width) {
        public static Binary of(Instruction i) {
            return new Binary(i.src0(), i.src1(), i.dst(), i.op(), i.opcode().isBitvec(), 8 * i.dst().dtype().size());
        }
    }

    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        Binary w = Binary.of(i);
        Streams.run(m, i.channels(), w.dst().count(), w.dst(), (lane, k, src) -> {
            if (trace.on()) {
                trace.tensorStage(w.op().code(), RESULT, SRC0, SRC1);
            }
            return w.bitvec() ? Integer.toUnsignedLong(BitvecAlu.apply(w.op(), src[0], src[1], w.width()))
                    : Integer.toUnsignedLong(w.dst().dtype().fromFp32(ArithAlu.apply(w.op(),
                            w.a().dtype().toFp32(src[0]), w.b().dtype().toFp32(src[1]))));
        }, w.a(), w.b());
    }
}
