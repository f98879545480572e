package stt.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import stt.calls.LevelCall;
import stt.codec.Word;
import stt.isa.Generation;
import stt.machine.Tile;
import stt.validate.Violation;

/**
 * What a command run inside {@code serve} reports as data besides its text: the instruction words it ran, their
 * generation, the verdicts that refused one, and the tiles its in-memory arrays were read as or written from
 * ({@link #RECORD}, bound by {@link ServeCommand} per request;
 * outside serve nothing is recorded).
 */
final class Served {
    static final ScopedValue<Served> RECORD = ScopedValue.newInstance();

    /** One verdict and the index of the word it is about (-1 when the command does not know). */
    record Verdict(Violation violation, int word) {
    }

    final List<Word> words = new ArrayList<>();
    /** The tile each in-memory array ({@code @name}) became when read, or was made from when written. */
    final Map<String, Tile> arrays = new HashMap<>();
    Generation gen = Generation.DEFAULT;
    final List<Verdict> verdicts = new ArrayList<>();
    /** The NKI-level calls the command ran, with what they reported. */
    final List<LevelRun> calls = new ArrayList<>();

    /** One NKI-level call and its outcome, on a generation. */
    record LevelRun(LevelCall call, LevelCall.Outcome outcome, Generation gen) {
    }

    /** The command ran the NKI-level {@code call}. */
    static void called(LevelCall call, LevelCall.Outcome outcome, Generation generation) {
        if (RECORD.isBound()) {
            RECORD.get().calls.add(new LevelRun(call, outcome, generation));
        }
    }

    /** The command is running {@code ran} on {@code generation}. */
    static void ran(List<Word> ran, Generation generation) {
        if (RECORD.isBound()) {
            RECORD.get().words.addAll(ran);
            RECORD.get().gen = generation;
        }
    }

    /** The request's array {@code file} ({@code @name}) was read as, or written from, {@code tile}. */
    static void array(String file, Tile tile) {
        if (RECORD.isBound() && file.startsWith("@")) {
            RECORD.get().arrays.put(file.substring(1), tile);
        }
    }

    /** Word {@code word} was refused under {@code found}. */
    static void refused(List<Violation> found, int word) {
        if (RECORD.isBound()) {
            found.forEach(v -> RECORD.get().verdicts.add(new Verdict(v, word)));
        }
    }
}
