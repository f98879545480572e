"""`nki.isa`: NKI's calls in both of NKI's call forms, answered by the stt model: the Vector Engine's calls run as its
instruction words, bit-exactly (`_vector_alu`, `_vector_copy`, each an `stt eval` command, `_eval`), the calls the
model runs at NKI level (`_calls`, `_calls_vector`, `_dma`, `_gather`, `_mx`, each an `stt call`, `_level`), and the rest
of NKI's published names (`_isa_names`). Every call is made by `_published.published` from its body and its two
signatures.

NKI 2.27 and later ("Beta 2", `import nki`): `dst` first, every argument positional or by keyword as published, with
`engine=` and `name=`; the call writes `dst` (and returns it). `neuronxcc.nki` ("Beta 1"): the call returns a new
array, with keyword-only `dtype=` (default: the input's dtype, or NKI's type promotion for `tensor_tensor` and
`tensor_tensor_scan`) and `mask=` (a predicate over a kernel's index expressions, `_masks`). Arrays are
`[P, ...]` (P <= 128 partitions; the free dimensions are flattened in C order). A session (`stt_nki.Session`) is one
NeuronCore: every call runs its instruction words on the session's machine, whose Vector Engine accumulators persist
from call to call, so `reduce_cmd=reduce` folds onto what the previous calls left (`Session.reset()` zeroes it).
"""
from ._forms import dge_mode, engine, matmul_perf_mode, nc_version, oob_mode, reduce_cmd  # noqa: F401 (nki.isa names)
from ._vector_alu import (reciprocal, scalar_tensor_tensor, tensor_reduce, tensor_scalar,  # noqa: F401
                          tensor_scalar_cumulative, tensor_scalar_reduce, tensor_tensor, tensor_tensor_scan)
from ._vector_copy import memset, nc_transpose, select_reduce, tensor_copy, tensor_copy_predicated  # noqa: F401
# the calls the model runs at NKI level (Scalar, Tensor, GpSimd engines, DMA), in both forms
from ._calls import (activation, activation_reduce, affine_select, iota, nc_matmul,  # noqa: F401
                     tensor_partition_reduce)
from ._calls_vector import (bn_aggr, bn_stats, exponential, max8, nc_find_index8, nc_match_replace8,  # noqa: F401
                            nc_stream_shuffle, range_select)
from ._dma import dma_copy, dma_transpose  # noqa: F401
from ._mx import nc_matmul_mx, quantize_mx  # noqa: F401
from ._gather import local_gather, nc_n_gather, nonzero_with_count, sequence_bounds  # noqa: F401

constants = None  # nki.isa.constants: set by compat.install_as_nki

vector_engine, scalar_engine, gpsimd_engine, tensor_engine, unknown_engine = (
    engine.vector, engine.scalar, engine.gpsimd, engine.tensor, engine.unknown)

from ._isa_names import *  # noqa: E402,F401,F403 (the rest of NKI's published names)
