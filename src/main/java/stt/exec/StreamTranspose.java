package stt.exec;

import stt.machine.Machine;

/**
 * StreamTranspose 0x6b (FAMILY-NEXT §7.1, {@link stt.isa.Decision#TRANSPOSE_BLOCKS}): each group of 32 channels
 * and each block of 32 source elements is a 32 x 32 tile transposed on its own, bits copied:
 * {@code dst[32g + i][32b + j] = src[32g + j][32b + i]}, for the dst elements that exist (dst may count fewer).
 * A block is read whole before it is written. The trace is the instruction line alone.
 */
public final class StreamTranspose implements Semantics {
    static final int BLOCK = 32;

    @Override
    public void execute(Machine m, Instruction i, Trace trace) {
        Operand src = i.src();
        Operand dst = i.dst();
        int size = src.dtype().size();
        int[][] tile = new int[BLOCK][BLOCK];
        for (int g = 0; g < i.channels() / BLOCK; g++) {
            for (long b = 0; b < src.count() / BLOCK; b++) {
                for (int j = 0; j < BLOCK; j++) {
                    for (int e = 0; e < BLOCK; e++) {
                        tile[j][e] = m.readBits(src.start().space(), src.partition(g * BLOCK + j),
                                src.offset(b * BLOCK + e), size);
                    }
                }
                for (int lane = 0; lane < BLOCK; lane++) {
                    for (int j = 0; j < BLOCK && b * BLOCK + j < dst.count(); j++) {
                        m.writeBits(dst.start().space(), dst.partition(g * BLOCK + lane), dst.offset(b * BLOCK + j),
                                size, tile[j][lane]);
                    }
                }
            }
        }
    }
}
