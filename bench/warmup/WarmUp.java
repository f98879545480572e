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
 * and Cost.of per word; last, the first 1,000 words' cost above the steady rate (Program.run's best round).
 */
public class WarmUp {
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
            long t0 = System.nanoTime();
            for (int k = 0; k < n; k++) e.execute(m, one, Trace.OFF);
            long t1 = System.nanoTime();
            for (int k = 0; k < n; k++) e.execute(m, view.get(k), Trace.OFF);
            long t2 = System.nanoTime();
            Program.run(m, view, e, Trace.OFF);
            long t3 = System.nanoTime();
            steady = Math.min(steady, (t3 - t2) / 1e6 / n);
            for (int k = 0; k < n; k++) stt.cost.Cost.of(view.get(k), Generation.MARIANA);
            long t4 = System.nanoTime();
            System.out.printf("same word %.0f ns, fresh words %.0f ns, Program.run %.0f ns, Cost.of %.0f ns%n",
                (t1 - t0) / (double) n, (t2 - t1) / (double) n, (t3 - t2) / (double) n, (t4 - t3) / (double) n);
        }
        if (n >= 1000) {
            System.out.printf("first 1,000 words above the steady rate (%.1f us/word): %.0f ms, %.0f ms beyond"
                + " word 1%n", steady * 1e3, thousand - 1000 * steady, thousand - first - 999 * steady);
        }
        System.exit(0);
    }
}
