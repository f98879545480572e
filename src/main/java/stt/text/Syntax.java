package stt.text;

import java.util.List;
import java.util.Optional;
import stt.codec.Field;
import stt.isa.Addr4;
import stt.isa.CodeNames;
import stt.isa.Coded;
import stt.isa.ImmSrc;
import stt.isa.MemoryRef;
import stt.isa.Space;

/** How one key's value is written and read back; {@code fields} are the raw fields the key covers. */
sealed interface Syntax {
    String format(long[] values, List<Field> fields, Context ctx);

    long[] parse(String text, List<Field> fields, Context ctx) throws SyntaxException;

    /** A plain integer per field, or with {@code list} a list {@code [a,b,...]} of one integer per field. */
    record Integers(boolean list) implements Syntax {
        @Override
        public String format(long[] values, List<Field> fields, Context ctx) {
            if (!list) {
                return Long.toString(values[0]);
            }
            StringBuilder sb = new StringBuilder("[");
            for (int k = 0; k < values.length; k++) {
                sb.append(k == 0 ? "" : ",").append(values[k]);
            }
            return sb.append(']').toString();
        }

        @Override
        public long[] parse(String text, List<Field> fields, Context ctx) throws SyntaxException {
            if (!list) {
                return new long[] {Numbers.parse(text, fields.get(0).min(), fields.get(0).max(),
                        fields.get(0).name())};
            }
            long[] min = fields.stream().mapToLong(Field::min).toArray();
            long[] max = fields.stream().mapToLong(Field::max).toArray();
            return parseList(text, fields.stream().map(Field::name).toList(), min, max);
        }
    }

    /** Parses {@code [a,b,...]}, one integer per name, each in its range. */
    static long[] parseList(String text, List<String> names, long[] min, long[] max) throws SyntaxException {
        if (!text.startsWith("[") || !text.endsWith("]")) {
            throw new SyntaxException(0, "expected a list of " + names.size() + " integers like [1,0]");
        }
        String[] parts = text.substring(1, text.length() - 1).split(",", -1);
        if (parts.length != names.size()) {
            throw new SyntaxException(0, "expected " + names.size() + " integers in the list, found " + parts.length);
        }
        long[] out = new long[parts.length];
        int col = 1;
        for (int k = 0; k < parts.length; k++) {
            try {
                out[k] = Numbers.parse(parts[k], min[k], max[k], names.get(k));
            } catch (SyntaxException e) {
                throw new SyntaxException(col, e.getMessage());
            }
            col += parts[k].length() + 1;
        }
        return out;
    }

    /** An enumeration member by its ISA name, or any code as a number (unknown codes are kept). */
    record Named(CodeNames names) implements Syntax {
        @Override
        public String format(long[] values, List<Field> fields, Context ctx) {
            return names.nameOf((int) values[0]);
        }

        @Override
        public long[] parse(String text, List<Field> fields, Context ctx) throws SyntaxException {
            Field f = fields.get(0);
            Optional<Integer> named = names.codeOf(text);
            if (named.isPresent()) {
                if (named.get() > f.max()) {
                    throw new SyntaxException(0, text + " does not fit the " + f.bits() + "-bit " + f.name()
                            + " field (codes 0x0..0x" + Long.toHexString(f.max()) + " only)");
                }
                return new long[] {named.get()};
            }
            if (Character.isDigit(text.isEmpty() ? 'x' : text.charAt(0)) || text.startsWith("-")) {
                return new long[] {Numbers.parse(text, 0, f.max(), f.name())};
            }
            throw new SyntaxException(0, "unknown " + f.name() + " '" + text + "'; expected one of " + names.names()
                    + " or a numeric code");
        }
    }

    /** A pattern's ADDR4 start address: {@code sbuf:P:OFF}, {@code psum:P:OFF}, {@code reg:N}, or raw {@code 0x...}. */
    record Address() implements Syntax {
        @Override
        public String format(long[] values, List<Field> fields, Context ctx) {
            Addr4 a = new Addr4((int) values[0]);
            String shape = a.shapeFromRegister() ? "+shape" : "";
            if (a.fromRegister()) {
                return a.registerFormClean() ? "reg:" + a.regnum() + shape : raw(values[0]);
            }
            String indirect = a.indirect() ? "+indirect" : "";
            return ctx.gen().locate(a.partitionOffset()).map(ref -> ref + shape + indirect)
                    .orElseGet(() -> raw(values[0]));
        }

        @Override
        public long[] parse(String text, List<Field> fields, Context ctx) throws SyntaxException {
            if (Numbers.isHex(text) || text.chars().allMatch(Character::isDigit)) {
                return new long[] {Numbers.parse(text, 0, 0xffff_ffffL, fields.get(0).name())};
            }
            int flags = 0;
            String base = text;
            while (base.endsWith("+shape") || base.endsWith("+indirect")) {
                boolean shape = base.endsWith("+shape");
                flags |= shape ? Addr4.SHAPE_FROM_REGISTER : Addr4.INDIRECT;
                base = base.substring(0, base.length() - (shape ? 6 : 9));
            }
            if (base.startsWith("reg:")) {
                if ((flags & Addr4.INDIRECT) != 0) {
                    throw new SyntaxException(0, "+indirect applies to immediate addresses, not reg:N");
                }
                long n = parseAt(base.substring(4), 4, 0, 255, "register number");
                return new long[] {(Addr4.FROM_REGISTER | flags | n) & 0xffff_ffffL};
            }
            return new long[] {(memory(base, ctx) | flags) & 0xffff_ffffL};
        }

        static String raw(long v) {
            return String.format("0x%08x", v);
        }

        /** Parses {@code sbuf:P:OFF} or {@code psum:P:OFF} into a PARTITION_OFFSET for the context's generation. */
        static int memory(String text, Context ctx) throws SyntaxException {
            MemoryRef ref = MemoryText.parse(text, "an address sbuf:P:OFF, psum:P:OFF, reg:N or 0x-hex");
            try {
                return ctx.gen().partitionOffset(ref.space(), ref.partition(), ref.offset());
            } catch (IllegalArgumentException e) {
                throw new SyntaxException(MemoryText.offsetColumn(text), e.getMessage() + " on " + ctx.gen());
            }
        }

        private static long parseAt(String text, int col, long min, long max, String what) throws SyntaxException {
            try {
                return Numbers.parse(text, min, max, what);
            } catch (SyntaxException e) {
                throw new SyntaxException(col, e.getMessage());
            }
        }
    }

    /**
     * An immediate ({@code imm0}, {@code imm1}), written by what it holds: an fp32 value inline on the arith
     * datapath, an integer inline on the bitvec one, {@code sbuf:P:OFF} for a pointer, {@code reg:N} for a
     * register; raw {@code 0x...} bits always work and are used where no readable form reproduces the bits (NaN
     * payloads, stray bits). {@code source} is its {@code immN_src} field.
     */
    record Immediate(Optional<Field> source) implements Syntax {
        @Override
        public String format(long[] values, List<Field> fields, Context ctx) {
            int bits = (int) values[0];
            String raw = Address.raw(values[0]);
            return switch (kind(ctx)) {
                case FP32 -> Float.isNaN(Float.intBitsToFloat(bits)) ? raw
                        : Float.toString(Float.intBitsToFloat(bits));
                case INT -> "0x" + Integer.toHexString(bits);
                case POINTER -> (bits & ~Addr4.PARTITION_OFFSET_MASK) != 0 ? raw
                        : ctx.gen().locate(bits).map(MemoryRef::toString).orElse(raw);
                case REGISTER -> (bits & ~0xff) != 0 ? raw : "reg:" + bits;
                case RAW -> raw;
            };
        }

        @Override
        public long[] parse(String text, List<Field> fields, Context ctx) throws SyntaxException {
            String name = fields.get(0).name();
            if (Numbers.isHex(text)) {
                return new long[] {Numbers.parse(text, 0, 0xffff_ffffL, name)};
            }
            switch (kind(ctx)) {
                case FP32 -> {
                    return new long[] {Numbers.fp32Bits(text, "an inline arith " + name) & 0xffff_ffffL};
                }
                case INT -> {
                    return new long[] {Numbers.parse(text, Integer.MIN_VALUE, 0xffff_ffffL, name) & 0xffff_ffffL};
                }
                case POINTER -> {
                    return new long[] {Address.memory(text, ctx) & 0xffff_ffffL};
                }
                case REGISTER -> {
                    if (text.startsWith("reg:")) {
                        return new long[] {Numbers.parse(text.substring(4), 0, 255, "register number")};
                    }
                    throw new SyntaxException(0, "expected reg:N or 0x-hex bits for a reg_ptr_immediate " + name);
                }
                default -> throw new SyntaxException(0, name + " with an unknown opcode or source takes 0x-hex bits");
            }
        }

        private enum Kind { FP32, INT, POINTER, REGISTER, RAW }

        private Kind kind(Context ctx) {
            if (ctx.opcode().isEmpty()) {
                return Kind.RAW;
            }
            if (ctx.opcode().get().pointerImmediates()) {
                return Kind.POINTER;
            }
            Optional<ImmSrc> src = source.flatMap(f -> Coded.byCode(ImmSrc.class, (int) ctx.values().applyAsLong(f)));
            if (src.isEmpty()) {
                return Kind.RAW;
            }
            return switch (src.get()) {
                case INSTRUCTION_IMMEDIATE -> ctx.opcode().get().isBitvec() ? Kind.INT : Kind.FP32;
                case POINTER_IMMEDIATE -> Kind.POINTER;
                case REG_PTR_IMMEDIATE -> Kind.REGISTER;
            };
        }
    }
}
