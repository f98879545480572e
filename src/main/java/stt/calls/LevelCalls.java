package stt.calls;

import java.util.List;
import java.util.Optional;

/**
 * The NKI-level calls, one definition each (FAMILY-NEXT §1's "at NKI level" rows): what {@code stt call},
 * {@code stt spec --calls} and stt_nki read. A new call is one entry here and one body.
 */
public final class LevelCalls {
    private static final List<LevelCall> ALL = List.of(
            new LevelCall("activation", CallEngine.SCALAR, Activation.PARAMS, List.of("dst", "reduce_res"),
                    Activation::run, "op(fma(data, scale, bias)) per element, the reduce registers folded:"
                    + " copy/relu/prelu/abs/sign/square model, the rest approximate",
                    Activation.COST),
            new LevelCall("nc_matmul", CallEngine.TENSOR, Matmul.PARAMS, List.of("dst"), Matmul::run,
                    "stationary.T @ moving into PSUM, fma per k ascending: bf16/fp16/fp8 model, fp32/tf32"
                    + " approximate",
                    CallCost.byBody("PE: max(min(64, M), N) cycles, N the moving free size, M the stationary's,"
                    + " 4x for fp32 [N26 nc_matmul]; max(N, MM_INIT_LATENCY = 64) [arch guide]")),
            new LevelCall("nc_matmul_mx", CallEngine.TENSOR, Microscaling.MATMUL, List.of("dst"),
                    Microscaling::matmul, "MX stationary.T @ moving, each element times its group's E8M0 scale,"
                    + " fma per k and packed element ascending: approximate (mx_matmul_numerics)",
                    CallCost.byBody("PE: max(min(64, M), N) cycles, M and N in _x4 elements, as nc_matmul"
                    + " [MODEL level_call_costs]")),
            new LevelCall("quantize_mx", CallEngine.VECTOR, Microscaling.QUANTIZE, List.of("dst", "dst_scale"),
                    Microscaling::quantize, "bf16/fp16 to MXFP8 codes and E8M0 scales, 8 partitions x 4 elements a"
                    + " group: model (quantize_mx_scale)", CallCost.modelled("VE", "src", 1)),
            new LevelCall("iota", CallEngine.GPSIMD, Affine.IOTA, List.of("dst"), Affine::iota,
                    "offset + c * channel_multiplier + pattern indices in int32: exact (model when converted)",
                    CallCost.byBody("POOL: 150 + N cycles [N26 iota]")),
            new LevelCall("affine_select", CallEngine.GPSIMD, Affine.SELECT, List.of("dst"), Affine::select,
                    "cmp_op(affine value, 0) ? on_true_tile : on_false_value: model (affine_pattern)",
                    CallCost.byBody("POOL: 150 + N cycles [N26 affine_select]")),
            new LevelCall("tensor_partition_reduce", CallEngine.GPSIMD, PartitionReduce.PARAMS, List.of("dst"),
                    PartitionReduce::run, "a fold over the partitions: model (sequential fp32), exact for bitwise",
                    CallCost.modelled("POOL", "data", 1)),
            new LevelCall("nc_n_gather", CallEngine.GPSIMD, Gather.N_GATHER, List.of("dst"), Gather::nGather,
                    "data[p, indices[p, j]] over each partition's flattened free elements: exact (gather_bounds)",
                    CallCost.modelled("POOL", "indices", 1)),
            new LevelCall("local_gather", CallEngine.GPSIMD, Gather.LOCAL, List.of("dst"), Gather::local,
                    "each 16-partition group's indices as element offsets into its partitions: exact"
                    + " (gather_bounds)", CallCost.modelled("POOL", "index", 1)),
            new LevelCall("sequence_bounds", CallEngine.GPSIMD, Gather.BOUNDS, List.of("dst"), Gather::bounds,
                    "each element's segment start and end (padding ID 0: n and -1): exact",
                    CallCost.modelled("POOL", "segment_ids", 1)),
            new LevelCall("nonzero_with_count", CallEngine.GPSIMD, Gather.NONZERO, List.of("dst"), Gather::nonzero,
                    "the nonzero positions of partitions 0, 16, ..., 112, padded, then their count: exact",
                    CallCost.modelled("POOL", "src", 1)),
            new LevelCall("bn_stats", CallEngine.VECTOR, BatchNorm.PARAMS, List.of("dst"), BatchNorm::stats,
                    "count, mean, n*var of the even and odd elements: approximate (bn_formula)",
                    CallCost.modelled("VE", "data", 1)),
            new LevelCall("bn_aggr", CallEngine.VECTOR, BatchNorm.PARAMS, List.of("dst"), BatchNorm::aggregate,
                    "mean and variance from (count, mean, n*var) triples: approximate (bn_formula)",
                    CallCost.modelled("VE", "data", 1)),
            new LevelCall("range_select", CallEngine.VECTOR, RangeSelect.PARAMS, List.of("dst", "reduce_res"),
                    RangeSelect::run, "on_true_tile where the index is in range, FP32_MIN elsewhere, max-folded:"
                    + " model (range_select_cmds)",
                    CallCost.byBody("VE: max(MIN_II, N) cycles [N26 range_select]")),
            new LevelCall("nc_transpose", CallEngine.TENSOR, Movement.TENSOR_TRANSPOSE, List.of("dst"),
                    Movement::tensorTranspose, "data transposed on the Tensor Engine, bits moved: exact (CAYMAN on)",
                    CallCost.byBody("PE: max(P, min(64, F)) cycles [N26 nc_transpose]")),
            new LevelCall("nc_stream_shuffle", CallEngine.VECTOR, Movement.SHUFFLE, List.of("dst"), Movement::shuffle,
                    "partitions moved inside each 32-partition quadrant by the mask: exact",
                    CallCost.byBody("VE: max(MIN_II, N) cycles [MODEL level_call_costs]")),
            new LevelCall("max8", CallEngine.VECTOR, Eight.MAX8, List.of("dst"), Eight::max8,
                    "the 8 largest values a partition, descending: model (max8_order)",
                    CallCost.modelled("VE", "src", 1)),
            new LevelCall("nc_find_index8", CallEngine.VECTOR, Eight.FIND, List.of("dst"), Eight::find,
                    "the first position of each of 8 values: model (match_equality)",
                    CallCost.modelled("VE", "data", 1)),
            new LevelCall("nc_match_replace8", CallEngine.VECTOR, Eight.REPLACE, List.of("dst", "dst_idx"),
                    Eight::replace, "the first occurrence of each of 8 values replaced: model (match_equality)",
                    CallCost.modelled("VE", "data", 1)),
            new LevelCall("exponential", CallEngine.VECTOR, Exponential.PARAMS, List.of("dst", "reduce_res"),
                    Exponential::run, "exp(src - max_value), summed into the accumulators: approximate (exp)",
                    CallCost.modelled("VE", "src", 1)),
            new LevelCall("dma_copy", CallEngine.DMA, Movement.COPY, List.of("dst"), Movement::copy,
                    "dst = src: exact for equal dtypes, model (dma_cast) through fp32 otherwise",
                    DmaCost.COST),
            new LevelCall("dma_transpose", CallEngine.DMA, Movement.TRANSPOSE, List.of("dst"), Movement::transpose,
                    "src's axes permuted, bits moved: exact",
                    DmaCost.COST),
            new LevelCall("tensor_tensor", CallEngine.GPSIMD, GpsimdAlu.TENSOR_TENSOR, List.of("dst"),
                    GpsimdAlu::tensorTensor, "data1 op data2 for an op the Vector Engine refuses (divide, pow, mod):"
                    + " model (gpsimd_alu)",
                    CallCost.modelled("POOL", "data1", 2)),
            new LevelCall("tensor_scalar", CallEngine.GPSIMD, GpsimdAlu.TENSOR_SCALAR, List.of("dst"),
                    GpsimdAlu::tensorScalar, "(data op0 operand0) op1 operand1 for an op the Vector Engine refuses:"
                    + " model (gpsimd_alu)",
                    CallCost.modelled("POOL", "data", 1)));

    private LevelCalls() {
    }

    public static List<LevelCall> all() {
        return ALL;
    }

    public static Optional<LevelCall> named(String name) {
        return ALL.stream().filter(c -> c.name().equals(name)).findFirst();
    }
}
