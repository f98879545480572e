package stt.robust;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import stt.FamilyWords;
import stt.RandomWords;
import stt.WordSource;
import stt.Words;
import stt.codec.Format;
import stt.codec.Layout;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.engine.Model;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Trace;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.isa.Space;
import stt.machine.Machine;
import stt.machine.internal.RawMemory;

/**
 * Refused words change no byte of the machine; executed words of every executable opcode change no byte outside
 * the bytes their dst pattern names (computed here from its fields) and no register, on both engines.
 */
class AtomicityTest {

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

    /** MARIANA, and SUNDA, which runs by its own tables (FAMILY-NEXT §0.1 sunda_vector_engine). */
    @ParameterizedTest
    @EnumSource(value = Generation.class, names = {"MARIANA", "SUNDA"})
    void refusedWordsChangeNothing(Generation gen) {
        Machine m = new Machine(gen);
        RandomWords.fill(1, m);
        Random rnd = new Random(5);
        int refused = 0;
        for (int n = 0; n < 300; n++) {
            Word w = Words.plausible(rnd, gen);
            m.setRegister(rnd.nextInt(64), rnd.nextInt());
            Snapshot before = Snapshot.of(m);
            float[] acc = accumulators(m);
            Engine e = n % 2 == 0 ? Model.reference() : Model.fast(2);
            try {
                e.execute(m, w, Trace.OFF);
                continue;
            } catch (ExecutionException ex) {
                refused++;
            }
            assertChangedOnly(m, before, Map.of(), "refused word " + n);
            assertThat(accumulators(m)).as("refused word %d: accumulators", n).isEqualTo(acc);
        }
        assertThat(refused).isGreaterThan(250);
    }

    /**
     * Every opcode the model executes, from its definitions, on MARIANA and on SUNDA where SUNDA's enum has it: the
     * words the executed-words sweep draws.
     */
    static List<Arguments> executable() {
        return Arrays.stream(Opcode.values()).filter(o -> Model.RESOLVER.operation(o).executes()).flatMap(o -> Stream.of(
                Generation.MARIANA, Generation.SUNDA).filter(o::definedOn).map(g -> Arguments.of(o, g))).toList();
    }

    @ParameterizedTest
    @MethodSource("executable")
    void executedWordsChangeOnlyTheBytesTheirDestinationNames(Opcode opcode, Generation gen)
            throws ExecutionException {
        Machine m = new Machine(gen);
        RandomWords.fill(2, m);
        WordSource words = Format.of(opcode.code()) == Format.S2S2D2_STT ? new RandomWords(9, gen, List.of(opcode))
                : new FamilyWords(9 + opcode.code(), gen, List.of(opcode));
        for (int n = 0; n < 120; n++) {
            Word w = words.next(m);
            assertThat(Model.VALIDATOR.validate(w, gen)).isEmpty();
            Snapshot before = Snapshot.of(m);
            float[] acc = accumulators(m);
            (n % 2 == 0 ? Model.reference() : Model.fast(2)).execute(m, w, Trace.OFF);
            assertChangedOnly(m, before, destination(m, w), opcode + " word " + n);
            boolean accumulates = opcode == Opcode.TENSOR_SCALAR_CACHE_REDUCE
                    || opcode == Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE
                    || w.layout().has("accumulator_cmd") && w.get("accumulator_cmd") != 0;
            if (!accumulates) {
                assertThat(accumulators(m)).as("%s word %d: accumulators", opcode, n).isEqualTo(acc);
            }
        }
    }

    /**
     * The bytes the word's dst pattern names, per partition, computed here from the pattern's fields (element k's
     * indices, dimension 0 fastest, times the steps, times the element size): not from the model's own footprint
     * code.
     */
    static Map<Integer, BitSet> destination(Machine m, Word w) {
        Layout.Pattern p = w.layout().pattern("dst");
        TensorPattern d = w.pattern(p);
        int addr = d.addr().fromRegister() ? m.register(d.addr().regnum()) : d.addr().partitionOffset();
        MemoryRef at = m.generation().locate(addr).orElseThrow();
        int size = Dtype.of((int) w.get(p.dtypeField())).orElseThrow().size();
        BitSet bytes = new BitSet();
        long count = 1;
        for (int dim = 0; dim < d.rank(); dim++) {
            count *= d.num(dim);
        }
        for (long k = 0; k < count; k++) {
            long rest = k;
            long element = 0;
            for (int dim = 0; dim < d.rank(); dim++) {
                element += (rest % d.num(dim)) * d.step(dim);
                rest /= d.num(dim);
            }
            long first = at.offset() + element * size;
            bytes.set((int) first, (int) first + size);
        }
        Map<Integer, BitSet> out = new HashMap<>();
        for (int c = 0; c < (int) w.get("num_active_channels"); c++) {
            out.put(at.space().ordinal() * 1000 + at.partition() + c, bytes);
        }
        return out;
    }

    /** Registers unchanged, and no byte changed outside {@code allowed} (keyed space * 1000 + partition). */
    static void assertChangedOnly(Machine m, Snapshot before, Map<Integer, BitSet> allowed, String what) {
        Snapshot now = Snapshot.of(m);
        assertThat(now.registers()).as("%s: registers", what).isEqualTo(before.registers());
        for (Space s : Space.values()) {
            byte[] a = s == Space.SBUF ? before.sbuf() : before.psum();
            byte[] b = s == Space.SBUF ? now.sbuf() : now.psum();
            for (int p = 0; p < Generation.PARTITIONS; p++) {
                long base = m.address(s, p, 0);
                BitSet ok = allowed.getOrDefault(s.ordinal() * 1000 + p, new BitSet());
                int active = m.generation().activeBytes(s);
                for (long at = mismatch(a, b, base, 0, active); at >= 0; at = mismatch(a, b, base, at + 1, active)) {
                    assertThat(ok.get((int) at)).as("%s: %s partition %d byte %d changed, outside dst", what, s, p,
                            at).isTrue();
                }
            }
        }
    }

    static float[] accumulators(Machine m) {
        float[] a = new float[Generation.PARTITIONS];
        for (int l = 0; l < a.length; l++) {
            a[l] = m.accumulator(l);
        }
        return a;
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
