package stt.exec;

/**
 * The register numbers the trace lines use (the seed's notation): R[0] the first source's element, R[1] the
 * second's, R[2] the result.
 */
final class TraceRegisters {
    static final int SRC0 = 0;
    static final int SRC1 = 1;
    static final int RESULT = 2;

    private TraceRegisters() {
    }
}
