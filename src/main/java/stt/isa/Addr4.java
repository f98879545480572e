package stt.isa;

/**
 * NEURON_ISA_TPB_ADDR4, the 32-bit start address of a TENSOR2D (SPEC §3). The top byte is a marker: bit 31
 * takes the address from register {@link #regnum()}, bit 30 takes the shape from a register, bit 29 on an
 * immediate address means indirect. An immediate address is the PARTITION_OFFSET {@code raw & 0x1fffffff}.
 */
public record Addr4(int raw) {
    public static final int FROM_REGISTER = 0x8000_0000;
    public static final int SHAPE_FROM_REGISTER = 0x4000_0000;
    public static final int INDIRECT = 0x2000_0000;
    public static final int PARTITION_OFFSET_MASK = 0x1fff_ffff;

    public boolean fromRegister() {
        return (raw & FROM_REGISTER) != 0;
    }

    public boolean shapeFromRegister() {
        return (raw & SHAPE_FROM_REGISTER) != 0;
    }

    public boolean indirect() {
        return !fromRegister() && (raw & INDIRECT) != 0;
    }

    /** The address register number (byte 0) of a register-addressed start. */
    public int regnum() {
        return raw & 0xff;
    }

    /** A register form has zero bytes 1..2 and no marker bits but 31 and 30 ({@link Decision#REGISTER_ADDR_FORM}). */
    public boolean registerFormClean() {
        return (raw & 0x3fff_ff00) == 0;
    }

    public int partitionOffset() {
        return raw & PARTITION_OFFSET_MASK;
    }
}
