package stt.calls;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The vector exp gives {@code (float) StrictMath.exp(y)}'s bits, compared as raw bits: random fp32 bit patterns (every
 * sign, exponent and payload), values near each of fdlibm's branch points (2^-28, 0.5 ln2, 1.5 ln2, the fp32 overflow
 * and underflow limits), and a stride through every fp32 value from -104 to 89, in rows whose lengths leave tails.
 */
class ExpRowTest {
    private static void check(float[] in) {
        float[] out = new float[in.length];
        ExpRow.exp(in, 0, out, 0, in.length);
        for (int i = 0; i < in.length; i++) {
            assertThat(Float.floatToRawIntBits(out[i])).as("exp(%s) (0x%08x)", in[i], Float.floatToRawIntBits(in[i]))
                    .isEqualTo(Float.floatToRawIntBits((float) StrictMath.exp(in[i])));
        }
    }

    @Test
    void randomBitPatterns() {
        Random r = new Random(47);
        for (int trial = 0; trial < 200; trial++) {
            float[] in = new float[1 + r.nextInt(300)];
            for (int i = 0; i < in.length; i++) {
                in[i] = r.nextInt(4) == 0 ? Float.intBitsToFloat(r.nextInt()) : (float) (r.nextGaussian() * 20);
            }
            check(in);
        }
    }

    @Test
    void aroundEveryBranchPoint() {
        double[] points = {0x1p-28, 0.5 * Math.log(2), 1.5 * Math.log(2), 88.7, 88.72283905206835, 87.33654475,
            103.97, 0, Float.MIN_VALUE};
        float[] in = new float[points.length * 2 * 401];
        int n = 0;
        for (double p : points) {
            for (int sign = -1; sign <= 1; sign += 2) {
                int bits = Float.floatToRawIntBits((float) p);
                for (int d = -200; d <= 200; d++) {
                    in[n++] = sign * Float.intBitsToFloat(Math.max(0, bits + d));
                }
            }
        }
        check(in);
    }

    @Test
    void aStrideThroughTheMainRange() {
        long from = Integer.toUnsignedLong(Float.floatToRawIntBits(-104f));
        float[] row = new float[4099];
        int n = 0;
        int checked = 0;
        for (long b = from; b >= 0x80000000L; b -= 9973) { // the negative floats from -104 towards -0
            checked++;
            row[n++] = Float.intBitsToFloat((int) b);
            if (n == row.length) {
                check(row);
                n = 0;
            }
        }
        for (long b = 0; b <= Float.floatToRawIntBits(89f); b += 9973) {
            checked++;
            row[n++] = Float.intBitsToFloat((int) b);
            if (n == row.length) {
                check(row);
                n = 0;
            }
        }
        check(java.util.Arrays.copyOf(row, n));
        assertThat(checked).isGreaterThan(200_000);
    }
}
