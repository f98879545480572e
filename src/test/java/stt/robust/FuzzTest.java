package stt.robust;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import stt.RandomWords;
import stt.Words;
import stt.codec.Codec;
import stt.codec.Word;
import stt.engine.Model;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.ReferenceEngine;
import stt.exec.Trace;
import stt.isa.Generation;
import stt.machine.Machine;
import stt.text.AsmException;
import stt.text.TextForm;

/**
 * A seeded fuzzer over decode, validate, the text form and both engines: arbitrary and plausible words on every
 * generation. Nothing but an {@link ExecutionException} may come out, and a refused word changes nothing: no
 * accumulator and no register, and (every {@link #DIGEST_EVERY}th word, the SHA-256 of the whole machine before and
 * after) no byte of SBUF or PSUM. {@code -Dstt.fuzz.words=N} (default 100,000).
 */
class FuzzTest {
    static final int WORDS = Integer.getInteger("stt.fuzz.words", 100_000);
    static final int DIGEST_EVERY = 250;

    /** The accumulators' and registers' bits: the state a refused word must leave as it was. */
    static int[] registersAndAccumulators(Machine m) {
        int[] s = new int[Generation.ADDRESS_REGISTERS + Generation.PARTITIONS];
        for (int r = 0; r < Generation.ADDRESS_REGISTERS; r++) {
            s[r] = m.register(r);
        }
        for (int lane = 0; lane < Generation.PARTITIONS; lane++) {
            s[Generation.ADDRESS_REGISTERS + lane] = Float.floatToRawIntBits(m.accumulator(lane));
        }
        return s;
    }

    @Test
    void onlyDocumentedErrorsEscape() throws AsmException {
        Random rnd = new Random(77);
        Generation[] gens = Generation.values();
        Machine[] machines = Arrays.stream(gens).map(Machine::new).toArray(Machine[]::new);
        RandomWords[] validWords = Arrays.stream(gens).map(g -> new RandomWords(g.ordinal(), g,
                stt.codec.Format.S2S2D2_STT.opcodes())).toArray(RandomWords[]::new);
        ReferenceEngine reference = Model.reference();
        Engine fast = Model.fast(1);
        int executed = 0;
        int refused = 0;
        for (int n = 0; n < WORDS; n++) {
            int g = rnd.nextInt(gens.length);
            Word w = switch (n % 3) {
                case 0 -> Codec.decode(Words.randomBytes(rnd));
                case 1 -> Words.plausible(rnd, gens[g]);
                default -> validWords[g].next(machines[g]);
            };
            assertThat(Codec.encode(Codec.decode(Codec.encode(w)))).isEqualTo(Codec.encode(w));
            boolean valid = Model.VALIDATOR.validate(w, gens[g]).isEmpty();
            String text = TextForm.disassemble(w, gens[g]);
            assertThat(TextForm.assembleLine(text, "fuzz", 1, gens[g]).orElseThrow()).isEqualTo(w);
            Machine m = machines[g];
            int[] before = registersAndAccumulators(m);
            byte[] digest = n % DIGEST_EVERY == 0 ? m.digest() : null;
            try {
                (n % 4 < 2 ? reference : fast).execute(m, w, Trace.OFF);
                assertThat(valid).as("word %d executed, so it validated", n).isTrue();
                executed++;
            } catch (ExecutionException e) {
                refused++;
                assertThat(e.getMessage()).isNotBlank();
                assertThat(registersAndAccumulators(m)).as("word %d refused", n).isEqualTo(before);
                if (digest != null) {
                    assertThat(m.digest()).as("word %d refused: the machine's SHA-256", n).isEqualTo(digest);
                }
            }
        }
        assertThat(executed).as("words executed").isGreaterThan(WORDS / 5);
        assertThat(refused).as("words refused").isGreaterThan(WORDS / 5);
        System.out.printf("fuzz: %d words, %d executed, %d refused with ExecutionException%n", WORDS, executed,
                refused);
    }
}
