package stt.machine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import stt.isa.Generation;
import stt.isa.Space;

/** Every public method checks its arguments: nothing reads or writes past a partition's active bytes. */
class MachineTest {
    final Machine m = new Machine(Generation.MARIANA);

    @Test
    void elementAccessStaysInsideTheActiveBytesOfAPartition() {
        m.writeBits(Space.SBUF, 3, 256 * 1024 - 4, 4, 0x01020304);
        assertThat(m.readBits(Space.SBUF, 3, 256 * 1024 - 4, 4)).isEqualTo(0x01020304);
        assertThatThrownBy(() -> m.readBits(Space.SBUF, 3, 256 * 1024 - 2, 4)).isInstanceOf(
                IllegalArgumentException.class).hasMessageContaining("exceed the active 256 KiB");
        assertThatThrownBy(() -> m.writeBits(Space.PSUM, 0, 16 * 1024, 1, 0)).hasMessageContaining("active 16 KiB");
        assertThatThrownBy(() -> m.readBits(Space.SBUF, 128, 0, 4)).hasMessageContaining("exceed the 128 partitions");
        assertThatThrownBy(() -> m.readBits(Space.SBUF, 0, -1, 1)).hasMessageContaining("exceed the active");
        assertThatThrownBy(() -> m.readBits(Space.SBUF, 0, 0, 3)).hasMessage("an element is 1, 2 or 4 bytes; got 3");
        assertThatThrownBy(() -> new Machine(Generation.MAVERICK).readBits(Space.PSUM, 0, 0, 4))
                .hasMessage("MAVERICK has no psum");
    }

    @Test
    void accumulatorsAreOnePerLane() {
        m.setAccumulator(127, 2.5f);
        assertThat(m.accumulator(127)).isEqualTo(2.5f);
        assertThatThrownBy(() -> m.accumulator(128)).hasMessage("lane 128 outside 0..127");
        assertThatThrownBy(() -> m.setAccumulator(-1, 0)).hasMessage("lane -1 outside 0..127");
    }
}
