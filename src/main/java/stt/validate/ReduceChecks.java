package stt.validate;

import static stt.validate.Check.report;
import static stt.validate.Checks.names;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.TensorSubdim;

/**
 * TensorReduce 0x42 (arith) and 0x52 (bitvec) on S4D4_TR (FAMILY-NEXT §1): op_dim X..XYZW names the reduced
 * dimensions, dst counts the source's elements divided by theirs, arith may negate. Their executability on the
 * Vector Engine: {@link #ARITH_ENGINE} (is_valid_tensor_reduce_arith_engine) and {@link #IDENTITY} (reduce_identity).
 */
public final class ReduceChecks {
    private ReduceChecks() {
    }

    /** The dtypes a bit-vector reduce takes, in equal to out (INF, FAMILY-NEXT §1). */
    private static final Set<Dtype> BITVEC_DTYPES = EnumSet.of(Dtype.UINT8, Dtype.UINT16, Dtype.UINT32,
            Dtype.INT32);

    /** The ops with a fold identity (FAMILY-NEXT §3.4 step 1): the rest validate but do not execute. */
    public static final Set<AluOp> WITH_IDENTITY = EnumSet.of(AluOp.ADD, AluOp.SUBTRACT, AluOp.MULT, AluOp.MAX,
            AluOp.MIN, AluOp.LOGICAL_AND, AluOp.LOGICAL_OR, AluOp.LOGICAL_XOR, AluOp.BITWISE_AND, AluOp.BITWISE_OR,
            AluOp.BITWISE_XOR);

    private static List<Check> list(boolean bitvec) {
        List<Check> list = new ArrayList<>(List.of(Checks.reservedZero(Rule.S4D4_TR_RESERVED_ZERO),
                Checks.equals(Rule.MASK_ENABLE_ZERO, "mask_enable", 0, "no masking"),
                Checks.validDtype64("in_dtype", false), Checks.validDtype64("out_dtype", true),
                Checks.activeChannels(), Checks.startAddrActiveChannels(), Checks.tensorValid(),
                Check.of(Rule.TENSOR_REDUCE_OP_DIM, ReduceChecks::tensor_reduce_op_dim),
                Check.of(Rule.TENSOR_REDUCE_DST_COUNT, ReduceChecks::tensor_reduce_dst_count)));
        if (bitvec) {
            list.add(Checks.equals(Rule.HAS_VALID_REDUCE_NEGATED, "negated", 0, "a bit-vector reduce does not"
                    + " negate"));
            list.add(Checks.ops(Rule.TENSOR_REDUCE_VALID_OP, ReduceChecks::bitvecOps, "is_bitvec_op", "op"));
            list.add(Check.of(Rule.TENSOR_REDUCE_BITVEC_DTYPE, ReduceChecks::tensor_reduce_bitvec_dtype));
        } else {
            list.add(Check.of(Rule.HAS_VALID_REDUCE_NEGATED, (w, gen, out) -> {
                if (w.get("negated") > 1) {
                    report(out, Rule.HAS_VALID_REDUCE_NEGATED, "negated = %d; allowed: 0 or 1", w.get("negated"));
                }
            }));
            list.add(Checks.ops(Rule.TENSOR_REDUCE_VALID_OP, ReduceChecks::arithOps,
                    "is_general_arith_op or is_valid_tensor_reduce_int_op", "op"));
        }
        return List.copyOf(list);
    }

    /** TensorReduceArith 0x42. */
    public static final List<Check> ARITH = list(false);
    /** TensorReduceBitvec 0x52. */
    public static final List<Check> BITVEC = list(true);

    /** is_valid_tensor_reduce_arith_engine: an int-band op or a 64-bit dtype is the GpSimd (Pool) arm. */
    public static final Check ARITH_ENGINE = Check.of(Rule.IS_VALID_TENSOR_REDUCE_ARITH_ENGINE, (w, gen, out) -> {
        boolean wide = Executable.wide(w, "in_dtype", "out_dtype");
        Optional<AluOp> op = AluOp.of((int) w.get("op"));
        if (wide || op.isPresent() && intBand(gen).contains(op.get())) {
            Executable.report(out, Rule.IS_VALID_TENSOR_REDUCE_ARITH_ENGINE, w.mnemonic() + (wide ? " with a 64-bit"
                    + " dtype" : " with op = " + op.get().isaName()) + " runs on the GpSimd (Pool) engine, not the"
                    + " Vector Engine this model executes");
        }
    });

    /** reduce_identity [MODEL]: an op with no identity to start the fold from validates but does not execute. */
    public static final Check IDENTITY = Check.of(Rule.REDUCE_IDENTITY, (w, gen, out) -> {
        Optional<AluOp> op = AluOp.of((int) w.get("op"));
        if (op.isPresent() && !WITH_IDENTITY.contains(op.get()) && !intBand(gen).contains(op.get())) {
            Executable.report(out, Rule.REDUCE_IDENTITY, "op = " + op.get().isaName() + " has no identity to start"
                    + " a reduction from (FAMILY-NEXT §3.4: " + names(WITH_IDENTITY) + ")");
        }
    });

    /** is_valid_tensor_reduce_int_op: the generation's int band, 0xC4 (add_int) up, argmax/argmin included. */
    private static Set<AluOp> intBand(Generation gen) {
        Set<AluOp> band = EnumSet.noneOf(AluOp.class);
        gen.aluOps().stream().filter(op -> op.code() >= AluOp.ADD_INT.code()).forEach(band::add);
        return band;
    }

    private static Set<AluOp> arithOps(Generation gen) {
        Set<AluOp> ops = EnumSet.copyOf(gen.generalArith());
        ops.addAll(intBand(gen));
        return ops;
    }

    private static Set<AluOp> bitvecOps(Generation gen) {
        Set<AluOp> ops = EnumSet.copyOf(gen.generalBitvec());
        ops.add(AluOp.CRC32);
        return ops;
    }

    private static Optional<TensorSubdim> opDim(Word w) {
        return Coded.byCode(TensorSubdim.class, (int) w.get("op_dim")).filter(d -> d != TensorSubdim.UNUSED);
    }

    private static void tensor_reduce_op_dim(Word w, Generation gen, List<Violation> out) {
        if (opDim(w).isEmpty()) {
            report(out, Rule.TENSOR_REDUCE_OP_DIM, "op_dim = %s; allowed: x (0x02), xy (0x03), xyz (0x04), xyzw"
                    + " (0x05): the dimensions reduced, fastest first", Coded.hex((int) w.get("op_dim")));
        }
    }

    /** [MODEL] dst counts src's elements divided by the reduced dimensions' (the collapse predicate is not public). */
    private static void tensor_reduce_dst_count(Word w, Generation gen, List<Violation> out) {
        TensorPattern s = w.pattern("src");
        TensorPattern d = w.pattern("dst");
        Optional<TensorSubdim> dims = opDim(w);
        if (dims.isEmpty() || s.addr().shapeFromRegister() || d.addr().shapeFromRegister()) {
            return;
        }
        long reduced = s.elementCount(dims.get().dims());
        long want = reduced == 0 ? 0 : s.elementCount() / reduced;
        if (d.elementCount() != want) {
            report(out, Rule.TENSOR_REDUCE_DST_COUNT, "dst has %d elements; src's %s reduced over %s (%d elements"
                    + " each) leaves %d", d.elementCount(), Arrays.toString(s.num_elem()),
                    dims.get().name().toLowerCase(java.util.Locale.ROOT), reduced, want);
        }
    }

    private static void tensor_reduce_bitvec_dtype(Word w, Generation gen, List<Violation> out) {
        int in = (int) w.get("in_dtype");
        int outCode = (int) w.get("out_dtype");
        Optional<Dtype> d = Dtype.of(in).filter(BITVEC_DTYPES::contains);
        if (d.isEmpty() || in != outCode) {
            report(out, Rule.TENSOR_REDUCE_BITVEC_DTYPE, "in_dtype = %s, out_dtype = %s; a bit-vector reduce takes"
                    + " in_dtype = out_dtype in %s", Coded.describe(Dtype.class, in),
                    Coded.describe(Dtype.class, outCode), names(BITVEC_DTYPES));
        } else if (AluOp.of((int) w.get("op")).orElse(null) == AluOp.LOGICAL_SHIFT_RIGHT && d.get() != Dtype.INT32) {
            report(out, Rule.TENSOR_REDUCE_BITVEC_DTYPE, "op = logical_shift_right with %s; it reduces int32 only"
                    + " (as the cumulative rule)", d.get().isaName());
        }
    }
}
