package stt.exec;

import java.io.PrintWriter;

/**
 * The debug trace with the seed's strings (SPEC §5): one line per instruction and, up to a limit, one line per
 * ALU stage per element. {@link #OFF} records nothing.
 */
public final class Trace {
    public static final Trace OFF = new Trace(null, 0);
    public static final int DEFAULT_ELEMENT_LIMIT = 64;

    private final PrintWriter out;
    private final long elementLimit;
    private long elementLines;

    private Trace(PrintWriter out, long elementLimit) {
        this.out = out;
        this.elementLimit = elementLimit;
    }

    public static Trace to(PrintWriter out, long elementLimit) {
        return new Trace(out, elementLimit);
    }

    public boolean on() {
        return out != null;
    }

    /** {@code S: <worker>}: the word's line, with the worker name of its opcode's definition. */
    public void instruction(String workerName) {
        if (out != null) {
            out.println("S: " + workerName);
        }
    }

    /** {@code S: OP=%x R[%d] = OP(R[%d], imm)}: the scalar stage. */
    public void scalarStage(int op, int dst, int src) {
        element("S: OP=%x R[%d] = OP(R[%d], imm)", op, dst, src);
    }

    /** {@code S: OP=%x R[%d] = OP(R[%d], R[%d])}: the tensor stage. */
    public void tensorStage(int op, int dst, int a, int b) {
        element("S: OP=%x R[%d] = OP(R[%d], R[%d])", op, dst, a, b);
    }

    /** {@code S: R[%d] = R[%d] ? R[%d] : imm}: SelectReduce's selection, in the seed's register notation. */
    public void selectStage(int dst, int predicate, int onTrue) {
        element("S: R[%d] = R[%d] ? R[%d] : imm", dst, predicate, onTrue);
    }

    /** {@code S: R[%d] = R[%d] ? R[%d] : R[%d]}: a predicated copy, dst kept where the predicate is false. */
    public void mergeStage(int dst, int predicate, int onTrue) {
        element("S: R[%d] = R[%d] ? R[%d] : R[%d]", dst, predicate, onTrue, dst);
    }

    /** {@code S: R[%d] = imm}: a fill with the instruction's value. */
    public void fillStage(int dst) {
        element("S: R[%d] = imm", dst);
    }

    /** Prints an element line while under the limit; counts it in any case. */
    private void element(String format, Object... args) {
        if (out == null) {
            return;
        }
        if (elementLines < elementLimit) {
            out.println(String.format(format, args));
        }
        elementLines++;
    }

    /** Closes the trace: says how many element lines the limit held back. */
    public void finish() {
        if (out != null && elementLines > elementLimit) {
            out.println("S: (" + (elementLines - elementLimit) + " more element lines not shown; limit "
                    + elementLimit + ")");
        }
        if (out != null) {
            out.flush();
        }
    }
}
