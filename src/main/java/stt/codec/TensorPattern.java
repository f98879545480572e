package stt.codec;

import java.util.Arrays;
import stt.isa.Addr4;

/**
 * A TENSOR1D..TENSOR4D access pattern (FAMILY.md §2): an ADDR4 {@code start_addr}, then per dimension a signed
 * {@code step_elem} (in elements; 0 broadcasts) and an unsigned {@code num_elem}. Dimension 0 is the innermost:
 * element k is (i0, i1, ...) with i0 fastest, at element offset {@code sum(i_d * step_elem[d])}.
 */
public record TensorPattern(int start_addr, int[] step_elem, int[] num_elem) {
    public TensorPattern {
        if (step_elem.length != num_elem.length || step_elem.length < 1 || step_elem.length > 4) {
            throw new IllegalArgumentException("a pattern has 1..4 dimensions with one step and one count each; got "
                    + step_elem.length + " steps and " + num_elem.length + " counts");
        }
        step_elem = step_elem.clone();
        num_elem = num_elem.clone();
        for (int d = 0; d < step_elem.length; d++) {
            if (step_elem[d] != (short) step_elem[d]) {
                throw new IllegalArgumentException("step_elem[" + d + "] = " + step_elem[d] + " does not fit int16");
            }
            if ((num_elem[d] & ~0xffff) != 0) {
                throw new IllegalArgumentException("num_elem[" + d + "] = " + num_elem[d] + " does not fit uint16");
            }
        }
    }

    /** A dense pattern of {@code rank} dimensions: steps 1, n0, n0*n1 ...; counts {@code counts}. */
    public static TensorPattern dense(int start_addr, int... counts) {
        int[] steps = new int[counts.length];
        long step = 1;
        for (int d = 0; d < counts.length; d++) {
            steps[d] = counts[d] == 1 ? 0 : (int) step;
            step *= counts[d];
        }
        return new TensorPattern(start_addr, steps, counts);
    }

    public int rank() {
        return num_elem.length;
    }

    public int step(int d) {
        return step_elem[d];
    }

    public int num(int d) {
        return num_elem[d];
    }

    public int[] step_elem() {
        return step_elem.clone();
    }

    public int[] num_elem() {
        return num_elem.clone();
    }

    public Addr4 addr() {
        return new Addr4(start_addr);
    }

    /** The product of every num_elem: the element-count rule of every struct. */
    public long elementCount() {
        return elementCount(num_elem.length);
    }

    /** The product of the {@code dims} fastest num_elem (a reduce's op_dim X..XYZW names 1..4 of them). */
    public long elementCount(int dims) {
        long n = 1;
        for (int d = 0; d < dims; d++) {
            n *= num_elem[d];
        }
        return n;
    }

    /** True when some dimension counts 0 elements. */
    public boolean empty() {
        return Arrays.stream(num_elem).anyMatch(c -> c == 0);
    }

    /** The element offset (in elements, from the start) of element {@code k}. */
    public long elementOffset(long k) {
        long off = 0;
        for (int d = 0; d < num_elem.length; d++) {
            long i = k % num_elem[d];
            k /= num_elem[d];
            off += i * step_elem[d];
        }
        return off;
    }

    /** The lowest and highest element offsets the pattern reaches (of a non-empty pattern). */
    public long[] elementSpan() {
        long lo = 0;
        long hi = 0;
        for (int d = 0; d < num_elem.length; d++) {
            long reach = (num_elem[d] - 1L) * step_elem[d];
            lo += Math.min(0L, reach);
            hi += Math.max(0L, reach);
        }
        return new long[] {lo, hi};
    }

    /**
     * The stride in elements when element k is at element offset {@code k * stride} for every k (1: contiguous,
     * 0: one element broadcast), else {@link Long#MIN_VALUE}.
     */
    public long linearStride() {
        long stride = 0;
        long run = 1; // elements covered by the dimensions so far
        boolean first = true;
        for (int d = 0; d < num_elem.length; d++) {
            if (num_elem[d] == 1) {
                continue;
            }
            if (first) {
                stride = step_elem[d];
                first = false;
            } else if ((long) step_elem[d] != stride * run) {
                return Long.MIN_VALUE;
            }
            run *= num_elem[d];
        }
        return stride;
    }

    /**
     * A sufficient condition for every element having its own offset: each dimension that counts more than one
     * element steps (non-zero) further than all inner dimensions together reach.
     */
    public boolean injective() {
        long reach = 0;
        for (int d = 0; d < num_elem.length; d++) {
            if (num_elem[d] == 1) {
                continue;
            }
            if (step_elem[d] == 0 || Math.abs((long) step_elem[d]) <= reach) {
                return false;
            }
            reach += (num_elem[d] - 1L) * Math.abs(step_elem[d]);
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TensorPattern t && t.start_addr == start_addr && Arrays.equals(t.step_elem, step_elem)
                && Arrays.equals(t.num_elem, num_elem);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * start_addr + Arrays.hashCode(step_elem)) + Arrays.hashCode(num_elem);
    }

    @Override
    public String toString() {
        return String.format("TensorPattern[start_addr=0x%08x, step_elem=%s, num_elem=%s]", start_addr,
                Arrays.toString(step_elem), Arrays.toString(num_elem));
    }
}
