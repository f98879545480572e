package stt.exec;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import stt.codec.Field;
import stt.codec.Format;
import stt.codec.Layout;
import stt.codec.ScalarOperand;
import stt.codec.Word;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.ImmSrc;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.isa.ReverseOperands;
import stt.machine.Machine;

/**
 * One admitted word, decoded into typed fields and resolved against the machine once: what the bodies, the
 * kernels, cost and show read, never the word's fields by name. Operands are named as the struct names them
 * ({@code src0}/{@code src1}/{@code dst}; a one-source struct's {@code src} is {@link #src()}); a one-op struct's
 * {@code op} is {@link #op()}. A field the struct lacks is null. {@link Resolver#instruction} makes it and remembers
 * it per distinct word and generation when nothing in it came from a register (a kernel issues the same words many
 * times).
 *
 * @param imm0 the first immediate's scalar (STT's, Tensor-Scalar's and the cache reductions' s0); null if none
 * @param imm1 the second (Tensor-Scalar's s1; a cache reduction's seed, only under load_accumulate); null if none
 */
public record Instruction(Word word, Opcode opcode, int channels, Operand src0, Operand src1, Operand dst, AluOp op0,
        AluOp op1, ReverseOperands reverse, AccumCmd accum, Scalar imm0, Scalar imm1, long setValue,
        boolean negated) {

    /** The single source of a one-source struct (S3D3_TS, S4D4_TR). */
    public Operand src() {
        return src0;
    }

    /** The single ALU op of a one-op struct (S3S3D3_TT, S4D4_TR). */
    public AluOp op() {
        return op0;
    }

    /** Elements per lane: the destination's count. */
    public long elements() {
        return dst.count();
    }

    /**
     * Where lane c's scalar comes from and how it is read (FAMILY.md §4, SPEC §5): the inline bits (masked to the
     * integer width where the struct says so), or the element at partition {@code at.partition() + c}, offset
     * {@code at.offset()}, of {@code dtype}, converted to fp32 bits when {@code toFp32}.
     */
    public record Scalar(int inline, MemoryRef at, Dtype dtype, boolean toFp32) {
        public boolean isInline() {
            return at == null;
        }

        /** Lane {@code lane}'s scalar bits. */
        public int bits(Machine m, int lane) {
            if (at == null) {
                return inline;
            }
            int raw = m.readBits(at.space(), at.partition() + lane, at.offset(), dtype.size());
            return toFp32 ? Float.floatToRawIntBits(dtype.toFp32(raw)) : raw;
        }

        /** Every lane's scalar, read before anything is written ({@link stt.isa.Decision#SCALAR_READ_FIRST}). */
        public int[] lanes(Machine m, int channels) {
            return lanes(m, channels, new int[channels]);
        }

        /** {@link #lanes(Machine, int)} into {@code into}'s first {@code channels} elements; returns {@code into}. */
        public int[] lanes(Machine m, int channels, int[] into) {
            for (int c = 0; c < channels; c++) {
                into[c] = bits(m, c);
            }
            return into;
        }
    }

    /** A resolved word, and whether resolving it read an address register (then it is not remembered). */
    record Resolved(Instruction instruction, boolean readsRegisters) {
    }

    /** {@code w}, admitted, resolved on {@code m}; its immediates read as {@code scalars} say ({@link Resolver}). */
    static Resolved of(Machine m, Word w, List<ScalarOperand> scalars) throws ExecutionException {
        Fields f = Fields.of(w.format());
        List<ScalarOperand.Read> reads = new ArrayList<>(2);
        scalars.forEach(s -> s.read(w).ifPresent(reads::add));
        return new Resolved(resolve(m, w, f, reads), readsRegisters(w, reads));
    }

    /** Whether resolving {@code w} reads an address register (then the record is not cached). */
    private static boolean readsRegisters(Word w, List<ScalarOperand.Read> reads) {
        for (Layout.Pattern p : w.layout().patterns()) {
            if (w.pattern(p).addr().fromRegister()) {
                return true;
            }
        }
        return reads.stream().anyMatch(r -> r.source() == ImmSrc.REG_PTR_IMMEDIATE);
    }

    private static Instruction resolve(Machine m, Word w, Fields f, List<ScalarOperand.Read> reads)
            throws ExecutionException {
        Opcode op = w.opcode().orElseThrow();
        int channels = w.getInt(f.channels);
        List<Operand> operands = new ArrayList<>(3);
        for (Layout.Pattern p : w.layout().patterns()) {
            operands.add(Resolver.operand(m, w, p, channels));
        }
        Operand dst = operands.get(operands.size() - 1);
        Operand src0 = operands.size() > 1 ? operands.get(0) : null;
        Operand src1 = operands.size() > 2 ? operands.get(1) : null;
        Scalar[] imm = new Scalar[2];
        for (ScalarOperand.Read r : reads) {
            imm[r.imm().equals("imm0") ? 0 : 1] = scalar(m, r, channels);
        }
        return new Instruction(w, op, channels, src0, src1, dst, alu(w, f.op0), alu(w, f.op1),
                f.reverse == null ? null : Coded.byCode(ReverseOperands.class, w.getInt(f.reverse)).orElseThrow(),
                f.accum == null ? null : Coded.byCode(AccumCmd.class, w.getInt(f.accum)).orElseThrow(), imm[0],
                imm[1], f.setValue == null ? 0 : w.get(f.setValue), f.negated != null && w.get(f.negated) == 1);
    }

    private static AluOp alu(Word w, Field f) {
        return f == null ? null : AluOp.of(w.getInt(f)).orElseThrow();
    }

    /** An immediate's read resolved: inline bits, or the pointer's (or the register's pointer's) location. */
    private static Scalar scalar(Machine m, ScalarOperand.Read r, int channels) throws ExecutionException {
        if (r.inline()) {
            return new Scalar(r.value(), null, r.dtype(), false);
        }
        MemoryRef at = Resolver.pointer(m, r.value(), r.source() == ImmSrc.REG_PTR_IMMEDIATE, r.dtype().code(),
                channels, r.imm());
        return new Scalar(0, at, r.dtype(), r.toFp32());
    }

    /** The fields a struct has, looked up by name once per struct; null where it lacks one. */
    private record Fields(Field channels, Field op0, Field op1, Field reverse, Field accum, Field setValue,
            Field negated) {
        private static final Map<Format, Fields> BY_FORMAT = new EnumMap<>(Format.class);

        static {
            for (Format fmt : Format.values()) {
                Layout l = fmt.layout();
                BY_FORMAT.put(fmt, new Fields(get(l, "num_active_channels"), get(l, l.has("op") ? "op" : "op0"),
                        get(l, "op1"), get(l, "reverse_operands"), get(l, "accumulator_cmd"), get(l, "set_value"),
                        get(l, "negated")));
            }
        }

        static Fields of(Format format) {
            return BY_FORMAT.get(format);
        }

        private static Field get(Layout l, String name) {
            return l.has(name) ? l.field(name) : null;
        }
    }
}
