package stt.isa;

/** The NeuronCore engine an instruction runs on (NKI's names: Vector, Scalar/Activation, Tensor, GpSimd). */
public enum EngineKind {
    /** The Vector Engine (DVE), whose words this model executes bit for bit. */
    DVE,
    /** The Scalar (Activation) Engine. */
    ACT,
    /** The Tensor Engine (PE array). */
    PE,
    /** The GpSimd engine. */
    POOL;

    /** The lower-case name JSON shows, e.g. {@code dve}. */
    public String isaName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
