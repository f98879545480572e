package stt.isa;

import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The five NeuronCore generations and what SPEC §3 pins for each: memory geometry, ALU op sets, the Vector Engine's
 * clock and the decisions its results stand on.
 */
public enum Generation {
    SUNDA("Trn1/Inf2 (NC-v2)", 256, 192, true, 1.12),
    CAYMAN("Trn2 (NC-v3)", 256, 224, true, 0.96),
    MARIANA("Trn3 (NC-v4)", 256, 256, true, 1.2),
    MARIANA_PLUS("Trn3, v4+ image", 256, 256, true, 1.2),
    MAVERICK("NC-v5", 1024, 512, false, Double.NaN);

    public static final Generation DEFAULT = MARIANA;
    public static final int PARTITIONS = 128;
    public static final int QUADRANT = 32;
    public static final int ADDRESS_REGISTERS = 64;
    public static final int PSUM_BASE = 0x200_0000;
    public static final int PSUM_PARTITION_STRIDE = 32 * 1024;
    public static final int PSUM_ACTIVE = 16 * 1024;

    private final String product;
    private final int sbufStride;
    private final int sbufActive;
    private final boolean hasPsum;
    private final double dveClockGhz;

    Generation(String product, int sbufStrideKiB, int sbufActiveKiB, boolean hasPsum, double dveClockGhz) {
        this.product = product;
        this.sbufStride = sbufStrideKiB * 1024;
        this.sbufActive = sbufActiveKiB * 1024;
        this.hasPsum = hasPsum;
        this.dveClockGhz = dveClockGhz;
    }

    public String isaName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a generation name in any case ({@code mariana}, {@code MARIANA_PLUS}). */
    public static Optional<Generation> parse(String text) {
        return Arrays.stream(values()).filter(g -> g.name().equalsIgnoreCase(text)).findFirst();
    }

    public String product() {
        return product;
    }

    /**
     * The [MODEL] decisions every Vector Engine outcome on this generation stands on, besides its opcode's or call's
     * own: {@code sunda_vector_engine} on SUNDA, whose carved firmware shows no DVE worker while NKI documents every
     * Vector Engine call for Trn1/Inf2 (FAMILY-NEXT §0.1); none elsewhere. The one place a generation changes a
     * Vector Engine result's fidelity.
     */
    public List<Decision> vectorEngineDecisions() {
        return this == SUNDA ? List.of(Decision.SUNDA_VECTOR_ENGINE) : List.of();
    }

    /** What a Vector Engine result on this generation stands on: {@code own}, then {@link #vectorEngineDecisions}. */
    public List<Decision> onVectorEngine(List<Decision> own) {
        List<Decision> more = vectorEngineDecisions();
        return more.isEmpty() ? own : java.util.stream.Stream.concat(own.stream(), more.stream()).toList();
    }

    /** The Vector Engine clock in GHz (NKI-ARCH tables; FAMILY.md §7); empty where no clock is public. */
    public java.util.OptionalDouble dveClockGhz() {
        return Double.isNaN(dveClockGhz) ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of(dveClockGhz);
    }

    public boolean hasPsum() {
        return hasPsum;
    }

    /** STATE_BUF_SZ: the SBUF window, {@code PARTITIONS * stride}. */
    public int stateBufSize() {
        return PARTITIONS * sbufStride;
    }

    /** Bytes between partition starts in {@code space}'s address window. */
    public int partitionStride(Space space) {
        return space == Space.SBUF ? sbufStride : PSUM_PARTITION_STRIDE;
    }

    /** Bytes of each partition that exist (the active size); 0 where the space does not exist. */
    public int activeBytes(Space space) {
        return space == Space.SBUF ? sbufActive : hasPsum ? PSUM_ACTIVE : 0;
    }

    /**
     * Decodes a PARTITION_OFFSET into the window it falls in (SPEC §3), whether or not the offset is below the
     * active size; empty if the address is in no window.
     */
    public Optional<MemoryRef> locate(int partitionOffset) {
        long a = partitionOffset & Addr4.PARTITION_OFFSET_MASK;
        if (a < stateBufSize()) {
            return Optional.of(new MemoryRef(Space.SBUF, (int) (a / sbufStride), (int) (a % sbufStride)));
        }
        long p = a - PSUM_BASE;
        if (hasPsum && p >= 0 && p < (long) PARTITIONS * PSUM_PARTITION_STRIDE) {
            return Optional.of(new MemoryRef(Space.PSUM, (int) (p / PSUM_PARTITION_STRIDE),
                    (int) (p % PSUM_PARTITION_STRIDE)));
        }
        return Optional.empty();
    }

    /** True when {@code ref}'s offset lies below its space's active size on this generation. */
    public boolean isActive(MemoryRef ref) {
        return ref.offset() < activeBytes(ref.space());
    }

    /** The PARTITION_OFFSET of {@code ref}; the inverse of {@link #locate}. */
    public int partitionOffset(Space space, int partition, int offset) {
        if (space == Space.PSUM && !hasPsum) {
            throw new IllegalArgumentException(this + " has no PSUM window");
        }
        if (partition < 0 || partition >= PARTITIONS) {
            throw new IllegalArgumentException("partition " + partition + " outside 0.." + (PARTITIONS - 1));
        }
        int stride = partitionStride(space);
        if (offset < 0 || offset >= stride) {
            throw new IllegalArgumentException(String.format("offset 0x%x outside the %s partition stride 0x0..0x%x",
                    offset, space.isaName(), stride - 1));
        }
        return (space == Space.PSUM ? PSUM_BASE : 0) + partition * stride + offset;
    }

    /** The op sets, apart so that AluOp (whose members name a generation) initialises first. */
    private static final class OpSets {
        static final Set<AluOp> GENERAL_ARITH_CORE = Collections.unmodifiableSet(EnumSet.of(AluOp.BYPASS,
                AluOp.ADD, AluOp.SUBTRACT, AluOp.MULT, AluOp.MAX, AluOp.MIN, AluOp.LOGICAL_AND, AluOp.LOGICAL_OR, AluOp.LOGICAL_XOR, AluOp.IS_EQ,
                AluOp.IS_GT, AluOp.IS_GE, AluOp.IS_LE, AluOp.IS_LT, AluOp.IS_NE, AluOp.ABSOLUTE_DIFF,
                AluOp.ABSOLUTE_VALUE));
        /** MARIANA adds the float abs_max, abs_min, relu and square to the enum and to is_arith_op. */
        static final Set<AluOp> GENERAL_ARITH_MARIANA = Collections.unmodifiableSet(with(GENERAL_ARITH_CORE,
                EnumSet.of(AluOp.ABS_MAX, AluOp.ABS_MIN, AluOp.RELU, AluOp.SQUARE)));
        static final Set<AluOp> GENERAL_BITVEC = Collections.unmodifiableSet(EnumSet.of(AluOp.BYPASS, AluOp.BITWISE_NOT,
                AluOp.ARITH_SHIFT_LEFT, AluOp.ARITH_SHIFT_RIGHT, AluOp.LOGICAL_SHIFT_LEFT, AluOp.LOGICAL_SHIFT_RIGHT,
                AluOp.BITWISE_AND, AluOp.BITWISE_OR, AluOp.BITWISE_XOR));

        private static Set<AluOp> with(Set<AluOp> a, Set<AluOp> b) {
            Set<AluOp> all = EnumSet.copyOf(a);
            all.addAll(b);
            return all;
        }
    }

    /** The ops this generation's ALU_OP enum defines. */
    public List<AluOp> aluOps() {
        return Arrays.stream(AluOp.values()).filter(op -> op.definedOn(this)).toList();
    }

    /** is_general_arith_op: 17 ops on SUNDA and CAYMAN, 21 from MARIANA on (seed §3b). Unmodifiable. */
    public Set<AluOp> generalArith() {
        return compareTo(MARIANA) >= 0 ? OpSets.GENERAL_ARITH_MARIANA : OpSets.GENERAL_ARITH_CORE;
    }

    /** is_general_bitvec_op: is_bitvec_op minus crc32, 9 ops on every generation (seed §3b). Unmodifiable. */
    public Set<AluOp> generalBitvec() {
        return OpSets.GENERAL_BITVEC;
    }
}
