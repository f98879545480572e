import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The warm-up floor (bench/warmup.sh --bare): fp32 STT mult/add over [128×2048] tiles, the fast engine's
 * arithmetic (mult, add, the canonical NaN) and nothing else (no decoder, no definitions, no crew, one thread) in a
 * fresh JVM, written with the Vector API ({@code vector}) or as a plain loop ({@code scalar}). Prints when words 1,
 * 10, 100 ... are done, the steady rate (best of 3 rounds of 2,000 words), and the first 1,000 words' cost above it.
 */
public class Bare {
    static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED;
    static final ValueLayout.OfFloat F32 = ValueLayout.JAVA_FLOAT_UNALIGNED;
    static final FloatVector NAN = FloatVector.broadcast(F, Float.intBitsToFloat(0x7fc0_0000));
    static final int LANES = 128, N = 2048;
    static final long TILE = 4L * LANES * N;

    static void vector(float s, MemorySegment m, long a, long b, long d, int n) {
        FloatVector sv = FloatVector.broadcast(F, s);
        int i = 0;
        for (int e = F.loopBound(n); i < e; i += F.length()) {
            FloatVector x = FloatVector.fromMemorySegment(F, m, a + 4L * i, ByteOrder.LITTLE_ENDIAN);
            FloatVector y = FloatVector.fromMemorySegment(F, m, b + 4L * i, ByteOrder.LITTLE_ENDIAN);
            FloatVector r = x.mul(sv).add(y);
            r.blend(NAN, r.test(VectorOperators.IS_NAN)).intoMemorySegment(m, d + 4L * i, ByteOrder.LITTLE_ENDIAN);
        }
        scalar(s, m, a + 4L * i, b + 4L * i, d + 4L * i, n - i);
    }

    static void scalar(float s, MemorySegment m, long a, long b, long d, int n) {
        for (int i = 0; i < n; i++) {
            float r = m.get(F32, a + 4L * i) * s + m.get(F32, b + 4L * i);
            m.set(F32, d + 4L * i, r != r ? Float.intBitsToFloat(0x7fc0_0000) : r);
        }
    }

    static void word(boolean vector, MemorySegment m) {
        for (int c = 0; c < LANES; c++) {
            long o = 4L * N * c;
            if (vector) {
                vector(1.5f, m, o, TILE + o, 2 * TILE + o, N);
            } else {
                scalar(1.5f, m, o, TILE + o, 2 * TILE + o, N);
            }
        }
    }

    public static void main(String[] args) {
        long start = System.nanoTime();
        boolean vector = args[0].equals("vector");
        int words = args.length > 1 ? Integer.parseInt(args[1]) : 4000;
        MemorySegment m = Arena.global().allocate(3 * TILE, 64);
        System.out.printf("%s loop, %d words of [%dx%d], 1 thread; memory ready %.1f ms after main()%n", args[0],
            words, LANES, N, (System.nanoTime() - start) / 1e6);
        double first = 0, thousand = 0;
        for (int w = 1, mark = 1; w <= words; w++) {
            word(vector, m);
            if (w == mark || w == words) {
                double at = (System.nanoTime() - start) / 1e6;
                System.out.printf("  word %d done at %.1f ms%n", w, at);
                first = w == 1 ? at : first;
                thousand = w == 1000 ? at : thousand;
                mark *= 10;
            }
        }
        double steady = Double.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            for (int w = 0; w < 2000; w++) {
                word(vector, m);
            }
            steady = Math.min(steady, (System.nanoTime() - t0) / 2000 / 1e6);
        }
        System.out.printf("steady %.1f us/word; first 1,000 words above it: %.0f ms from main(), %.0f ms beyond"
            + " word 1%n", steady * 1e3, thousand - 1000 * steady, thousand - first - 999 * steady);
    }
}
