package stt.isa;

/** The two on-chip memories an S2S2D2_STT pattern may address. */
public enum Space {
    SBUF, PSUM;

    public String isaName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
