package stt.isa;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The names of one ISA enumeration, usable without knowing its Java type: what a layout field of kind enum
 * carries so that text and JSON can name its codes (SPEC §2), and parse them back.
 */
public final class CodeNames {
    private final String typeName;
    private final Coded[] byCode = new Coded[256];
    private final List<Coded> members;

    private CodeNames(String typeName, Coded[] members) {
        this.typeName = typeName;
        this.members = List.of(members);
        for (Coded c : members) {
            byCode[c.code()] = c;
        }
    }

    /** The names of the enumeration {@code type}, called {@code typeName} (e.g. {@code ALU_OP}) in messages. */
    public static CodeNames of(String typeName, Class<? extends Coded> type) {
        return new CodeNames(typeName, type.getEnumConstants());
    }

    public String typeName() {
        return typeName;
    }

    public Optional<Coded> member(int code) {
        return code >= 0 && code < byCode.length ? Optional.ofNullable(byCode[code]) : Optional.empty();
    }

    /** The member's name for a known code, else the code in hex ({@code 0x2f}). */
    public String nameOf(int code) {
        return member(code).map(Coded::isaName).orElseGet(() -> Coded.hex(code));
    }

    /** The code of the member called {@code name}, if any. */
    public Optional<Integer> codeOf(String name) {
        return members.stream().filter(m -> m.isaName().equals(name)).map(Coded::code).findFirst();
    }

    /** Every member's name, comma-separated, in code order. */
    public String names() {
        return String.join(", ", members.stream().map(Coded::isaName).toList());
    }

    @Override
    public String toString() {
        return typeName + Arrays.toString(members.stream().map(Coded::isaName).toArray());
    }
}
