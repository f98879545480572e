package stt.validate;

import static stt.validate.Check.report;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.TensorSubdim;

/**
 * The check lists of Copy (is_valid_copy) and Cast (is_valid_cast) on S4D4_TR (FAMILY-SOURCES §8.2), and of
 * StreamTranspose 0x6b (FAMILY-NEXT §1).
 */
public final class S4d4Checks {
    private S4d4Checks() {
    }

    /**
     * An S4D4_TR list: the struct's bytes, {@code mask}, the dtypes (out_dtype fp32r if {@code outFp32r}), op_dim,
     * channels and patterns, then the element {@code counts}, op bypass, equal dtypes if {@code sameType}, negated 0.
     */
    private static List<Check> list(Check mask, boolean outFp32r, List<Check> counts, boolean sameType, String what,
            String noNegation) {
        List<Check> list = new ArrayList<>(List.of(Checks.reservedZero(Rule.S4D4_TR_RESERVED_ZERO), mask,
                Checks.validDtype("in_dtype", false), Checks.validDtype("out_dtype", outFp32r),
                Check.of(Rule.IS_ZERO_SUBDIM, S4d4Checks::is_zero_subdim), Checks.activeChannels(),
                Checks.startAddrActiveChannels(), Checks.tensorValid()));
        list.addAll(counts);
        list.add(Checks.ops(Rule.S4D4_TR_OP_BYPASS, g -> EnumSet.of(AluOp.BYPASS), what, "op"));
        if (sameType) {
            list.add(Check.of(Rule.S4D4_TR_SAME_SRC_DST_TYPE, S4d4Checks::s4d4_tr_same_src_dst_type));
        }
        list.add(Checks.equals(Rule.HAS_ZERO_NEGATED_FIELD, "negated", 0, noNegation));
        return List.copyOf(list);
    }

    private static final Check NO_MASK = Checks.equals(Rule.MASK_ENABLE_ZERO, "mask_enable", 0, "no masking");
    private static final List<Check> SAME_COUNT = List.of(Checks.sameElementCount(Rule.S4D4_TR_SAME_SRC_DST_COUNT,
            "src", "dst"));

    /**
     * StreamTranspose 0x6b (FAMILY-NEXT §1): Copy's list but mask_enable 0 or 1, channels in {32, 64, 96, 128}, src a
     * multiple of 32 elements and dst at most src's count, in_dtype = out_dtype of at most 32 bits.
     */
    public static final List<Check> TRANSPOSE = list(Check.of(Rule.MASK_ENABLE_ZERO, (w, gen, out) -> {
        if (w.get("mask_enable") > 1) {
            report(out, Rule.MASK_ENABLE_ZERO, "mask_enable = %d; allowed: 0 or 1", w.get("mask_enable"));
        }
    }), false, List.of(Check.of(Rule.STREAM_TRANSPOSE_CHANNELS, (w, gen, out) -> {
        long c = w.get("num_active_channels");
        if (c % 32 != 0 || c == 0 || c > 128) {
            report(out, Rule.STREAM_TRANSPOSE_CHANNELS, "num_active_channels = %d; allowed: 32, 64, 96, 128 (whole"
                    + " 32-partition groups)", c);
        }
    }), Check.of(Rule.STREAM_TRANSPOSE_COUNTS, S4d4Checks::stream_transpose_counts)), true, "transpose",
            "a transpose does not negate");

    /** Copy 0x46 (is_valid_copy). */
    public static final List<Check> COPY = list(NO_MASK, true, SAME_COUNT, true, "copy/cast",
            "copy and cast do not negate");
    /** Cast 0x47 (is_valid_cast). */
    public static final List<Check> CAST = list(NO_MASK, true, SAME_COUNT, false, "copy/cast",
            "copy and cast do not negate");

    private static void is_zero_subdim(Word w, Generation gen, List<Violation> out) {
        int code = (int) w.get("op_dim");
        if (code != TensorSubdim.UNUSED.code() && code != TensorSubdim.X.code()) {
            report(out, Rule.IS_ZERO_SUBDIM, "op_dim = %s; allowed: unused (0x00), x (0x02)", Coded.hex(code));
        }
    }

    private static void stream_transpose_counts(Word w, Generation gen, List<Violation> out) {
        TensorPattern s = w.pattern("src");
        TensorPattern d = w.pattern("dst");
        if (s.addr().shapeFromRegister() || d.addr().shapeFromRegister()) {
            return;
        }
        if (s.elementCount() % 32 != 0 || d.elementCount() > s.elementCount()) {
            report(out, Rule.STREAM_TRANSPOSE_COUNTS, "src has %d elements, dst %d; src must be whole blocks of 32"
                    + " and dst at most as many", s.elementCount(), d.elementCount());
        }
    }

    /** [MODEL] The meaning of a transpose's mask_enable = 1 is not public: valid, not executed. */
    public static final Check TRANSPOSE_MASK = Check.of(Rule.STREAM_TRANSPOSE_MASK, (w, gen, out) -> {
        if (w.get("mask_enable") == 1) {
            Executable.report(out, Rule.STREAM_TRANSPOSE_MASK, "mask_enable = 1: what the mask does to a transpose is"
                    + " not public, so the model does not run it");
        }
    });

    private static void s4d4_tr_same_src_dst_type(Word w, Generation gen, List<Violation> out) {
        if (w.get("in_dtype") != w.get("out_dtype")) {
            report(out, Rule.S4D4_TR_SAME_SRC_DST_TYPE, "in_dtype = %s, out_dtype = %s; copy moves bits, so they"
                    + " must be equal (cast converts)", Coded.nameOf(Dtype.class, (int) w.get("in_dtype")),
                    Coded.nameOf(Dtype.class, (int) w.get("out_dtype")));
        }
    }
}
