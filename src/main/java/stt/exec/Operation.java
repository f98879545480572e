package stt.exec;

import java.util.List;
import java.util.Optional;
import stt.codec.ScalarOperand;

/**
 * An opcode's part that execution reads, as its definition ({@code stt.def}) gives it: how the word reads its
 * immediates as per-lane scalars, its semantics body, the worker name of its trace line, and why execution refuses
 * an opcode without a body. A {@link Resolver} is built with the lookup.
 */
public interface Operation {
    /** The immediates read as per-lane scalars. */
    List<ScalarOperand> scalars();

    /** The reference semantics; empty for an opcode that decodes and validates only. */
    Optional<Semantics> body();

    /** The worker name of the trace line; present when there is a body. */
    Optional<String> trace();

    /** Why execution refuses an opcode without a body. */
    String refusal();

    /** True when the model executes this opcode. */
    default boolean executes() {
        return body().isPresent();
    }
}
