package stt.show;

import stt.isa.Space;

/**
 * What one operand of a word touches in one partition: bytes {@code start} (the first touched) to {@code end} (one
 * past the last), of which {@code bytes} distinct ones. {@code operand} is the pattern's name (src0, src1, src,
 * dst) or {@code scalar} for a pointer scalar.
 */
public record Region(String operand, Space space, int partition, long start, long end, long bytes) {
    /** True when the operand touches every byte between start and end. */
    public boolean dense() {
        return bytes == end - start;
    }
}
