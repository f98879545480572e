package stt.validate;

import java.util.List;
import java.util.Optional;
import stt.codec.Word;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;

/**
 * The executability predicates of the opcodes the ISA lets several engines run (FAMILY.md §3, "valid but not
 * executable on the DVE"): checks that report at {@link Violation.Level#NOT_EXECUTABLE}, so a valid word whose
 * form belongs to the GpSimd engine is refused by execution under the rule's name and reported as such by check.
 */
public final class Executable {
    /** is_valid_tensor_tensor_arith_dve (0x41). */
    public static final Check TENSOR_TENSOR_ARITH_DVE = Check.of(Rule.IS_VALID_TENSOR_TENSOR_ARITH_DVE,
            Executable::tensorTensorDve);
    /** is_valid_tensor_tensor_bitvec_dve (0x51). */
    public static final Check TENSOR_TENSOR_BITVEC_DVE = Check.of(Rule.IS_VALID_TENSOR_TENSOR_BITVEC_DVE,
            Executable::tensorTensorDve);
    /** Tensor-Scalar's DVE ops (0x43, 0x53 and the pointer twins). */
    public static final Check TENSOR_SCALAR_DVE = Check.of(Rule.TENSOR_SCALAR_VALID_OPS, Executable::tensorScalarDve);

    private Executable() {
    }

    static void report(List<Violation> out, Rule rule, String message) {
        out.add(new Violation(rule, message, Violation.Level.NOT_EXECUTABLE));
    }

    /**
     * is_valid_tensor_tensor_arith_dve (0x41: no 64-bit dtype, no pow, no int-band op) and its bitvec counterpart
     * (0x51: no 64-bit dtype).
     */
    private static void tensorTensorDve(Word w, Generation gen, List<Violation> out) {
        boolean bitvec = w.opcode().orElseThrow().isBitvec();
        Rule rule = bitvec ? Rule.IS_VALID_TENSOR_TENSOR_BITVEC_DVE : Rule.IS_VALID_TENSOR_TENSOR_ARITH_DVE;
        boolean wide = wide(w, "in0_dtype", "in1_dtype", "out_dtype");
        Optional<AluOp> op = AluOp.of((int) w.get("op"));
        if (wide) {
            report(out, rule, w.mnemonic() + " with a 64-bit dtype runs on the GpSimd engine, not the Vector Engine"
                    + " this model executes");
        } else if (!bitvec && op.isPresent() && !gen.generalArith().contains(op.get())) {
            report(out, rule, "op = " + op.get().isaName() + " runs on the GpSimd engine (pow and the int ALU ops are"
                    + " not DVE ops), not the Vector Engine this model executes");
        }
    }

    /** Whether any of the dtype {@code fields} is a 64-bit dtype (which the GpSimd engine runs, not the DVE). */
    static boolean wide(Word w, String... fields) {
        for (String f : fields) {
            if (Dtype.of((int) w.get(f)).map(Dtype::size).orElse(0) == 8) {
                return true;
            }
        }
        return false;
    }

    /** Tensor-Scalar's GpSimd forms the validator admits: rsqrt (arith), crc32 (bitvec), MAVERICK's int ops. */
    private static void tensorScalarDve(Word w, Generation gen, List<Violation> out) {
        boolean bitvec = w.opcode().orElseThrow().isBitvec();
        for (String f : new String[] {"op0", "op1"}) {
            Optional<AluOp> op = AluOp.of((int) w.get(f));
            if (op.isPresent() && !(bitvec ? gen.generalBitvec() : gen.generalArith()).contains(op.get())) {
                report(out, Rule.TENSOR_SCALAR_VALID_OPS, op.get().isaName() + " is a GpSimd-only form of"
                        + " Tensor-Scalar (rsqrt, crc32 and the int ALU ops do not run on the Vector Engine this model"
                        + " executes)");
                return;
            }
        }
    }
}
