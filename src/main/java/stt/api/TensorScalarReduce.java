package stt.api;

import java.util.List;
import java.util.Optional;
import stt.codec.TensorPattern;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.exec.Trace;
import stt.isa.AccumCmd;
import stt.isa.AluOp;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.isa.Opcode;
import stt.isa.Space;
import stt.machine.Tile;

/**
 * {@code nki.isa.tensor_scalar_reduce(data, op0, operand0, reduce_op, reduce_res, reduce_cmd, reduce_init,
 * reduce_res_negate, dtype)} as the device runs it: TensorScalarCacheReduce (0x9a) writes {@code data op0 operand0}
 * and folds it into each partition's accumulator with reduce_op, starting from reduce_op's identity
 * ({@code reset_reduce}: zero_accumulate), the accumulator as it is ({@code reduce}: accumulate, which on a
 * {@link NeuronCore} is the previous call's) or {@code reduce_init} ({@code load_reduce}: load_accumulate from imm1);
 * then DveReadAccumulator (0x9b) writes the accumulators (negated if asked) as the fp32 [P, 1] reduce_res.
 * {@code cumulative} is {@code nki.isa.tensor_scalar_cumulative}: TensorScalarCacheCumulative (0xe6) writes the
 * running fold at every element instead, and reduce_res is the accumulators as the word leaves them (no 0x9b).
 */
public record TensorScalarReduce(Tile data, AluOp op0, Operand0 operand0, AluOp reduceOp, boolean negate,
        Optional<Dtype> dtype, Generation gen, ReduceCmd command, Optional<Operand0> init, boolean cumulative) {
    /** NKI's reduce_cmd values this call takes. */
    public enum ReduceCmd {
        RESET_REDUCE(AccumCmd.ZERO_ACCUMULATE), REDUCE(AccumCmd.ACCUMULATE), LOAD_REDUCE(AccumCmd.LOAD_ACCUMULATE);

        final AccumCmd accumulatorCmd;

        ReduceCmd(AccumCmd accumulatorCmd) {
            this.accumulatorCmd = accumulatorCmd;
        }
    }

    /** tensor_scalar_reduce (0x9a then 0x9b). */
    public TensorScalarReduce(Tile data, AluOp op0, Operand0 operand0, AluOp reduceOp, boolean negate,
            Optional<Dtype> dtype, Generation gen, ReduceCmd command, Optional<Operand0> init) {
        this(data, op0, operand0, reduceOp, negate, dtype, gen, command, init, false);
    }

    /** The call with reduce_cmd reset_reduce (NKI's default). */
    public TensorScalarReduce(Tile data, AluOp op0, Operand0 operand0, AluOp reduceOp, boolean negate,
            Optional<Dtype> dtype, Generation gen) {
        this(data, op0, operand0, reduceOp, negate, dtype, gen, ReduceCmd.RESET_REDUCE, Optional.empty(), false);
    }

    public TensorScalarReduce {
        Arguments.present("data, op0, operand0, reduceOp, dtype, gen, command, init",
                data, op0, operand0, reduceOp, dtype, gen, command, init);
        if ((command == ReduceCmd.LOAD_REDUCE) != init.isPresent()) {
            throw new IllegalArgumentException("reduce_init goes with reduce_cmd load_reduce, and load_reduce needs"
                    + " it: got " + command.name().toLowerCase(java.util.Locale.ROOT) + " with"
                    + (init.isPresent() ? "" : "out") + " reduce_init");
        }
        if (cumulative && negate) {
            throw new IllegalArgumentException("tensor_scalar_cumulative has no reduce_res negation");
        }
    }

    /** The elementwise result, reduce_res, and the two words that made them. */
    public record Reduced(Tile out, Tile reduceRes, List<Word> words) {
    }

    public Dtype outDtype() {
        return dtype.orElse(Dtype.FP32);
    }

    /** The two words, laid out as {@link #run} lays them out. */
    public List<Word> instructions() {
        return layout().words;
    }

    public Reduced run(Engine engine) throws ExecutionException {
        Layout l = layout();
        return l.place.onMachine(m -> {
            for (Word w : l.words) {
                engine.execute(m, w, Trace.OFF);
            }
            Tile out = l.place.read(m, l.out, outDtype(), data.rows(), data.cols());
            Tile res = cumulative ? Tile.ofFloats(Dtype.FP32, data.rows(), 1, m.accumulators(data.rows()))
                    : l.place.read(m, l.reduce, Dtype.FP32, data.rows(), 1);
            return new Reduced(out, res, l.words);
        });
    }

    private record Layout(Placement place, List<Word> words, int out, int reduce) {
    }

    private Layout layout() {
        // the Tensor-Scalar call lays out data, operand0 and (as its operand1) reduce_init the same way
        FamilyCall.TensorScalar ts = new FamilyCall.TensorScalar(data, op0, operand0, false,
                init.map(i -> reduceOp), init, false, dtype.or(() -> Optional.of(Dtype.FP32)), gen);
        Staged staged = ts.stage();
        Placement p = staged.place();
        int reduce = p.reserve(4);
        p.checkFits("data, the scalar, the output and reduce_res");
        Word cache = Word.builder(cumulative ? Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE
                        : Opcode.TENSOR_SCALAR_CACHE_REDUCE).pattern("src", staged.word().pattern("src"))
                .pattern("dst", staged.word().pattern("dst")).set("in_dtype", data.dtype().code())
                .set("out_dtype", outDtype().code()).set("op0", op0.code()).set("op1", reduceOp.code())
                .set("imm0_src", staged.word().get("imm0_src")).set("imm0", staged.word().get("imm0"))
                .set("imm1_src", staged.word().get("imm1_src")).set("imm1", staged.word().get("imm1"))
                .set("accumulator_cmd", command.accumulatorCmd.code()).set("num_active_channels", p.rows()).build();
        return new Layout(p, cumulative ? List.of(cache) : List.of(cache, Nki.readAccumulatorWord(gen, p.rows(),
                new MemoryRef(Space.SBUF, 0, reduce), Dtype.FP32, negate)), staged.out(), reduce);
    }

    static TensorPattern column(Generation gen, MemoryRef at) {
        return new TensorPattern(gen.partitionOffset(at.space(), at.partition(), at.offset()), new int[] {1},
                new int[] {1});
    }
}
