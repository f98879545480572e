package stt.calls;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import stt.alu.ArithAlu;
import stt.alu.BitvecAlu;
import stt.exec.TensorReduce;
import stt.isa.AluOp;
import stt.isa.Decision;
import stt.isa.Dtype;
import stt.isa.Fidelity;
import stt.machine.Tile;

/**
 * {@code nki.isa.tensor_partition_reduce} on the GpSimd engine (FAMILY-NEXT §8.4): {@code dst[0, j] = op over p of
 * data[p, j]}, a sequential fold over p = 0..P-1 from the op's identity, {@code acc = op(x, acc)} in fp32 RNE with
 * the canonical NaN as the Vector Engine's reduce (decision partition_reduce_fold); average multiplies each element
 * by fp32(1/P) first and adds; bitwise_or/and fold the raw bits of an integer dtype. NKI publishes no cost for it.
 */
final class PartitionReduce {
    static final List<String> PARAMS = List.of("op", "data", "dtype");
    private static final List<String> OPS = List.of("add", "average", "max", "bitwise_or", "bitwise_and");

    private PartitionReduce() {
    }

    static LevelCall.Outcome run(Args a, CoreState core) {
        String op = a.choice("op", OPS, null);
        Tile data = a.tile("data");
        Dtype out = a.dtype("dtype").orElse(data.dtype());
        boolean bits = op.startsWith("bitwise");
        if (bits && (data.dtype().isFloat() || out != data.dtype())) {
            throw a.bad("op", "a bitwise reduce reads raw integer bits: data and dst of one integer dtype (data is "
                    + data.dtype().isaName() + ", dst " + out.isaName() + ")");
        }
        AluOp alu = switch (op) {
            case "max" -> AluOp.MAX;
            case "bitwise_or" -> AluOp.BITWISE_OR;
            case "bitwise_and" -> AluOp.BITWISE_AND;
            default -> AluOp.ADD;
        };
        float scale = 1.0f / data.rows();
        int width = data.dtype().size() * 8;
        Tile dst = Tile.zeros(out, 1, data.cols());
        for (int j = 0; j < data.cols(); j++) {
            if (bits) {
                int acc = alu == AluOp.BITWISE_AND ? (width == 32 ? -1 : (1 << width) - 1) : 0;
                for (int p = 0; p < data.rows(); p++) {
                    acc = BitvecAlu.apply(alu, data.bits(p, j), acc, width);
                }
                dst.setBits(0, j, acc);
            } else {
                float acc = TensorReduce.identity(alu);
                for (int p = 0; p < data.rows(); p++) {
                    float x = data.get(p, j);
                    acc = ArithAlu.apply(alu, op.equals("average") ? ArithAlu.canonical(x * scale) : x, acc);
                }
                dst.setBits(0, j, out.fromFp32(acc));
            }
        }
        return new LevelCall.Outcome(Map.of("dst", dst), bits ? Fidelity.EXACT : Fidelity.MODEL,
                bits ? List.of() : List.of(Decision.PARTITION_REDUCE_FOLD), OptionalLong.empty(), List.of());
    }
}
