import java.nio.file.*;
import java.util.*;
import stt.codec.*;
import stt.exec.*;
import stt.fast.FastEngine;
import stt.isa.Generation;
import stt.machine.Machine;

/** Per-word time of the fast engine over a long program, round after round in one JVM (bench/warmup.sh). */
public class WarmUp {
    public static void main(String[] a) throws Exception {
        byte[] bytes = Files.readAllBytes(Path.of(a[0]));
        List<Word> view = Codec.view(bytes);
        Word one = view.get(0);
        Machine m = new Machine(Generation.MARIANA);
        FastEngine e = new FastEngine(2);
        int n = 1_000_000;
        for (int round = 0; round < 4; round++) {
            long t0 = System.nanoTime();
            for (int k = 0; k < n; k++) e.execute(m, one, Trace.OFF);
            long t1 = System.nanoTime();
            for (int k = 0; k < n; k++) e.execute(m, view.get(k), Trace.OFF);
            long t2 = System.nanoTime();
            Program.run(m, view, e, Trace.OFF);
            long t3 = System.nanoTime();
            for (int k = 0; k < n; k++) stt.cost.Cost.of(view.get(k), Generation.MARIANA);
            long t4 = System.nanoTime();
            System.out.printf("same word %.0f ns, fresh words %.0f ns, Program.run %.0f ns, Cost.of %.0f ns%n",
                (t1 - t0) / (double) n, (t2 - t1) / (double) n, (t3 - t2) / (double) n, (t4 - t3) / (double) n);
        }
    }
}
