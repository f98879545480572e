package stt.isa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * SPEC §3's address decode at its edges, worked by hand: SBUF partition p at p x stride (0x40000 on MARIANA, whose
 * STATE_BUF_SZ is 0x2000000), PSUM from 0x2000000 at 32 KiB a partition (none on MAVERICK), active sizes below the
 * strides.
 */
class GenerationAddressTest {
    static final Generation M = Generation.MARIANA;

    @Test
    void partitionOffsetsAndTheirInverse() {
        assertThat(M.partitionOffset(Space.SBUF, 0, 0)).isZero();
        assertThat(M.partitionOffset(Space.SBUF, 127, 0x3ffff)).isEqualTo(0x1ffffff);
        assertThat(M.partitionOffset(Space.PSUM, 1, 4)).isEqualTo(0x2000000 + 0x8000 + 4);
        assertThat(M.locate(0x1ffffff)).contains(new MemoryRef(Space.SBUF, 127, 0x3ffff));
        assertThat(M.locate(0x2000000)).contains(new MemoryRef(Space.PSUM, 0, 0));
        assertThat(M.locate(0x2000000 + 128 * 0x8000 - 1)).contains(new MemoryRef(Space.PSUM, 127, 0x7fff));
        assertThat(M.locate(0x2000000 + 128 * 0x8000)).isEmpty();
        assertThat(Generation.MAVERICK.hasPsum()).isFalse();
        assertThat(M.hasPsum()).isTrue();
        assertThat(Generation.MAVERICK.locate(0x8000000)).isEmpty();
        assertThatThrownBy(() -> Generation.MAVERICK.partitionOffset(Space.PSUM, 0, 0)).hasMessageContaining(
                "no PSUM window");
        assertThatThrownBy(() -> M.partitionOffset(Space.SBUF, 128, 0)).hasMessageContaining("partition 128");
        assertThatThrownBy(() -> M.partitionOffset(Space.SBUF, -1, 0)).hasMessageContaining("partition -1");
        assertThatThrownBy(() -> M.partitionOffset(Space.SBUF, 0, 0x40000)).hasMessageContaining("0x40000");
        assertThatThrownBy(() -> M.partitionOffset(Space.SBUF, 0, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theActiveSizeIsExclusive() {
        int active = M.activeBytes(Space.SBUF);
        assertThat(active).isEqualTo(256 * 1024);
        assertThat(M.isActive(new MemoryRef(Space.SBUF, 0, active - 1))).isTrue();
        assertThat(M.isActive(new MemoryRef(Space.SBUF, 0, active))).isFalse();
        assertThat(M.isActive(new MemoryRef(Space.PSUM, 0, M.activeBytes(Space.PSUM)))).isFalse();
        assertThat(Generation.MAVERICK.activeBytes(Space.PSUM)).isZero();
        assertThat(M.product()).isNotBlank();
    }
}
