package stt.codec;

/** NEURON_ISA_TPB_EVENTS (8 bytes): four u8 fields and a u32 semaphore value; carried, not interpreted. */
public record Events(int wait_mode, int wait_idx, int update_mode, int update_idx, int semaphore_value) {
}
