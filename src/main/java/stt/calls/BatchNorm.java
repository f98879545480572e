package stt.calls;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.machine.Tile;

/**
 * {@code bn_stats} and {@code bn_aggr} on the Vector Engine (FAMILY-NEXT §8.5), by the wiki's inferred formula
 * (decision bn_formula, approximate). bn_stats, per partition and per half (even and odd flat positions):
 * {@code s = sum x}, {@code q = sum fp32(x * x)}, sequential fp32; {@code mean = s * fp32(1/n)};
 * {@code nvar = q - fp32(fp32(n * mean) * mean)}; written {@code [n_even, mean_even, nvar_even, n_odd, mean_odd,
 * nvar_odd]}, an empty half 0, 0, 0. bn_aggr over (count, mean, n*var) triples: {@code N = sum n_i},
 * {@code mean = (sum n_i * m_i) * fp32(1/N)}, {@code var = (sum (nvar_i + n_i * (m_i - mean)^2)) * fp32(1/N)},
 * sequential in triple order; written {@code [mean, var]}, N = 0 giving 0, 0. NKI publishes no cost for them.
 */
final class BatchNorm {
    static final List<String> PARAMS = List.of("data", "dtype");

    private BatchNorm() {
    }

    static LevelCall.Outcome stats(Args a, CoreState core) {
        Tile data = a.tile("data");
        if (data.cols() > 512) {
            throw a.bad("data", data.cols() + " elements a partition; bn_stats takes at most 512");
        }
        Dtype out = outDtype(a, data);
        Tile dst = Tile.zeros(out, data.rows(), 6);
        for (int p = 0; p < data.rows(); p++) {
            for (int half = 0; half < 2; half++) {
                float s = 0;
                float q = 0;
                int n = 0;
                for (int k = half; k < data.cols(); k += 2) {
                    float x = data.get(p, k);
                    s += x;
                    q += x * x;
                    n++;
                }
                float mean = n == 0 ? 0 : s * (1.0f / n);
                float nvar = n == 0 ? 0 : q - n * mean * mean;
                dst.setBits(p, 3 * half, out.fromFp32(n));
                dst.setBits(p, 3 * half + 1, out.fromFp32(mean));
                dst.setBits(p, 3 * half + 2, out.fromFp32(nvar));
            }
        }
        return approximate(dst);
    }

    static LevelCall.Outcome aggregate(Args a, CoreState core) {
        Tile data = a.tile("data");
        if (data.cols() % 3 != 0 || data.cols() == 0) {
            throw a.bad("data", data.cols() + " elements a partition; bn_aggr reads (count, mean, n*var) triples, a"
                    + " multiple of 3");
        }
        Dtype out = outDtype(a, data);
        Tile dst = Tile.zeros(out, data.rows(), 2);
        for (int p = 0; p < data.rows(); p++) {
            float total = 0;
            float weighted = 0;
            for (int t = 0; t < data.cols(); t += 3) {
                total += data.get(p, t);
                weighted += data.get(p, t) * data.get(p, t + 1);
            }
            float mean = total == 0 ? 0 : weighted * (1.0f / total);
            float spread = 0;
            for (int t = 0; t < data.cols(); t += 3) {
                float d = data.get(p, t + 1) - mean;
                spread += data.get(p, t + 2) + data.get(p, t) * d * d;
            }
            dst.setBits(p, 0, out.fromFp32(mean));
            dst.setBits(p, 1, out.fromFp32(total == 0 ? 0 : spread * (1.0f / total)));
        }
        return approximate(dst);
    }

    private static Dtype outDtype(Args a, Tile data) {
        Dtype out = a.dtype("dtype").orElse(data.dtype());
        if (out != Dtype.FP32 && out != Dtype.BF16 && out != Dtype.FP16) {
            throw a.bad("dtype", out.isaName() + "; the statistics are written as fp32, bf16 or fp16");
        }
        return out;
    }

    private static LevelCall.Outcome approximate(Tile dst) {
        return new LevelCall.Outcome(Map.of("dst", dst), Fidelity.APPROX, List.of(Decision.BN_FORMULA),
                OptionalLong.empty(), List.of());
    }
}
