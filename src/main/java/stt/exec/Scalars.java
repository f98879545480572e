package stt.exec;

import stt.codec.Word;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.ImmSrc;
import stt.isa.MemoryRef;
import stt.machine.Machine;

/**
 * The scalars of the S3D3_TS words, per lane (FAMILY.md §4): an inline immediate is fp32 bits (arith) or its low
 * w bits (bitvec); a pointer (or a register holding one) gives lane c the value at the pointer's offset in
 * partition pointer + c, read as fp32 (arith) or as the word's in_dtype (bitvec). The deprecated 0x44/0x54 read
 * both immediates as pointers.
 */
public final class Scalars {
    private Scalars() {
    }

    /** Every lane's bits of immediate {@code k} (0 or 1), read before anything is written. */
    public static int[] of(Machine m, Word w, int k, int channels) throws ExecutionException {
        boolean bitvec = w.opcode().orElseThrow().isBitvec();
        Dtype in = Dtype.of((int) w.get("in_dtype")).orElseThrow();
        int imm = (int) w.get("imm" + k);
        ImmSrc src = w.opcode().orElseThrow().pointerImmediates() ? ImmSrc.POINTER_IMMEDIATE
                : Coded.byCode(ImmSrc.class, (int) w.get("imm" + k + "_src")).orElseThrow();
        int[] bits = new int[channels];
        if (src == ImmSrc.INSTRUCTION_IMMEDIATE) {
            int width = 8 * in.size();
            java.util.Arrays.fill(bits, bitvec && width < 32 ? imm & ((1 << width) - 1) : imm);
            return bits;
        }
        Dtype dtype = bitvec ? in : Dtype.FP32;
        MemoryRef at = Resolver.pointer(m, imm, src == ImmSrc.REG_PTR_IMMEDIATE, dtype.code(), channels, "imm" + k);
        for (int c = 0; c < channels; c++) {
            bits[c] = m.readBits(at.space(), at.partition() + c, at.offset(), dtype.size());
        }
        return bits;
    }
}
