package stt.validate;

import static stt.validate.Check.report;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import stt.codec.Word;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.TensorSubdim;

/** The check lists of Copy (is_valid_copy) and Cast (is_valid_cast) on S4D4_TR (FAMILY-SOURCES §8.2). */
public final class S4d4Checks {
    private S4d4Checks() {
    }

    private static List<Check> list(boolean copy) {
        List<Check> list = new ArrayList<>(List.of(Checks.reservedZero(Rule.S4D4_TR_RESERVED_ZERO),
                Checks.equals(Rule.MASK_ENABLE_ZERO, "mask_enable", 0, "no masking"),
                Checks.validDtype("in_dtype", false), Checks.validDtype("out_dtype", true),
                Check.of(Rule.IS_ZERO_SUBDIM, S4d4Checks::is_zero_subdim), Checks.activeChannels(),
                Checks.startAddrActiveChannels(), Checks.tensorValid(),
                Checks.sameElementCount(Rule.S4D4_TR_SAME_SRC_DST_COUNT, "src", "dst"),
                Checks.ops(Rule.S4D4_TR_OP_BYPASS, g -> EnumSet.of(AluOp.BYPASS), "copy/cast", "op")));
        if (copy) {
            list.add(Check.of(Rule.S4D4_TR_SAME_SRC_DST_TYPE, S4d4Checks::s4d4_tr_same_src_dst_type));
        }
        list.add(Checks.equals(Rule.HAS_ZERO_NEGATED_FIELD, "negated", 0, "copy and cast do not negate"));
        return List.copyOf(list);
    }

    /** Copy 0x46 (is_valid_copy). */
    public static final List<Check> COPY = list(true);
    /** Cast 0x47 (is_valid_cast). */
    public static final List<Check> CAST = list(false);

    private static void is_zero_subdim(Word w, Generation gen, List<Violation> out) {
        int code = (int) w.get("op_dim");
        if (code != TensorSubdim.UNUSED.code() && code != TensorSubdim.X.code()) {
            report(out, Rule.IS_ZERO_SUBDIM, "op_dim = %s; allowed: unused (0x00), x (0x02)", Coded.hex(code));
        }
    }

    private static void s4d4_tr_same_src_dst_type(Word w, Generation gen, List<Violation> out) {
        if (w.get("in_dtype") != w.get("out_dtype")) {
            report(out, Rule.S4D4_TR_SAME_SRC_DST_TYPE, "in_dtype = %s, out_dtype = %s; copy moves bits, so they"
                    + " must be equal (cast converts)", Coded.nameOf(Dtype.class, (int) w.get("in_dtype")),
                    Coded.nameOf(Dtype.class, (int) w.get("out_dtype")));
        }
    }
}
