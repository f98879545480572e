package stt.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import stt.engine.Model;
import stt.exec.ExecutionException;
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
        Result r = Nki.run(call, Model.reference());
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
                Model.reference());
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
                .withOutDtype(Dtype.FP8_E5M2), Model.reference());
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
        assertThatThrownBy(() -> Nki.run(call, Model.reference()))
                .isInstanceOfSatisfying(ExecutionException.class, e -> assertThat(e.violations())
                        .extracting(v -> v.rule()).containsExactly(Rule.HAS_VALID_SCALAR_TENSOR_TENSOR_OP));
    }

    @Test
    void tensorTensorCopyMemsetAndPredicatedCopyFromJava() throws ExecutionException {
        assertThat(Nki.tensorTensor(A, B, AluOp.SUBTRACT))
                .isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, -9, -18, -27, -36, -45, -54));
        Tile ints = Tile.ofFloats(Dtype.UINT8, 1, 3, 0xf0, 0x0f, 0xff);
        Tile masks = Tile.ofFloats(Dtype.UINT8, 1, 3, 0x3c, 0x3c, 0x01);
        Result r = new FamilyCall.TensorTensor(ints, masks, AluOp.BITWISE_AND, java.util.Optional.empty(),
                Generation.MARIANA).run(Model.reference());
        assertThat(r.out()).isEqualTo(Tile.ofFloats(Dtype.UINT8, 1, 3, 0x30, 0x0c, 0x01));
        assertThat(r.word().opcode()).contains(Opcode.TENSOR_TENSOR_BITVEC);
        // 2.5 and 5.5 to int8 truncate; 300 saturates
        Tile f = Tile.ofFloats(Dtype.FP32, 1, 3, 2.5f, -5.5f, 300);
        assertThat(Nki.tensorCopy(f, Dtype.INT8)).isEqualTo(Tile.ofFloats(Dtype.INT8, 1, 3, 2, -5, 127));
        assertThat(new FamilyCall.TensorCopy(f, java.util.Optional.empty(), Generation.MARIANA).instruction()
                .opcode()).contains(Opcode.COPY);
        assertThat(Nki.memset(3, 2, -1.5f, Dtype.BF16)).isEqualTo(Tile.ofFloats(Dtype.BF16, 3, 2, -1.5f, -1.5f,
                -1.5f, -1.5f, -1.5f, -1.5f));
        Tile pred = Tile.ofFloats(Dtype.INT32, 2, 3, 1, 0, 7, 0, 0, -1);
        assertThat(Nki.tensorCopyPredicated(B, A, pred)).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, 1, 20, 3, 40, 50,
                6));
        assertThatThrownBy(() -> Nki.tensorCopyPredicated(B, A, Tile.zeros(Dtype.INT32, 2, 2)))
                .hasMessage("dst is [2, 3] but predicate is [2, 2]; they must have the same shape");
    }

    @Test
    void anOpTheFamilyOpcodeRefusesNamesTheRule() {
        FamilyCall pow = new FamilyCall.TensorTensor(A, B, AluOp.DIVIDE, java.util.Optional.empty(),
                Generation.MARIANA);
        assertThatThrownBy(() -> pow.run(Model.reference()))
                .isInstanceOfSatisfying(ExecutionException.class, e -> assertThat(e.violations())
                        .extracting(v -> v.rule()).containsExactly(Rule.S3S3D3_TT_VALID_OP));
    }

    @Test
    void tensorScalarAndItsReductionWithReadAccumulator() throws ExecutionException {
        // (a - 1) * 0.5 row by row; the reduction is the fp32 sum of a * 2 per partition
        assertThat(Nki.tensorScalar(A, AluOp.SUBTRACT, Operand0.fp32(1), AluOp.MULT, Operand0.fp32(0.5f)))
                .isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, 0, 0.5f, 1, 1.5f, 2, 2.5f));
        TensorScalarReduce.Reduced r = Nki.tensorScalarReduce(A, AluOp.MULT, Operand0.fp32(2), AluOp.ADD);
        assertThat(r.out()).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 3, 2, 4, 6, 8, 10, 12));
        assertThat(r.reduceRes()).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 1, 12, 30));
        assertThat(r.words()).extracting(w -> w.opcode().orElseThrow())
                .containsExactly(Opcode.TENSOR_SCALAR_CACHE_REDUCE, Opcode.DVE_READ_ACCUMULATOR);
        TensorScalarReduce negated = new TensorScalarReduce(A, AluOp.MULT, Operand0.fp32(2), AluOp.MAX, true,
                java.util.Optional.of(Dtype.BF16), Generation.MARIANA);
        assertThat(negated.run(Model.reference()).reduceRes()).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 1, -6,
                -12));
        stt.machine.Machine m = new stt.machine.Machine(Generation.MARIANA);
        m.setAccumulator(0, 1.5f);
        m.setAccumulator(1, -3);
        Tile read = Nki.readAccumulator(m, 2, new stt.isa.MemoryRef(stt.isa.Space.SBUF, 4, 0x80), Dtype.BF16, true,
                Model.reference());
        assertThat(read).isEqualTo(Tile.ofFloats(Dtype.BF16, 2, 1, -1.5f, 3));
        assertThat(m.accumulator(1)).isEqualTo(-3);
    }
}
