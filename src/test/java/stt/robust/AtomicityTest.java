package stt.robust;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import stt.RandomWords;
import stt.Words;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.ReferenceEngine;
import stt.exec.Trace;
import stt.fast.FastEngine;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.internal.RawMemory;
import stt.validate.AddressChecks;
import stt.validate.Validator;

/**
 * Refused words change no byte of the machine; executed words change nothing outside dst's footprint (and the
 * accumulators), on both engines.
 */
class AtomicityTest {
    static final Generation G = Generation.MARIANA;

    /** The whole state but the accumulators, as heap copies. */
    record Snapshot(byte[] sbuf, byte[] psum, int[] registers) {
        static Snapshot of(Machine m) {
            int[] regs = new int[Generation.ADDRESS_REGISTERS];
            for (int r = 0; r < regs.length; r++) {
                regs[r] = m.register(r);
            }
            return new Snapshot(RawMemory.segment(m, Space.SBUF).toArray(ValueLayout.JAVA_BYTE),
                    RawMemory.segment(m, Space.PSUM).toArray(ValueLayout.JAVA_BYTE), regs);
        }
    }

    @Test
    void refusedWordsChangeNothing() {
        Machine m = new Machine(G);
        RandomWords.fill(1, m);
        Random rnd = new Random(5);
        int refused = 0;
        for (int n = 0; n < 300; n++) {
            Word w = Words.plausible(rnd, G);
            m.setRegister(rnd.nextInt(64), rnd.nextInt());
            Snapshot before = Snapshot.of(m);
            float[] acc = accumulators(m);
            Engine e = n % 2 == 0 ? new ReferenceEngine() : new FastEngine(2);
            try {
                e.execute(m, w, Trace.OFF);
                continue;
            } catch (ExecutionException ex) {
                refused++;
            }
            assertUnchanged(m, before, acc, List.of(), "word " + n);
        }
        assertThat(refused).isGreaterThan(250);
    }

    @Test
    void executedWordsChangeOnlyTheirDestination() throws ExecutionException {
        Machine m = new Machine(G);
        RandomWords.fill(2, m);
        RandomWords words = new RandomWords(9, G, stt.codec.Format.S2S2D2_STT.opcodes());
        for (int n = 0; n < 200; n++) {
            Word w = words.next(m);
            assertThat(Validator.validate(w, G)).isEmpty();
            Snapshot before = Snapshot.of(m);
            float[] acc = accumulators(m);
            (n % 2 == 0 ? new ReferenceEngine() : new FastEngine(2)).execute(m, w, Trace.OFF);
            assertUnchanged(m, before, null, List.of(footprint(m, w)), "word " + n);
            if (w.get("accumulator_cmd") == 0) {
                assertThat(accumulators(m)).isEqualTo(acc);
            }
        }
    }

    /** Where dst may write: its partitions and its byte span in each. */
    record Region(Space space, int firstPartition, int partitions, long lo, long hi) {
    }

    static Region footprint(Machine m, Word w) {
        TensorPattern d = w.pattern("dst");
        int addr = d.addr().fromRegister() ? m.register(d.addr().regnum()) : d.addr().partitionOffset();
        MemoryRef at = G.locate(addr).orElseThrow();
        long[] span = AddressChecks.span(d, Dtype.of((int) w.get("out_dtype")).orElseThrow().size(), at.offset());
        return new Region(at.space(), at.partition(), (int) w.get("num_active_channels"), span[0], span[1]);
    }

    static float[] accumulators(Machine m) {
        float[] a = new float[Generation.PARTITIONS];
        for (int l = 0; l < a.length; l++) {
            a[l] = m.accumulator(l);
        }
        return a;
    }

    /** Every byte outside {@code allowed} equals {@code before}; accumulators too unless {@code acc} is null. */
    static void assertUnchanged(Machine m, Snapshot before, float[] acc, List<Region> allowed, String what) {
        Snapshot now = Snapshot.of(m);
        assertThat(now.registers()).as("%s: registers", what).isEqualTo(before.registers());
        if (acc != null) {
            assertThat(accumulators(m)).as("%s: accumulators", what).isEqualTo(acc);
        }
        for (Space s : Space.values()) {
            byte[] a = s == Space.SBUF ? before.sbuf() : before.psum();
            byte[] b = s == Space.SBUF ? now.sbuf() : now.psum();
            int active = G.activeBytes(s);
            for (int p = 0; p < Generation.PARTITIONS; p++) {
                long base = m.address(s, p, 0);
                long lo = active;
                long hi = active;
                for (Region r : allowed) {
                    if (r.space() == s && p >= r.firstPartition() && p < r.firstPartition() + r.partitions()) {
                        lo = r.lo();
                        hi = r.hi() + 1;
                    }
                }
                long diff = mismatch(a, b, base, 0, lo);
                if (diff < 0) {
                    diff = mismatch(a, b, base, hi, active);
                }
                assertThat(diff).as("%s: %s partition %d changed at byte %d (allowed %d..%d)", what, s, p, diff,
                        lo, hi - 1).isNegative();
            }
        }
    }

    private static long mismatch(byte[] a, byte[] b, long base, long from, long to) {
        if (from >= to) {
            return -1;
        }
        long at = MemorySegment.ofArray(a).asSlice(base + from, to - from)
                .mismatch(MemorySegment.ofArray(b).asSlice(base + from, to - from));
        return at < 0 ? -1 : from + at;
    }
}
