package stt.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class TensorPatternTest {
    private static TensorPattern p(int[] steps, int[] nums) {
        return new TensorPattern(0, steps, nums);
    }

    private static long[] offsets(TensorPattern t) {
        return LongStream.range(0, t.elementCount()).map(t::elementOffset).toArray();
    }

    @Test
    void elementsWalkMinorToMajorWithDimensionZeroFastest() {
        // 2 x 3 x 2 elements, steps 1, 10, 100: (i0, i1, i2) at i0 + 10 i1 + 100 i2, i0 fastest
        TensorPattern t = p(new int[] {1, 10, 100}, new int[] {2, 3, 2});
        assertThat(t.elementCount()).isEqualTo(12);
        assertThat(offsets(t)).containsExactly(0, 1, 10, 11, 20, 21, 100, 101, 110, 111, 120, 121);
        TensorPattern four = p(new int[] {-1, 0, 5, 7}, new int[] {2, 2, 1, 2});
        assertThat(offsets(four)).containsExactly(0, -1, 0, -1, 7, 6, 7, 6);
    }

    @Test
    void spanIsTheLowestAndHighestOffsetReached() {
        assertThat(p(new int[] {-1, 10, 100}, new int[] {4, 3, 1}).elementSpan()).containsExactly(-3, 20);
        assertThat(p(new int[] {1, -8}, new int[] {8, 3}).elementSpan()).containsExactly(-16, 7);
        assertThat(p(new int[] {0}, new int[] {5}).elementSpan()).containsExactly(0, 0);
    }

    @Test
    void linearStrideWhenEveryDimensionContinuesTheLast() {
        assertThat(p(new int[] {1, 4, 12, 0}, new int[] {4, 3, 2, 1}).linearStride()).isEqualTo(1);
        assertThat(p(new int[] {2, 8}, new int[] {4, 3}).linearStride()).isEqualTo(2);
        assertThat(p(new int[] {5, 1, 3}, new int[] {1, 6, 1}).linearStride()).isEqualTo(1);
        assertThat(p(new int[] {0, 0}, new int[] {4, 3}).linearStride()).isEqualTo(0);
        assertThat(p(new int[] {9, 9}, new int[] {1, 1}).linearStride()).isEqualTo(0);
        assertThat(p(new int[] {1, 5}, new int[] {4, 3}).linearStride()).isEqualTo(Long.MIN_VALUE);
        assertThat(p(new int[] {1, 4, 13}, new int[] {4, 3, 2}).linearStride()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void injectiveWhenEachDimensionStepsPastTheInnerOnes() {
        assertThat(p(new int[] {1, 4, 12}, new int[] {4, 3, 2}).injective()).isTrue();
        assertThat(p(new int[] {-1, 8}, new int[] {8, 3}).injective()).isTrue();
        assertThat(p(new int[] {0, 3}, new int[] {1, 3}).injective()).isTrue();
        assertThat(p(new int[] {1, 3}, new int[] {4, 3}).injective()).isFalse();
        assertThat(p(new int[] {0, 1}, new int[] {2, 3}).injective()).isFalse();
        assertThat(p(new int[] {1, 4, 4}, new int[] {4, 2, 2}).injective()).isFalse();
    }

    @Test
    void denseAndValueSemantics() {
        TensorPattern d = TensorPattern.dense(0x40, 4, 1, 3);
        assertThat(d).isEqualTo(new TensorPattern(0x40, new int[] {1, 0, 4}, new int[] {4, 1, 3}));
        assertThat(d.hashCode()).isEqualTo(new TensorPattern(0x40, new int[] {1, 0, 4}, new int[] {4, 1, 3})
                .hashCode());
        int[] steps = {1, 2};
        TensorPattern t = new TensorPattern(0, steps, new int[] {1, 1});
        steps[0] = 9;
        assertThat(t.step(0)).isEqualTo(1);
        assertThatThrownBy(() -> p(new int[] {40000}, new int[] {1})).hasMessage(
                "step_elem[0] = 40000 does not fit int16");
        assertThatThrownBy(() -> p(new int[] {1, 1}, new int[] {1})).hasMessageContaining("2 steps and 1 counts");
    }

    @Test
    void emptyWhenSomeCountIsZeroAndEqualOnlyFieldForField() {
        assertThat(new TensorPattern(0, new int[] {1, 4}, new int[] {4, 0}).empty()).isTrue();
        assertThat(new TensorPattern(0, new int[] {1, 4}, new int[] {4, 2}).empty()).isFalse();
        TensorPattern a = new TensorPattern(0x40, new int[] {1, 4}, new int[] {4, 2});
        assertThat(a).isEqualTo(new TensorPattern(0x40, new int[] {1, 4}, new int[] {4, 2}))
                .hasSameHashCodeAs(new TensorPattern(0x40, new int[] {1, 4}, new int[] {4, 2}))
                .isNotEqualTo(new TensorPattern(0x44, new int[] {1, 4}, new int[] {4, 2}))
                .isNotEqualTo(new TensorPattern(0x40, new int[] {1, 8}, new int[] {4, 2}))
                .isNotEqualTo(new TensorPattern(0x40, new int[] {1, 4}, new int[] {4, 3}))
                .isNotEqualTo("TensorPattern");
    }
}
