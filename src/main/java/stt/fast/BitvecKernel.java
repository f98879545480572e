package stt.fast;

import static jdk.incubator.vector.VectorOperators.AND;
import static jdk.incubator.vector.VectorOperators.ASHR;
import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.NOT;
import static jdk.incubator.vector.VectorOperators.OR;
import static jdk.incubator.vector.VectorOperators.UGE;
import static jdk.incubator.vector.VectorOperators.XOR;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import stt.alu.BitvecAlu;
import stt.isa.AluOp;

/** The two bitvec stages over int arrays of w-bit values, the vector twin of {@link BitvecAlu}. */
final class BitvecKernel {
    private BitvecKernel() {
    }

    /** r[i] = op1(op0(a[i], s), b[i]) on w-bit values, with the operand swaps of reverse_operands. */
    static void run(AluOp op0, AluOp op1, boolean swap0, boolean swap1, int s, int[] a, int[] b, int[] r, int n,
            int width) {
        IntVector sv = IntVector.broadcast(Species.I, s);
        int mask = width == 32 ? -1 : (1 << width) - 1;
        int i = 0;
        for (int bound = Species.I.loopBound(n); i < bound; i += Species.I.length()) {
            IntVector av = IntVector.fromArray(Species.I, a, i);
            IntVector bv = IntVector.fromArray(Species.I, b, i);
            IntVector mid = swap0 ? apply(op0, sv, av, width, mask) : apply(op0, av, sv, width, mask);
            IntVector res = swap1 ? apply(op1, bv, mid, width, mask) : apply(op1, mid, bv, width, mask);
            res.intoArray(r, i);
        }
        for (; i < n; i++) {
            int mid = swap0 ? BitvecAlu.apply(op0, s, a[i], width) : BitvecAlu.apply(op0, a[i], s, width);
            r[i] = swap1 ? BitvecAlu.apply(op1, b[i], mid, width) : BitvecAlu.apply(op1, mid, b[i], width);
        }
    }

    /** r[i] = op(a[i], b[i]) on w-bit values: the first stage a bypass. */
    static void binary(AluOp op, int[] a, int[] b, int[] r, int n, int width) {
        run(AluOp.BYPASS, op, false, false, 0, a, b, r, n, width);
    }

    static IntVector apply(AluOp op, IntVector a, IntVector b, int width, int mask) {
        IntVector count = b.lanewise(AND, mask);
        VectorMask<Integer> over = count.compare(UGE, width);
        IntVector r = switch (op) {
            case BYPASS -> a;
            case BITWISE_NOT -> a.lanewise(NOT);
            case BITWISE_AND -> a.lanewise(AND, b);
            case BITWISE_OR -> a.lanewise(OR, b);
            case BITWISE_XOR -> a.lanewise(XOR, b);
            case ARITH_SHIFT_LEFT, LOGICAL_SHIFT_LEFT -> a.lanewise(LSHL, count).blend(0, over);
            case LOGICAL_SHIFT_RIGHT -> a.lanewise(AND, mask).lanewise(LSHR, count).blend(0, over);
            case ARITH_SHIFT_RIGHT -> a.lanewise(LSHL, 32 - width).lanewise(ASHR, 32 - width)
                    .lanewise(ASHR, count.blend(31, over));
            default -> throw new IllegalArgumentException(op.isaName() + " is not a general-bitvec op");
        };
        return r.lanewise(AND, mask);
    }
}
