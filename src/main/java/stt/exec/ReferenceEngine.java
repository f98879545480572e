package stt.exec;

import java.util.EnumMap;
import java.util.Map;
import stt.codec.Word;
import stt.isa.Coded;
import stt.isa.Opcode;
import stt.machine.Machine;

/**
 * The golden model: a driver that admits a word ({@link Resolver#admit}) and runs its opcode's
 * {@link Semantics} body, which reads like the seed's pseudocode. An opcode without a body decodes and
 * validates but is refused, changing nothing.
 */
public final class ReferenceEngine implements Engine {
    private static final Map<Opcode, Semantics> SEMANTICS = new EnumMap<>(Opcode.class);

    static {
        ScalarTensorTensor stt = new ScalarTensorTensor();
        SEMANTICS.put(Opcode.SCALAR_TENSOR_TENSOR_ARITH, stt);
        SEMANTICS.put(Opcode.SCALAR_TENSOR_TENSOR_BITVEC, stt);
        SEMANTICS.put(Opcode.TENSOR_TENSOR_SCAN_ARITH, new TensorTensorScan());
        SEMANTICS.put(Opcode.SELECT_REDUCE, new SelectReduce());
    }

    @Override
    public String name() {
        return "reference";
    }

    /** True when this model executes {@code opcode}. */
    public static boolean executes(Opcode opcode) {
        return SEMANTICS.containsKey(opcode);
    }

    @Override
    public void execute(Machine m, Word word, Trace trace) throws ExecutionException {
        Resolver.admit(m, word);
        Opcode opcode = word.opcode().orElseThrow();
        Semantics body = SEMANTICS.get(opcode);
        if (body == null) {
            throw notExecuted(word);
        }
        body.execute(m, word, trace);
    }

    /** The refusal of a valid word whose opcode has no semantics here. */
    static ExecutionException notExecuted(Word word) {
        return ExecutionException.failed(word.mnemonic() + " (" + Coded.hex(word.opcodeCode()) + ", "
                + word.layout().name() + ") decodes and validates, but this model does not execute it yet");
    }
}
