package stt.exec;

import static stt.exec.Elementwise.R0;
import static stt.exec.Elementwise.R1;
import static stt.exec.Elementwise.R2;

import stt.alu.ArithAlu;
import stt.alu.BitvecAlu;
import stt.codec.Word;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.machine.Machine;

/**
 * Tensor-Tensor arith (0x41) and bitvec (0x51), FAMILY.md §4: {@code dst[k] = op(src0[k], src1[k])}, src0 the
 * left operand; arith through the fp32 hub, bitvec on raw w-bit integers. The DVE runs neither pow, nor the int
 * ALU ops, nor 64-bit dtypes (those words go to the GpSimd engine): they are refused, changing nothing.
 */
final class TensorTensor implements Semantics {
    @Override
    public void execute(Machine m, Word w, Trace trace) throws ExecutionException {
        Operand a = Resolver.operand(m, w, "src0");
        Operand b = Resolver.operand(m, w, "src1");
        Operand dst = Resolver.operand(m, w, "dst");
        AluOp op = AluOp.of((int) w.get("op")).orElseThrow();
        boolean bitvec = w.opcode().orElseThrow().isBitvec();
        refuseOffDve(w, op, !bitvec && !m.generation().generalArith().contains(op), bitvec, a.dtype(), b.dtype(),
                dst.dtype());
        trace.instruction("Tensor-Tensor");
        int width = 8 * dst.dtype().size();
        Streams.run(m, Elementwise.channels(w), dst.count(), dst, (lane, k, src) -> {
            if (trace.on()) {
                trace.tensorStage(op.code(), R2, R0, R1);
            }
            return bitvec ? Integer.toUnsignedLong(BitvecAlu.apply(op, src[0], src[1], width))
                    : Integer.toUnsignedLong(dst.dtype().fromFp32(ArithAlu.apply(op, a.dtype().toFp32(src[0]),
                            b.dtype().toFp32(src[1]))));
        }, a, b);
    }

    /** is_valid_tensor_tensor_arith_dve (0x41) and its bitvec counterpart (0x51): what the DVE itself runs. */
    private static void refuseOffDve(Word w, AluOp op, boolean poolOp, boolean bitvec, Dtype... dtypes)
            throws ExecutionException {
        boolean wide = java.util.Arrays.stream(dtypes).anyMatch(d -> d.size() == 8);
        String rule = bitvec ? "is_valid_tensor_tensor_bitvec_dve" : "is_valid_tensor_tensor_arith_dve";
        if (wide) {
            throw ExecutionException.failed(rule + ": " + w.mnemonic() + " with a 64-bit dtype runs on the GpSimd"
                    + " engine, not the Vector Engine this model executes");
        }
        if (poolOp) {
            throw ExecutionException.failed(rule + ": op = " + op.isaName() + " runs on the GpSimd engine (pow and"
                    + " the int ALU ops are not DVE ops), not the Vector Engine this model executes");
        }
    }
}
