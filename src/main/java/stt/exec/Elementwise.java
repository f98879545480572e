package stt.exec;

import stt.isa.Dtype;

/** Helpers the single-stage elementwise bodies share: register numbers in trace lines and the fp32 hub. */
final class Elementwise {
    /** Register numbers in the trace lines: R[0] first source, R[1] second source, R[2] result. */
    static final int R0 = 0;
    static final int R1 = 1;
    static final int R2 = 2;

    private Elementwise() {
    }

    /** The fp32 hub: a source element's bits converted to fp32 and back to {@code out} (SPEC §5). */
    static long cast(Dtype in, Dtype out, int bits) {
        return Integer.toUnsignedLong(out.fromFp32(in.toFp32(bits)));
    }
}
