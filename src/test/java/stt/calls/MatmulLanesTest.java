package stt.calls;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;
import stt.alu.ArithAlu;

/**
 * nc_matmul's row loop a vector of columns at a time gives the scalar loop's bits: random fp32 inputs with the
 * special values mixed in (NaN payloads, infinities, signed zeros, subnormals, values whose products overflow or
 * cancel), column counts that leave a tail, the two compared as raw bits once a NaN is the result's canonical NaN
 * (which NaN's payload an fma passes on depends on the instruction's operand order; nc_matmul writes every NaN as
 * the canonical one).
 */
class MatmulLanesTest {
    private static final float[] SPECIAL = {Float.NaN, Float.intBitsToFloat(0x7fa00001), Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY, 0.0f, -0.0f, Float.MIN_VALUE, -Float.MIN_NORMAL / 3, Float.MAX_VALUE, -Float.MAX_VALUE,
        1e-30f, 1e30f};

    private static float value(Random r) {
        int pick = r.nextInt(10);
        return pick == 0 ? SPECIAL[r.nextInt(SPECIAL.length)] : pick < 5 ? (float) r.nextGaussian()
                : Float.intBitsToFloat(r.nextInt());
    }

    @Test
    void theVectorRowIsTheScalarRowBitForBit() {
        assertThat(Matmul.LANES).as("./stt and the tests run with the Vector API").isTrue();
        Random r = new Random(46);
        for (int trial = 0; trial < 300; trial++) {
            int kk = 1 + r.nextInt(128);
            int mm = 1 + r.nextInt(16);
            int nn = 1 + r.nextInt(200);
            float[] sv = new float[kk * mm];
            float[] mv = new float[kk * nn];
            for (int k = 0; k < sv.length; k++) {
                sv[k] = value(r);
            }
            for (int k = 0; k < mv.length; k++) {
                mv[k] = value(r);
            }
            float[] scalar = new float[nn];
            float[] lanes = new float[nn];
            for (int i = 0; i < mm; i++) {
                Matmul.row(sv, mv, scalar, i, kk, mm, nn, false);
                Matmul.row(sv, mv, lanes, i, kk, mm, nn, true);
                for (int n = 0; n < nn; n++) {
                    assertThat(Float.floatToRawIntBits(ArithAlu.canonical(lanes[n])))
                            .as("trial %d, row %d, column %d", trial, i, n)
                            .isEqualTo(Float.floatToRawIntBits(ArithAlu.canonical(scalar[n])));
                }
            }
        }
    }
}
