package stt.calls;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.IntPredicate;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.machine.Tile;

/**
 * The GpSimd engine's affine generators (FAMILY-NEXT §8.1, §8.2): for partition c and the k-th element of a
 * partition, {@code a = offset + c * channel_multiplier + sum_d idx_d * step_d} in int32 (wrapping), the pattern
 * {@code [[step, num], ...]} outermost first and its last entry fastest (decisions iota_pad, affine_pattern: k
 * walks the entries in row-major order). {@code iota} writes {@code a} in the dst dtype: a float dst through fp32,
 * rounded to nearest even twice; an integer dst its low bits (iota_int). {@code affine_select} writes
 * {@code cmp_op(a, 0) ? on_true_tile : on_false_value}. Cost: {@code 150 + N} GpSimd cycles [N26].
 */
final class Affine {
    static final List<String> IOTA = List.of("pattern", "offset", "channel_multiplier", "partitions", "dtype");
    static final List<String> SELECT = List.of("pattern", "offset", "channel_multiplier", "on_true_tile",
            "on_false_value", "cmp_op", "dtype");
    private static final List<String> COMPARES = List.of("equal", "not_equal", "greater", "greater_equal", "less",
            "less_equal");

    private Affine() {
    }

    /** The affine values of one call: {@code value(c, k)}. */
    private record Values(int[][] pattern, int offset, int multiplier, int count) {
        static Values of(Args a) {
            int[][] pattern = a.pattern("pattern");
            long count = 1;
            for (int[] e : pattern) {
                count *= e[1];
            }
            if (count > 1 << 20) {
                throw a.bad("pattern", count + " values a partition; at most 2^20");
            }
            return new Values(pattern, (int) a.integer("offset", 0), (int) a.integer("channel_multiplier", 0),
                    (int) count);
        }

        /** The affine value in 64 bits: the int32 value is its low 32 bits, wrapped when it does not fit. */
        long sum(int c, int k) {
            long v = offset + (long) c * multiplier;
            int rest = k;
            for (int d = pattern.length - 1; d >= 0; d--) {
                v += (long) (rest % pattern[d][1]) * pattern[d][0];
                rest /= pattern[d][1];
            }
            return v;
        }

        int value(int c, int k) {
            return (int) sum(c, k);
        }
    }

    static LevelCall.Outcome iota(Args a, CoreState core) {
        Values v = Values.of(a);
        long rows = a.integer("partitions", 128);
        if (rows < 1 || rows > 128) {
            throw a.bad("partitions", "1..128");
        }
        Dtype out = a.dtype("dtype").orElseThrow(() -> a.bad("dtype", "required (iota has no default dtype)"));
        Tile dst = Tile.zeros(out, (int) rows, v.count());
        boolean exact = true;
        for (int c = 0; c < rows; c++) {
            for (int k = 0; k < v.count(); k++) {
                long sum = v.sum(c, k);
                int value = (int) sum;
                int bits = out.isFloat() ? out.fromFp32((float) value) : value;
                dst.setBits(c, k, bits);
                exact &= represents(out, dst.bits(c, k), value) && sum == value;
            }
        }
        return new LevelCall.Outcome(Map.of("dst", dst), exact ? Fidelity.EXACT : Fidelity.MODEL,
                exact ? List.of(Decision.IOTA_PAD) : List.of(Decision.IOTA_PAD, Decision.IOTA_INT),
                OptionalLong.of(150L + v.count()), List.of());
    }

    static LevelCall.Outcome select(Args a, CoreState core) {
        Values v = Values.of(a);
        Tile onTrue = a.tile("on_true_tile");
        if (onTrue.cols() != v.count()) {
            throw a.bad("pattern", "gives " + v.count() + " values a partition; on_true_tile has " + onTrue.cols());
        }
        IntPredicate cmp = switch (a.choice("cmp_op", COMPARES, "equal")) {
            case "equal" -> x -> x == 0;
            case "not_equal" -> x -> x != 0;
            case "greater" -> x -> x > 0;
            case "greater_equal" -> x -> x >= 0;
            case "less" -> x -> x < 0;
            default -> x -> x <= 0;
        };
        float onFalse = a.number("on_false_value", Float.NaN);
        if (!a.has("on_false_value")) {
            throw a.bad("on_false_value", "required (an fp32 number)");
        }
        Dtype out = a.dtype("dtype").orElse(onTrue.dtype());
        int falseBits = out.fromFp32(onFalse);
        Tile dst = Tile.zeros(out, onTrue.rows(), onTrue.cols());
        for (int c = 0; c < onTrue.rows(); c++) {
            for (int k = 0; k < v.count(); k++) {
                boolean take = cmp.test(v.value(c, k));
                dst.setBits(c, k, !take ? falseBits : out == onTrue.dtype() ? onTrue.bits(c, k)
                        : out.fromFp32(onTrue.get(c, k)));
            }
        }
        return new LevelCall.Outcome(Map.of("dst", dst), Fidelity.MODEL, List.of(Decision.IOTA_PAD,
                Decision.AFFINE_PATTERN), OptionalLong.of(150L + v.count()), List.of());
    }

    /** Whether the stored bits read back as exactly {@code value}. */
    private static boolean represents(Dtype d, int bits, int value) {
        if (d.isFloat()) {
            return (double) d.toFp32(bits) == value;
        }
        long back = switch (d.size()) {
            case 1 -> d.isSignedInt() ? (byte) bits : bits & 0xff;
            case 2 -> d.isSignedInt() ? (short) bits : bits & 0xffff;
            default -> d.isSignedInt() ? bits : Integer.toUnsignedLong(bits);
        };
        return back == value;
    }
}
