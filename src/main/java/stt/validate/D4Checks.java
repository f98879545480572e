package stt.validate;

import static stt.validate.Check.report;

import java.util.List;
import stt.codec.Layout;
import stt.codec.Word;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;

/** The check lists of Memset on D4_MR (FAMILY-SOURCES §7.2) and of Iota on D4_IOTA (§9). */
public final class D4Checks {
    private D4Checks() {
    }

    public static final List<Check> MEMSET = List.of(Checks.validDtype("dtype", true),
            Check.of(Rule.MEMSET_SET_VALUE_TYPE, D4Checks::memset_set_value_type),
            Checks.equals(Rule.D4_MR_ZERO_SERIALIZATION, "serialization_mode", 0, "serial"),
            Checks.reservedZero(Rule.D4_MR_RESERVED_ZERO), Checks.activeChannels(), Checks.startAddrActiveChannels(),
            Checks.tensorValid(), Check.of(Rule.D4_MR_DST_ELEMENT_COUNT, D4Checks::d4_mr_dst_element_count));

    public static final List<Check> IOTA = List.of(Checks.reservedZero(Rule.D4_IOTA_RESERVED_ZERO),
            Checks.validDtype("out_dtype", true), Checks.activeChannels(), Checks.startAddrActiveChannels(),
            Checks.tensorValid(), Check.of(Rule.D4_IOTA_SAME_SRC_DST_COUNT, D4Checks::d4_iota_same_src_dst_count));

    /** DveReadIndices 0xe9 (FAMILY-SOURCES §7.2): 8 uint16/uint32 indices per lane, no set value. */
    public static final List<Check> READ_INDICES = List.of(
            Checks.dtypeIn(Rule.DVE_READ_INDICES_TYPE_CHECK, java.util.EnumSet.of(Dtype.UINT16, Dtype.UINT32),
                    "the indices", "dtype"),
            Checks.equals(Rule.DVE_READ_INDICES_ZERO_SET_VALUE, "set_value", 0, "no fill value"),
            Checks.equals(Rule.D4_MR_ZERO_SERIALIZATION, "serialization_mode", 0, "serial"),
            Checks.reservedZero(Rule.D4_MR_RESERVED_ZERO), Checks.activeChannels(), Checks.startAddrActiveChannels(),
            Checks.tensorValid(),
            Checks.equals(Rule.DVE_READ_INDICES_DST_SIZE, "dst_element_count", 8, "MatchReplace8's eight indices"));

    /** set_value fits the dtype's width: the high bytes of a 1- or 2-byte dtype's value are zero. */
    private static void memset_set_value_type(Word w, Generation gen, List<Violation> out) {
        int size = Dtype.of((int) w.get("dtype")).map(Dtype::size).orElse(4);
        long value = w.get("set_value");
        if (size < 4 && value >>> (8 * size) != 0) {
            report(out, Rule.MEMSET_SET_VALUE_TYPE, "set_value = 0x%08x does not fit %s (%d bytes); allowed:"
                    + " 0x0..0x%x", value, Coded.nameOf(Dtype.class, (int) w.get("dtype")), size,
                    (1L << (8 * size)) - 1);
        }
    }

    /** dst_element_count is the destination pattern's element count ({@link stt.isa.Decision#MEMSET_COUNT}). */
    private static void d4_mr_dst_element_count(Word w, Generation gen, List<Violation> out) {
        long count = w.pattern("dst").elementCount();
        if (w.get("dst_element_count") != count && !w.pattern("dst").addr().shapeFromRegister()) {
            report(out, Rule.D4_MR_DST_ELEMENT_COUNT, "dst_element_count = %d, dst has %d elements; they must be"
                    + " equal", w.get("dst_element_count"), count);
        }
    }

    /** The generator counts as many elements as the destination. */
    private static void d4_iota_same_src_dst_count(Word w, Generation gen, List<Violation> out) {
        Layout.Data src = (Layout.Data) w.layout().parts().stream().filter(p -> p instanceof Layout.Data)
                .findFirst().orElseThrow();
        long count = src.nums().stream().mapToLong(w::get).reduce(1, (a, b) -> a * b);
        long dst = w.pattern("dst").elementCount();
        if (count != dst) {
            report(out, Rule.D4_IOTA_SAME_SRC_DST_COUNT, "src has %d elements, dst has %d; they must be equal", count,
                    dst);
        }
    }
}
