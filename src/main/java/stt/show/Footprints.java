package stt.show;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import stt.codec.Layout;
import stt.codec.ScalarOperand;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.def.Definitions;
import stt.isa.Addr4;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.ImmSrc;
import stt.isa.MemoryRef;
import stt.isa.Opcode;

/**
 * The memory a word touches, per operand and partition, as far as the word itself says: patterns and pointer
 * scalars with immediate addresses (a register-held address is only known at run time, so it has no region).
 */
public final class Footprints {
    private Footprints() {
    }

    /** Every region of {@code w} on {@code gen}: per pattern (layout order), then the pointer scalars. */
    public static List<Region> of(Word w, Generation gen) {
        List<Region> out = new ArrayList<>();
        int channels = (int) w.get("num_active_channels");
        for (Layout.Pattern p : w.layout().patterns()) {
            TensorPattern t = w.pattern(p);
            Addr4 a = t.addr();
            Optional<Dtype> dtype = Dtype.of((int) w.get(p.dtypeField())).filter(d -> d.size() > 0);
            Optional<MemoryRef> ref = a.fromRegister() || a.indirect() || a.shapeFromRegister() ? Optional.empty()
                    : gen.locate(a.partitionOffset());
            if (ref.isEmpty() || dtype.isEmpty() || t.empty()) {
                continue;
            }
            int size = dtype.get().size();
            long[] span = t.elementSpan();
            long bytes = distinctElements(t, span) * size;
            long start = ref.get().offset() + span[0] * size;
            long end = ref.get().offset() + span[1] * size + size;
            for (int c = 0; c < channels; c++) {
                out.add(new Region(p.name(), ref.get().space(), ref.get().partition() + c, start, end, bytes));
            }
        }
        for (int[] pointer : pointers(w)) {
            gen.locate(pointer[0]).ifPresent(ref -> {
                for (int c = 0; c < channels; c++) {
                    out.add(new Region("scalar", ref.space(), ref.partition() + c, ref.offset(),
                            ref.offset() + pointer[1], pointer[1]));
                }
            });
        }
        return out;
    }

    /** How many distinct element offsets the pattern reaches: a set grown one dimension at a time. */
    static long distinctElements(TensorPattern t, long[] span) {
        int width = (int) (span[1] - span[0] + 1);
        BitSet reached = new BitSet(width);
        reached.set((int) -span[0]);
        for (int d = 0; d < t.rank(); d++) {
            if (t.num(d) == 1 || t.step(d) == 0) {
                continue;
            }
            int first = reached.nextSetBit(0);
            int last = reached.length() - 1;
            long reach = (long) (t.num(d) - 1) * t.step(d);
            if (reached.cardinality() == last - first + 1 && Math.abs(t.step(d)) <= last - first + 1) {
                // a contiguous run stepped by no more than its length stays contiguous
                reached.set((int) Math.min(first, first + reach), (int) Math.max(last, last + reach) + 1);
                continue;
            }
            BitSet grown = (BitSet) reached.clone();
            for (int i = 1; i < t.num(d); i++) {
                long shift = (long) i * t.step(d);
                for (int b = reached.nextSetBit(0); b >= 0; b = reached.nextSetBit(b + 1)) {
                    grown.set((int) (b + shift));
                }
            }
            reached = grown;
        }
        return reached.cardinality();
    }

    /** The pointer scalars of the word, by its definition: {address, bytes} for each immediate read through one. */
    static List<int[]> pointers(Word w) {
        List<int[]> out = new ArrayList<>();
        Optional<Opcode> op = w.opcode();
        if (op.isEmpty()) {
            return out;
        }
        for (ScalarOperand s : Definitions.of(op.get()).scalars()) {
            s.read(w).filter(r -> r.source() == ImmSrc.POINTER_IMMEDIATE && r.dtype().size() > 0)
                    .ifPresent(r -> out.add(new int[] {r.value(), r.dtype().size()}));
        }
        return out;
    }
}
