package stt.exec;

import stt.machine.Machine;

/**
 * The reference's streaming order ({@link stt.isa.Decision#STREAMING_ORDER}) for any elementwise word: for k
 * ascending, every lane reads element k of every source and computes, then every lane writes element k of dst.
 * Overlapping operands therefore see earlier elements' writes, as on a streaming device.
 */
final class Streams {
    /** What a step returns to leave dst's element unchanged (a predicate that is false). */
    static final long KEEP = Long.MIN_VALUE;

    private Streams() {
    }

    /** Lane {@code lane}'s element k from the sources' raw bits: the dst bits (low 32 bits), or {@link #KEEP}. */
    @FunctionalInterface
    interface Step {
        long apply(int lane, long k, int[] sources);
    }

    /** Called after lane {@code lane} has written its element. */
    @FunctionalInterface
    interface Written {
        void after(int lane);
    }

    static void run(Machine m, int lanes, long elements, Operand dst, Step step, Written written,
            Operand... sources) {
        int[][] bits = new int[lanes][sources.length];
        long[] result = new long[lanes];
        for (long k = 0; k < elements; k++) {
            for (int c = 0; c < lanes; c++) {
                for (int s = 0; s < sources.length; s++) {
                    Operand o = sources[s];
                    bits[c][s] = m.readBits(o.start().space(), o.partition(c), o.offset(k), o.dtype().size());
                }
                result[c] = step.apply(c, k, bits[c]);
            }
            for (int c = 0; c < lanes; c++) {
                if (result[c] != KEEP) {
                    m.writeBits(dst.start().space(), dst.partition(c), dst.offset(k), dst.dtype().size(),
                            (int) result[c]);
                }
                written.after(c);
            }
        }
    }

    /**
     * A source element moved to dst: its bits ({@code copy}), or through the fp32 hub, converted to fp32 from
     * {@code src}'s dtype and back to {@code dst}'s (SPEC §5).
     */
    static long move(boolean copy, Operand src, Operand dst, int bits) {
        return Integer.toUnsignedLong(copy ? bits : dst.dtype().fromFp32(src.dtype().toFp32(bits)));
    }

    /** {@link #run} with nothing to do after a write. */
    static void run(Machine m, int lanes, long elements, Operand dst, Step step, Operand... sources) {
        run(m, lanes, elements, dst, step, lane -> { }, sources);
    }
}
