package stt.calls;

import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import stt.alu.ArithAlu;
import stt.isa.Fidelity;

/**
 * The Scalar Engine's functions, by NKI's names (FAMILY-NEXT §5.3, decision act_eval). The EXACT set (copy, relu,
 * prelu, abs, sign, square) is a closed form in fp32, RNE at each step: exact under the model's reading, as a
 * degenerate-linear table would give. The rest are the formula in double with {@link StrictMath} (the same bits on
 * every host), rounded once to fp32: approximate, since the device evaluates host-loaded piecewise cubics. A
 * function's valid input range [N32S] is kept to warn about inputs outside it.
 */
enum ActFunction {
    COPY(y -> y),
    RELU(y -> y > 0 ? y : 0f),
    PRELU(y -> y > 0 ? y : 0f * y),
    ABS(Math::abs),
    SIGN(y -> Float.isNaN(y) ? y : y > 0 ? 1f : y < 0 ? -1f : 0f),
    SQUARE(y -> y * y),
    EXP(StrictMath::exp, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    LOG(StrictMath::log, 0x1p-64, 0x1p64),
    SQRT(StrictMath::sqrt, 0x1p-116, 0x1p118),
    RSQRT(y -> 1 / StrictMath.sqrt(y), 0x1p-87, 0x1p97),
    RECIPROCAL(y -> 1 / y, 0x1p-42, 0x1p42, true),
    SIN(StrictMath::sin, -Math.PI, Math.PI),
    ARCTAN(StrictMath::atan, -Math.PI / 2, Math.PI / 2),
    TANH(StrictMath::tanh, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    SIGMOID(MathFunctions::sigmoid, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    SOFTPLUS(MathFunctions::softplus, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    MISH(y -> y * StrictMath.tanh(MathFunctions.softplus(y)), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    ERF(MathFunctions::erf, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    ERF_DX(y -> 2 / Math.sqrt(Math.PI) * StrictMath.exp(-y * y), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    GELU(y -> y * MathFunctions.phi(y), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    GELU_DX(y -> MathFunctions.phi(y) + y * MathFunctions.density(y), Double.NEGATIVE_INFINITY,
            Double.POSITIVE_INFINITY),
    GELU_APPRX_TANH(y -> 0.5 * y * (1 + StrictMath.tanh(Math.sqrt(2 / Math.PI) * (y + 0.044715 * y * y * y))),
            Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    GELU_APPRX_SIGMOID(y -> y * MathFunctions.sigmoid(1.702 * y), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    GELU_APPRX_SIGMOID_DX(y -> {
        double s = MathFunctions.sigmoid(1.702 * y);
        return s + 1.702 * y * s * (1 - s);
    }, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    SILU(y -> y * MathFunctions.sigmoid(y), Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY),
    SILU_DX(y -> {
        double s = MathFunctions.sigmoid(y);
        return s * (1 + y * (1 - s));
    }, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

    /** A closed form in fp32. */
    interface Fp32 {
        float apply(float y);
    }

    private final Fp32 exact;
    private final DoubleUnaryOperator formula;
    private final double low;
    private final double high;
    private final boolean symmetric;

    ActFunction(Fp32 exact) {
        this.exact = exact;
        this.formula = null;
        this.low = Double.NEGATIVE_INFINITY;
        this.high = Double.POSITIVE_INFINITY;
        this.symmetric = false;
    }

    ActFunction(DoubleUnaryOperator formula, double low, double high) {
        this(formula, low, high, false);
    }

    /** {@code symmetric}: the valid range is ±[low, high]. */
    ActFunction(DoubleUnaryOperator formula, double low, double high, boolean symmetric) {
        this.exact = null;
        this.formula = formula;
        this.low = low;
        this.high = high;
        this.symmetric = symmetric;
    }

    /** NKI's name: {@code nl.exp} is {@code exp}. */
    String nkiName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    static List<String> names() {
        return Arrays.stream(values()).map(ActFunction::nkiName).toList();
    }

    static ActFunction of(String nkiName) {
        return valueOf(nkiName.toUpperCase(java.util.Locale.ROOT));
    }

    Fidelity fidelity() {
        return exact != null ? Fidelity.MODEL : Fidelity.APPROX;
    }

    /** f(y), an fp32 value (a NaN result is the canonical NaN, as the model's fp32 datapaths give it). */
    float apply(float y) {
        float f = exact != null ? exact.apply(y) : (float) formula.applyAsDouble(y);
        return ArithAlu.canonical(f);
    }

    /**
     * {@link #apply} on {@code row[at .. at + n - 1]} in place: exp a vector of lanes at a time where the JVM has the
     * Vector API ({@link ExpRow}: the same bits), every other function element by element.
     */
    void applyRow(float[] row, int at, int n) {
        if (this == EXP && Matmul.LANES) {
            ExpRow.exp(row, at, row, at, n);
            for (int k = at; k < at + n; k++) {
                row[k] = ArithAlu.canonical(row[k]);
            }
            return;
        }
        for (int k = at; k < at + n; k++) {
            row[k] = apply(row[k]);
        }
    }

    /** Whether y is inside the function's valid input range [N32S] (NaN is outside every bounded one). */
    boolean inRange(float y) {
        if (low == Double.NEGATIVE_INFINITY && high == Double.POSITIVE_INFINITY) {
            return true;
        }
        double a = symmetric ? Math.abs(y) : y;
        return a >= low && a <= high;
    }

    /** The valid range as text, for the warning. */
    String range() {
        return (symmetric ? "±" : "") + "[" + low + ", " + high + "]";
    }
}
