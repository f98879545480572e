package stt.fast;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;

/**
 * Transposes G×G blocks of floats (G = {@link Species#F}'s length) without gathers: log2(G) rounds of the perfect
 * shuffle, each interleaving row i with row i+G/2 into rows 2i and 2i+1. One round rotates the bits of (row,
 * column) left by one, so log2(G) rounds swap row and column. Two rounds at a time stay in registers: rows i,
 * i+G/4, i+G/2 and i+3G/4 become rows 4i .. 4i+3. Two-vector selects (one permute each) interleave; between
 * pairs of rounds the block goes through two G×G buffers, which stay in L1.
 */
final class Transpose {
    private static final int G = Species.F.length();
    private static final int ROUNDS = Integer.numberOfTrailingZeros(G);
    /** Interleave the low halves of two vectors: a0 b0 a1 b1 ... (selectFrom's indices: a's lanes, then b's). */
    private static final IntVector LO = interleave(0);
    /** Interleave the high halves: a[G/2] b[G/2] a[G/2+1] ... */
    private static final IntVector HI = interleave(G / 2);

    private final float[] ping = new float[G * G];
    private final float[] pong = new float[G * G];

    private static IntVector interleave(int from) {
        int[] idx = new int[G];
        for (int j = 0; j < G; j++) {
            idx[j] = (j % 2 == 0 ? 0 : G) + from + j / 2;
        }
        return IntVector.fromArray(Species.I, idx, 0);
    }

    /**
     * The block whose row r starts at {@code src[from + r·srcPitch]}, transposed, so that its column c lands at
     * {@code dst[to + c·dstPitch]}.
     */
    void block(float[] src, int from, int srcPitch, float[] dst, int to, int dstPitch) {
        float[] in = src;
        int inAt = from;
        int inPitch = srcPitch;
        for (int done = 0; done < ROUNDS; ) {
            boolean two = ROUNDS - done >= 2;
            done += two ? 2 : 1;
            boolean last = done == ROUNDS;
            float[] out = last ? dst : in == ping ? pong : ping;
            int outAt = last ? to : 0;
            int outPitch = last ? dstPitch : G;
            if (two) {
                twoRounds(in, inAt, inPitch, out, outAt, outPitch);
            } else {
                round(in, inAt, inPitch, out, outAt, outPitch);
            }
            in = out;
            inAt = 0;
            inPitch = G;
        }
    }

    private static void round(float[] in, int inAt, int inPitch, float[] out, int outAt, int outPitch) {
        for (int i = 0; i < G / 2; i++) {
            IntVector a = FloatVector.fromArray(Species.F, in, inAt + i * inPitch).reinterpretAsInts();
            IntVector b = FloatVector.fromArray(Species.F, in, inAt + (i + G / 2) * inPitch).reinterpretAsInts();
            LO.selectFrom(a, b).reinterpretAsFloats().intoArray(out, outAt + 2 * i * outPitch);
            HI.selectFrom(a, b).reinterpretAsFloats().intoArray(out, outAt + (2 * i + 1) * outPitch);
        }
    }

    private static void twoRounds(float[] in, int inAt, int inPitch, float[] out, int outAt, int outPitch) {
        for (int i = 0; i < G / 4; i++) {
            IntVector r0 = FloatVector.fromArray(Species.F, in, inAt + i * inPitch).reinterpretAsInts();
            IntVector r1 = FloatVector.fromArray(Species.F, in, inAt + (i + G / 4) * inPitch).reinterpretAsInts();
            IntVector r2 = FloatVector.fromArray(Species.F, in, inAt + (i + G / 2) * inPitch).reinterpretAsInts();
            IntVector r3 = FloatVector.fromArray(Species.F, in, inAt + (i + 3 * G / 4) * inPitch).reinterpretAsInts();
            IntVector s0 = LO.selectFrom(r0, r2);
            IntVector s1 = HI.selectFrom(r0, r2);
            IntVector s2 = LO.selectFrom(r1, r3);
            IntVector s3 = HI.selectFrom(r1, r3);
            LO.selectFrom(s0, s2).reinterpretAsFloats().intoArray(out, outAt + 4 * i * outPitch);
            HI.selectFrom(s0, s2).reinterpretAsFloats().intoArray(out, outAt + (4 * i + 1) * outPitch);
            LO.selectFrom(s1, s3).reinterpretAsFloats().intoArray(out, outAt + (4 * i + 2) * outPitch);
            HI.selectFrom(s1, s3).reinterpretAsFloats().intoArray(out, outAt + (4 * i + 3) * outPitch);
        }
    }
}
