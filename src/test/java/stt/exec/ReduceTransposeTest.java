package stt.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import stt.api.FamilyCall;
import stt.engine.Model;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.machine.Tile;

/**
 * TensorReduce (0x42/0x52) and StreamTranspose (0x6b) on the reference engine, against values worked by hand from
 * FAMILY-NEXT §3.4 (a fold from the op's identity in source order, negate on the fp32 result) and §7.1 (32 x 32
 * blocks, bits copied).
 */
class ReduceTransposeTest {
    static final Generation G = Generation.MARIANA;
    static final ReferenceEngine REF = Model.reference();

    static float[] reduce(Tile data, AluOp op, int k, boolean negate, Dtype out) throws ExecutionException {
        return new FamilyCall.TensorReduce(data, op, k, negate, Optional.of(out), G).run(REF).out().toFloats();
    }

    @Test
    void arithFoldsEachGroupFromTheOpsIdentity() throws ExecutionException {
        // two partitions of two groups of three: [1 2 3 | 4 5 6], [-1 -2 -3 | 10 -20 30]
        Tile data = Tile.ofFloats(Dtype.FP32, 2, 6, 1, 2, 3, 4, 5, 6, -1, -2, -3, 10, -20, 30);
        assertThat(reduce(data, AluOp.ADD, 3, false, Dtype.FP32)).containsExactly(6, 15, -6, 20);
        assertThat(reduce(data, AluOp.MAX, 3, false, Dtype.FP32)).containsExactly(3, 6, -1, 30);
        assertThat(reduce(data, AluOp.MIN, 3, false, Dtype.FP32)).containsExactly(1, 4, -3, -20);
        assertThat(reduce(data, AluOp.MULT, 3, false, Dtype.FP32)).containsExactly(6, 120, -6, -6000);
        assertThat(reduce(data, AluOp.ADD, 3, true, Dtype.FP32)).containsExactly(-6, -15, 6, -20);
        // subtract folds acc = x - acc: 0 -> 1 -> 2 - 1 = 1 -> 3 - 1 = 2
        assertThat(reduce(data, AluOp.SUBTRACT, 3, false, Dtype.FP32)[0]).isEqualTo(2);
        // the whole row as one group, and the result rounded into bf16: 1 + 2^-9 is 1 in bf16
        Tile fine = Tile.ofFloats(Dtype.FP32, 1, 2, 1, 0x1p-9f);
        assertThat(reduce(fine, AluOp.ADD, 2, false, Dtype.BF16)).containsExactly(1);
    }

    @Test
    void bitvecFoldsRawBitsAndAndStartsFromAllOnes() throws ExecutionException {
        Tile data = Tile.ofFloats(Dtype.INT32, 1, 4, 0b0011, 0b0101, 0b1100, 0b0110);
        float[] or = reduce(data, AluOp.BITWISE_OR, 2, false, Dtype.INT32);
        float[] and = reduce(data, AluOp.BITWISE_AND, 2, false, Dtype.INT32);
        float[] xor = reduce(data, AluOp.BITWISE_XOR, 4, false, Dtype.INT32);
        assertThat(or).containsExactly(0b0111, 0b1110);
        assertThat(and).containsExactly(0b0001, 0b0100);
        assertThat(xor).containsExactly(0b0011 ^ 0b0101 ^ 0b1100 ^ 0b0110);
        // on 8-bit lanes AND's identity is 0xff: a group of one keeps its value
        Tile bytes = Tile.ofFloats(Dtype.UINT8, 1, 2, 0x5a, 0xa5);
        assertThat(reduce(bytes, AluOp.BITWISE_AND, 1, false, Dtype.UINT8)).containsExactly(0x5a, 0xa5);
    }

    @Test
    void aTransposeSwapsRowsAndColumnsBitForBit() throws ExecutionException {
        // [3 x 2] -> [2 x 3]; a NaN payload comes through unchanged (bits copied)
        float nan = Float.intBitsToFloat(0x7fa0_0001);
        Tile data = Tile.ofFloats(Dtype.FP32, 3, 2, 1, 2, 3, 4, 5, nan);
        Tile t = new FamilyCall.Transpose(data, G).run(REF).out();
        assertThat(t.rows()).isEqualTo(2);
        assertThat(t.cols()).isEqualTo(3);
        float[] v = t.toFloats();
        assertThat(new float[] {v[0], v[1], v[2], v[3], v[4]}).containsExactly(1, 3, 5, 2, 4);
        assertThat(Float.floatToRawIntBits(v[5])).isEqualTo(0x7fa0_0001);
        // bf16: 32 x 32, every element its own value
        float[] square = new float[32 * 32];
        for (int k = 0; k < square.length; k++) {
            square[k] = k;
        }
        float[] back = new FamilyCall.Transpose(Tile.ofFloats(Dtype.BF16, 32, 32, square), G).run(REF).out()
                .toFloats();
        for (int r = 0; r < 32; r++) {
            for (int c = 0; c < 32; c++) {
                assertThat(back[r * 32 + c]).as("[%d][%d]", r, c).isEqualTo(Dtype.BF16.toFp32(
                        Dtype.BF16.fromFp32(c * 32 + r)));
            }
        }
    }

    @Test
    void everyGroupOf32ChannelsAndBlockOf32ElementsIsTransposedOnItsOwn() throws ExecutionException {
        // 64 channels x 64 elements: 2 x 2 blocks; dst[32g + i][32b + j] = src[32g + j][32b + i] (FAMILY-NEXT §7.1)
        stt.machine.Machine m = new stt.machine.Machine(G);
        float[] src = new float[64 * 64];
        for (int k = 0; k < src.length; k++) {
            src[k] = k;
        }
        m.write(new stt.isa.MemoryRef(stt.isa.Space.SBUF, 0, 0), Tile.ofFloats(Dtype.FP32, 64, 64, src));
        stt.codec.Word w = stt.Asm.line("stream_transpose src=sbuf:0:0x0 src.step_elem=[1,0,0,0]"
                + " src.num_elem=[64,1,1,1] dst=sbuf:0:0x1000 dst.step_elem=[1,0,0,0] dst.num_elem=[64,1,1,1]"
                + " in_dtype=fp32 out_dtype=fp32 num_active_channels=64", G);
        REF.execute(m, w, Trace.OFF);
        float[] dst = m.read(new stt.isa.MemoryRef(stt.isa.Space.SBUF, 0, 0x1000), Dtype.FP32, 64, 64).toFloats();
        for (int g = 0; g < 2; g++) {
            for (int b = 0; b < 2; b++) {
                for (int i = 0; i < 32; i++) {
                    for (int j = 0; j < 32; j++) {
                        assertThat(dst[(32 * g + i) * 64 + 32 * b + j]).as("g %d b %d [%d][%d]", g, b, i, j)
                                .isEqualTo(src[(32 * g + j) * 64 + 32 * b + i]);
                    }
                }
            }
        }
    }
}
