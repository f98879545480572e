package stt.fast;

import stt.exec.S2s2d2;
import stt.isa.AluOp;
import stt.exec.Instruction;
import stt.machine.Machine;

/**
 * What the S2S2D2_STT kernels share: resolve the word, hand it back when its operands overlap so that the
 * streaming order would show, read every lane's scalar and start the accumulators, then run.
 */
abstract class S2s2d2Kernel implements Kernel {
    @Override
    public final void execute(Machine m, Instruction p, Lanes lanes) {
        int[] scalars = p.imm0().lanes(m, p.channels(), Chunks.get().s0);
        S2s2d2.startAccumulators(m, p);
        run(m, p, scalars, lanes);
    }

    /** op0 mult, op1 add and no swaps: the shape the fused mult/add paths run. */
    static boolean multThenAdd(Instruction p) {
        return p.op0() == AluOp.MULT && p.op1() == AluOp.ADD && !p.reverse().swapsFirst()
                && !p.reverse().swapsSecond();
    }

    /** Runs a resolved word whose lanes may go in any order, lane c starting from {@code scalars[c]}. */
    abstract void run(Machine m, Instruction p, int[] scalars, Lanes lanes);
}
