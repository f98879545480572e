package stt.calls;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import stt.alu.ArithAlu;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.isa.Generation;
import stt.machine.Tile;

/**
 * The NC-v4 microscaling (OCP MX) calls. Their packed {@code _x4} operands have no ISA DTYPE code (SPEC §2): they
 * travel as uint8 tiles of element codes, one byte an element (an fp4 code in the low nibble), four consecutive
 * bytes of a row one {@code _x4} element, and name their element format. A scaling group is 8 partitions by one
 * {@code _x4} element (4 elements); its E8M0 scale (uint8, value {@code 2^(s - 127)}) sits in the group's partition
 * quadrant: group rows {@code 8g..8g+7} of quadrant q at scale row {@code 32q + g} (decision mx_scale_layout).
 */
final class Microscaling {
    static final List<String> MATMUL = List.of("stationary", "moving", "stationary_scale", "moving_scale",
            "stationary_format", "moving_format", "psum", "accumulate", "dtype");
    static final List<String> QUANTIZE = List.of("src", "format");
    private static final List<String> FORMATS = List.of("fp8_e5m2", "fp8_e4m3fn", "fp4_e2m1");
    private static final Map<String, Minifloat> CODECS = Map.of("fp8_e5m2", new Minifloat(5, 2, true),
            "fp8_e4m3fn", new Minifloat(4, 3, false), "fp4_e2m1", new Minifloat(2, 1, false));

    private Microscaling() {
    }

    /** nc_matmul_mx: {@code dst[m, n] = sum_k sum_q S[k, m, q] s(k, m) * M[k, n, q] m(k, n)}. */
    static LevelCall.Outcome matmul(Args a, CoreState core) {
        requireV4(a);
        Tile s = a.tile("stationary");
        Tile m = a.tile("moving");
        Minifloat sf = codec(a, "stationary_format");
        Minifloat mf = codec(a, "moving_format");
        for (Tile t : List.of(s, m)) {
            String name = t == s ? "stationary" : "moving";
            if (t.dtype() != Dtype.UINT8 || t.cols() % 4 != 0) {
                throw a.bad(name, t.dtype().isaName() + " " + t.rows() + "x" + t.cols() + "; the element codes of an"
                        + " _x4 tile are uint8, 4 a packed element");
            }
        }
        if (s.rows() != m.rows() || s.rows() > 128 || s.rows() % 32 != 0) {
            throw a.bad("the contraction dim is the partitions of both, a multiple of 32 up to 128: stationary has "
                    + s.rows() + ", moving " + m.rows());
        }
        int kk = s.rows();
        int mm = s.cols() / 4;
        int nn = m.cols() / 4;
        if (mm > 128) {
            throw a.bad("stationary", "free size " + mm + " _x4 elements; at most 128 (M)");
        }
        if (nn > 512) {
            throw a.bad("moving", "free size " + nn + " _x4 elements; at most 512 (N)");
        }
        Dtype out = a.dtype("dtype").orElse(Dtype.FP32);
        if (out != Dtype.FP32 && out != Dtype.BF16) {
            throw a.bad("dtype", out.isaName() + "; nc_matmul_mx writes fp32 or bf16 PSUM");
        }
        float[][] sv = dequantize(a, "stationary_scale", s, sf, mm);
        float[][] mv = dequantize(a, "moving_scale", m, mf, nn);
        boolean accumulate = a.flag("accumulate");
        Tile psum = accumulate ? a.tile("psum") : null;
        if (psum != null && (psum.rows() != mm || psum.cols() != nn)) {
            throw a.bad("psum", "a " + psum.rows() + "x" + psum.cols() + " tile; dst is [" + mm + ", " + nn + "]");
        }
        float[] old = psum == null ? null : psum.toFloats();
        float[] result = new float[mm * nn];
        for (int i = 0; i < mm; i++) {
            for (int n = 0; n < nn; n++) {
                float acc = 0.0f;
                for (int k = 0; k < kk; k++) {  // k ascending, then the 4 elements of a packed pair: one fma each
                    for (int q = 0; q < 4; q++) {
                        acc = Math.fma(sv[k][4 * i + q], mv[k][4 * n + q], acc);
                    }
                }
                result[i * nn + n] = ArithAlu.canonical(old == null ? acc : old[i * nn + n] + acc);
            }
        }
        long cycles = Math.max(Math.min(64, mm), nn);
        return new LevelCall.Outcome(Map.of("dst", Tile.ofFloats(out, mm, nn, result)), Fidelity.APPROX,
                List.of(Decision.MX_MATMUL_NUMERICS, Decision.MX_SCALE_LAYOUT), OptionalLong.of(cycles), List.of());
    }

    /**
     * quantize_mx: each group of 8 partitions by 4 elements shares the scale {@code E - emax + 1} (E the largest
     * biased fp32 exponent in the group, emax the format's largest normal exponent; NKI's block scale "two times
     * larger" than OCP's sample conversion), clamped to 0..254; each element {@code x / 2^(scale - 127)} rounded to
     * nearest even into the format, saturating (decision quantize_mx_scale). Outputs the codes ([P, F] uint8) and the
     * scales packed ([P / 8, F / 4] uint8); stt_nki places the scales in their quadrants.
     */
    static LevelCall.Outcome quantize(Args a, CoreState core) {
        requireV4(a);
        Tile src = a.tile("src");
        String format = a.choice("format", List.of("fp8_e5m2", "fp8_e4m3fn"), "");
        if (format.isEmpty()) {
            throw a.bad("format", "quantize_mx writes fp8_e5m2 or fp8_e4m3fn (float8_e5m2_x4, float8_e4m3fn_x4)");
        }
        if (src.dtype() != Dtype.BF16 && src.dtype() != Dtype.FP16) {
            throw a.bad("src", "dtype " + src.dtype().isaName() + "; quantize_mx reads bf16 or fp16");
        }
        int p = src.rows();
        int f = src.cols();
        if (p % 32 != 0 || p > 128 || f % 4 != 0) {
            throw a.bad("src", p + "x" + f + "; the partitions a multiple of 32 up to 128, the free size a multiple"
                    + " of 4");
        }
        Minifloat codec = CODECS.get(format);
        float[] x = src.toFloats();
        Tile dst = Tile.zeros(Dtype.UINT8, p, f);
        Tile scales = Tile.zeros(Dtype.UINT8, p / 8, f / 4);
        for (int g = 0; g < p / 8; g++) {
            for (int c = 0; c < f / 4; c++) {
                int e = 0;
                for (int r = 8 * g; r < 8 * g + 8; r++) {
                    for (int q = 4 * c; q < 4 * c + 4; q++) {
                        e = Math.max(e, Float.floatToRawIntBits(x[r * f + q]) >>> 23 & 0xff);
                    }
                }
                int scale = Math.clamp(e - codec.emax() + 1, 0, 254);
                scales.setBits(g, c, scale);
                double factor = Math.scalb(1.0, 127 - scale);
                for (int r = 8 * g; r < 8 * g + 8; r++) {
                    for (int q = 4 * c; q < 4 * c + 4; q++) {
                        dst.setBits(r, q, codec.encode(x[r * f + q] * factor));
                    }
                }
            }
        }
        return new LevelCall.Outcome(Map.of("dst", dst, "dst_scale", scales), Fidelity.MODEL,
                List.of(Decision.QUANTIZE_MX_SCALE), OptionalLong.empty(), List.of());
    }

    private static void requireV4(Args a) {
        Generation gen = a.gen();
        if (gen != Generation.MARIANA && gen != Generation.MARIANA_PLUS) {
            throw a.bad("the MX calls are NeuronCore-v4's; " + gen.isaName() + " does not have them");
        }
    }

    private static Minifloat codec(Args a, String name) {
        String f = a.choice(name, FORMATS, "");
        if (f.isEmpty()) {
            throw a.bad(name, "allowed: " + String.join(", ", FORMATS));
        }
        return CODECS.get(f);
    }

    /** The tile's elements as fp32 values times their group's scale, [K][4F]. */
    private static float[][] dequantize(Args a, String scaleName, Tile t, Minifloat codec, int packed) {
        Tile sc = a.tile(scaleName);
        int need = t.rows() <= 32 ? t.rows() / 8 : 32 * (t.rows() / 32 - 1) + 4;
        if (sc.dtype() != Dtype.UINT8 || sc.rows() < need || sc.cols() < packed) {
            throw a.bad(scaleName, sc.dtype().isaName() + " " + sc.rows() + "x" + sc.cols() + "; the scales are"
                    + " uint8, at least " + need + " partitions (4 a 32-partition quadrant) by " + packed);
        }
        float[][] out = new float[t.rows()][t.cols()];
        for (int k = 0; k < t.rows(); k++) {
            int row = 32 * (k / 32) + k % 32 / 8;
            for (int c = 0; c < t.cols(); c++) {
                int e = sc.bits(row, c / 4);
                out[k][c] = (float) Math.scalb(codec.decode(t.bits(k, c)), e - 127);
            }
        }
        return out;
    }

    /** A small float format: {@code e} exponent and {@code m} mantissa bits, bias {@code 2^(e-1) - 1}. */
    static final class Minifloat {
        private final int e;
        private final int m;
        private final boolean ieee;
        private final double[] values;
        private final Map<Double, Integer> codes = new HashMap<>();
        private final double max;

        Minifloat(int e, int m, boolean ieee) {
            this.e = e;
            this.m = m;
            this.ieee = ieee;
            this.values = new double[1 << (1 + e + m)];
            int bias = (1 << (e - 1)) - 1;
            double best = 0;
            for (int code = 0; code < values.length; code++) {
                int exp = code >> m & (1 << e) - 1;
                int man = code & (1 << m) - 1;
                double mag = exp == 0 ? Math.scalb((double) man, 1 - bias - m)
                        : Math.scalb((double) ((1 << m) + man), exp - bias - m);
                boolean top = exp == (1 << e) - 1;
                if (ieee && top) {
                    mag = man == 0 ? Double.POSITIVE_INFINITY : Double.NaN;
                } else if (!ieee && e + m == 7 && top && man == (1 << m) - 1) {
                    mag = Double.NaN;  // e4m3fn: S.1111.111 is NaN, no infinities
                }
                double v = (code >> (e + m) & 1) == 1 ? -mag : mag;
                values[code] = v;
                if (!Double.isNaN(v) && !Double.isInfinite(v)) {
                    codes.putIfAbsent(v, code);
                    best = Math.max(best, v);
                }
            }
            this.max = best;
        }

        /** The largest normal exponent, unbiased. */
        int emax() {
            return Math.getExponent(max);
        }

        double decode(int code) {
            return values[code & values.length - 1];
        }

        /** {@code v} rounded to nearest even into the format, saturating to the largest finite value. */
        int encode(double v) {
            if (Double.isNaN(v)) {
                return ieee ? (1 << (e + m)) - 1 : e + m == 7 ? 0x7f : 0;
            }
            double mag = Math.min(Math.abs(v), max);
            int bias = (1 << (e - 1)) - 1;
            int exp = Math.max(Math.getExponent(mag), 1 - bias);
            double quantum = Math.scalb(1.0, exp - m);
            double r = Math.min(Math.rint(mag / quantum) * quantum, max);
            return codes.get(v < 0 || v == 0 && 1 / v < 0 ? -r : r);
        }
    }
}
