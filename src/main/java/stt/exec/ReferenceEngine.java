package stt.exec;

import java.util.Map;
import stt.codec.Format;
import stt.codec.Word;
import stt.isa.Coded;
import stt.isa.Opcode;
import stt.isa.OpcodeTable;
import stt.machine.Machine;

/**
 * The golden model: a driver that admits a word ({@link Resolver#admit}) and runs its opcode's
 * {@link Semantics} body, which reads like the seed's pseudocode. An opcode without a body decodes and
 * validates but is refused, changing nothing.
 */
public final class ReferenceEngine implements Engine {
    private static final OpcodeTable<Semantics> SEMANTICS = new OpcodeTable<Semantics>()
            .put(new ScalarTensorTensor(), Opcode.SCALAR_TENSOR_TENSOR_ARITH, Opcode.SCALAR_TENSOR_TENSOR_BITVEC)
            .put(new TensorTensorScan(), Opcode.TENSOR_TENSOR_SCAN_ARITH)
            .put(new SelectReduce(), Opcode.SELECT_REDUCE)
            .put(new TensorTensor(), Opcode.TENSOR_TENSOR_ARITH, Opcode.TENSOR_TENSOR_BITVEC)
            .put(new CopyPredicated(), Opcode.COPY_PREDICATED, Opcode.CAST_PREDICATED)
            .put(new CopyCast(), Opcode.COPY, Opcode.CAST)
            .put(new Memset(), Opcode.MEMSET)
            .put(new TensorScalar(), Opcode.TENSOR_SCALAR_ARITH, Opcode.TENSOR_SCALAR_BITVEC,
                    Opcode.TENSOR_SCALAR_PTR_ARITH, Opcode.TENSOR_SCALAR_PTR_BITVEC)
            .put(new CacheReduce(), Opcode.TENSOR_SCALAR_CACHE_REDUCE, Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE)
            .put(new ReadAccumulator(), Opcode.DVE_READ_ACCUMULATOR);

    @Override
    public String name() {
        return "reference";
    }

    /** True when this model executes {@code opcode}. */
    public static boolean executes(Opcode opcode) {
        return SEMANTICS.has(opcode);
    }

    @Override
    public void execute(Machine m, Word word, Trace trace) throws ExecutionException {
        Resolver.admit(m, word);
        Opcode opcode = word.opcode().orElseThrow();
        SEMANTICS.get(opcode).orElseThrow(() -> notExecuted(word)).execute(m, word, trace);
    }

    private static final String OUT_OF_SCOPE = "it is outside the Vector Engine elementwise family this model"
            + " executes (FAMILY.md §1)";

    /** Why the decode-only opcodes are not executed (FAMILY.md §1, FAMILY-SOURCES §2). */
    private static final Map<Opcode, String> WHY = Map.ofEntries(
            Map.entry(Opcode.BATCH_NORM_BACK_PROP, "its arithmetic is not in the public sources"),
            Map.entry(Opcode.TRANSPOSE_TENSOR_SCALAR_ARITH, "its transpose (s3d3_transpose_check) is not public"),
            Map.entry(Opcode.EXPONENTIAL, "the device evaluates exp through PWL/LUT tables that are not public, so no"
                    + " bit-exact model exists"),
            Map.entry(Opcode.ACTIVATION_READ_ACCUMULATOR, "it is an Activation-engine instruction"),
            Map.entry(Opcode.DVE_READ_INDICES, "it reads MatchReplace8 state, which this model does not keep"),
            Map.entry(Opcode.RNG, "the generator's algorithm is not public"),
            Map.entry(Opcode.REG_STORE, "it writes engine registers whose behaviour is not public"),
            Map.entry(Opcode.IOTA, "it is a GpSimd (POOL) instruction, not a Vector Engine one"));

    /** The refusal of a valid word whose opcode has no semantics here, saying why. */
    static ExecutionException notExecuted(Word word) {
        Opcode op = word.opcode().orElseThrow();
        String why = WHY.getOrDefault(op, Format.of(op.code()) == Format.S4D4_TR || Format.of(op.code())
                == Format.S3S3D3_TT ? OUT_OF_SCOPE : "this version of the model does not execute it yet");
        return ExecutionException.failed(word.mnemonic() + " (" + Coded.hex(word.opcodeCode()) + ", "
                + word.layout().name() + ") decodes and validates, but this model does not execute it: " + why);
    }
}
