package stt.npy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stt.Fixtures;
import stt.isa.Dtype;

/** The reader against files NumPy wrote (gen_npy_fixtures.py), the writer by round trip, and bad input. */
class NpyTest {
    static NpyArray fixture(String name) throws Exception {
        return Npy.read(Fixtures.open("npy/" + name).readAllBytes());
    }

    static double[] values(NpyArray a) {
        ByteBuffer b = a.buffer();
        double[] v = new double[(int) a.elementCount()];
        for (int k = 0; k < v.length; k++) {
            v[k] = switch (a.descr()) {
                case "<f4" -> b.getFloat(4 * k);
                case "<f2" -> Float.float16ToFloat(b.getShort(2 * k));
                case "<f8" -> b.getDouble(8 * k);
                case "<i2" -> b.getShort(2 * k);
                case "<u2" -> b.getShort(2 * k) & 0xffff;
                case "|u1" -> b.get(k) & 0xff;
                case "<i4" -> b.getInt(4 * k);
                default -> throw new AssertionError(a.descr());
            };
        }
        return v;
    }

    @ParameterizedTest
    @ValueSource(strings = {"v1_f4.npy", "v2_f4.npy", "v3_f4.npy", "be_i2.npy", "be_f4.npy", "fortran_u2.npy",
        "f2.npy", "f8.npy"})
    void readsEveryFormatVariantAsCOrderLittleEndian(String name) throws Exception {
        NpyArray a = fixture(name);
        assertThat(a.shape()).containsExactly(2, 3);
        assertThat(values(a)).containsExactly(1, 2, 3, 4, 5, 6);
    }

    @Test
    void typesAndShapes() throws Exception {
        assertThat(fixture("be_i2.npy").descr()).isEqualTo("<i2");
        assertThat(fixture("be_i2.npy").dtype()).contains(Dtype.INT16);
        assertThat(fixture("f8.npy").dtype()).isEmpty();
        NpyArray oneD = fixture("u1_1d.npy");
        assertThat(oneD.shape()).containsExactly(6);
        assertThat(values(oneD)).containsExactly(1, 2, 3, 4, 5, 6);
        NpyArray scalar = fixture("i4_scalar.npy");
        assertThat(scalar.shape()).isEmpty();
        assertThat(values(scalar)).containsExactly(7);
    }

    @Test
    void writeThenReadRoundTrips() throws Exception {
        for (Dtype d : new Dtype[] {Dtype.FP32, Dtype.BF16, Dtype.INT8, Dtype.UINT32, Dtype.FP8_E4M3, Dtype.FP16}) {
            byte[] data = new byte[3 * 5 * d.size()];
            new java.util.Random(d.ordinal()).nextBytes(data);
            NpyArray a = NpyArray.of(d, new long[] {3, 5}, data);
            byte[] file = Npy.write(a);
            assertThat((file.length - a.data().length) % 64).isZero(); // header padded to 64 bytes
            assertThat(Npy.read(file)).isEqualTo(a);
        }
        NpyArray oneD = NpyArray.of(Dtype.INT16, new long[] {4}, new byte[8]);
        assertThat(new String(Npy.write(oneD), 10, 60, java.nio.charset.StandardCharsets.ISO_8859_1))
                .contains("'shape': (4,)");
    }

    @Test
    void malformedFilesSayWhatIsWrongAndWhere() throws Exception {
        byte[] good = Npy.write(NpyArray.of(Dtype.FP32, new long[] {2, 2}, new byte[16]));
        assertThatThrownBy(() -> Npy.read("PK\3\4 not npy".getBytes())).hasMessageContaining("bad magic at offset 0");
        assertThatThrownBy(() -> Npy.read(Arrays.copyOf(good, good.length - 3)))
                .hasMessageContaining("truncated: shape [2, 2] of <f4 needs 16 data bytes from offset 128, 13 present");
        assertThatThrownBy(() -> Npy.read(Arrays.copyOf(good, 40))).hasMessageContaining("truncated: the header");
        byte[] badDict = good.clone();
        byte[] needle = "'shape'".getBytes();
        int at = indexOf(badDict, needle);
        badDict[at + 1] = 'S';
        assertThatThrownBy(() -> Npy.read(badDict)).hasMessageContaining("bad header dictionary at offset 10: no"
                + " 'shape' entry");
        byte[] version = good.clone();
        version[6] = 9;
        assertThatThrownBy(() -> Npy.read(version)).hasMessageContaining("unsupported .npy format version 9.0");
        assertThatThrownBy(() -> fixture("c8.npy")).hasMessageContaining("unsupported dtype '<c8'");
        assertThatThrownBy(() -> fixture("fortran_3d.npy")).hasMessageContaining("Fortran-order arrays of more than"
                + " 2 dimensions");
        byte[] extra = Arrays.copyOf(good, good.length + 2);
        assertThatThrownBy(() -> Npy.read(extra)).hasMessageContaining("2 bytes after the data end at offset 144");
        ByteBuffer le = ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(le.getShort(8)).isEqualTo((short) 118);
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        for (int i = 0; i + needle.length <= hay.length; i++) {
            if (Arrays.equals(hay, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }
}
