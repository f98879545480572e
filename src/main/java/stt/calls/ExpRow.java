package stt.calls;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@code (float) StrictMath.exp(y)} for a row of fp32 values, a vector of lanes at a time: fdlibm's {@code e_exp.c}
 * (the JDK's {@code FdLibm.Exp}) step for step in double on each lane, so the same bits as the scalar call that
 * {@link ActFunction#EXP} makes (each IEEE double operation rounds alike on a lane; there is no fma to fuse). A vector
 * holding a lane outside the range where fdlibm takes its main path (|y| below 2^-28 aside, which is 1 + y) — NaN,
 * infinities, |y| of 88.7 or more, where the fp32 result is 0, +Inf or a subnormal — runs the scalar call instead.
 * Loaded only on a JVM with the Vector API ({@link Matmul#LANES}).
 */
final class ExpRow {
    private static final VectorSpecies<Double> D = DoubleVector.SPECIES_PREFERRED;
    /** fp32 lanes as many as D's: half its bits. */
    private static final VectorSpecies<Float> HALF = FloatVector.SPECIES_PREFERRED.withShape(
            VectorShape.forBitSize(D.vectorBitSize() / 2));

    // fdlibm e_exp.c's constants, as the JDK's FdLibm.Exp has them
    private static final double LN2_HI = 0x1.62e42feep-1;
    private static final double LN2_LO = 0x1.a39ef35793c76p-33;
    private static final double INV_LN2 = 0x1.71547652b82fep0;
    private static final double P1 = 0x1.555555555553ep-3;
    private static final double P2 = -0x1.6c16c16bebd93p-9;
    private static final double P3 = 0x1.1566aaf25de2cp-14;
    private static final double P4 = -0x1.bbd41c5d26bf1p-20;
    private static final double P5 = 0x1.6376972bea4d0p-25;
    /** |y| below this (88.7) keeps every lane on the main path with a normal fp32 result. */
    private static final double LIMIT = 88.7;

    private ExpRow() {
    }

    /** {@code out[at + i] = (float) StrictMath.exp(in[from + i])} for i below n. */
    static void exp(float[] in, int from, float[] out, int at, int n) {
        int step = D.length();
        int i = 0;
        for (; i + step <= n; i += step) {
            if (!vector(in, from + i, out, at + i)) {
                scalar(in, from + i, out, at + i, step);
            }
        }
        scalar(in, from + i, out, at + i, n - i);
    }

    /**
     * One vector of lanes from {@code in[from ..]} into {@code out[at ..]}; false, having written nothing, when a lane
     * is outside the main path. Loads, arithmetic and stores in one method, so that the JIT compiles them together
     * (no vector crosses a call).
     */
    private static boolean vector(float[] in, int from, float[] out, int at) {
        DoubleVector x = FloatVector.fromArray(HALF, in, from).convertShape(VectorOperators.F2D, D, 0)
                .reinterpretAsDoubles();
        if (!x.abs().compare(VectorOperators.LT, LIMIT).allTrue()) { // NaN compares false: scalar too
            return false;
        }
        lanes(x).convertShape(VectorOperators.D2F, HALF, 0).reinterpretAsFloats().intoArray(out, at);
        return true;
    }

    private static void scalar(float[] in, int from, float[] out, int at, int n) {
        for (int i = 0; i < n; i++) {
            out[at + i] = (float) StrictMath.exp(in[from + i]);
        }
    }

    /** fdlibm's exp on lanes |x| < 88.7 (its k never below -1021 there): the three reductions, then the scaling. */
    private static DoubleVector lanes(DoubleVector x) {
        LongVector bits = x.reinterpretAsLongs();
        LongVector hx = bits.lanewise(VectorOperators.LSHR, 32).and(0x7fffffffL); // the high word of |x|
        VectorMask<Double> negative = x.compare(VectorOperators.LT, 0.0);
        VectorMask<Double> reduced = hx.compare(VectorOperators.GT, 0x3fd62e42L).cast(D); // |x| > 0.5 ln2
        VectorMask<Double> near = hx.compare(VectorOperators.LT, 0x3FF0A2B2L).cast(D).and(reduced); // and < 1.5 ln2
        VectorMask<Double> tiny = hx.compare(VectorOperators.LT, 0x3e300000L).cast(D); // |x| < 2^-28: 1 + x
        // |x| in (0.5 ln2, 1.5 ln2): k = 1 - 2 xsb, hi = x - ln2HI[xsb], lo = ln2LO[xsb]
        DoubleVector sign = DoubleVector.broadcast(D, 1.0).blend(-1.0, negative);
        DoubleVector hiNear = x.sub(sign.mul(LN2_HI));
        DoubleVector loNear = sign.mul(LN2_LO);
        // further out: k = (int) (invln2 x + half[xsb]), hi = x - k ln2HI, lo = k ln2LO
        DoubleVector half = DoubleVector.broadcast(D, 0.5).blend(-0.5, negative);
        DoubleVector t = x.mul(INV_LN2).add(half).convert(VectorOperators.D2L, 0).reinterpretAsLongs()
                .convert(VectorOperators.L2D, 0).reinterpretAsDoubles(); // truncated toward zero, as (int)
        DoubleVector hiFar = x.sub(t.mul(LN2_HI));
        DoubleVector loFar = t.mul(LN2_LO);
        DoubleVector k = t.blend(sign, near).blend(0.0, reduced.not());
        DoubleVector hi = hiFar.blend(hiNear, near);
        DoubleVector lo = loFar.blend(loNear, near);
        DoubleVector r = hi.sub(lo).blend(x, reduced.not()); // x in the primary range
        DoubleVector tt = r.mul(r);
        DoubleVector c = r.sub(tt.mul(tt.mul(tt.mul(tt.mul(tt.mul(P5).add(P4)).add(P3)).add(P2)).add(P1)));
        DoubleVector rc = r.mul(c);
        DoubleVector atZero = DoubleVector.broadcast(D, 1.0).sub(rc.div(c.sub(2.0)).sub(r)); // k == 0
        DoubleVector y = DoubleVector.broadcast(D, 1.0).sub(lo.sub(rc.div(DoubleVector.broadcast(D, 2.0).sub(c)))
                .sub(hi));
        LongVector shift = k.convert(VectorOperators.D2L, 0).reinterpretAsLongs().lanewise(VectorOperators.LSHL, 52);
        DoubleVector scaled = y.reinterpretAsLongs().add(shift).reinterpretAsDoubles(); // k added to the exponent
        VectorMask<Double> kZero = k.compare(VectorOperators.EQ, 0.0);
        return scaled.blend(atZero, kZero).blend(x.add(1.0), tiny);
    }
}
