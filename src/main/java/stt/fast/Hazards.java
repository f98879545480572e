package stt.fast;

import stt.exec.Operand;
import stt.exec.Plan;
import stt.validate.Footprint;

/**
 * Whether the order in which elements are read and written can show: the fast engine reads a chunk of both
 * sources before writing that chunk of dst, and runs lanes in any order, which equals the reference's streaming
 * order unless dst overlaps a source in a way other than element k on element k of the same lane.
 */
final class Hazards {
    private Hazards() {
    }

    static boolean streamingOrderObservable(Plan p) {
        return conflicts(p.src0(), p.dst(), p.channels()) || conflicts(p.src1(), p.dst(), p.channels());
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
        return a.start().equals(b.start()) && a.dtype().size() == b.dtype().size() && injective(a.pattern())
                && a.pattern().step_elem_0() == b.pattern().step_elem_0()
                && a.pattern().step_elem_1() == b.pattern().step_elem_1()
                && a.pattern().num_elem_0() == b.pattern().num_elem_0()
                && a.pattern().num_elem_1() == b.pattern().num_elem_1();
    }

    /**
     * A sufficient condition for every element having its own address: a non-zero inner step, and rows that
     * cannot meet (one row, or an outer step at least as long as a whole row).
     */
    static boolean injective(stt.codec.Tensor2D t) {
        long row = (long) (t.num_elem_0() - 1) * Math.abs(t.step_elem_0());
        boolean inner = t.num_elem_0() == 1 || t.step_elem_0() != 0;
        boolean outer = t.num_elem_1() == 1 || Math.abs((long) t.step_elem_1()) > row;
        return inner && outer;
    }

    private static long[] span(Operand o) {
        return Footprint.span(o.pattern(), o.dtype().size(), o.start().offset());
    }
}
