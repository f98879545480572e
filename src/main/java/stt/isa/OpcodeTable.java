package stt.isa;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * A registry keyed by opcode, written one line per implementation: {@code table.put(impl, OPCODE_A, OPCODE_B)}.
 * The per-layer registries (semantics, kernels) use it so that adding an opcode is one line, never a switch.
 */
public final class OpcodeTable<T> {
    private final Map<Opcode, T> entries = new EnumMap<>(Opcode.class);

    /** Registers {@code value} for each of {@code opcodes}; an opcode registered twice is a programming error. */
    public OpcodeTable<T> put(T value, Opcode... opcodes) {
        for (Opcode op : opcodes) {
            if (entries.putIfAbsent(op, value) != null) {
                throw new IllegalStateException(op.mnemonic() + " is registered twice");
            }
        }
        return this;
    }

    public Optional<T> get(Opcode opcode) {
        return Optional.ofNullable(entries.get(opcode));
    }

    public boolean has(Opcode opcode) {
        return entries.containsKey(opcode);
    }
}
