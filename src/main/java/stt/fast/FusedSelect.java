package stt.fast;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import stt.exec.Operand;
import stt.exec.Instruction;
import stt.exec.S2s2d2;
import stt.isa.Dtype;
import stt.isa.Opcode;

/**
 * SelectReduce's selection straight on the segments, for its common shape: a contiguous one-byte predicate
 * (uint8/int8 masks) choosing between contiguous fp32 {@code on_true} and the fp32 scalar, into contiguous fp32,
 * with no accumulation. The selected value passes through unchanged (S2s2d2.selectElement), so the kernel blends
 * raw 32-bit patterns. An accumulating word keeps the chunked path: its NaN-ignoring max keeps the first of equal
 * values (+0 and -0), so the fold's order shows.
 */
final class FusedSelect {
    private static final ValueLayout.OfInt I32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private FusedSelect() {
    }

    /** Whether {@code p} has the shape this kernel runs. */
    static boolean covers(Instruction p) {
        return p.opcode() == Opcode.SELECT_REDUCE && !S2s2d2.accumulates(p) && Species.B != null
                && p.src0().dtype().size() == 1 && p.src1().dtype() == Dtype.FP32 && p.dst().dtype() == Dtype.FP32
                && contiguous(p.src0()) && contiguous(p.src1()) && contiguous(p.dst());
    }

    private static boolean contiguous(Operand o) {
        return o.linearStride() == 1;
    }

    /** Lane {@code lane}'s {@code n} elements, {@code scalar} being on_false's bits. */
    static void lane(Instruction p, Rows src0, Rows src1, Rows dst, int lane, int scalar, long n) {
        select(src0.seg(), src0.at(lane), src1.seg(), src1.at(lane), dst.seg(), dst.at(lane), scalar,
                p.reverse().swapsFirst(), (int) n);
    }

    /** dst[i] = (pred[i] != 0) != invert ? onTrue[i] : s, on 32-bit patterns. */
    static void select(MemorySegment segP, long atP, MemorySegment seg1, long at1, MemorySegment segD, long atD,
            int s, boolean invert, int n) {
        IntVector sv = IntVector.broadcast(Species.I, s);
        int i = 0;
        for (int e = Species.I.loopBound(n); i < e; i += Species.I.length()) {
            VectorMask<Byte> set = ByteVector.fromMemorySegment(Species.B, segP, atP + i, ByteOrder.LITTLE_ENDIAN)
                    .compare(invert ? VectorOperators.EQ : VectorOperators.NE, 0);
            IntVector onTrue = IntVector.fromMemorySegment(Species.I, seg1, at1 + 4L * i, ByteOrder.LITTLE_ENDIAN);
            sv.blend(onTrue, set.cast(Species.I)).intoMemorySegment(segD, atD + 4L * i, ByteOrder.LITTLE_ENDIAN);
        }
        for (; i < n; i++) {
            boolean set = (segP.get(ValueLayout.JAVA_BYTE, atP + i) != 0) != invert;
            segD.set(I32, atD + 4L * i, set ? seg1.get(I32, at1 + 4L * i) : s);
        }
    }
}
