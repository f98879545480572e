package stt.validate;

import static stt.validate.Check.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import stt.codec.Field;
import stt.codec.Layout;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.isa.Addr4;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Space;

/**
 * The shared checks: rules whose body is the same for every struct that has the fields they read, each a
 * {@link Check} named by its predicate. Patterns, their dtypes and the reserved groups come from the word's
 * layout, so the structural checks need no per-struct code.
 */
public final class Checks {
    private Checks() {
    }

    /** Every reserved byte group is zero (reported under the struct's {@code *_reserved_zero}). */
    public static Check reservedZero(Rule rule) {
        return Check.of(rule, (w, gen, out) -> {
            for (Layout.Part part : w.layout().parts()) {
                if (part instanceof Layout.Bytes b && b.reserved()
                        && b.fields().stream().anyMatch(f -> w.get(f) != 0)) {
                    long[] bytes = b.fields().stream().mapToLong(w::get).toArray();
                    report(out, rule, "%s = %s must be %s", b.name(), Arrays.toString(bytes),
                            Arrays.toString(new long[bytes.length]).replace(" ", ""));
                }
            }
        });
    }

    /** Each named enumeration field holds a defined code. */
    public static Check enumCodes(String... fields) {
        return Check.of(Rule.VALID_ENUM_CODE, (w, gen, out) -> {
            for (String name : fields) {
                Field f = w.layout().field(name);
                if (f.names().member(w.getInt(f)).isEmpty()) {
                    report(out, Rule.VALID_ENUM_CODE, "%s = %s is not a defined code; allowed: %s", name,
                            Coded.hex(w.getInt(f)), f.names().names());
                }
            }
        });
    }

    /** is_valid_dtype(field, AllowFP32R): a code below 0x10 of 1..4 bytes, fp32r only where allowed. */
    public static Check validDtype(String field, boolean allowFp32r) {
        return validDtype(field, allowFp32r, false);
    }

    /** is_valid_dtype_64: as {@link #validDtype}, and int64/uint64 too, except on SUNDA (plain is_valid_dtype). */
    public static Check validDtype64(String field, boolean allowFp32r) {
        return validDtype(field, allowFp32r, true);
    }

    private static Check validDtype(String field, boolean allowFp32r, boolean wide) {
        return Check.of(Rule.IS_VALID_DTYPE, (w, gen, out) -> {
            int code = (int) w.get(field);
            boolean allow64 = wide && gen != Generation.SUNDA;
            Optional<Dtype> d = Dtype.of(code);
            if (d.isPresent() && isValidDtype(d.get(), allowFp32r, allow64)) {
                return;
            }
            List<Dtype> allowed = Arrays.stream(Dtype.values()).filter(x -> isValidDtype(x, allowFp32r, allow64))
                    .toList();
            report(out, Rule.IS_VALID_DTYPE, "%s = %s is not a valid dtype%s; allowed: %s", field,
                    Coded.describe(Dtype.class, code), allowFp32r ? "" : " here (AllowFP32R::False)", names(allowed));
        });
    }

    private static boolean isValidDtype(Dtype d, boolean allowFp32r, boolean allow64) {
        return d.code() < 0x10 && d.size() > 0 && (d.size() <= 4 || allow64) && (allowFp32r || d != Dtype.FP32R);
    }

    /** A field that must hold one value (reported under {@code rule} with what it is for). */
    public static Check equals(Rule rule, String field, long value, String why) {
        return Check.of(rule, (w, gen, out) -> {
            if (w.get(field) != value) {
                report(out, rule, "%s = %d; allowed: %d (%s)", field, w.get(field), value, why);
            }
        });
    }

    /** Each named dtype field holds one of {@code allowed} (reported under {@code rule}). */
    public static Check dtypeIn(Rule rule, Set<Dtype> allowed, String what, String... fields) {
        return Check.of(rule, (w, gen, out) -> {
            for (String field : fields) {
                int code = (int) w.get(field);
                if (Dtype.of(code).filter(allowed::contains).isEmpty()) {
                    report(out, rule, "%s = %s; allowed: %s (%s)", field, Coded.describe(Dtype.class, code),
                            names(allowed), what);
                }
            }
        });
    }

    /** Each of {@code fields} (op0 and op1 by default) is in the generation's {@code set}. */
    public static Check ops(Rule rule, Function<Generation, Set<AluOp>> set, String setName, String... fields) {
        String[] named = fields.length == 0 ? new String[] {"op0", "op1"} : fields;
        return Check.of(rule, (w, gen, out) -> {
            for (String field : named) {
                int code = (int) w.get(field);
                Optional<AluOp> op = AluOp.of(code);
                Set<AluOp> allowed = set.apply(gen);
                if (op.isPresent() && allowed.contains(op.get())) {
                    continue;
                }
                String what = op.isEmpty() ? "is not an ALU op"
                        : !op.get().definedOn(gen) ? "is not in " + gen + "'s ALU_OP enum"
                        : "is not a " + setName + " op on " + gen;
                report(out, rule, "%s = %s %s; allowed: %s", field, Coded.describe(AluOp.class, code), what,
                        names(allowed));
            }
        });
    }

    /** check_active_channels: 1..128. */
    public static Check activeChannels() {
        return Check.of(Rule.CHECK_ACTIVE_CHANNELS, (w, gen, out) -> {
            long n = w.get("num_active_channels");
            if (n < 1 || n > Generation.PARTITIONS) {
                report(out, Rule.CHECK_ACTIVE_CHANNELS, "num_active_channels = %d; allowed: 1..%d", n,
                        Generation.PARTITIONS);
            }
        });
    }

    /** start_addr_active_channels: every immediate pattern's start partition + channels stays within 128. */
    public static Check startAddrActiveChannels() {
        return Check.of(Rule.START_ADDR_ACTIVE_CHANNELS, (w, gen, out) -> {
            long n = w.get("num_active_channels");
            for (Layout.Pattern p : w.layout().patterns()) {
                Optional<MemoryRef> ref = immediate(w.pattern(p), gen);
                if (ref.isPresent() && ref.get().partition() + n > Generation.PARTITIONS) {
                    report(out, Rule.START_ADDR_ACTIVE_CHANNELS, "%s starts at partition %d; with num_active_channels"
                            + " %d it would reach partition %d; allowed: start partition + channels <= %d", p.name(),
                            ref.get().partition(), n, ref.get().partition() + n - 1, Generation.PARTITIONS);
                }
            }
        });
    }

    /**
     * tensorNd_valid for every pattern: counts of at least 1, a well-formed register address, or an immediate one
     * inside a window with its footprint in the active range ({@link AddressChecks#patternProblems}).
     */
    public static Check tensorValid() {
        return Check.of(EnumSet.of(Rule.TENSOR1D_VALID, Rule.TENSOR2D_VALID, Rule.TENSOR3D_VALID,
                Rule.TENSOR4D_VALID), (w, gen, out) -> {
            for (Layout.Pattern p : w.layout().patterns()) {
                tensorValid(w, gen, out, p);
            }
        });
    }

    private static void tensorValid(Word w, Generation gen, List<Violation> out, Layout.Pattern p) {
        Rule rule = Rule.tensorValid(p.rank());
        TensorPattern t = w.pattern(p);
        Addr4 a = t.addr();
        String name = p.name();
        if (!a.shapeFromRegister()) {
            for (int d = 0; d < t.rank(); d++) {
                if (t.num(d) < 1) {
                    report(out, rule, "%s.num_elem[%d] = 0; allowed: 1..65535", name, d);
                }
            }
        }
        if (a.fromRegister()) {
            if (a.regnum() >= Generation.ADDRESS_REGISTERS || !a.registerFormClean()) {
                report(out, rule, "%s.start_addr = 0x%08x reads register %d; allowed: registers 0..%d with bytes"
                        + " 1..2 and bits 24..29 zero", name, t.start_addr(), a.regnum(),
                        Generation.ADDRESS_REGISTERS - 1);
            }
            return;
        }
        Optional<MemoryRef> ref = gen.locate(a.partitionOffset());
        if (ref.isEmpty()) {
            report(out, rule, "%s.start_addr = 0x%08x is in no memory window of %s; %s", name, t.start_addr(), gen,
                    AddressChecks.windows(gen));
            return;
        }
        AddressChecks.patternProblems(name, ref.get(), t, (int) w.get(p.dtypeField()), p.written(), gen)
                .forEach(m -> report(out, rule, "%s", m));
    }

    /** The element counts of patterns {@code a} and {@code b} agree, unless either takes its shape from a register. */
    public static Check sameElementCount(Rule rule, String a, String b) {
        return Check.of(rule, (w, gen, out) -> {
            TensorPattern s = w.pattern(a);
            TensorPattern d = w.pattern(b);
            if (!s.addr().shapeFromRegister() && !d.addr().shapeFromRegister()
                    && s.elementCount() != d.elementCount()) {
                report(out, rule, "%s has %d elements (%s), %s has %d (%s); they must be equal", a, s.elementCount(),
                        shape(s), b, d.elementCount(), shape(d));
            }
        });
    }

    private static String shape(TensorPattern t) {
        return Arrays.stream(t.num_elem()).mapToObj(Integer::toString).collect(Collectors.joining("x"));
    }

    /**
     * tt_valid_partitions: two immediate sources are not both in PSUM, and two SBUF sources start in the same
     * 32-partition quadrant.
     */
    public static Check ttValidPartitions(String first, String second) {
        return Check.of(Rule.TT_VALID_PARTITIONS, (w, gen, out) -> {
            Optional<MemoryRef> a = immediate(w.pattern(first), gen);
            Optional<MemoryRef> b = immediate(w.pattern(second), gen);
            if (a.isEmpty() || b.isEmpty()) {
                return;
            }
            if (a.get().space() == Space.PSUM && b.get().space() == Space.PSUM) {
                report(out, Rule.TT_VALID_PARTITIONS, "%s (%s) and %s (%s) are both in PSUM; at most one source may"
                        + " be", first, a.get(), second, b.get());
            } else if (a.get().space() == Space.SBUF && b.get().space() == Space.SBUF
                    && a.get().partition() / Generation.QUADRANT != b.get().partition() / Generation.QUADRANT) {
                report(out, Rule.TT_VALID_PARTITIONS, "%s starts at SBUF partition %d, %s at %d; two SBUF sources"
                        + " must start in the same %d-partition quadrant", first, a.get().partition(), second,
                        b.get().partition(), Generation.QUADRANT);
            }
        });
    }

    /** The window an immediate, direct start address falls in; empty for register, indirect or unmapped ones. */
    static Optional<MemoryRef> immediate(TensorPattern t, Generation gen) {
        Addr4 a = t.addr();
        return a.fromRegister() || a.indirect() ? Optional.empty() : gen.locate(a.partitionOffset());
    }

    static String names(Collection<? extends Coded> members) {
        return members.stream().map(Coded::isaName).collect(Collectors.joining(", "));
    }

    /** {@code checks} as one list, in order. */
    @SafeVarargs
    public static List<Check> concat(List<Check>... checks) {
        List<Check> all = new ArrayList<>();
        for (List<Check> c : checks) {
            all.addAll(c);
        }
        return List.copyOf(all);
    }
}
