import java.nio.file.*;
import java.util.*;
import stt.codec.*;
import stt.exec.*;
import stt.fast.FastEngine;
import stt.isa.Generation;
import stt.machine.Machine;

/**
 * How a fresh JVM warms up on a binary program (bench/warmup.sh): first the time at which the first 1, 10, 100 ...
 * words of the program are done (each word decoded from the program and run by the fast engine, as stt run does);
 * then round after round over the program: the same word object again and again, fresh words, Program.run over it,
 * and Cost.of per word, each with the bytes the main thread allocated a word; last, the first 1,000 words' cost above the steady rate (Program.run's best round).
 */
public class WarmUp {
    /** The time and the bytes this thread has allocated, at mark k. */
    private static void mark(long[] t, long[] bytes, int k) {
        bytes[k] = ((com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean())
            .getCurrentThreadAllocatedBytes();
        t[k] = System.nanoTime();
    }

    public static void main(String[] a) throws Exception {
        long start = System.nanoTime();
        List<Word> view = Codec.view(Files.readAllBytes(Path.of(a[0])));
        int threads = a.length > 1 ? Integer.parseInt(a[1]) : 2;
        Machine m = new Machine(Generation.MARIANA);
        FastEngine e = new FastEngine(threads);
        int n = view.size();
        long ready = System.nanoTime();
        System.out.printf("%d words, %d threads; decoder, machine and engine ready %.0f ms after main()%n", n, threads,
            (ready - start) / 1e6);
        double first = 0, thousand = 0;
        for (int k = 0, mark = 1; k < n; k++) {
            e.execute(m, view.get(k), Trace.OFF);
            if (k + 1 == mark || k + 1 == n) {
                double at = (System.nanoTime() - ready) / 1e6;
                System.out.printf("  word %d done at %.1f ms%n", k + 1, at);
                first = k == 0 ? at : first;
                thousand = k + 1 == 1000 ? at : thousand;
                mark *= 10;
            }
        }
        double steady = Double.MAX_VALUE;
        Word one = view.get(0);
        for (int round = 0; round < 4; round++) {
            long[] t = new long[5];
            long[] bytes = new long[5];
            mark(t, bytes, 0);
            for (int k = 0; k < n; k++) e.execute(m, one, Trace.OFF);
            mark(t, bytes, 1);
            for (int k = 0; k < n; k++) e.execute(m, view.get(k), Trace.OFF);
            mark(t, bytes, 2);
            Program.run(m, view, e, Trace.OFF);
            mark(t, bytes, 3);
            steady = Math.min(steady, (t[3] - t[2]) / 1e6 / n);
            for (int k = 0; k < n; k++) stt.cost.Cost.of(view.get(k), Generation.MARIANA);
            mark(t, bytes, 4);
            String[] what = {"same word", "fresh words", "Program.run", "Cost.of"};
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < what.length; k++) {
                line.append(String.format("%s%s %.0f ns (%.0f B)", k == 0 ? "" : ", ", what[k],
                    (t[k + 1] - t[k]) / (double) n, (bytes[k + 1] - bytes[k]) / (double) n));
            }
            System.out.println(line);
        }
        if (n >= 1000) {
            System.out.printf("first 1,000 words above the steady rate (%.1f us/word): %.0f ms, %.0f ms beyond"
                + " word 1%n", steady * 1e3, thousand - 1000 * steady, thousand - first - 999 * steady);
        }
        System.exit(0);
    }
}
