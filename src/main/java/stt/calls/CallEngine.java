package stt.calls;

import java.util.Locale;
import java.util.OptionalDouble;
import stt.isa.Generation;

/** The engine an NKI call runs on, by {@code nki.isa.engine}'s names, and its clock (FAMILY-NEXT §2 "Costs"). */
public enum CallEngine {
    VECTOR, SCALAR, TENSOR, GPSIMD, DMA;

    /** {@code nki.isa.engine}'s name: vector, scalar, tensor, gpsimd, dma. */
    public String nkiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The engine's clock on {@code gen}: the Vector Engine's as FAMILY.md §7; ACT and POOL 1.4 / 1.2 / 1.2 GHz and
     * PE 2.8 / 2.4 / 2.4 GHz on SUNDA / CAYMAN / MARIANA(_PLUS); none on MAVERICK (cycles only). DMA has no engine
     * clock: its costs are nanoseconds ({@link DmaCost}), so its "clock" is 1 GHz on every generation (dma_cost).
     */
    public OptionalDouble clockGhz(Generation gen) {
        if (this == VECTOR) {
            return gen.dveClockGhz();
        }
        if (this == DMA) {
            return OptionalDouble.of(1.0);
        }
        if (gen == Generation.MAVERICK) {
            return OptionalDouble.empty();
        }
        double base = gen == Generation.SUNDA ? 1.4 : 1.2;
        return OptionalDouble.of(this == TENSOR ? 2 * base : base);
    }
}
