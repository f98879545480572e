package stt.fast;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;

/** The vector shapes the kernels use: the platform's preferred width, or the width forced by -Dstt.vector.bits. */
final class Species {
    static final VectorSpecies<Float> F = FloatVector.SPECIES_PREFERRED.withShape(shape());
    static final VectorSpecies<Integer> I = IntVector.SPECIES_PREFERRED.withShape(shape());
    /** Shorts with as many lanes as {@link #F}, for bf16 conversions. */
    static final VectorSpecies<Short> S = VectorSpecies.of(short.class,
            jdk.incubator.vector.VectorShape.forBitSize(F.vectorBitSize() / 2));

    /**
     * Bytes with as many lanes as {@link #F}, for int8 conversions; null where no such shape exists (128-bit floats
     * would need 32-bit byte vectors), and then the int8 paths that use it are not taken.
     */
    static final VectorSpecies<Byte> B = F.vectorBitSize() >= 256 ? VectorSpecies.of(byte.class,
            jdk.incubator.vector.VectorShape.forBitSize(F.vectorBitSize() / 4)) : null;

    /** Narrower float shapes, for the tail of a row shorter than {@link #F}. */
    static final VectorSpecies<Float> F256 = FloatVector.SPECIES_256;
    static final VectorSpecies<Float> F128 = FloatVector.SPECIES_128;
    /** Ints of the same narrower shapes, for the tail of a bf16 row shorter than a pair vector ({@link Bf16Across}). */
    static final VectorSpecies<Integer> I256 = IntVector.SPECIES_256;
    static final VectorSpecies<Integer> I128 = IntVector.SPECIES_128;

    private Species() {
    }

    private static jdk.incubator.vector.VectorShape shape() {
        String bits = System.getProperty("stt.vector.bits");
        return bits == null ? FloatVector.SPECIES_PREFERRED.vectorShape()
                : jdk.incubator.vector.VectorShape.forBitSize(Integer.parseInt(bits));
    }
}
