package stt.isa;

/** A decoded PARTITION_OFFSET: a byte {@code offset} inside {@code partition} of {@code space}. */
public record MemoryRef(Space space, int partition, int offset) {
    @Override
    public String toString() {
        return space.isaName() + ":" + partition + ":0x" + Integer.toHexString(offset);
    }
}
