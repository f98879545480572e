package stt.exec;

import static stt.exec.TraceRegisters.SRC0;
import static stt.exec.TraceRegisters.RESULT;

import stt.alu.ArithAlu;
import stt.alu.BitvecAlu;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.machine.Machine;

/**
 * Tensor-Scalar 0x43/0x53 and the deprecated pointer twins 0x44/0x54 (FAMILY.md §4):
 * {@code a = src op0 s0} ({@code s0 op0 src} reversed), then {@code r = a op1 s1} ({@code s1 op1 a} reversed),
 * where op1 = bypass passes {@code a} through ({@link stt.isa.Decision#TS_BYPASS}); arith through the fp32 hub,
 * bitvec on raw w-bit integers. The GpSimd-only forms the validator admits (rsqrt, crc32, MAVERICK's int ops) are
 * refused at admission by the definition's executability predicate.
 */
public final class TensorScalar implements Semantics {
    /**
     * A Tensor-Scalar word's two stages, as both engines read them: the ops, whether each stage swaps its operands
     * (the second never when op1 is bypass), the datapath and, for bitvec, the integer width of the source.
     */
    public record Stages(AluOp op0, AluOp op1, boolean swap0, boolean swap1, boolean bitvec, int width) {
        public static Stages of(Instruction i) {
            boolean alone = i.op1() == AluOp.BYPASS;
            return new Stages(i.op0(), i.op1(), i.reverse().swapsFirst(), !alone && i.reverse().swapsSecond(),
                    i.opcode().isBitvec(), 8 * i.src().dtype().size());
        }

        /** True when op1 is bypass: the first stage's result is the word's. */
        public boolean alone() {
            return op1 == AluOp.BYPASS;
        }

        /** Arith mult then add without swaps (what the fast engine fuses). */
        public boolean multAdd() {
            return !bitvec && op0 == AluOp.MULT && op1 == AluOp.ADD && !swap0 && !swap1;
        }

        /** The bitvec stages on one raw element {@code x} with the lane's scalars. */
        int bitvec(int x, int s0, int s1) {
            int a = swap0 ? BitvecAlu.apply(op0, s0, x, width) : BitvecAlu.apply(op0, x, s0, width);
            return alone() ? a : swap1 ? BitvecAlu.apply(op1, s1, a, width) : BitvecAlu.apply(op1, a, s1, width);
        }

        /** The arith stages on one fp32 element {@code x} with the lane's fp32 scalars. */
        float arith(float x, float s0, float s1) {
            float a = swap0 ? ArithAlu.apply(op0, s0, x) : ArithAlu.apply(op0, x, s0);
            return alone() ? a : swap1 ? ArithAlu.apply(op1, s1, a) : ArithAlu.apply(op1, a, s1);
        }
    }

    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        int channels = i.channels();
        Stages st = Stages.of(i);
        int[] s0 = i.imm0().lanes(m, channels);
        int[] s1 = i.imm1().lanes(m, channels);
        Dtype in = i.src().dtype();
        Dtype out = i.dst().dtype();
        Streams.run(m, channels, i.elements(), i.dst(), (lane, k, s) -> {
            if (trace.on()) {
                trace.scalarStage(st.op0().code(), RESULT, SRC0);
                if (!st.alone()) {
                    trace.scalarStage(st.op1().code(), RESULT, RESULT);
                }
            }
            if (st.bitvec()) {
                return Integer.toUnsignedLong(st.bitvec(s[0], s0[lane], s1[lane]));
            }
            float r = st.arith(in.toFp32(s[0]), Float.intBitsToFloat(s0[lane]), Float.intBitsToFloat(s1[lane]));
            return Integer.toUnsignedLong(out.fromFp32(r));
        }, i.src());
    }
}
