package stt.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import stt.codec.TensorPattern;
import stt.isa.Addr4;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Space;

/**
 * The memory checks on a resolved address, shared by the validator (immediate addresses) and the executors
 * (addresses read from registers at run time): each returns the problems found, empty when there are none.
 */
public final class AddressChecks {
    private AddressChecks() {
    }

    /**
     * tensorNd_valid's checks of a pattern starting at {@code r}: a PSUM destination's dtype, alignment, the
     * start below the active size, and every byte touched inside it ({@link stt.isa.Decision#FOOTPRINT_IN_ACTIVE}).
     */
    public static List<String> patternProblems(String name, MemoryRef r, TensorPattern t, int dtypeCode, boolean isDst,
            Generation gen) {
        List<String> out = new ArrayList<>();
        int size = Dtype.of(dtypeCode).map(Dtype::size).orElse(0);
        if (isDst && r.space() == Space.PSUM && size != 4) {
            out.add(String.format("%s is in PSUM with dtype %s; a PSUM destination needs a 4-byte dtype", name,
                    Coded.nameOf(Dtype.class, dtypeCode)));
        }
        if (size > 0 && r.offset() % size != 0) {
            out.add(String.format("%s.start_addr offset 0x%x is not aligned to its dtype %s (%d bytes)", name,
                    r.offset(), Coded.nameOf(Dtype.class, dtypeCode), size));
        }
        int active = gen.activeBytes(r.space());
        if (r.offset() >= active) {
            out.add(String.format("%s.start_addr %s is past the active %d KiB of each %s partition on %s", name, r,
                    active / 1024, r.space().isaName(), gen));
            return out;
        }
        Addr4 a = t.addr();
        if (a.shapeFromRegister() || a.indirect() || size == 0 || t.empty()) {
            return out;
        }
        long[] span = span(t, size, r.offset());
        long lo = span[0];
        long hi = span[1];
        if (lo < 0 || hi >= active) {
            out.add(String.format("%s touches partition bytes %d..%d; allowed: 0..%d (the active %d KiB of %s on %s)",
                    name, lo, hi, active - 1, active / 1024, r.space().isaName(), gen));
        }
        return out;
    }

    /** The first and last partition byte a pattern of {@code size}-byte elements touches from {@code offset}. */
    public static long[] span(TensorPattern t, int size, long offset) {
        long[] e = t.elementSpan();
        return new long[] {offset + size * e[0], offset + size * e[1] + size - 1};
    }

    /**
     * The checks of a pointer immediate (tpb_addr_active_channels + addr_aligned_dtype): a plain PARTITION_OFFSET
     * inside an active range, its partition plus {@code channels} within the partitions, aligned to the dtype.
     */
    public static List<String> pointerProblems(int pointer, int dtypeCode, int channels, Generation gen) {
        if ((pointer & ~Addr4.PARTITION_OFFSET_MASK) != 0) {
            return List.of("bits 29..31 are set; allowed: a plain PARTITION_OFFSET");
        }
        Optional<MemoryRef> ref = gen.locate(pointer);
        int size = Dtype.of(dtypeCode).map(Dtype::size).orElse(0);
        if (ref.isEmpty() || ref.get().offset() + Math.max(size, 1) > gen.activeBytes(ref.get().space())) {
            return List.of(String.format("%s is outside the active SBUF/PSUM of %s; %s",
                    ref.map(MemoryRef::toString).orElse("no window"), gen, windows(gen)));
        }
        List<String> out = new ArrayList<>();
        if (ref.get().partition() + channels > Generation.PARTITIONS) {
            out.add(String.format("partition %d + num_active_channels %d exceeds %d partitions",
                    ref.get().partition(), channels, Generation.PARTITIONS));
        }
        if (size > 0 && ref.get().offset() % size != 0) {
            out.add(String.format("offset 0x%x is not aligned to imm0_dtype %s (%d bytes)", ref.get().offset(),
                    Coded.nameOf(Dtype.class, dtypeCode), size));
        }
        return out;
    }

    /** The generation's address windows, for messages. */
    public static String windows(Generation gen) {
        String sbuf = String.format("SBUF is 0x0..0x%x", gen.stateBufSize() - 1);
        return gen.hasPsum() ? sbuf + String.format(", PSUM 0x%x..0x%x", Generation.PSUM_BASE,
                Generation.PSUM_BASE + Generation.PARTITIONS * Generation.PSUM_PARTITION_STRIDE - 1)
                : sbuf + ", no PSUM";
    }
}
