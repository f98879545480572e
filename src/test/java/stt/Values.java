package stt;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

/** Random test data with special values: NaN, ±inf, ±0, subnormals, extremes, ordinary numbers. */
public final class Values {
    static final float[] SPECIAL = {Float.NaN, Float.intBitsToFloat(0xffc00000), Float.intBitsToFloat(0x7f800001),
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0.0f, -0.0f, Float.MIN_VALUE, -Float.MIN_VALUE,
        Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, 1f, -1f, 0.5f, 65504f, 57344f, 240f, 15.5f, 448f, 1e-7f,
        16777217f, 2147483648f, 4294967296f, -129f, 255.5f, 32768f};

    private Values() {
    }

    public static float specialOrRandom(Random r) {
        return r.nextInt(3) == 0 ? SPECIAL[r.nextInt(SPECIAL.length)]
                : (float) (r.nextGaussian() * Math.pow(10, r.nextInt(13) - 6));
    }

    /** Fills {@code bytes} with a mix: random bits, floats with special values, small integers. */
    public static void fill(Random r, byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i + 4 <= bytes.length; i += 4) {
            switch (r.nextInt(4)) {
                case 0 -> b.putInt(i, r.nextInt());
                case 1 -> b.putInt(i, r.nextInt(512) - 256);
                default -> b.putFloat(i, specialOrRandom(r));
            }
        }
    }
}
