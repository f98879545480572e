package stt.api;

import stt.machine.Tile;

/** The scalar operand of an NKI-style call: an inline immediate, or one value per partition from memory. */
public sealed interface Operand0 {
    /** Inline imm0 bits: fp32 bits for arith, the low w bits for bitvec. */
    record Immediate(int bits) implements Operand0 {
    }

    /** One value per partition, a [P, 1] tile, read through a pointer immediate in the dtype of the tile. */
    record PerPartition(Tile values) implements Operand0 {
        public PerPartition {
            if (values.cols() != 1) {
                throw new IllegalArgumentException("a per-partition operand0 is [P, 1]; got [" + values.rows() + ", "
                        + values.cols() + "]");
            }
        }
    }

    static Operand0 fp32(float value) {
        return new Immediate(Float.floatToRawIntBits(value));
    }

    static Operand0 bits(int value) {
        return new Immediate(value);
    }

    static Operand0 perPartition(Tile values) {
        return new PerPartition(values);
    }
}
