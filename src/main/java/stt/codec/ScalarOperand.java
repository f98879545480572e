package stt.codec;

import java.util.Optional;
import java.util.function.Predicate;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.ImmSrc;

/**
 * How an opcode reads one immediate as a per-lane scalar (part of its definition): the immediate field, the
 * field that says where the value is (none: always a pointer, as for the deprecated 0x44/0x54), the field giving
 * the dtype in memory (none: fp32 on the arith datapath, in_dtype on the bitvec one), and when it is read at all.
 *
 * @param imm        the immediate field, e.g. {@code imm0}
 * @param source     its IMM_SRC field, or null when the immediate is always a pointer
 * @param dtypeField the field holding the scalar's dtype (S2S2D2_STT's imm0_dtype, converted to fp32 on the arith
 *                   datapath), or null: fp32 bits (arith) or in_dtype bits (bitvec, an inline value masked to its
 *                   width)
 * @param readWhen   when the word reads this immediate (the cache reductions read imm1 only to load_accumulate)
 */
public record ScalarOperand(String imm, String source, String dtypeField, Predicate<Word> readWhen) {
    /** An immediate read whatever the rest of the word says. */
    public static ScalarOperand of(String imm, String source, String dtypeField) {
        return new ScalarOperand(imm, source, dtypeField, w -> true);
    }

    /** How word {@code w} reads it: where, the value (bits, pointer or register number) and the dtype. */
    public record Read(String imm, ImmSrc source, int value, Dtype dtype, boolean toFp32) {
        public boolean inline() {
            return source == ImmSrc.INSTRUCTION_IMMEDIATE;
        }
    }

    /**
     * The read {@code w} makes of this immediate; empty when it does not read it, or when its source or dtype code
     * is not one the ISA defines (an invalid word, which only {@code stt show} looks at).
     */
    public Optional<Read> read(Word w) {
        if (!readWhen.test(w)) {
            return Optional.empty();
        }
        boolean bitvec = w.opcode().orElseThrow().isBitvec();
        int value = (int) w.get(imm);
        Optional<ImmSrc> src = source == null ? Optional.of(ImmSrc.POINTER_IMMEDIATE)
                : Coded.byCode(ImmSrc.class, (int) w.get(source));
        Optional<Dtype> dtype = dtypeField != null ? Dtype.of((int) w.get(dtypeField))
                : bitvec ? Dtype.of((int) w.get("in_dtype")) : Optional.of(Dtype.FP32);
        if (src.isEmpty() || dtype.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(read(src.get(), value, dtype.get(), bitvec));
    }

    private Read read(ImmSrc src, int value, Dtype dtype, boolean bitvec) {
        int width = 8 * dtype.size();
        int bits = src == ImmSrc.INSTRUCTION_IMMEDIATE && dtypeField == null && bitvec && width < 32
                ? value & ((1 << width) - 1) : value;
        return new Read(imm, src, bits, dtype, dtypeField != null && !bitvec);
    }
}
