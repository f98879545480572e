package stt.codec;

/** NEURON_ISA_TPB_HEADER (4 bytes): opcode, inst_word_len, debug_cmd, debug_hint, each u8. */
public record Header(int opcode, int inst_word_len, int debug_cmd, int debug_hint) {
}
