package stt.fast;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.EnumSet;
import java.util.Set;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import stt.alu.BitvecAlu;
import stt.exec.Operand;
import stt.exec.Instruction;
import stt.isa.AluOp;

/**
 * Bitvec Scalar-Tensor-Tensor whose two stages are both bitwise (bypass, not, and, or, xor) on three contiguous
 * operands of one width, straight on the segments byte by byte: such ops act on each bit alone, so a w-bit
 * element is its w/8 bytes, and the scalar is its low w bits laid out little-endian along the vector.
 */
final class FusedBitwise {
    private static final Set<AluOp> BITWISE = EnumSet.of(AluOp.BYPASS, AluOp.BITWISE_NOT, AluOp.BITWISE_AND,
            AluOp.BITWISE_OR, AluOp.BITWISE_XOR);
    private static final VectorSpecies<Byte> BYTES = VectorSpecies.of(byte.class, Species.F.vectorShape());
    private static final VectorSpecies<Short> SHORTS = VectorSpecies.of(short.class, Species.F.vectorShape());
    private static final VectorSpecies<Integer> INTS = VectorSpecies.of(int.class, Species.F.vectorShape());

    private FusedBitwise() {
    }

    /** Whether {@code p} has the shape this kernel runs. */
    static boolean covers(Instruction p) {
        int size = p.dst().dtype().size();
        return p.opcode().isBitvec() && BITWISE.contains(p.op0()) && BITWISE.contains(p.op1())
                && fits(p.src0(), size) && fits(p.src1(), size) && fits(p.dst(), size);
    }

    private static boolean fits(Operand o, int size) {
        return o.linearStride() == 1 && o.dtype().size() == size;
    }

    /** Lane {@code lane}'s {@code n} elements, {@code scalar} being its scalar's bits. */
    static void lane(Instruction p, Rows src0, Rows src1, Rows dst, int lane, int scalar, long n) {
        int size = p.dst().dtype().size();
        run(p.op0(), p.op1(), p.reverse().swapsFirst(), p.reverse().swapsSecond(), scalar, size, src0.seg(),
                src0.at(lane), src1.seg(), src1.at(lane), dst.seg(), dst.at(lane), (int) n * size);
    }

    /**
     * dst = op1(op0(src0, s), src1) over {@code bytes} bytes (a lane's, which fit its partition), with
     * reverse_operands' swaps.
     */
    static void run(AluOp op0, AluOp op1, boolean swap0, boolean swap1, int s, int size, MemorySegment seg0,
            long at0, MemorySegment seg1, long at1, MemorySegment segD, long atD, int bytes) {
        ByteVector sv = scalar(s, size);
        int i = 0;
        for (int e = BYTES.loopBound(bytes); i < e; i += BYTES.length()) {
            ByteVector a = ByteVector.fromMemorySegment(BYTES, seg0, at0 + i, ByteOrder.LITTLE_ENDIAN);
            ByteVector b = ByteVector.fromMemorySegment(BYTES, seg1, at1 + i, ByteOrder.LITTLE_ENDIAN);
            ByteVector mid = swap0 ? apply(op0, sv, a) : apply(op0, a, sv);
            (swap1 ? apply(op1, b, mid) : apply(op1, mid, b)).intoMemorySegment(segD, atD + i,
                    ByteOrder.LITTLE_ENDIAN);
        }
        for (; i < bytes; i++) {
            int a = seg0.get(ValueLayout.JAVA_BYTE, at0 + i) & 0xff;
            int b = seg1.get(ValueLayout.JAVA_BYTE, at1 + i) & 0xff;
            int sb = s >>> 8 * (i & size - 1) & 0xff;
            int mid = swap0 ? BitvecAlu.apply(op0, sb, a, 8) : BitvecAlu.apply(op0, a, sb, 8);
            int r = swap1 ? BitvecAlu.apply(op1, b, mid, 8) : BitvecAlu.apply(op1, mid, b, 8);
            segD.set(ValueLayout.JAVA_BYTE, atD + i, (byte) r);
        }
    }

    /** The low {@code size} bytes of {@code s}, little-endian, repeated along a vector. */
    private static ByteVector scalar(int s, int size) {
        boolean little = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN; // reinterpret keeps memory order
        return switch (size) {
            case 1 -> ByteVector.broadcast(BYTES, (byte) s);
            case 2 -> ShortVector.broadcast(SHORTS, little ? (short) s : Short.reverseBytes((short) s))
                    .reinterpretAsBytes();
            default -> IntVector.broadcast(INTS, little ? s : Integer.reverseBytes(s)).reinterpretAsBytes();
        };
    }

    private static ByteVector apply(AluOp op, ByteVector a, ByteVector b) {
        return switch (op) {
            case BYPASS -> a;
            case BITWISE_NOT -> a.lanewise(VectorOperators.NOT);
            case BITWISE_AND -> a.lanewise(VectorOperators.AND, b);
            case BITWISE_OR -> a.lanewise(VectorOperators.OR, b);
            case BITWISE_XOR -> a.lanewise(VectorOperators.XOR, b);
            default -> throw new IllegalArgumentException(op.isaName() + " is not a bitwise op");
        };
    }
}
