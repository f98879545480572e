package stt.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import stt.api.Call;
import stt.api.FamilyCall;
import stt.api.Nki;
import stt.api.Operand0;
import stt.api.Resident;
import stt.api.Result;
import stt.api.TensorScalarReduce;
import stt.codec.Codec;
import stt.codec.Word;
import stt.exec.Engine;
import stt.exec.ExecutionException;
import stt.isa.AluOp;
import stt.isa.Coded;
import stt.isa.Dtype;
import stt.isa.Generation;
import stt.isa.MemoryRef;
import stt.machine.Tile;
import stt.npy.NpyArray;
import stt.text.Numbers;
import stt.text.TextForm;

@Command(name = "eval", description = "The NKI-style call on .npy tiles: OUT = (DATA op0 OPERAND0) op1 OPERAND1"
        + " (stt, scan, select-reduce; tensor-scalar with scalar operands), OUT = DATA op DATA2 (tensor-tensor),"
        + " OUT = DATA as --out-dtype (copy), OUT = VALUE (memset), OUT = PREDICATE ? DATA : DST-IN"
        + " (copy-predicated), OUT = 1 / DATA (reciprocal), each K elements of DATA folded with --op"
        + " (tensor-reduce) or OUT = DATA transposed, at most 32 x 32 (transpose).")
final class EvalCommand extends Subcommand {
    @Option(names = "--data", paramLabel = "A.npy", description = "[P, F] data (src0; copy-predicated: src); every"
            + " instruction but memset needs it")
    String data;

    @Option(names = "--reduce-op", paramLabel = "OP", description = "tensor-scalar: also fold (data op0 operand0)"
            + " into each partition with OP (0x9a) and write the [P, 1] fold with --accum-out (0x9b):"
            + " nki.isa.tensor_scalar_reduce")
    String reduceOp;

    @Option(names = "--cumulative", description = "tensor-scalar with --reduce-op: write the running fold at every"
            + " element (0xe6, nki.isa.tensor_scalar_cumulative); --accum-out gets the accumulators it leaves")
    boolean cumulative;

    @Option(names = "--reduce-negate", description = "tensor-scalar with --reduce-op: negate the fold as it is read")
    boolean reduceNegate;

    @Option(names = "--reduce-cmd", paramLabel = "CMD", description = "tensor-scalar with --reduce-op: reset_reduce"
            + " (default: start from the op's identity), reduce (from the accumulators as they are: in stt serve, the"
            + " session's), load_reduce (from --reduce-init)")
    String reduceCmd;

    @Option(names = "--reduce-init", paramLabel = "X", description = "tensor-scalar with --reduce-cmd load_reduce:"
            + " the starting fold, a number or a [P, 1] fp32 .npy")
    String reduceInit;

    @Option(names = "--reduce-size", paramLabel = "K", description = "tensor-reduce: fold each K consecutive elements"
            + " of a partition into one (default: all F), OUT is [P, F/K]")
    Integer reduceSize;

    @Option(names = "--negate", description = "tensor-reduce: negate each fold")
    boolean negate;

    @Option(names = "--shape", paramLabel = "PxF", description = "memset: the [P, F] shape to set")
    String shape;

    @Option(names = "--value", paramLabel = "NUMBER", description = "memset: the value, encoded in --out-dtype (an"
            + " integer exactly; a float rounded to nearest even from the value itself)")
    String value;

    @Option(names = "--predicate", paramLabel = "P.npy", description = "copy-predicated: the [P, F] integer"
            + " predicate (non-zero: dst takes data)")
    String predicate;

    @Option(names = "--dst-in", paramLabel = "D.npy", description = "copy-predicated: dst before the call (kept"
            + " where the predicate is zero; its dtype is the output's)")
    String dstIn;

    @Option(names = "--op0", paramLabel = "OP", description = "stage-1 ALU op (select-reduce: bypass, the default)")
    String op0;

    @Option(names = "--operand0", paramLabel = "NUMBER|S.npy",
            description = "inline scalar (fp32; an integer, decimal or 0x-hex, for bitvec) or a [P, 1] / [P] .npy")
    String operand0;

    @Option(names = "--op1", paramLabel = "OP", description = "stage-2 ALU op (select-reduce: max, the default)")
    String op1;

    @Option(names = "--operand1", paramLabel = "B.npy", description = "[P, F] second tensor (src1)")
    String operand1;

    @Option(names = "--data2", paramLabel = "B.npy", description = "tensor-tensor: the [P, F] right operand")
    String data2;

    @Option(names = "--op", paramLabel = "OP", description = "tensor-tensor: the ALU op")
    String op;

    @Option(names = "-o", required = true, paramLabel = "OUT.npy", description = "the result, [P, F]; in stt serve"
            + " also a region of the session's memory, MEM:P:OFF:ROWSxCOLS:DTYPE, where the word then writes it")
    Path output;

    @Option(names = "--staging-bytes", paramLabel = "N", description = "with operands in the session's memory: the"
            + " tiles given as files are staged in the first N bytes of each SBUF partition (the caller's tensors"
            + " lie above)")
    Long stagingBytes;

    /** The tiles read from the session's memory, each with its PARTITION_OFFSET (a tile option given as a region). */
    private final Map<Tile, Integer> homes = new IdentityHashMap<>();

    @Option(names = "--reverse0", description = "stage 1 computes operand0 op0 data")
    boolean reverse0;

    @Option(names = "--reverse1", description = "stage 2 computes operand1 op1 (stage 1)")
    boolean reverse1;

    @Option(names = "--out-dtype", paramLabel = "D", description = "output dtype (default fp32; bitvec: the input's)")
    String outDtype;

    @Option(names = "--dtype0", paramLabel = "D", description = "read the data's elements as D (e.g. bf16 bits in a"
            + " uint16 array)")
    String dtype0;

    @Option(names = "--dtype1", paramLabel = "D", description = "read operand1's elements as D")
    String dtype1;

    @Option(names = "--accumulate", paramLabel = "add|reset", description = "add results into the per-partition"
            + " accumulator (reset zeroes it first): ${COMPLETION-CANDIDATES}")
    Accumulate accumulate;

    @Option(names = "--accum-out", paramLabel = "ACC.npy", description = "write the [P, 1] fp32 accumulator")
    Path accumOut;

    @Option(names = "--instruction", paramLabel = "I", defaultValue = "stt",
            description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    Instruction instruction;

    /** The NKI calls {@code eval} makes, by {@code --instruction}. */
    enum Instruction {
        STT, SCAN, SELECT_REDUCE, TENSOR_TENSOR, TENSOR_SCALAR, COPY, MEMSET, COPY_PREDICATED, RECIPROCAL,
        TENSOR_REDUCE, TRANSPOSE;

        @Override
        public String toString() {
            return Choices.spelling(this);
        }
    }

    /** {@code --accumulate}: the accumulator command of the STT-struct calls. */
    enum Accumulate {
        ADD(Call.Accumulate.ADD), RESET(Call.Accumulate.RESET);

        final Call.Accumulate command;

        Accumulate(Call.Accumulate command) {
            this.command = command;
        }

        @Override
        public String toString() {
            return Choices.spelling(this);
        }
    }

    @Mixin
    GenerationMixin generation;

    @Mixin
    EngineMixin engineOption;

    @Option(names = "--print-instruction", description = "print the word it built, as text and hex")
    boolean printInstruction;

    @Override
    public Integer call() {
        Generation gen = generation.gen;
        var e = engineOption.engine();
        PrintWriter out = out();
        homes.clear(); // the command object serves request after request
        Optional<Resident.Out> outPlace = Optional.empty();
        if (Locations.isRegion(output.toString())) {
            Locations.Region r = Locations.region(output.toString(), "-o " + output);
            Locations.session("-o " + output, gen);
            outPlace = Optional.of(new Resident.Out(place(gen, r.at()), r.at(), r.rows(), r.cols(), r.dtype()));
        } else {
            Programs.checkWritable(output);
        }
        if (accumOut != null) {
            Programs.checkWritable(accumOut);
        }
        if (instruction != Instruction.TENSOR_SCALAR && (reduceOp != null || reduceNegate || reduceCmd != null
                || reduceInit != null || cumulative)) {
            throw new InputException("--reduce-op, --reduce-negate, --reduce-cmd, --reduce-init and --cumulative apply"
                    + " to --instruction tensor-scalar only");
        }
        if (cumulative && reduceOp == null) {
            throw new InputException("--cumulative needs --reduce-op (the fold whose running value is written)");
        }
        if (instruction != Instruction.TENSOR_REDUCE && (reduceSize != null || negate)) {
            throw new InputException("--reduce-size and --negate apply to --instruction tensor-reduce only");
        }
        Resident resident = new Resident(homes, outPlace, stagingBytes == null ? Long.MAX_VALUE : stagingBytes);
        boolean outputFile = outPlace.isEmpty();
        return ScopedValue.where(Resident.CURRENT, resident).call(() -> evaluate(gen, e, out, outputFile));
    }

    /** Builds the call (reading its tiles), prints its word if asked, runs it and writes its outputs. */
    private int evaluate(Generation gen, Engine e, PrintWriter out, boolean outputFile) {
        Built built;
        try {
            // everything a user's arguments can get wrong shows here, while the call is built and laid out
            built = switch (instruction) {
                case STT, SCAN, SELECT_REDUCE -> {
                    Call call = sttCall(gen);
                    yield new Built(List.of(Nki.instruction(call)), () -> Outputs.of(Nki.run(call, e)));
                }
                case TENSOR_SCALAR -> {
                    if (reduceOp == null) {
                        FamilyCall call = tensorScalarCall(gen);
                        yield new Built(List.of(call.instruction()), () -> Outputs.of(call.run(e)));
                    }
                    TensorScalarReduce call = tensorScalarReduceCall(gen);
                    yield new Built(call.instructions(), () -> {
                        TensorScalarReduce.Reduced r = call.run(e);
                        return new Outputs(r.out(), r.reduceRes());
                    });
                }
                case TENSOR_TENSOR, COPY, MEMSET, COPY_PREDICATED, RECIPROCAL, TENSOR_REDUCE, TRANSPOSE -> {
                    FamilyCall call = familyCall(gen);
                    yield new Built(List.of(call.instruction()), () -> Outputs.of(call.run(e)));
                }
            };
        } catch (IllegalArgumentException ex) {
            throw new InputException(ex.getMessage());
        }
        Served.ran(built.words(), gen);
        if (printInstruction) {
            for (Word w : built.words()) {
                out.println(TextForm.disassemble(w, gen));
                out.println(HexFormat.ofDelimiter(" ").formatHex(Codec.encode(w)));
            }
        }
        try {
            Outputs r = built.run().run();
            if (outputFile) {
                NpyFiles.write(output, r.out());
            }
            if (accumOut != null) {
                NpyFiles.write(accumOut, r.accumulators());
            }
            return ExitCode.OK;
        } catch (ExecutionException ex) {
            Served.refused(ex.verdicts(), built.words().size() == 1 ? 0 : -1);
            err().println("stt: eval: " + ex.getMessage());
            return ExitCode.INVALID;
        }
    }

    /** The call once built: its instruction words, and how to run them on the chosen engine. */
    private record Built(List<Word> words, Runner run) {
    }

    @FunctionalInterface
    private interface Runner {
        Outputs run() throws ExecutionException;
    }

    /** What the call wrote: its output, and the [P, 1] fp32 accumulators (or tensor_scalar_reduce's reduce_res). */
    private record Outputs(Tile out, Tile accumulators) {
        static Outputs of(Result r) {
            float[] acc = r.accumulators();
            return new Outputs(r.out(), Tile.ofFloats(Dtype.FP32, acc.length, 1, acc));
        }
    }

    /** The STT-struct calls: scalar_tensor_tensor, tensor_tensor_scan, select_reduce. */
    private Call sttCall(Generation gen) {
        refuseSingleStage();
        Call.Instruction kind = switch (instruction) {
            case SCAN -> Call.Instruction.SCAN;
            case SELECT_REDUCE -> Call.Instruction.SELECT_REDUCE;
            default -> Call.Instruction.STT;
        };
        refuse("--data2", data2);
        refuse("--op", op);
        boolean select = kind == Call.Instruction.SELECT_REDUCE;
        AluOp a0 = aluOp("--op0", op0 != null || !select ? op0 : "bypass");
        AluOp a1 = aluOp("--op1", op1 != null || !select ? op1 : "max");
        require("--operand0", operand0);
        require("--operand1", operand1);
        require("--data", data);
        Tile a = tile("--data", data, dtypeOption("--dtype0", dtype0));
        Tile b = tile("--operand1", operand1, dtypeOption("--dtype1", dtype1));
        boolean bitvec = kind == Call.Instruction.STT && Call.isBitvec(a0, a1, gen);
        return new Call(a, a0, scalar(bitvec), a1, b, reverse0, reverse1,
                Optional.ofNullable(outDtype).map(EvalCommand::anyDtype), accumulate(), gen, kind);
    }

    /** tensor_scalar: --data, --op0/--operand0 and optionally --op1/--operand1, the scalars numbers or [P, 1]. */
    private FamilyCall tensorScalarCall(Generation gen) {
        refuseSingleStage();
        for (String[] o : new String[][] {{"--data2", data2}, {"--op", op}}) {
            refuse(o[0], o[1]);
        }
        refuse("--accumulate", accumulate);
        if (accumOut != null || reduceCmd != null || reduceInit != null) {
            throw new InputException("--accum-out, --reduce-cmd and --reduce-init do not apply to --instruction"
                    + " tensor-scalar without --reduce-op (it leaves the accumulator alone)");
        }
        AluOp a0 = aluOp("--op0", op0);
        require("--operand0", operand0);
        Optional<AluOp> a1 = Optional.ofNullable(op1).map(name -> aluOp("--op1", name));
        if (a1.isPresent() != (operand1 != null)) {
            throw new InputException("--op1 and --operand1 go together for --instruction tensor-scalar");
        }
        boolean bitvec = Call.isBitvec(a0, a1.orElse(AluOp.BYPASS), gen);
        require("--data", data);
        Tile a = tile("--data", data, dtypeOption("--dtype0", dtype0));
        Optional<Dtype> out = Optional.ofNullable(outDtype).map(EvalCommand::anyDtype);
        return new FamilyCall.TensorScalar(a, a0, scalar("--operand0", operand0, bitvec), reverse0, a1,
                Optional.ofNullable(operand1).map(t -> scalar("--operand1", t, bitvec)), reverse1, out, gen);
    }

    /** tensor_scalar_reduce: --data, --op0/--operand0, --reduce-op, --accum-out for the fold; no second stage. */
    private TensorScalarReduce tensorScalarReduceCall(Generation gen) {
        refuseSingleStage();
        for (String[] o : new String[][] {{"--data2", data2}, {"--op", op}, {"--op1", op1}, {"--operand1", operand1}}) {
            refuse(o[0], o[1]);
        }
        refuse("--accumulate", accumulate);
        if (reverse0 || reverse1) {
            throw new InputException("--reverse0 and --reverse1 do not apply to --instruction tensor-scalar with"
                    + " --reduce-op");
        }

        AluOp a0 = aluOp("--op0", op0);
        AluOp fold = aluOp("--reduce-op", reduceOp);
        require("--operand0", operand0);
        require("--data", data);
        Tile a = tile("--data", data, dtypeOption("--dtype0", dtype0));
        TensorScalarReduce.ReduceCmd cmd = reduceCmd == null ? TensorScalarReduce.ReduceCmd.RESET_REDUCE
                : java.util.Arrays.stream(TensorScalarReduce.ReduceCmd.values())
                        .filter(c -> c.name().equalsIgnoreCase(reduceCmd)).findFirst()
                        .orElseThrow(() -> new InputException("--reduce-cmd " + reduceCmd + ": allowed: reset_reduce,"
                                + " reduce, load_reduce"));
        Optional<Operand0> init = Optional.ofNullable(reduceInit).map(x -> scalar("--reduce-init", x, false));
        try {
            return new TensorScalarReduce(a, a0, scalar("--operand0", operand0, false), fold, reduceNegate,
                    Optional.ofNullable(outDtype).map(EvalCommand::anyDtype), gen, cmd, init, cumulative);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage());
        }
    }

    /**
     * The single-stage calls: tensor_tensor (--data, --data2, --op), tensor_copy (--data, --out-dtype), memset
     * (--shape, --value, --out-dtype) and tensor_copy_predicated (--data, --predicate, --dst-in).
     */
    private FamilyCall familyCall(Generation gen) {
        if (instruction == Instruction.MEMSET) {
            return memsetCall(gen);
        }
        for (String[] o : new String[][] {{"--op0", op0}, {"--op1", op1}, {"--operand0", operand0},
            {"--operand1", operand1}}) {
            refuse(o[0], o[1]);
        }
        refuse("--accumulate", accumulate);
        if (reverse0 || reverse1 || accumOut != null) {
            throw new InputException("--reverse0, --reverse1 and --accum-out do not apply to --instruction "
                    + instruction);
        }
        require("--data", data);
        Tile a = tile("--data", data, dtypeOption("--dtype0", dtype0));
        Optional<Dtype> out = Optional.ofNullable(outDtype).map(EvalCommand::anyDtype);
        if (instruction == Instruction.COPY_PREDICATED) {
            refuse("--data2", data2);
            refuse("--op", op);
            refuse("--out-dtype", outDtype);
            require("--predicate", predicate);
            require("--dst-in", dstIn);
            Tile pred = tile("--predicate", predicate, null);
            Tile before = tile("--dst-in", dstIn, dtypeOption("--dtype1", dtype1));
            return new FamilyCall.CopyPredicated(before, a, pred, gen);
        }
        refuseSingleStage();
        if (instruction == Instruction.TENSOR_TENSOR) {
            AluOp o = aluOp("--op", op);
            require("--data2", data2);
            Tile b = tile("--data2", data2, dtypeOption("--dtype1", dtype1));
            return new FamilyCall.TensorTensor(a, b, o, out, gen);
        }
        refuse("--data2", data2); // the one-source calls
        if (instruction == Instruction.TENSOR_REDUCE) {
            return new FamilyCall.TensorReduce(a, aluOp("--op", op), reduceSize == null ? a.cols() : reduceSize,
                    negate, out, gen);
        }
        refuse("--op", op);
        return switch (instruction) {
            case COPY -> new FamilyCall.TensorCopy(a, out, gen);
            case RECIPROCAL -> new FamilyCall.Reciprocal(a, out, gen);
            case TRANSPOSE -> {
                refuse("--out-dtype", outDtype);
                yield new FamilyCall.Transpose(a, gen);
            }
            default -> throw new IllegalStateException(instruction + " is not a single-stage call");
        };
    }

    /** memset: --shape PxF, --value, --out-dtype; no tensor operand. */
    private FamilyCall memsetCall(Generation gen) {
        for (String[] o : new String[][] {{"--data", data}, {"--data2", data2}, {"--op", op}, {"--op0", op0},
            {"--op1", op1}, {"--operand0", operand0}, {"--operand1", operand1}, {"--predicate", predicate},
            {"--dst-in", dstIn}, {"--dtype0", dtype0}, {"--dtype1", dtype1}}) {
            refuse(o[0], o[1]);
        }
        refuse("--accumulate", accumulate);
        if (reverse0 || reverse1 || accumOut != null) {
            throw new InputException("--reverse0, --reverse1 and --accum-out do not apply to --instruction memset");
        }
        require("--shape", shape);
        require("--value", value);
        require("--out-dtype", outDtype);
        String[] pf = shape.split("x", -1);
        if (pf.length != 2) {
            throw new InputException("--shape " + shape + ": expected PxF, e.g. 128x512");
        }
        int rows = (int) Locations.number(pf[0], "--shape " + shape + " partitions", Integer.MAX_VALUE);
        int cols = (int) Locations.number(pf[1], "--shape " + shape + " elements", Integer.MAX_VALUE);
        Dtype dtype = anyDtype(outDtype);
        try {
            return new FamilyCall.Memset(rows, cols, memsetValue(value, dtype), dtype, gen);
        } catch (IllegalArgumentException e) {
            throw new InputException("--value " + value + ": " + e.getMessage());
        }
    }

    /** The options only memset and copy-predicated take, refused by every other instruction. */
    private void refuseSingleStage() {
        for (String[] o : new String[][] {{"--shape", shape}, {"--value", value}, {"--predicate", predicate},
            {"--dst-in", dstIn}}) {
            refuse(o[0], o[1]);
        }
    }

    private void require(String option, String value) {
        if (value == null) {
            throw new InputException(option + " is required for --instruction " + instruction);
        }
    }

    private void refuse(String option, Object value) {
        if (value != null) {
            throw new InputException(option + " does not apply to --instruction " + instruction);
        }
    }

    private AluOp aluOp(String option, String name) {
        if (name == null) {
            throw new InputException(option + " is required for --instruction " + instruction);
        }
        return Coded.byName(AluOp.class, name).orElseThrow(() -> new InputException(option + " " + name
                + ": unknown ALU op; allowed: " + String.join(", ", java.util.Arrays.stream(AluOp.values())
                        .map(AluOp::isaName).toList())));
    }

    private static Dtype dtypeOption(String option, String name) {
        return name == null ? null : Locations.elementDtype(name, option + " " + name);
    }

    /** Any dtype name: one the opcode does not allow is the validator's to report (exit 1). */
    private static Dtype anyDtype(String name) {
        return Coded.byName(Dtype.class, name).orElseThrow(() -> new InputException("--out-dtype " + name
                + ": unknown dtype; allowed: " + String.join(", ", java.util.Arrays.stream(Dtype.values())
                        .map(Dtype::isaName).toList())));
    }

    private Call.Accumulate accumulate() {
        return accumulate == null ? Call.Accumulate.NONE : accumulate.command;
    }

    /**
     * A tile option: a .npy file (read as {@code dtypeOverride} when given), or in stt serve a region of the session's
     * memory, MEM:P:OFF:ROWSxCOLS:DTYPE, which the call then reads and writes where it is ({@link Resident}).
     */
    private Tile tile(String option, String text, Dtype dtypeOverride) {
        if (!Locations.isRegion(text)) {
            return NpyFiles.tile(text, NpyFiles.read(text), dtypeOverride);
        }
        String what = option + " " + text;
        Locations.Region r = Locations.region(text, what);
        if (dtypeOverride != null && dtypeOverride != r.dtype()) {
            throw new InputException(what + ": the region is " + r.dtype().isaName() + "; a dtype option of "
                    + dtypeOverride.isaName() + " does not apply to it");
        }
        Tile t = Locations.read(r, what, generation.gen);
        homes.put(t, place(generation.gen, r.at()));
        return t;
    }

    private static int place(Generation gen, MemoryRef at) {
        try {
            return gen.partitionOffset(at.space(), at.partition(), at.offset());
        } catch (IllegalArgumentException ex) {
            throw new InputException(at + ": " + ex.getMessage());
        }
    }

    /** {@code --operand0}: a .npy of [P, 1] or [P], else an fp32 number (an integer for bitvec). */
    private Operand0 scalar(boolean bitvec) {
        return scalar("--operand0", operand0, bitvec);
    }

    /** A scalar option: a .npy (or a region) of [P, 1] or [P], else an fp32 number (an integer for bitvec). */
    private Operand0 scalar(String option, String text, boolean bitvec) {
        if (Locations.isRegion(text)) {
            Tile t = tile(option, text, null);
            if (t.cols() != 1) {
                throw new InputException(option + " " + text + ": a per-partition scalar is [P, 1]");
            }
            return Operand0.perPartition(t);
        }
        if (text.endsWith(".npy")) {
            NpyArray arr = NpyFiles.read(text);
            long[] shape = arr.shape();
            if (!(shape.length == 1 || (shape.length == 2 && shape[1] == 1))) {
                throw new InputException(text + ": shape " + java.util.Arrays.toString(shape)
                        + " is not a per-partition scalar [P, 1] or [P]");
            }
            return Operand0.perPartition(NpyFiles.tile(text, arr, null));
        }
        if (bitvec) {
            return Operand0.bits((int) integer(option, text));
        }
        return Operand0.bits(fp32Bits(option, text));
    }

    private static long integer(String option, String text) {
        try {
            return Numbers.parseInteger(text, Integer.MIN_VALUE, 0xffff_ffffL, option + " (a 32-bit bitvec scalar)");
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage() + "; or a .npy file");
        }
    }

    /**
     * memset's --value: for an integer dtype an integer literal (decimal, or 0x-hex bits); for a float dtype a
     * number (0x-hex being fp32 bits, as everywhere here), rounded into the dtype from its double.
     */
    private static Number memsetValue(String text, Dtype dtype) {
        boolean bits = text.startsWith("0x") || text.startsWith("0X");
        if (!dtype.isFloat() && (bits || text.matches("-?[0-9]+"))) {
            try {
                long v = Numbers.parseInteger(text, Long.MIN_VALUE, Long.MAX_VALUE, "--value (an integer for "
                        + dtype.isaName() + ")");
                int width = 8 * Math.min(dtype.size(), 4);
                return bits && v >= 1L << (width - 1) && v < 1L << width && dtype.isSignedInt()
                        ? v - (1L << width) : v;
            } catch (IllegalArgumentException e) {
                throw new InputException(e.getMessage());
            }
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return (double) Float.intBitsToFloat(fp32Bits("--value", text));
        }
    }

    private static int fp32Bits(String option, String text) {
        try {
            return Numbers.parseFp32Bits(text, option);
        } catch (IllegalArgumentException e) {
            throw new InputException(e.getMessage() + "; or a .npy file");
        }
    }
}
