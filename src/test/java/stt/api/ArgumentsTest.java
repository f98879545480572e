package stt.api;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.machine.Tile;

/** The shared argument checks: the first missing argument is named, as {@code Objects.requireNonNull} names it. */
class ArgumentsTest {
    static final Tile A = Tile.ofFloats(Dtype.FP32, 2, 3, 1, 2, 3, 4, 5, 6);

    @Test
    void theFirstNullValueIsNamed() {
        assertThatCode(() -> Arguments.present("a, b", 1, "x")).doesNotThrowAnyException();
        assertThatThrownBy(() -> Arguments.present("a, b, c", 1, null, null))
                .isExactlyInstanceOf(NullPointerException.class).hasMessage("b");
    }

    @Test
    void namesAndValuesMustPair() {
        assertThatThrownBy(() -> Arguments.present("a, b", 1)).isInstanceOf(IllegalStateException.class)
                .hasMessage("2 names (a, b) for 1 values");
    }

    @Test
    void aCallNamesItsMissingArgument() {
        assertThatThrownBy(() -> new FamilyCall.TensorReduce(A, AluOp.ADD, 3, false, null, Generation.DEFAULT))
                .isExactlyInstanceOf(NullPointerException.class).hasMessage("dtype");
        assertThatThrownBy(() -> new FamilyCall.TensorTensor(A, null, AluOp.ADD, Optional.empty(), Generation.DEFAULT))
                .isExactlyInstanceOf(NullPointerException.class).hasMessage("data2");
    }

    @Test
    void shapesMustMatch() {
        Tile b = Tile.ofFloats(Dtype.FP32, 3, 2, 1, 2, 3, 4, 5, 6);
        assertThatThrownBy(() -> Arguments.sameShape("dst", A, "src", b)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dst is [2, 3] but src is [3, 2]; they must have the same shape");
    }
}
