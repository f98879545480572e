package stt.exec;

import stt.codec.Word;
import stt.def.Definitions;
import stt.def.OpcodeDef;
import stt.isa.Coded;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * The golden model: a driver that admits a word ({@link Resolver#admit}) and runs the {@link Semantics} body of its
 * opcode's definition, which reads like the seed's pseudocode. An opcode without a body decodes and validates but
 * is refused, changing nothing.
 */
public final class ReferenceEngine implements Engine {
    @Override
    public String name() {
        return "reference";
    }

    /** True when this model executes {@code opcode}. */
    public static boolean executes(Opcode opcode) {
        return Definitions.of(opcode).executes();
    }

    @Override
    public void execute(Machine m, Word word, Trace trace) throws ExecutionException {
        OpcodeDef def = Resolver.admit(m, word);
        Semantics body = def.body().orElseThrow(() -> notExecuted(word));
        run(m, def, body, Instruction.of(m, word), trace);
    }

    /** Runs an admitted, resolved instruction's body, its trace line first. */
    public static void run(Machine m, OpcodeDef def, Semantics body, Instruction i, Trace trace)
            throws ExecutionException {
        trace.instruction(def.trace().orElseThrow());
        body.execute(m, i, trace);
    }

    /** The refusal of a valid word whose opcode has no semantics here, saying why (its definition's refusal). */
    static ExecutionException notExecuted(Word word) {
        Opcode op = word.opcode().orElseThrow();
        return ExecutionException.failed(word.mnemonic() + " (" + Coded.hex(word.opcodeCode()) + ", "
                + word.layout().name() + ") decodes and validates, but this model does not execute it: "
                + Definitions.of(op).refusal());
    }
}
