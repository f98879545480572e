package stt.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stt.exec.ExecutionException;
import stt.exec.ReferenceEngine;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.Opcode;
import stt.machine.Tile;
import stt.validate.Rule;

class NkiTest {
    static final Tile A = Tile.ofFloats(Dtype.FP32, 2, 3, 1, 2, 3, 4, 5, 6);
    static final Tile B = Tile.ofFloats(Dtype.FP32, 2, 3, 10, 20, 30, 40, 50, 60);

    @Test
    void theReadmeExample() throws ExecutionException {
        Tile out = Nki.scalarTensorTensor(A, AluOp.MULT, Operand0.fp32(2), AluOp.ADD, B);
        assertThat(out).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, 12, 24, 36, 48, 60, 72));
    }

    @Test
    void reverseFlagsPerPartitionScalarAndAccumulator() throws ExecutionException {
        Call call = Call.of(A, AluOp.SUBTRACT, Operand0.perPartition(Tile.ofFloats(Dtype.BF16, 2, 1, 100, 200)),
                AluOp.SUBTRACT, B).withReverse(true, true).withAccumulate(Call.Accumulate.RESET)
                .withOutDtype(Dtype.BF16);
        Result r = Nki.run(call, new ReferenceEngine());
        // out = B - (s - A)
        assertThat(r.out()).isEqualTo(Tile.ofFloats(Dtype.BF16, 2, 3, -89, -78, -67, -156, -145, -134));
        assertThat(r.accumulators()).containsExactly(-89 - 78 - 67, -156 - 145 - 134);
        assertThat(r.word().opcode()).contains(Opcode.SCALAR_TENSOR_TENSOR_ARITH);
    }

    @Test
    void bitvecOpsChooseTheBitvecOpcodeAndTheInputDtype() throws ExecutionException {
        Tile x = new Tile(Dtype.UINT8, 1, 4, new byte[] {1, 2, 3, (byte) 0xff});
        Tile y = new Tile(Dtype.UINT8, 1, 4, new byte[] {0x10, 0x20, 0x30, 0x40});
        Result r = Nki.run(Call.of(x, AluOp.LOGICAL_SHIFT_LEFT, Operand0.bits(1), AluOp.BITWISE_XOR, y),
                new ReferenceEngine());
        assertThat(r.word().opcode()).contains(Opcode.SCALAR_TENSOR_TENSOR_BITVEC);
        assertThat(r.out()).isEqualTo(new Tile(Dtype.UINT8, 1, 4, new byte[] {0x12, 0x24, 0x36, (byte) 0xbe}));
        assertThat(Call.isBitvec(AluOp.BYPASS, AluOp.BYPASS, Generation.MARIANA)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(ints = {40_000, 70_000})
    void largeFreeSizesFitTheU16CountsAndInt16Steps(int cols) throws ExecutionException {
        float[] v = new float[cols];
        for (int k = 0; k < v.length; k++) {
            v[k] = k;
        }
        Tile big = Tile.ofFloats(Dtype.FP8_E5M2, 1, cols, v);
        Result r = Nki.run(Call.of(big, AluOp.BYPASS, Operand0.fp32(0), AluOp.BYPASS, big)
                .withOutDtype(Dtype.FP8_E5M2), new ReferenceEngine());
        assertThat(r.out()).isEqualTo(big);
        assertThat(r.word().pattern("src0").num(0) * r.word().pattern("src0").num(1))
                .isEqualTo(cols);
    }

    @Test
    void badShapesAreRefusedBeforeAnythingRuns() {
        Tile c = Tile.ofFloats(Dtype.FP32, 2, 2, 1, 2, 3, 4);
        assertThatThrownBy(() -> Nki.scalarTensorTensor(A, AluOp.ADD, Operand0.fp32(1), AluOp.ADD, c))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must have the same shape");
        Tile wide = Tile.zeros(Dtype.FP32, 1, 30_000);
        assertThatThrownBy(() -> Nki.scalarTensorTensor(wide, AluOp.ADD, Operand0.fp32(1), AluOp.ADD, wide))
                .hasMessageContaining("needs 360064 bytes per partition").hasMessageContaining("262144 (256 KiB)");
        Tile prime = Tile.zeros(Dtype.FP8_E4M3, 1, 65_537);
        assertThatThrownBy(() -> Nki.scalarTensorTensor(prime, AluOp.ADD, Operand0.fp32(1), AluOp.ADD, prime))
                .hasMessageContaining("cannot be written as n1 x n0");
    }

    @Test
    void aDtypeTheOpcodeRefusesIsAnExecutionExceptionNamingTheRule() {
        Call call = Call.of(A, AluOp.ADD, Operand0.fp32(1), AluOp.RELU, B).withGeneration(Generation.CAYMAN);
        assertThatThrownBy(() -> Nki.run(call, new ReferenceEngine()))
                .isInstanceOfSatisfying(ExecutionException.class, e -> assertThat(e.violations())
                        .extracting(v -> v.rule()).containsExactly(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP));
    }
}
