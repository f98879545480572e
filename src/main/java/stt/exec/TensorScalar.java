package stt.exec;

import static stt.exec.TraceRegisters.SRC0;
import static stt.exec.TraceRegisters.RESULT;

import stt.alu.ArithAlu;
import stt.alu.BitvecAlu;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.ReverseOperands;
import stt.machine.Machine;

/**
 * Tensor-Scalar 0x43/0x53 and the deprecated pointer twins 0x44/0x54 (FAMILY.md §4):
 * {@code a = src op0 s0} ({@code s0 op0 src} reversed), then {@code r = a op1 s1} ({@code s1 op1 a} reversed),
 * where op1 = bypass passes {@code a} through ({@link stt.isa.Decision#TS_BYPASS}); arith through the fp32 hub,
 * bitvec on raw w-bit integers. The GpSimd-only forms the validator admits (rsqrt, crc32, MAVERICK's int ops) are
 * refused at admission by the definition's executability predicate.
 */
public final class TensorScalar implements Semantics {
    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        int channels = i.channels();
        AluOp op0 = i.op0();
        AluOp op1 = i.op1();
        ReverseOperands rev = i.reverse();
        boolean bitvec = i.opcode().isBitvec();
        int[] s0 = i.imm0().lanes(m, channels);
        int[] s1 = i.imm1().lanes(m, channels);
        Dtype in = i.src().dtype();
        Dtype out = i.dst().dtype();
        int width = 8 * in.size();
        Streams.run(m, channels, i.elements(), i.dst(), (lane, k, s) -> {
            if (trace.on()) {
                trace.scalarStage(op0.code(), RESULT, SRC0);
                if (op1 != AluOp.BYPASS) {
                    trace.scalarStage(op1.code(), RESULT, RESULT);
                }
            }
            if (bitvec) {
                int a = rev.swapsFirst() ? BitvecAlu.apply(op0, s0[lane], s[0], width)
                        : BitvecAlu.apply(op0, s[0], s0[lane], width);
                return Integer.toUnsignedLong(op1 == AluOp.BYPASS ? a : rev.swapsSecond()
                        ? BitvecAlu.apply(op1, s1[lane], a, width) : BitvecAlu.apply(op1, a, s1[lane], width));
            }
            float x = in.toFp32(s[0]);
            float a = rev.swapsFirst() ? ArithAlu.apply(op0, Float.intBitsToFloat(s0[lane]), x)
                    : ArithAlu.apply(op0, x, Float.intBitsToFloat(s0[lane]));
            float r = op1 == AluOp.BYPASS ? a : rev.swapsSecond() ? ArithAlu.apply(op1, Float.intBitsToFloat(s1[lane]),
                    a) : ArithAlu.apply(op1, a, Float.intBitsToFloat(s1[lane]));
            return Integer.toUnsignedLong(out.fromFp32(r));
        }, i.src());
    }
}
