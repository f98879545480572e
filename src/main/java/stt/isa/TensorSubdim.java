package stt.isa;

/**
 * NEURON_ISA_TPB_TENSOR_SUBDIM (FAMILY-NEXT §1, closing FAMILY-SOURCES gap 3): UNUSED 0, X 2, XY 3, XYZ 4, XYZW 5.
 * X names {@code num_elem[0]} alone (the fastest dimension), XY dimensions 0 and 1, and so on.
 */
public enum TensorSubdim implements Coded {
    UNUSED(0, 0), X(2, 1), XY(3, 2), XYZ(4, 3), XYZW(5, 4);

    private final int code;
    private final int dims;

    TensorSubdim(int code, int dims) {
        this.code = code;
        this.dims = dims;
    }

    @Override
    public int code() {
        return code;
    }

    /** How many of the fastest dimensions it names: 0 for UNUSED, 1 for X, ... 4 for XYZW. */
    public int dims() {
        return dims;
    }
}
