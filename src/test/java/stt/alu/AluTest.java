package stt.alu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import stt.isa.AluOp;
import stt.isa.Generation;

/** One table of cases per ALU op (SPEC §5): NaN, ±inf, ±0, subnormals, integer extremes. */
class AluTest {
    static final String SUB = "1.4E-45"; // smallest subnormal

    static float f(String s) {
        return switch (s) {
            case "nan" -> Float.NaN;
            case "snan" -> Float.intBitsToFloat(0x7f800001);
            case "-nan" -> Float.intBitsToFloat(0xffc00000);
            case "inf" -> Float.POSITIVE_INFINITY;
            case "-inf" -> Float.NEGATIVE_INFINITY;
            case "max" -> Float.MAX_VALUE;
            default -> Float.parseFloat(s);
        };
    }

    @ParameterizedTest(name = "{0}({1}, {2}) = {3}")
    @CsvSource({
        "bypass, 1.5, 7, 1.5", "bypass, -0.0, 1, -0.0", "bypass, snan, 1, nan", "bypass, " + SUB + ", 0, " + SUB,
        "add, 1, 2, 3", "add, max, max, inf", "add, inf, -inf, nan", "add, -0.0, -0.0, -0.0", "add, -0.0, 0.0, 0.0",
        "add, " + SUB + ", " + SUB + ", 2.8E-45", "add, 16777216, 1, 16777216", "add, 16777216, 3, 16777220",
        "subtract, 1, 3, -2", "subtract, inf, inf, nan", "subtract, 0.0, 0.0, 0.0", "subtract, -0.0, 0.0, -0.0",
        "mult, 3, 0.5, 1.5", "mult, 0.0, inf, nan", "mult, -1, 0.0, -0.0", "mult, 1E-30, 1E-30, 0.0",
        "mult, " + SUB + ", 0.5, 0.0", "mult, -nan, 2, nan",
        "max, 1, 2, 2", "max, nan, 2, 2", "max, 2, nan, 2", "max, nan, nan, nan", "max, -0.0, 0.0, -0.0",
        "max, 0.0, -0.0, 0.0", "max, -inf, " + SUB + ", " + SUB,
        "min, 1, 2, 1", "min, nan, 2, 2", "min, 2, nan, 2", "min, -0.0, 0.0, -0.0", "min, 0.0, -0.0, 0.0",
        "min, inf, max, max",
        "is_eq, 1, 1, 1", "is_eq, 0.0, -0.0, 1", "is_eq, nan, nan, 0", "is_eq, 1, 2, 0",
        "is_gt, 2, 1, 1", "is_gt, 1, 1, 0", "is_gt, nan, 1, 0", "is_gt, inf, max, 1",
        "is_ge, 1, 1, 1", "is_ge, nan, nan, 0", "is_ge, -inf, -inf, 1",
        "is_le, 1, 2, 1", "is_le, 2, 1, 0", "is_le, 1, nan, 0",
        "is_lt, 1, 2, 1", "is_lt, -0.0, 0.0, 0", "is_lt, nan, 1, 0",
        "is_ne, 1, 2, 1", "is_ne, 1, 1, 0", "is_ne, nan, nan, 1", "is_ne, 0.0, -0.0, 0",
        "logical_and, 2, -3, 1", "logical_and, 0.0, 5, 0", "logical_and, -0.0, 5, 0", "logical_and, nan, 1, 1",
        "logical_or, 0.0, 0.0, 0", "logical_or, 0.0, " + SUB + ", 1", "logical_or, nan, 0, 1",
        "logical_xor, 1, 1, 0", "logical_xor, 1, 0, 1", "logical_xor, nan, 0, 1", "logical_xor, -0.0, 0.0, 0",
        "absolute_diff, 1, 3, 2", "absolute_diff, -inf, inf, inf", "absolute_diff, inf, inf, nan",
        "absolute_diff, -0.0, 0.0, 0.0",
        "absolute_value, -2.5, 9, 2.5", "absolute_value, -0.0, 9, 0.0", "absolute_value, -inf, 0, inf",
        "absolute_value, -nan, 0, nan",
        "square, -3, 9, 9", "square, 1E20, 0, inf", "square, " + SUB + ", 0, 0.0", "square, nan, 0, nan",
        "relu, -2, 9, 0.0", "relu, 2, 9, 2", "relu, nan, 9, 0.0", "relu, -0.0, 9, -0.0", "relu, -inf, 0, 0.0",
        "abs_max, -3, 2, 3", "abs_max, 1, -5, 5", "abs_max, nan, -5, 5", "abs_max, -0.0, 0.0, 0.0",
        "abs_min, -3, 2, 2", "abs_min, nan, -5, 5", "abs_min, -inf, -1, 1",
        "divide, 1, 4, 0.25", "divide, 1, 0.0, inf", "divide, -1, 0.0, -inf", "divide, 0.0, 0.0, nan",
        "divide, 1, -inf, -0.0", "divide, 2, 3, 0.6666667",
        "pow, 2, 10, 1024", "pow, 4, 0.5, 2", "pow, -8, 0.5, nan", "pow, nan, 0.0, 1", "pow, 10, 39, inf",
        "mod, 7, 3, 1", "mod, -7, 3, 2", "mod, 7, -3, -2", "mod, 6, -3, -0.0", "mod, -6, 3, 0.0", "mod, 1, 0.0, nan",
        "mod, 5.5, inf, 5.5",
    })
    void arithOp(String op, String a, String b, String expected) {
        float r = ArithAlu.apply(AluOp.valueOf(op.toUpperCase()), f(a), f(b));
        assertThat(Float.floatToRawIntBits(r)).as("%s(%s, %s) = %s", op, a, b, r)
                .isEqualTo(Float.isNaN(f(expected)) ? 0x7fc0_0000 : Float.floatToRawIntBits(f(expected)));
    }

    @ParameterizedTest(name = "{0}/{1}({2}, {3}) = {4}")
    @CsvSource({
        "bypass, 8, 0xab, 0xff, 0xab", "bitwise_not, 8, 0x0f, 0, 0xf0", "bitwise_not, 32, 0, 0, 0xffffffff",
        "bitwise_not, 16, 0x8000, 0, 0x7fff",
        "bitwise_and, 16, 0xff0f, 0x0ff0, 0x0f00", "bitwise_or, 8, 0xf0, 0x0f, 0xff",
        "bitwise_xor, 32, 0xffffffff, 0x0f0f0f0f, 0xf0f0f0f0",
        "arith_shift_left, 8, 0x81, 1, 0x02", "arith_shift_left, 16, 1, 15, 0x8000", "arith_shift_left, 8, 1, 8, 0",
        "logical_shift_left, 32, 1, 31, 0x80000000", "logical_shift_left, 32, 1, 32, 0",
        "logical_shift_left, 32, 1, 0xffffffff, 0", "logical_shift_left, 8, 3, 0, 3",
        "logical_shift_right, 8, 0x80, 7, 0x01", "logical_shift_right, 16, 0x8000, 16, 0",
        "logical_shift_right, 32, 0x80000000, 31, 1", "logical_shift_right, 8, 0xff, 0xff, 0",
        "arith_shift_right, 8, 0x80, 7, 0xff", "arith_shift_right, 8, 0x40, 7, 0x00",
        "arith_shift_right, 16, 0x8000, 200, 0xffff", "arith_shift_right, 16, 0x7fff, 200, 0",
        "arith_shift_right, 32, 0x80000000, 0xffffffff, 0xffffffff", "arith_shift_right, 32, 0x80000000, 4, 0xf8000000",
    })
    void bitvecOp(String op, int width, String a, String b, String expected) {
        int r = BitvecAlu.apply(AluOp.valueOf(op.toUpperCase()), (int) Long.decode(a).longValue(),
                (int) Long.decode(b).longValue(), width);
        assertThat(Integer.toHexString(r)).isEqualTo(Integer.toHexString((int) Long.decode(expected).longValue()));
    }

    @Test
    void everyGeneralOpHasCases() {
        Set<String> arith = casesOf("arithOp");
        Set<String> bitvec = casesOf("bitvecOp");
        assertThat(arith).containsAll(Generation.MAVERICK.generalArith().stream().map(AluOp::isaName).toList());
        assertThat(bitvec).containsAll(Generation.MAVERICK.generalBitvec().stream().map(AluOp::isaName).toList());
    }

    private static Set<String> casesOf(String method) {
        CsvSource src = java.util.Arrays.stream(AluTest.class.getDeclaredMethods())
                .filter(m -> m.getName().equals(method)).findFirst().orElseThrow().getAnnotation(CsvSource.class);
        return java.util.Arrays.stream(src.value()).map(r -> r.split(",")[0].strip()).collect(Collectors.toSet());
    }

    @Test
    void opsOutsideTheGeneralArithSetAndGpsimdsDividePowModAreRefused() {
        Set<AluOp> computed = EnumSet.copyOf(Generation.MAVERICK.generalArith());
        computed.addAll(Set.of(AluOp.DIVIDE, AluOp.POW, AluOp.MOD));
        assertThat(ArithAlu.OPS).isEqualTo(computed);
        for (AluOp op : EnumSet.complementOf(EnumSet.copyOf(computed))) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ArithAlu.apply(op, 1, 1))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
