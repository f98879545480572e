package stt.fast;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stt.isa.NarrowFloat;

/** The fp8 table encoder against NarrowFloat over every 7th fp32 pattern and every low-16-bit edge. */
class NarrowTableTest {
    @ParameterizedTest
    @ValueSource(strings = {"FP8_E3M4", "FP8_E4M3", "FP8_E5M2"})
    void equalsTheReferenceConversion(String name) throws Exception {
        NarrowFloat format = (NarrowFloat) NarrowFloat.class.getField(name).get(null);
        NarrowTable table = new NarrowTable(format);
        float[] in = new float[4096];
        byte[] out = new byte[4096];
        int n = 0;
        long checked = 0;
        for (long bits = 0; bits < 1L << 32; bits += 7) {
            in[n++] = Float.intBitsToFloat((int) bits);
            if (n == in.length) {
                checked += compare(format, table, in, out, n);
                n = 0;
            }
        }
        for (int hi = 0; hi < 1 << 16; hi++) {
            for (int lo : new int[] {0, 1, 0x7fff, 0x8000, 0xffff}) {
                in[n++] = Float.intBitsToFloat(hi << 16 | lo);
                if (n == in.length) {
                    checked += compare(format, table, in, out, n);
                    n = 0;
                }
            }
        }
        checked += compare(format, table, in, out, n);
        assertThat(checked).isGreaterThan(600_000_000L);
    }

    private static long compare(NarrowFloat format, NarrowTable table, float[] in, byte[] out, int n) {
        table.narrow(in, out, n);
        for (int i = 0; i < n; i++) {
            int want = format.fromFp32(in[i]);
            if ((out[i] & 0xff) != want) {
                throw new AssertionError(String.format("fp32 0x%08x: table 0x%02x, NarrowFloat 0x%02x",
                        Float.floatToRawIntBits(in[i]), out[i] & 0xff, want));
            }
        }
        return n;
    }
}
