package stt.calls;

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
 * {@code nki.isa.nc_matmul} on the Tensor Engine (FAMILY-NEXT §6): {@code dst[m, n] = sum_k stationary[k, m] *
 * moving[k, n]}, K the partitions of both. Decision matmul_numerics: each product exact, {@code acc} from +0.0 taking
 * {@code acc = fma(s, m, acc)} for k ascending, one fp32 rounding a step; then, with {@code accumulate}, the PSUM
 * value {@code psum} (dst's contents) upcast and added in fp32; a bf16 dst rounds to nearest even. bf16, fp16 and fp8
 * inputs are exact under that order; fp32 (and tf32, its inputs first rounded to 10 mantissa bits) approximate the
 * device's split-mantissa passes. Cost: {@code max(min(64, M), N)} Tensor Engine cycles, 4x for fp32 [N26].
 */
final class Matmul {
    static final List<String> PARAMS = List.of("stationary", "moving", "psum", "accumulate", "dtype", "tf32");
    private static final List<Dtype> INPUTS = List.of(Dtype.FP8_E4M3, Dtype.FP8_E5M2, Dtype.BF16, Dtype.FP16,
            Dtype.FP32);

    private Matmul() {
    }

    static LevelCall.Outcome run(Args a, CoreState core) {
        Generation gen = a.gen();
        if (!gen.hasPsum()) {
            throw a.bad("nc_matmul writes PSUM, which " + gen.isaName() + " does not have");
        }
        Tile s = a.tile("stationary");
        Tile m = a.tile("moving");
        for (Tile t : List.of(s, m)) {
            if (!INPUTS.contains(t.dtype())) {
                throw a.bad(t == s ? "stationary" : "moving", "dtype " + t.dtype().isaName() + "; a matmul input is"
                        + " fp8_e4m3, fp8_e5m2, bf16, fp16, tf32 or fp32");
            }
        }
        if ((s.dtype() == Dtype.FP32) != (m.dtype() == Dtype.FP32)) {
            throw a.bad("stationary is " + s.dtype().isaName() + " and moving " + m.dtype().isaName() + ": when one"
                    + " input is fp32 or tf32 the other must be too");
        }
        if (s.rows() != m.rows() || s.rows() > 128) {
            throw a.bad("the contraction dim is the partitions of both, at most 128: stationary has " + s.rows()
                    + ", moving " + m.rows());
        }
        if (s.cols() > 128) {
            throw a.bad("stationary", "free size " + s.cols() + "; at most 128 (M)");
        }
        boolean v4 = gen == Generation.MARIANA || gen == Generation.MARIANA_PLUS;
        Dtype out = a.dtype("dtype").orElse(Dtype.FP32);
        if (out != Dtype.FP32 && !(v4 && out == Dtype.BF16)) {
            throw a.bad("dtype", "a matmul writes fp32 PSUM" + (v4 ? " or bf16" : " (bf16 needs NC-v4)"));
        }
        int limit = !v4 ? 512 : out == Dtype.FP32 ? 4096 : 8192;
        if (m.cols() > limit) {
            throw a.bad("moving", "free size " + m.cols() + "; at most " + limit + " on " + gen.isaName() + " for an "
                    + out.isaName() + " dst");
        }
        boolean tf32 = a.flag("tf32");
        if (tf32 && s.dtype() != Dtype.FP32) {
            throw a.bad("tf32", "tf32 inputs are held as fp32 bits; these are " + s.dtype().isaName());
        }
        boolean accumulate = a.flag("accumulate");
        Tile psum = accumulate ? a.tile("psum") : null;
        if (psum != null && (psum.rows() != s.cols() || psum.cols() != m.cols())) {
            throw a.bad("psum", "a " + psum.rows() + "x" + psum.cols() + " tile; dst is [" + s.cols() + ", "
                    + m.cols() + "]");
        }
        int kk = s.rows();
        int mm = s.cols();
        int nn = m.cols();
        float[] sv = inputs(s, tf32);
        float[] mv = inputs(m, tf32);
        float[] old = psum == null ? null : psum.toFloats();
        float[] result = new float[mm * nn];
        float[] acc = new float[nn];
        for (int i = 0; i < mm; i++) {
            row(sv, mv, acc, i, kk, mm, nn, LANES);
            for (int n = 0; n < nn; n++) {
                float r = old == null ? acc[n] : old[i * nn + n] + acc[n];
                result[i * nn + n] = ArithAlu.canonical(r);
            }
        }
        Tile dst = Tile.ofFloats(out, mm, nn, result);
        boolean fp32 = s.dtype() == Dtype.FP32;
        long cycles = Math.max(Math.min(64, s.cols()), m.cols()) * (fp32 && !tf32 ? 4L : 1L);
        return new LevelCall.Outcome(Map.of("dst", dst), fp32 ? Fidelity.APPROX : Fidelity.MODEL,
                List.of(Decision.MATMUL_NUMERICS), OptionalLong.of(cycles), List.of());
    }

    /** Whether the JVM has the Vector API (./stt adds it): the row loop then runs a vector of columns at a time. */
    static final boolean LANES = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    /**
     * Row {@code i} of the product before PSUM: {@code acc[n] = fma(s[k, i], m[k, n], acc[n])} from +0.0 for k
     * ascending, each column on its own; with {@code lanes}, columns a vector at a time ({@link Lanes}: the same fma
     * on each lane, so the same bits).
     */
    static void row(float[] sv, float[] mv, float[] acc, int i, int kk, int mm, int nn, boolean lanes) {
        java.util.Arrays.fill(acc, 0.0f);
        for (int k = 0; k < kk; k++) {  // k ascending for every element: one fma a step
            float w = sv[k * mm + i];
            int n = lanes ? Lanes.fma(w, mv, k * nn, acc, nn) : 0;
            for (; n < nn; n++) {
                acc[n] = Math.fma(w, mv[k * nn + n], acc[n]);
            }
        }
    }

    /** The Vector API's loop, in a class of its own so that a JVM without the module never loads it. */
    private static final class Lanes {
        private static final jdk.incubator.vector.VectorSpecies<Float> F =
                jdk.incubator.vector.FloatVector.SPECIES_PREFERRED;

        /** {@code acc[n] = fma(w, m[base + n], acc[n])} over whole vectors of {@code n < nn}; returns where it ended. */
        static int fma(float w, float[] mv, int base, float[] acc, int nn) {
            var wv = jdk.incubator.vector.FloatVector.broadcast(F, w);
            int bound = F.loopBound(nn);
            for (int n = 0; n < bound; n += F.length()) {
                jdk.incubator.vector.FloatVector.fromArray(F, mv, base + n)
                        .fma(wv, jdk.incubator.vector.FloatVector.fromArray(F, acc, n)).intoArray(acc, n);
            }
            return bound;
        }
    }

    /** The elements as fp32; tf32 rounds each one's fp32 bits to 10 mantissa bits, to nearest even. */
    private static float[] inputs(Tile t, boolean tf32) {
        float[] x = t.toFloats();
        for (int k = 0; tf32 && k < x.length; k++) {
            if (!Float.isNaN(x[k]) && !Float.isInfinite(x[k])) {
                int bits = Float.floatToRawIntBits(x[k]);
                x[k] = Float.intBitsToFloat(bits + 0xfff + (bits >>> 13 & 1) & 0xffff_e000);
            }
        }
        return x;
    }
}
