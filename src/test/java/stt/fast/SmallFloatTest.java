package stt.fast;

import static org.assertj.core.api.Assertions.assertThat;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import stt.isa.Dtype;

/**
 * The vector fp16/fp8 conversions against {@link Dtype}'s: widening of every pattern, and narrowing of every 7th
 * fp32 pattern plus every pattern whose low 16 bits sit on an edge (halfway points, NaN payloads, subnormals).
 */
class SmallFloatTest {
    private static final int L = Species.F.length();

    @ParameterizedTest
    @EnumSource(value = Dtype.class, names = {"FP16", "FP8_E3M4", "FP8_E4M3", "FP8_E5M2"})
    void widensEveryPatternAsDtype(Dtype d) {
        SmallFloat f = SmallFloat.of(d);
        int[] raw = new int[L];
        float[] out = new float[L];
        for (int base = 0; base < 1 << (8 * d.size()); base += L) {
            for (int k = 0; k < L; k++) {
                raw[k] = base + k;
            }
            f.widen(IntVector.fromArray(Species.I, raw, 0)).intoArray(out, 0);
            for (int k = 0; k < L; k++) {
                assertThat(Float.floatToRawIntBits(out[k])).as("%s 0x%x", d, raw[k])
                        .isEqualTo(Float.floatToRawIntBits(d.toFp32(raw[k])));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Dtype.class, names = {"FP16", "FP8_E3M4", "FP8_E4M3", "FP8_E5M2"})
    void narrowsAsDtype(Dtype d) {
        SmallFloat f = SmallFloat.of(d);
        float[] in = new float[L];
        int n = 0;
        long checked = 0;
        for (long bits = 0; bits < 1L << 32; bits += 7) {
            in[n++] = Float.intBitsToFloat((int) bits);
            if (n == L) {
                checked += compare(d, f, in);
                n = 0;
            }
        }
        for (int hi = 0; hi < 1 << 16; hi++) {
            for (int lo : new int[] {0, 1, 0x0fff, 0x1000, 0x1001, 0x1fff, 0x7fff, 0x8000, 0x8001, 0xffff}) {
                in[n++] = Float.intBitsToFloat(hi << 16 | lo);
                if (n == L) {
                    checked += compare(d, f, in);
                    n = 0;
                }
            }
        }
        assertThat(checked).isGreaterThan(600_000_000L);
    }

    private static long compare(Dtype d, SmallFloat f, float[] in) {
        int[] out = new int[L];
        f.narrow(FloatVector.fromArray(Species.F, in, 0)).intoArray(out, 0);
        for (int k = 0; k < L; k++) {
            int want = d.fromFp32(in[k]);
            if (out[k] != want) {
                throw new AssertionError(String.format("%s of fp32 0x%08x: vector 0x%x, Dtype 0x%x", d,
                        Float.floatToRawIntBits(in[k]), out[k], want));
            }
        }
        return L;
    }
}
