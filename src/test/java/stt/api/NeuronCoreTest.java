package stt.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import stt.engine.EngineProvider;
import stt.exec.Engine;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.machine.Tile;

/** Calls bound to a NeuronCore keep its accumulators from one call to the next; unbound calls start fresh. */
class NeuronCoreTest {
    static final Tile A = Tile.ofFloats(Dtype.FP32, 2, 3, 1, 2, 3, 4, 5, 6);
    static final Engine E = EngineProvider.defaultEngine();

    /** data * 1 + 0 per element, folded into the accumulators by {@code how}: the result's accumulators. */
    static float[] sum(Call.Accumulate how) throws Exception {
        Tile zeros = Tile.ofFloats(Dtype.FP32, 2, 3, 0, 0, 0, 0, 0, 0);
        return Nki.run(Call.of(A, AluOp.MULT, Operand0.fp32(1), AluOp.ADD, zeros).withAccumulate(how), E)
                .accumulators();
    }

    @Test
    void aBoundCoreKeepsTheAccumulatorsAcrossCallsAndResetZeroesIt() throws Exception {
        NeuronCore core = new NeuronCore();
        float[][] got = ScopedValue.where(NeuronCore.CURRENT, core).call(() -> {
            float[] first = sum(Call.Accumulate.RESET);
            float[] second = sum(Call.Accumulate.ADD);
            core.reset();
            float[] afterReset = sum(Call.Accumulate.ADD);
            return new float[][] {first, second, afterReset};
        });
        // row sums 6 and 15, by hand; reduce adds a second pass; after reset the accumulators start at zero
        assertThat(got[0]).containsExactly(6, 15);
        assertThat(got[1]).containsExactly(12, 30);
        assertThat(got[2]).containsExactly(6, 15);
        assertThat(core.machine(Generation.DEFAULT).accumulator(0)).isEqualTo(6);
    }

    @Test
    void unboundCallsStartFromAFreshMachine() throws Exception {
        sum(Call.Accumulate.RESET);
        assertThat(sum(Call.Accumulate.ADD)).containsExactly(6, 15);
    }

    @Test
    void tensorScalarReduceFoldsOntoTheCoresAccumulatorsWithReduce() throws Exception {
        NeuronCore core = new NeuronCore();
        TensorScalarReduce first = new TensorScalarReduce(A, AluOp.MULT, Operand0.fp32(2), AluOp.ADD, false,
                Optional.empty(), Generation.DEFAULT);
        TensorScalarReduce more = new TensorScalarReduce(A, AluOp.MULT, Operand0.fp32(2), AluOp.ADD, false,
                Optional.empty(), Generation.DEFAULT, TensorScalarReduce.ReduceCmd.REDUCE, Optional.empty());
        Tile res = ScopedValue.where(NeuronCore.CURRENT, core).call(() -> {
            first.run(E);
            return more.run(E).reduceRes();
        });
        assertThat(res).isEqualTo(Tile.ofFloats(Dtype.FP32, 2, 1, 24, 60));
    }
}
