package stt.fast;

import java.util.Arrays;
import stt.exec.Operand;
import stt.exec.Instruction;
import stt.validate.AddressChecks;

/**
 * Whether the order in which elements are read and written can show: the fast engine reads a chunk of both
 * sources before writing that chunk of dst, and runs lanes in any order, which equals the reference's streaming
 * order unless dst overlaps a source in a way other than element k on element k of the same lane.
 */
final class Hazards {
    private Hazards() {
    }

    /** Whether the instruction's dst overlaps a source other than element-on-element in the same lane. */
    static boolean streamingOrderObservable(Instruction i) {
        return i.src0() != null && conflicts(i.src0(), i.dst(), i.channels())
                || i.src1() != null && conflicts(i.src1(), i.dst(), i.channels());
    }

    private static boolean conflicts(Operand src, Operand dst, int channels) {
        if (src.start().space() != dst.start().space()) {
            return false;
        }
        int sp = src.start().partition();
        int dp = dst.start().partition();
        if (sp + channels <= dp || dp + channels <= sp) {
            return false;
        }
        long[] s = span(src);
        long[] d = span(dst);
        if (s[1] < d[0] || d[1] < s[0]) {
            return false;
        }
        return !sameStream(src, dst);
    }

    /** Element k of both is the same bytes of the same lane, and no two elements share bytes. */
    private static boolean sameStream(Operand a, Operand b) {
        return a.start().equals(b.start()) && a.dtype().size() == b.dtype().size() && a.pattern().injective()
                && Arrays.equals(a.pattern().step_elem(), b.pattern().step_elem())
                && Arrays.equals(a.pattern().num_elem(), b.pattern().num_elem());
    }

    private static long[] span(Operand o) {
        return AddressChecks.span(o.pattern(), o.dtype().size(), o.start().offset());
    }
}
