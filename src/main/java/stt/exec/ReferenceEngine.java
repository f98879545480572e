package stt.exec;

import java.util.Objects;
import stt.codec.Word;
import stt.isa.Coded;
import stt.machine.Machine;

/**
 * The golden model: a driver that admits a word ({@link Resolver#admit}) and runs the {@link Semantics} body of its
 * opcode's definition, which reads like the seed's pseudocode. An opcode without a body decodes and validates but
 * is refused, changing nothing.
 */
public final class ReferenceEngine implements Engine {
    private final Resolver resolver;

    /** @param resolver admits and resolves the words, with every opcode's body ({@code stt.engine.Model}) */
    public ReferenceEngine(Resolver resolver) {
        this.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    @Override
    public String name() {
        return "reference";
    }

    @Override
    public Resolver resolver() {
        return resolver;
    }

    @Override
    public void execute(Machine m, Word word, Trace trace) throws ExecutionException {
        Operation op = resolver.admit(m, word);
        Semantics body = op.body().orElseThrow(() -> notExecuted(word, op));
        run(m, op, body, resolver.instruction(m, word), trace);
    }

    /** Runs an admitted, resolved instruction's body, its trace line first. */
    public static void run(Machine m, Operation op, Semantics body, Instruction i, Trace trace)
            throws ExecutionException {
        trace.instruction(op.trace().orElseThrow());
        body.execute(m, i, trace);
    }

    /** The refusal of a valid word whose opcode has no semantics here, saying why (its definition's refusal). */
    static ExecutionException notExecuted(Word word, Operation op) {
        return ExecutionException.failed(word.mnemonic() + " (" + Coded.hex(word.opcodeCode()) + ", "
                + word.layout().name() + ") decodes and validates, but this model does not execute it: "
                + op.refusal());
    }
}
