package stt.isa;

/** NEURON_ISA_TPB_TENSOR_SUBDIM (FAMILY-SOURCES §3.5): only UNUSED 0 and X 2 are recovered. */
public enum TensorSubdim implements Coded {
    UNUSED(0), X(2);

    private final int code;

    TensorSubdim(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }
}
