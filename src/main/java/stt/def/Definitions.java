package stt.def;

import static stt.def.OpcodeDef.def;

import java.util.List;
import java.util.function.Supplier;
import stt.codec.ScalarOperand;
import stt.cost.Cost;
import stt.exec.CacheReduce;
import stt.exec.CopyCast;
import stt.exec.CopyPredicated;
import stt.exec.Memset;
import stt.exec.ReadAccumulator;
import stt.exec.Reciprocal;
import stt.exec.ScalarTensorTensor;
import stt.exec.SelectReduce;
import stt.exec.TensorScalar;
import stt.exec.TensorTensor;
import stt.exec.StreamTranspose;
import stt.exec.TensorReduce;
import stt.exec.TensorTensorScan;
import stt.fast.CacheKernel;
import stt.fast.CopyKernel;
import stt.fast.Kernel;
import stt.fast.SttSelectKernel;
import stt.fast.MemsetKernel;
import stt.fast.PredicatedKernel;
import stt.fast.ReadAccumulatorKernel;
import stt.fast.ScanKernel;
import stt.fast.TensorScalarKernel;
import stt.fast.TensorTensorKernel;
import stt.isa.AccumCmd;
import stt.isa.Decision;
import stt.isa.Opcode;
import stt.validate.D1Checks;
import stt.validate.D4Checks;
import stt.validate.Executable;
import stt.validate.ReduceChecks;
import stt.validate.S2s2d2Checks;
import stt.validate.S3d3Checks;
import stt.validate.S3s3d3Checks;
import stt.validate.S4d4Checks;
import stt.validate.Validator;

/**
 * The opcode definitions: one {@link OpcodeDef} per {@link Opcode}, in FAMILY.md §1's order. The validator, both
 * engines and the cost table are built with {@link #of} as their lookup ({@code stt.engine.Model}); {@code stt spec}
 * and the NKI faces read it here; there is no other table keyed by opcode. Adding an opcode is its row in
 * {@link Opcode}, its definition here and its body.
 */
public final class Definitions {
    private static final String OUT_OF_SCOPE = "it is outside the Vector Engine elementwise family this model"
            + " executes (FAMILY.md §1)";
    private static final String COPY_WORKER = "Tensor-Cumulative/Copy/Cast/Stream-Shuffle";

    /** S2S2D2_STT's imm0, read by imm0_src in imm0_dtype. */
    private static final List<ScalarOperand> STT_SCALAR = List.of(ScalarOperand.of("imm0", "imm0_src", "imm0_dtype"));
    /** S3D3_TS's two immediates, by their sources. */
    private static final List<ScalarOperand> TS_SCALARS = List.of(ScalarOperand.of("imm0", "imm0_src", null),
            ScalarOperand.of("imm1", "imm1_src", null));
    /** 0x44/0x54: both immediates are pointers whatever their sources say. */
    private static final List<ScalarOperand> PTR_SCALARS = List.of(ScalarOperand.of("imm0", null, null),
            ScalarOperand.of("imm1", null, null));
    /** The cache reductions: s0, and imm1 as the seed of load_accumulate only. */
    private static final List<ScalarOperand> CACHE_SCALARS = List.of(ScalarOperand.of("imm0", "imm0_src", null),
            new ScalarOperand("imm1", "imm1_src", null,
                    w -> w.get("accumulator_cmd") == AccumCmd.LOAD_ACCUMULATE.code()));

    private static final ScalarTensorTensor STT = new ScalarTensorTensor();
    private static final Supplier<Kernel> STT_SELECT = OpcodeDef.kernel(() -> new SttSelectKernel());
    private static final TensorTensor TT = new TensorTensor();
    private static final Supplier<Kernel> TT_KERNEL = OpcodeDef.kernel(() -> new TensorTensorKernel());
    private static final CopyPredicated PREDICATED = new CopyPredicated();
    private static final Supplier<Kernel> PREDICATED_KERNEL = OpcodeDef.kernel(() -> new PredicatedKernel());
    private static final TensorScalar TS = new TensorScalar();
    private static final Supplier<Kernel> TS_KERNEL = OpcodeDef.kernel(() -> new TensorScalarKernel());
    private static final CacheReduce CACHE = new CacheReduce();
    private static final Supplier<Kernel> CACHE_KERNEL = OpcodeDef.kernel(() -> new CacheKernel());
    private static final CopyCast COPY = new CopyCast();
    private static final TensorReduce REDUCE = new TensorReduce();
    private static final Supplier<Kernel> COPY_KERNEL = OpcodeDef.kernel(() -> new CopyKernel());

    private static final List<OpcodeDef> ALL = List.of(
            // S2S2D2_STT (the seed)
            def(Opcode.SCALAR_TENSOR_TENSOR_ARITH).checks(S2s2d2Checks.STT_ARITH).scalars(STT_SCALAR)
                    .body(STT, Cost.SCALAR_TENSOR_TENSOR, "Scalar-Tensor-Tensor").kernel(STT_SELECT)
                    .nki("scalar_tensor_tensor").build(),
            def(Opcode.SCALAR_TENSOR_TENSOR_BITVEC).checks(S2s2d2Checks.STT_BITVEC).scalars(STT_SCALAR)
                    .body(STT, Cost.SCALAR_TENSOR_TENSOR, "Scalar-Tensor-Tensor").kernel(STT_SELECT)
                    .nki("scalar_tensor_tensor").build(),
            def(Opcode.TENSOR_TENSOR_SCAN_ARITH).checks(S2s2d2Checks.SCAN).scalars(STT_SCALAR)
                    .body(new TensorTensorScan(), Cost.TENSOR_TENSOR_SCAN, "TensorTensorScan")
                    .kernel(OpcodeDef.kernel(() -> new ScanKernel()))
                    .nki("tensor_tensor_scan").build(),
            def(Opcode.SELECT_REDUCE).checks(S2s2d2Checks.SELECT_REDUCE).scalars(STT_SCALAR)
                    .body(new SelectReduce(), Cost.SELECT_REDUCE, "CopyPredicatedReduce").kernel(STT_SELECT)
                    .nki("select_reduce").build(),
            // S3S3D3_TT
            def(Opcode.TENSOR_TENSOR_ARITH).checks(S3s3d3Checks.TENSOR_TENSOR)
                    .executable(Executable.TENSOR_TENSOR_ARITH_DVE)
                    .body(TT, Cost.TENSOR_TENSOR, "Tensor-Tensor").kernel(TT_KERNEL).nki("tensor_tensor").build(),
            def(Opcode.TENSOR_TENSOR_BITVEC).checks(S3s3d3Checks.TENSOR_TENSOR)
                    .executable(Executable.TENSOR_TENSOR_BITVEC_DVE)
                    .body(TT, Cost.TENSOR_TENSOR, "Tensor-Tensor").kernel(TT_KERNEL).nki("tensor_tensor").build(),
            def(Opcode.COPY_PREDICATED).checks(S3s3d3Checks.PREDICATED)
                    .body(PREDICATED, Cost.COPY_PREDICATED, "CopyPredicated").kernel(PREDICATED_KERNEL)
                    .nki("tensor_copy_predicated").build(),
            def(Opcode.CAST_PREDICATED).checks(S3s3d3Checks.PREDICATED)
                    .body(PREDICATED, Cost.COPY_PREDICATED, "CastPredicated").kernel(PREDICATED_KERNEL)
                    .noNki("no NKI call is known to emit it (FAMILY-SOURCES §2)").build(),
            def(Opcode.BATCH_NORM_BACK_PROP).checks(structural(Opcode.BATCH_NORM_BACK_PROP))
                    .noNki("none (FAMILY-SOURCES §2)").refused("its arithmetic is not in the public sources").build(),
            def(Opcode.TENSOR_TENSOR_ADD_BF16).checks(structural(Opcode.TENSOR_TENSOR_ADD_BF16))
                    .noNki("SUNDA only, no NKI call").refused(OUT_OF_SCOPE).build(),
            def(Opcode.TENSOR_TENSOR_MULT_BF16).checks(structural(Opcode.TENSOR_TENSOR_MULT_BF16))
                    .noNki("SUNDA only, no NKI call").refused(OUT_OF_SCOPE).build(),
            def(Opcode.TENSOR_TENSOR_SUB_BF16).checks(structural(Opcode.TENSOR_TENSOR_SUB_BF16))
                    .noNki("SUNDA only, no NKI call").refused(OUT_OF_SCOPE).build(),
            // S3D3_TS
            def(Opcode.TENSOR_SCALAR_ARITH).checks(S3d3Checks.tensorScalar(false)).scalars(TS_SCALARS)
                    .executable(Executable.TENSOR_SCALAR_DVE).body(TS, Cost.TENSOR_SCALAR, "Tensor-Scalar")
                    .kernel(TS_KERNEL).nki("tensor_scalar").build(),
            def(Opcode.TENSOR_SCALAR_BITVEC).checks(S3d3Checks.tensorScalar(false)).scalars(TS_SCALARS)
                    .executable(Executable.TENSOR_SCALAR_DVE).body(TS, Cost.TENSOR_SCALAR, "Tensor-Scalar")
                    .kernel(TS_KERNEL).nki("tensor_scalar").build(),
            def(Opcode.TENSOR_SCALAR_PTR_ARITH).checks(S3d3Checks.tensorScalar(true)).scalars(PTR_SCALARS)
                    .executable(Executable.TENSOR_SCALAR_DVE).body(TS, Cost.TENSOR_SCALAR, "Tensor-Scalar-PTR")
                    .kernel(TS_KERNEL).noNki("deprecated: NKI emits 0x43 with pointer sources").build(),
            def(Opcode.TENSOR_SCALAR_PTR_BITVEC).checks(S3d3Checks.tensorScalar(true)).scalars(PTR_SCALARS)
                    .executable(Executable.TENSOR_SCALAR_DVE).body(TS, Cost.TENSOR_SCALAR, "Tensor-Scalar-PTR")
                    .kernel(TS_KERNEL).noNki("deprecated: NKI emits 0x53 with pointer sources").build(),
            def(Opcode.TRANSPOSE_TENSOR_SCALAR_ARITH).checks(S3d3Checks.tensorScalar(false)).scalars(TS_SCALARS)
                    .noNki("none (FAMILY-SOURCES §2)")
                    .refused("its transpose (s3d3_transpose_check) is not public").build(),
            def(Opcode.TENSOR_SCALAR_CACHE_REDUCE).checks(S3d3Checks.CACHE).scalars(CACHE_SCALARS)
                    .body(CACHE, Cost.CACHE_REDUCE, "Tensor-Scalar").kernel(CACHE_KERNEL)
                    .nki("tensor_scalar_reduce").build(),
            def(Opcode.TENSOR_SCALAR_CACHE_CUMULATIVE).checks(S3d3Checks.CACHE).scalars(CACHE_SCALARS)
                    .body(CACHE, Cost.CACHE_REDUCE, COPY_WORKER).kernel(CACHE_KERNEL)
                    .nki("tensor_scalar_cumulative").build(),
            def(Opcode.EXPONENTIAL).checks(structural(Opcode.EXPONENTIAL)).scalars(TS_SCALARS).nki("exponential")
                    .refused("the device evaluates exp through PWL/LUT tables that are not public, so no bit-exact"
                            + " model exists").build(),
            // D1_RD
            def(Opcode.DVE_READ_ACCUMULATOR).checks(D1Checks.READ_ACCUMULATOR)
                    .body(new ReadAccumulator(), Cost.READ_ACCUMULATOR, "DveReadAccumulator")
                    .kernel(OpcodeDef.kernel(() -> new ReadAccumulatorKernel()))
                    .noNki("emitted after 0x9a for tensor_scalar_reduce's reduce_res").build(),
            def(Opcode.ACTIVATION_READ_ACCUMULATOR).checks(D1Checks.ACT_READ_ACCUMULATOR)
                    .noNki("emitted for activation's reduce_res").refused("it is an Activation-engine instruction")
                    .build(),
            // D4_MR
            def(Opcode.MEMSET).checks(D4Checks.MEMSET).body(new Memset(), Cost.MEMSET, "MEMSET/RNG")
                    .kernel(OpcodeDef.kernel(() -> new MemsetKernel())).nki("memset").build(),
            def(Opcode.DVE_READ_INDICES).checks(D4Checks.READ_INDICES).noNki("emitted for nc_find_index8")
                    .refused("it reads MatchReplace8 state, which this model does not keep").build(),
            def(Opcode.RNG).checks(structural(Opcode.RNG)).nki("rng")
                    .refused("the generator's algorithm is not public").build(),
            def(Opcode.REG_STORE).checks(structural(Opcode.REG_STORE)).noNki("none (FAMILY-SOURCES §2)")
                    .refused("it writes engine registers whose behaviour is not public").build(),
            // S4D4_TR
            def(Opcode.COPY).checks(S4d4Checks.COPY).body(COPY, Cost.TENSOR_COPY, COPY_WORKER).kernel(COPY_KERNEL)
                    .nki("tensor_copy").build(),
            def(Opcode.CAST).checks(S4d4Checks.CAST).body(COPY, Cost.TENSOR_COPY, COPY_WORKER).kernel(COPY_KERNEL)
                    .nki("tensor_copy").build(),
            def(Opcode.TENSOR_REDUCE_ARITH).checks(ReduceChecks.ARITH)
                    .executable(ReduceChecks.ARITH_ENGINE, ReduceChecks.IDENTITY)
                    .body(REDUCE, Cost.TENSOR_REDUCE, "Tensor-Reduce").nki("tensor_reduce")
                    .model(Decision.REDUCE_FOLD).build(),
            def(Opcode.TENSOR_REDUCE_BITVEC).checks(ReduceChecks.BITVEC).executable(ReduceChecks.IDENTITY)
                    .body(REDUCE, Cost.TENSOR_REDUCE, "Tensor-Reduce").nki("tensor_reduce")
                    .model(Decision.REDUCE_FOLD).build(),
            decodeOnly(Opcode.TRANSPOSE_TENSOR_REDUCE_ARITH, null),
            decodeOnly(Opcode.TRANSPOSE_TENSOR_REDUCE_BITVEC, null),
            decodeOnly(Opcode.TENSOR_REDUCE_ADD_BF16, null),
            decodeOnly(Opcode.TENSOR_REDUCE_MAX_BF16, null),
            decodeOnly(Opcode.TENSOR_CUMULATIVE_ARITH, null),
            decodeOnly(Opcode.TENSOR_CUMULATIVE_BITVEC, null),
            def(Opcode.RECIPROCAL).checks(S4d4Checks.CAST).body(new Reciprocal(), Cost.RECIPROCAL, COPY_WORKER)
                    .nki("reciprocal").model(Decision.RECIPROCAL_RNE).build(),
            decodeOnly(Opcode.STREAM_SHUFFLE, "nc_stream_shuffle"),
            def(Opcode.STREAM_TRANSPOSE).checks(S4d4Checks.TRANSPOSE).executable(S4d4Checks.TRANSPOSE_MASK)
                    .body(new StreamTranspose(), Cost.STREAM_TRANSPOSE, "Stream-Transpose").nki("nc_transpose")
                    .build(),
            // D4_IOTA
            def(Opcode.IOTA).checks(D4Checks.IOTA).nki("iota")
                    .refused("it is a GpSimd (POOL) instruction, not a Vector Engine one").build());

    private static final OpcodeDef[] BY_CODE = new OpcodeDef[256];

    static {
        for (OpcodeDef d : ALL) {
            if (BY_CODE[d.opcode().code()] != null) {
                throw new IllegalStateException(d.opcode().mnemonic() + " is defined twice");
            }
            BY_CODE[d.opcode().code()] = d;
        }
    }

    private Definitions() {
    }

    /** Every definition, in FAMILY.md §1's order. */
    public static List<OpcodeDef> all() {
        return ALL;
    }

    /** The definition of {@code opcode}; every opcode has one ({@code DefinitionsTest}). */
    public static OpcodeDef of(Opcode opcode) {
        OpcodeDef d = BY_CODE[opcode.code()];
        if (d == null) {
            throw new IllegalStateException(opcode.mnemonic() + " has no definition");
        }
        return d;
    }

    /** The struct's structural rules, for an opcode whose own rules are not modelled yet. */
    private static List<stt.validate.Check> structural(Opcode op) {
        return Validator.structural(stt.codec.Format.of(op.code()));
    }

    /** An S4D4_TR opcode outside the elementwise family: decode and validate by the struct's rules only. */
    private static OpcodeDef decodeOnly(Opcode op, String nki) {
        OpcodeDef.Builder b = def(op).checks(structural(op)).refused(OUT_OF_SCOPE);
        return (nki == null ? b.noNki("none known (FAMILY-NEXT §1)") : b.nki(nki)).build();
    }
}
