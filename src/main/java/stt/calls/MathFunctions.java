package stt.calls;

/**
 * The double-precision functions the Scalar Engine's APPROX set needs beyond {@link StrictMath} (FAMILY-NEXT §5.3,
 * decision act_eval): plain double arithmetic, so the same bits on every JVM. Accurate to about 1e-14 relative,
 * far inside the one fp32 rounding that follows.
 */
final class MathFunctions {
    private static final double TWO_OVER_SQRT_PI = 1.1283791670955126;

    private MathFunctions() {
    }

    /** The error function: its Maclaurin series below 2.5, else 1 - erfc by the continued fraction (Lentz). */
    static double erf(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        double a = Math.abs(x);
        double r = a < 2.5 ? series(a) : 1 - erfcFraction(a);
        return Math.copySign(r, x);
    }

    /** 2/sqrt(pi) * sum_n (-1)^n x^(2n+1) / (n! (2n+1)), summed until the terms stop changing the sum. */
    private static double series(double x) {
        double x2 = x * x;
        double term = x;
        double sum = x;
        for (int n = 1; n < 200; n++) {
            term *= -x2 / n;
            double next = sum + term / (2 * n + 1);
            if (next == sum) {
                break;
            }
            sum = next;
        }
        return TWO_OVER_SQRT_PI * sum;
    }

    /**
     * erfc(x) for x >= 2.5: exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + 2/(x + ...))))), evaluated by
     * the modified Lentz method.
     */
    private static double erfcFraction(double x) {
        if (x > 27) {
            return 0;
        }
        double tiny = 1e-300;
        double f = x;
        double c = x;
        double d = 0;
        for (int n = 1; n < 500; n++) {
            double an = n / 2.0;
            d = x + an * d;
            d = d == 0 ? tiny : d;
            c = x + an / c;
            c = c == 0 ? tiny : c;
            d = 1 / d;
            double delta = c * d;
            f *= delta;
            if (Math.abs(delta - 1) < 1e-16) {
                break;
            }
        }
        return StrictMath.exp(-x * x) / Math.sqrt(Math.PI) / f;
    }

    static double sigmoid(double y) {
        return 1 / (1 + StrictMath.exp(-y));
    }

    static double softplus(double y) {
        return y > 30 ? y + StrictMath.log1p(StrictMath.exp(-y)) : StrictMath.log1p(StrictMath.exp(y));
    }

    /** The standard normal CDF, 0.5 * (1 + erf(y / sqrt 2)). */
    static double phi(double y) {
        return 0.5 * (1 + erf(y / Math.sqrt(2)));
    }

    /** The standard normal density. */
    static double density(double y) {
        return StrictMath.exp(-0.5 * y * y) / Math.sqrt(2 * Math.PI);
    }
}
