package stt.exec;

import java.util.EnumMap;
import java.util.Map;
import stt.codec.Format;
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
        TensorTensor tt = new TensorTensor();
        SEMANTICS.put(Opcode.TENSOR_TENSOR_ARITH, tt);
        SEMANTICS.put(Opcode.TENSOR_TENSOR_BITVEC, tt);
        CopyPredicated predicated = new CopyPredicated();
        SEMANTICS.put(Opcode.COPY_PREDICATED, predicated);
        SEMANTICS.put(Opcode.CAST_PREDICATED, predicated);
        CopyCast copyCast = new CopyCast();
        SEMANTICS.put(Opcode.COPY, copyCast);
        SEMANTICS.put(Opcode.CAST, copyCast);
        SEMANTICS.put(Opcode.MEMSET, new Memset());
        TensorScalar ts = new TensorScalar();
        SEMANTICS.put(Opcode.TENSOR_SCALAR_ARITH, ts);
        SEMANTICS.put(Opcode.TENSOR_SCALAR_BITVEC, ts);
        SEMANTICS.put(Opcode.TENSOR_SCALAR_PTR_ARITH, ts);
        SEMANTICS.put(Opcode.TENSOR_SCALAR_PTR_BITVEC, ts);
        CacheReduce cache = new CacheReduce();
        SEMANTICS.put(Opcode.TENSOR_SCALAR_CACHE_REDUCE, cache);
        SEMANTICS.put(Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE, cache);
        SEMANTICS.put(Opcode.DVE_READ_ACCUMULATOR, new ReadAccumulator());
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
