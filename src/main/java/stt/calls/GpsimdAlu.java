package stt.calls;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import stt.alu.ArithAlu;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.machine.Tile;

/**
 * {@code tensor_tensor} and {@code tensor_scalar} on the GpSimd engine (FAMILY-NEXT §0.4, decision gpsimd_alu): the
 * calls whose ALU op the Vector Engine's word refuses (divide, pow, mod) run there with the same ALU bodies, SPEC
 * §5's fp32 hub: each input converted to fp32, {@link ArithAlu}, the result converted to the dst dtype.
 * {@code tensor_tensor}: {@code dst = op(data1, data2)}; {@code tensor_scalar}: {@code mid = op0(data, operand0)}
 * ({@code op0(operand0, data)} with reverse0), then {@code op1(mid, operand1)} likewise when op1 is given; an operand
 * is a number or a [P, 1] tile, one value a partition. Fidelity model; NKI publishes no cost for them.
 */
final class GpsimdAlu {
    static final List<String> TENSOR_TENSOR = List.of("data1", "data2", "op", "dtype");
    static final List<String> TENSOR_SCALAR = List.of("data", "op0", "operand0", "reverse0", "op1", "operand1",
            "reverse1", "dtype");
    private static final List<String> NAMES = ArithAlu.OPS.stream().map(Coded::isaName).toList();

    private GpsimdAlu() {
    }

    static LevelCall.Outcome tensorTensor(Args a, CoreState core) {
        Tile x = a.tile("data1");
        Tile y = a.tile("data2");
        if (y.rows() != x.rows() || y.cols() != x.cols()) {
            throw a.bad("data2", "a " + y.rows() + "x" + y.cols() + " tile against data1's " + x.rows() + "x"
                    + x.cols() + "; the two tiles have one shape");
        }
        AluOp op = op(a, "op");
        Dtype out = a.dtype("dtype").orElse(x.dtype());
        Tile dst = Tile.zeros(out, x.rows(), x.cols());
        for (int p = 0; p < x.rows(); p++) {
            for (int k = 0; k < x.cols(); k++) {
                dst.setBits(p, k, out.fromFp32(ArithAlu.apply(op, x.get(p, k), y.get(p, k))));
            }
        }
        return outcome(dst);
    }

    static LevelCall.Outcome tensorScalar(Args a, CoreState core) {
        Tile x = a.tile("data");
        if (!a.has("operand0")) {
            throw a.bad("operand0", "required (a number or a [P, 1] tile)");
        }
        if (a.has("op1") != a.has("operand1")) {
            throw a.bad("op1", "op1 and operand1 go together");
        }
        Stage first = new Stage(op(a, "op0"), a.column("operand0", x.rows(), 0), a.flag("reverse0"));
        Stage second = a.has("op1") ? new Stage(op(a, "op1"), a.column("operand1", x.rows(), 0), a.flag("reverse1"))
                : null;
        Dtype out = a.dtype("dtype").orElse(x.dtype());
        Tile dst = Tile.zeros(out, x.rows(), x.cols());
        for (int p = 0; p < x.rows(); p++) {
            for (int k = 0; k < x.cols(); k++) {
                float r = first.apply(x.get(p, k), p);
                dst.setBits(p, k, out.fromFp32(second == null ? r : second.apply(r, p)));
            }
        }
        return outcome(dst);
    }

    /** One Tensor-Scalar stage: the op, its per-partition operand, and whether the operand comes first. */
    private record Stage(AluOp op, float[] operand, boolean reverse) {
        float apply(float x, int p) {
            return reverse ? ArithAlu.apply(op, operand[p], x) : ArithAlu.apply(op, x, operand[p]);
        }
    }

    private static AluOp op(Args a, String name) {
        String text = a.choice(name, NAMES, null);
        AluOp op = Arrays.stream(AluOp.values()).filter(o -> o.isaName().equals(text)).findFirst().orElseThrow();
        if (!op.definedOn(a.gen())) {
            throw a.bad(name, "not an op of " + a.gen().isaName() + "'s ALU_OP enum (SPEC §2)");
        }
        return op;
    }

    private static LevelCall.Outcome outcome(Tile dst) {
        return new LevelCall.Outcome(Map.of("dst", dst), Fidelity.MODEL, List.of(Decision.GPSIMD_ALU),
                OptionalLong.empty(), List.of());
    }
}
