package stt.isa;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** An ISA enumeration whose members carry a numeric code and the lower-case name used in text and JSON. */
public interface Coded {
    int code();

    /** The member's lower-case ISA name, e.g. {@code reverse_operands} value {@code first}. */
    default String isaName() {
        return ((Enum<?>) this).name().toLowerCase(Locale.ROOT);
    }

    /** The member of {@code type} with this code, if any. */
    static <E extends Enum<E> & Coded> Optional<E> byCode(Class<E> type, int code) {
        Object[] table = ByCode.TABLES.get(type);
        return code >= 0 && code < table.length ? Optional.ofNullable(type.cast(table[code])) : Optional.empty();
    }

    /** The member of {@code type} with this lower-case name, if any. */
    static <E extends Enum<E> & Coded> Optional<E> byName(Class<E> type, String name) {
        return Arrays.stream(type.getEnumConstants()).filter(e -> e.isaName().equals(name)).findFirst();
    }

    /** The member's name for a known code, else the code in hex ({@code 0x2f}), as text and JSON show it. */
    static <E extends Enum<E> & Coded> String nameOf(Class<E> type, int code) {
        return byCode(type, code).map(Coded::isaName).orElseGet(() -> hex(code));
    }

    /** {@code name (0xNN)}, the form error messages use. */
    static <E extends Enum<E> & Coded> String describe(Class<E> type, int code) {
        return byCode(type, code).map(e -> e.isaName() + " (" + hex(code) + ")").orElseGet(() -> hex(code));
    }

    /** Per enumeration, its members indexed by code (every ISA code fits a byte). */
    final class ByCode {
        private ByCode() {
        }

        static final ClassValue<Object[]> TABLES = new ClassValue<>() {
            @Override
            protected Object[] computeValue(Class<?> type) {
                Object[] table = new Object[256];
                for (Object e : type.getEnumConstants()) {
                    table[((Coded) e).code()] = e;
                }
                return table;
            }
        };
    }

    static String hex(int code) {
        return String.format("0x%02x", code);
    }
}
