package stt.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import stt.engine.Model;
import stt.exec.ReferenceEngine;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.machine.Machine;
import stt.machine.Tile;

/** The machine a thread keeps between calls is, after every call, exactly what a fresh machine is. */
class PlacementTest {
    @Test
    void theKeptMachineIsAllZerosAfterEveryKindOfCall() throws Exception {
        Tile a = Tile.ofFloats(Dtype.FP32, 3, 5, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
        Tile b = Tile.ofFloats(Dtype.FP32, 3, 5, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
        Tile p = new Tile(Dtype.UINT8, 3, 5, new byte[] {1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1});
        byte[] fresh = new Machine(Generation.DEFAULT).digest();
        ReferenceEngine e = Model.reference();
        Nki.run(Call.of(a, AluOp.MULT, Operand0.fp32(2), AluOp.ADD, b).withAccumulate(Call.Accumulate.RESET), e);
        assertThat(digestOfSpare()).isEqualTo(fresh);
        new FamilyCall.CopyPredicated(b, a, p, Generation.DEFAULT).run(e);
        assertThat(digestOfSpare()).isEqualTo(fresh);
        new FamilyCall.Memset(3, 5, 7, Dtype.BF16, Generation.DEFAULT).run(e);
        assertThat(digestOfSpare()).isEqualTo(fresh);
        new TensorScalarReduce(a, AluOp.ADD, Operand0.fp32(1), AluOp.MAX, true, Optional.empty(), Generation.DEFAULT)
                .run(e);
        assertThat(digestOfSpare()).isEqualTo(fresh);
    }

    private static byte[] digestOfSpare() {
        return Placement.spare(Generation.DEFAULT).orElseThrow().digest();
    }
}
