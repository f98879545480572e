package stt.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import stt.codec.Field.Kind;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.CodeNames;
import stt.isa.Dtype;
import stt.isa.ImmSrc;
import stt.isa.ReverseOperands;
import stt.isa.SerialMode;
import stt.isa.TensorSubdim;

/**
 * A 64-byte word layout: the common header and events (SPEC §1), then the struct's parts in the order text and
 * JSON show them. Built from a table ({@link Format}); {@link Builder#build()} refuses a table that leaves a byte
 * unnamed or names a bit twice, so every layout covers the word exactly once.
 */
public final class Layout {
    public static final int WORD_BYTES = 64;

    public static final CodeNames DTYPE = CodeNames.of("DTYPE", Dtype.class);
    public static final CodeNames ALU_OP = CodeNames.of("ALU_OP", AluOp.class);
    public static final CodeNames ACCUM_CMD = CodeNames.of("ACCUM_CMD", AccumCmd.class);
    public static final CodeNames IMM_SRC = CodeNames.of("IMM_SRC", ImmSrc.class);
    public static final CodeNames REV_OPS = CodeNames.of("TENS_SCALAR_REV_OPS", ReverseOperands.class);
    public static final CodeNames SUBDIM = CodeNames.of("TENSOR_SUBDIM", TensorSubdim.class);
    public static final CodeNames SERIAL_MODE = CodeNames.of("REG_SERIAL_MODE", SerialMode.class);

    /** NEURON_ISA_TPB_HEADER (bytes 0..3) and EVENTS (bytes 4..11): carried and shown, not interpreted. */
    public static final Field OPCODE = Field.of("opcode", 0, 1, Kind.UNSIGNED, null);
    public static final List<Field> HEADER = List.of(OPCODE, Field.of("inst_word_len", 1, 1, Kind.UNSIGNED, null),
            Field.of("debug_cmd", 2, 1, Kind.UNSIGNED, null), Field.of("debug_hint", 3, 1, Kind.UNSIGNED, null));
    public static final List<Field> EVENTS = List.of(Field.of("wait_mode", 4, 1, Kind.UNSIGNED, null),
            Field.of("wait_idx", 5, 1, Kind.UNSIGNED, null), Field.of("update_mode", 6, 1, Kind.UNSIGNED, null),
            Field.of("update_idx", 7, 1, Kind.UNSIGNED, null), Field.of("semaphore_value", 8, 4, Kind.UNSIGNED, null));

    /** One named piece of the struct body. */
    public sealed interface Part {
        String name();

        List<Field> fields();
    }

    /** A single field. */
    public record Scalar(Field field) implements Part {
        @Override
        public String name() {
            return field.name();
        }

        @Override
        public List<Field> fields() {
            return List.of(field);
        }
    }

    /**
     * A TENSOR{rank}D access pattern named {@code name} (src0, src1, src, dst), whose elements have the dtype in
     * field {@code dtypeField}; {@code written} for the destination.
     */
    public record Pattern(String name, int rank, String dtypeField, boolean written, Field start, List<Field> steps,
            List<Field> nums) implements Part {
        @Override
        public List<Field> fields() {
            return group(start, steps, nums);
        }
    }

    /** A DATA{rank}D generator (Iota's source): an i32 {@code base}, then rank i16 steps and rank u16 counts. */
    public record Data(String name, Field base, List<Field> steps, List<Field> nums) implements Part {
        @Override
        public List<Field> fields() {
            return group(base, steps, nums);
        }
    }

    private static List<Field> group(Field first, List<Field> steps, List<Field> nums) {
        List<Field> all = new ArrayList<>();
        all.add(first);
        all.addAll(steps);
        all.addAll(nums);
        return all;
    }

    /** A group of bytes shown as a list: a reserved group (written in text only when non-zero) or a raw body. */
    public record Bytes(String name, List<Field> fields, boolean reserved) implements Part {
    }

    private final String name;
    private final List<Part> parts;
    private final List<Field> fields;
    private final Map<String, Field> byName = new HashMap<>();
    private final Map<String, Pattern> patterns = new HashMap<>();
    private final List<Pattern> patternList;

    private Layout(String name, List<Part> parts) {
        this.name = name;
        this.parts = List.copyOf(parts);
        List<Field> all = new ArrayList<>(HEADER);
        all.addAll(EVENTS);
        parts.forEach(p -> all.addAll(p.fields()));
        this.fields = List.copyOf(all);
        for (Field f : fields) {
            if (byName.put(f.name(), f) != null) {
                throw new IllegalArgumentException(name + ": field " + f.name() + " is named twice");
            }
        }
        for (Part p : parts) {
            if (p instanceof Pattern pt) {
                patterns.put(pt.name(), pt);
            }
        }
        this.patternList = parts.stream().filter(p -> p instanceof Pattern).map(p -> (Pattern) p).toList();
        checkCoverage();
    }

    /** The struct's name, e.g. {@code S2S2D2_STT}. */
    public String name() {
        return name;
    }

    /** The body's parts (after header and events), in text and JSON order. */
    public List<Part> parts() {
        return parts;
    }

    /** Every leaf field, header and events first. */
    public List<Field> fields() {
        return fields;
    }

    /** The patterns, in part order. */
    public List<Pattern> patterns() {
        return patternList;
    }

    /** The field called {@code name}; throws when the layout has none (a programming error, not input). */
    public Field field(String name) {
        Field f = byName.get(name);
        if (f == null) {
            throw new IllegalArgumentException(this.name + " has no field " + name);
        }
        return f;
    }

    public boolean has(String name) {
        return byName.containsKey(name);
    }

    public Pattern pattern(String name) {
        Pattern p = patterns.get(name);
        if (p == null) {
            throw new IllegalArgumentException(this.name + " has no pattern " + name);
        }
        return p;
    }

    public boolean hasPattern(String name) {
        return patterns.containsKey(name);
    }

    private void checkCoverage() {
        String[] owner = new String[WORD_BYTES * 8];
        for (Field f : fields) {
            for (int bit = 0; bit < f.bits(); bit++) {
                int at = f.offset() * 8 + f.shift() + bit;
                if (at >= owner.length) {
                    throw new IllegalArgumentException(name + ": " + f.name() + " runs past byte 63");
                }
                if (owner[at] != null) {
                    throw new IllegalArgumentException(name + ": bit " + at + " is named by both " + owner[at]
                            + " and " + f.name());
                }
                owner[at] = f.name();
            }
        }
        int gap = Arrays.asList(owner).indexOf(null);
        if (gap >= 0) {
            throw new IllegalArgumentException(name + ": byte " + gap / 8 + " (bit " + gap % 8 + ") is unnamed");
        }
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The table-writing vocabulary of {@link Format}: one call per row. */
    public static final class Builder {
        private final String name;
        private final List<Part> parts = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        private Builder scalar(String field, int offset, int bytes, Kind kind, CodeNames names) {
            parts.add(new Scalar(Field.of(field, offset, bytes, kind, names)));
            return this;
        }

        public Builder u8(String field, int offset) {
            return scalar(field, offset, 1, Kind.UNSIGNED, null);
        }

        public Builder u32(String field, int offset) {
            return scalar(field, offset, 4, Kind.UNSIGNED, null);
        }

        public Builder i32(String field, int offset) {
            return scalar(field, offset, 4, Kind.SIGNED, null);
        }

        /** A one-byte enumeration field. */
        public Builder code(String field, int offset, CodeNames names) {
            return scalar(field, offset, 1, Kind.ENUM, names);
        }

        /** An IMM_VAL_INST_FIELD. */
        public Builder imm(String field, int offset) {
            return scalar(field, offset, 4, Kind.IMM4, null);
        }

        /** DTYPE_PAIR: {@code in0_dtype} in the low nibble, {@code in1_dtype} in the high nibble. */
        public Builder dtypePair(int offset) {
            parts.add(new Scalar(new Field("in0_dtype", offset, 1, 0, 4, Kind.ENUM, DTYPE)));
            parts.add(new Scalar(new Field("in1_dtype", offset, 1, 4, 4, Kind.ENUM, DTYPE)));
            return this;
        }

        /** A TENSOR{rank}D at {@code offset}: ADDR4, then rank i16 steps, then rank u16 counts. */
        public Builder pattern(String pattern, int offset, int rank, String dtypeField) {
            Field start = Field.of(pattern + ".start_addr", offset, 4, Kind.ADDR4, null);
            parts.add(new Pattern(pattern, rank, dtypeField, pattern.startsWith("dst"), start,
                    steps(pattern, offset, rank), counts(pattern, offset, rank)));
            return this;
        }

        /** A DATA{rank}D at {@code offset}: i32 base, then rank i16 steps, then rank u16 counts. */
        public Builder data(String data, int offset, int rank) {
            parts.add(new Data(data, Field.of(data + ".base", offset, 4, Kind.SIGNED, null),
                    steps(data, offset, rank), counts(data, offset, rank)));
            return this;
        }

        private static List<Field> steps(String group, int offset, int rank) {
            List<Field> steps = new ArrayList<>();
            for (int d = 0; d < rank; d++) {
                steps.add(Field.of(group + ".step_elem[" + d + "]", offset + 4 + 2 * d, 2, Kind.SIGNED, null));
            }
            return steps;
        }

        private static List<Field> counts(String group, int offset, int rank) {
            List<Field> nums = new ArrayList<>();
            for (int d = 0; d < rank; d++) {
                nums.add(Field.of(group + ".num_elem[" + d + "]", offset + 4 + 2 * rank + 2 * d, 2, Kind.UNSIGNED,
                        null));
            }
            return nums;
        }

        /** {@code size} reserved bytes from {@code offset}: each must be zero where the struct says so. */
        public Builder reserved(String group, int offset, int size) {
            return bytes(group, offset, size, true);
        }

        /** {@code size} bytes shown as one list. */
        public Builder bytes(String group, int offset, int size, boolean reserved) {
            List<Field> bytes = new ArrayList<>();
            for (int b = 0; b < size; b++) {
                bytes.add(Field.of(group + "[" + b + "]", offset + b, 1, Kind.BYTE, null));
            }
            parts.add(new Bytes(group, bytes, reserved));
            return this;
        }

        public Layout build() {
            return new Layout(name, parts);
        }
    }
}
