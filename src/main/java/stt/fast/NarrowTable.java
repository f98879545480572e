package stt.fast;

import stt.isa.NarrowFloat;

/**
 * fp32 to an fp8 format by table, equal to {@link NarrowFloat#fromFp32}: the result for the top 16 bits of the
 * fp32 pattern, plus one where those bits sit exactly on a halfway point that rounded down and the low 16 bits
 * are not zero (every fp8 halfway point has zero low bits), or a NaN where the top bits read as infinity.
 */
final class NarrowTable {
    private static final byte TIE_DOWN = 1;
    private static final byte INF = 2;

    private final byte[] result = new byte[1 << 16];
    private final byte[] flags = new byte[1 << 16];
    private final byte nan;

    NarrowTable(NarrowFloat format) {
        for (int hi = 0; hi < 1 << 16; hi++) {
            float f = Float.intBitsToFloat(hi << 16);
            int r = format.fromFp32(f);
            result[hi] = (byte) r;
            if ((hi & 0x7fff) == 0x7f80) {
                flags[hi] = INF;
            } else if (!Float.isNaN(f) && format.fromFp32(Float.intBitsToFloat(hi << 16 | 1)) != r) {
                flags[hi] = TIE_DOWN;
            }
        }
        nan = (byte) format.fromFp32(Float.NaN);
    }

    /** out[i] = the format's bits of in[i]. */
    void narrow(float[] in, byte[] out, int n) {
        for (int i = 0; i < n; i++) {
            int bits = Float.floatToRawIntBits(in[i]);
            int hi = bits >>> 16;
            byte r = result[hi];
            if ((bits & 0xffff) != 0 && flags[hi] != 0) {
                r = flags[hi] == TIE_DOWN ? (byte) (r + 1) : (byte) (nan | (hi >>> 15) << 7);
            }
            out[i] = r;
        }
    }
}
