package stt.isa;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import stt.Fixtures;
import stt.npy.NpyArray;

/** bf16, fp16 and fp8 conversions against NumPy + ml_dtypes fixtures (gen_dtype_fixtures.py). */
class DtypeConversionTest {
    enum Narrow {
        BF16(Dtype.BF16, "bf16"), FP16(Dtype.FP16, "fp16"), FP8_E3M4(Dtype.FP8_E3M4, "fp8_e3m4"),
        FP8_E4M3(Dtype.FP8_E4M3, "fp8_e4m3"), FP8_E5M2(Dtype.FP8_E5M2, "fp8_e5m2");

        final Dtype dtype;
        final String key;

        Narrow(Dtype dtype, String key) {
            this.dtype = dtype;
            this.key = key;
        }
    }

    static final Map<String, NpyArray> DECODE = Fixtures.npz("dtype_decode.npz");
    static final Map<String, NpyArray> ENCODE = Fixtures.npz("dtype_encode.npz");

    @ParameterizedTest
    @EnumSource(Narrow.class)
    void everyBitPatternWidensExactlyAsNumPy(Narrow n) {
        ByteBuffer expected = DECODE.get(n.key).buffer();
        int patterns = 1 << (8 * n.dtype.size());
        assertThat(expected.remaining()).isEqualTo(4 * patterns);
        for (int bits = 0; bits < patterns; bits++) {
            int want = expected.getInt(4 * bits);
            int got = Float.floatToRawIntBits(n.dtype.toFp32(bits));
            if (got != want) {
                throw new AssertionError(String.format("%s 0x%x -> fp32 0x%08x, NumPy says 0x%08x", n.key, bits,
                        got, want));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Narrow.class)
    void halfwayCasesAndNeighboursNarrowAsNumPy(Narrow n) {
        ByteBuffer in = ENCODE.get(n.key + "_in").buffer();
        ByteBuffer out = ENCODE.get(n.key + "_out").buffer();
        int size = n.dtype.size();
        int count = in.remaining() / 4;
        assertThat(count).isGreaterThan(1000);
        for (int k = 0; k < count; k++) {
            int f = in.getInt(4 * k);
            int want = size == 1 ? out.get(k) & 0xff : out.getShort(2 * k) & 0xffff;
            int got = n.dtype.fromFp32(Float.intBitsToFloat(f));
            if (got != want) {
                throw new AssertionError(String.format("%s from fp32 0x%08x (%s): 0x%x, NumPy says 0x%x", n.key, f,
                        Float.intBitsToFloat(f), got, want));
            }
        }
    }

    @Test
    void aSweepOfTheFp32SpaceNarrowsAsNumPy() throws Exception {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(Fixtures.open("dtype_sweep.txt"),
                StandardCharsets.UTF_8))) {
            int checked = 0;
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                String[] p = line.split(" ");
                Narrow n = Narrow.valueOf(p[0].toUpperCase());
                int step = Integer.parseInt(p[1]);
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                ByteBuffer chunk = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
                for (long bits = 0; bits < 1L << 32; bits += step) {
                    int v = n.dtype.fromFp32(Float.intBitsToFloat((int) bits));
                    if (n.dtype.size() == 1) {
                        chunk.put((byte) v);
                    } else {
                        chunk.putShort((short) v);
                    }
                    if (chunk.remaining() < 2) {
                        sha.update(chunk.array(), 0, chunk.position());
                        chunk.clear();
                    }
                }
                sha.update(chunk.array(), 0, chunk.position());
                assertThat(HexFormat.of().formatHex(sha.digest())).as("sweep of %s", n.key).isEqualTo(p[2]);
                checked++;
            }
            assertThat(checked).isEqualTo(Narrow.values().length);
        }
    }

    @Test
    void integerConversionsTruncateSaturateAndMapNanToZero() {
        float[] in = {1.9f, -1.9f, 300f, -300f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 5e9f,
            -0.0f, 65535.5f};
        int[] int8 = {1, 0xff, 0x7f, 0x80, 0, 0x7f, 0x80, 0x7f, 0, 0x7f};
        int[] uint8 = {1, 0, 255, 0, 0, 255, 0, 255, 0, 255};
        int[] int16 = {1, 0xffff, 300, 0xfed4, 0, 0x7fff, 0x8000, 0x7fff, 0, 0x7fff};
        int[] uint16 = {1, 0, 300, 0, 0, 0xffff, 0, 0xffff, 0, 0xffff};
        int[] int32 = {1, -1, 300, -300, 0, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, 65535};
        int[] uint32 = {1, 0, 300, 0, 0, -1, 0, -1, 0, 65535};
        for (int k = 0; k < in.length; k++) {
            assertThat(Dtype.INT8.fromFp32(in[k])).as("int8 %s", in[k]).isEqualTo(int8[k]);
            assertThat(Dtype.UINT8.fromFp32(in[k])).as("uint8 %s", in[k]).isEqualTo(uint8[k]);
            assertThat(Dtype.INT16.fromFp32(in[k])).as("int16 %s", in[k]).isEqualTo(int16[k]);
            assertThat(Dtype.UINT16.fromFp32(in[k])).as("uint16 %s", in[k]).isEqualTo(uint16[k]);
            assertThat(Dtype.INT32.fromFp32(in[k])).as("int32 %s", in[k]).isEqualTo(int32[k]);
            assertThat(Dtype.UINT32.fromFp32(in[k])).as("uint32 %s", in[k]).isEqualTo(uint32[k]);
        }
        assertThat(Dtype.INT8.toFp32(0x80)).isEqualTo(-128f);
        assertThat(Dtype.UINT16.toFp32(0xffff)).isEqualTo(65535f);
        assertThat(Dtype.INT32.toFp32(16_777_217)).isEqualTo(16_777_216f); // RNE beyond 2^24
        assertThat(Dtype.INT32.toFp32(16_777_219)).isEqualTo(16_777_220f);
        assertThat(Dtype.UINT32.toFp32(-1)).isEqualTo(4_294_967_296f);
        assertThat(Dtype.FP32R.fromFp32(1.5f)).isEqualTo(Float.floatToRawIntBits(1.5f));
    }
}
