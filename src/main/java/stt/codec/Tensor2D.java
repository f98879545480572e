package stt.codec;

import stt.isa.Addr4;

/**
 * NEURON_ISA_TPB_TENSOR2D (common.h:643, 12 bytes): {@code start_addr} ADDR4, {@code step_elem} int16[2],
 * {@code num_elem} uint16[2]. Dimension 0 is the innermost. A step of 0 broadcasts.
 */
public record Tensor2D(int start_addr, int step_elem_0, int step_elem_1, int num_elem_0, int num_elem_1) {
    public Tensor2D {
        if (step_elem_0 != (short) step_elem_0 || step_elem_1 != (short) step_elem_1) {
            throw new IllegalArgumentException("step_elem must fit int16: [" + step_elem_0 + "," + step_elem_1 + "]");
        }
        if ((num_elem_0 & ~0xffff) != 0 || (num_elem_1 & ~0xffff) != 0) {
            throw new IllegalArgumentException("num_elem must fit uint16: [" + num_elem_0 + "," + num_elem_1 + "]");
        }
    }

    public Addr4 addr() {
        return new Addr4(start_addr);
    }

    public int step_elem(int d) {
        return d == 0 ? step_elem_0 : step_elem_1;
    }

    public int num_elem(int d) {
        return d == 0 ? num_elem_0 : num_elem_1;
    }

    /** num_elem[0] * num_elem[1]. */
    public long elementCount() {
        return (long) num_elem_0 * num_elem_1;
    }
}
