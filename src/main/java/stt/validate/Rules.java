package stt.validate;

import java.util.List;

/**
 * An opcode's part that validation reads: its validity checks and its executability predicates. The layer above
 * that holds the opcodes' definitions ({@code stt.def}) gives them; a {@link Validator} is built with the lookup.
 */
public interface Rules {
    /** The validity rules, in report order. */
    List<Check> checks();

    /** The executability predicates: a valid word that breaks one is reported at {@code not_executable}. */
    List<Check> executable();
}
