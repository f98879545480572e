"""`nki.isa`'s Vector Engine calls whose words are not sourced, in both call forms (FAMILY-NEXT §8, §13a), each run at
NKI level by the model (`_level`): range_select, bn_stats/bn_aggr, nc_stream_shuffle, max8, nc_find_index8,
nc_match_replace8, exponential. Their signatures are the published ones (NKI 2.32 and 2.26); `isa` exports them."""
import numpy as np

from . import _dtypes
from ._forms import reduce_cmd, command
from ._level import Level, as_result, give, model_of, nki_name, out_dtype, put
from ._published import published


# --- range_select (Vector Engine, NC-v3+) ---------------------------------------------------------------------------
def _b2_range_select(dst, on_true_tile, comp_op0, comp_op1, bound0, bound1, reduce_cmd=reduce_cmd.reset_reduce,
                     reduce_res=None, reduce_op=np.maximum, range_start=0, on_false_value=-3.4028235e38,
                     name=None):
    pass


def _b1_range_select(on_true_tile, comp_op0, comp_op1, bound0, bound1, *, reduce_cmd=reduce_cmd.idle,
                     reduce_res=None, reduce_op=np.amax, range_start=0, on_false_value=-3.4028235e38, mask=None,
                     dtype=None, **kwargs):
    pass


@published("range_select", _b2_range_select, _b1_range_select)
def range_select(beta, on_true_tile, comp_op0, comp_op1, bound0, bound1, reduce_cmd, reduce_res, reduce_op,
                 range_start, on_false_value, dst=None, dtype=None):
    """`on_true_tile` where `comp_op0(idx, bound0) and comp_op1(idx, bound1)` (idx = range_start + the flat free
    index, in fp32), FP32_MIN elsewhere; the fp32 values max-fold into the Vector Engine accumulators per
    `reduce_cmd` (default reset_reduce in NKI 2.27+, idle in Beta 1, as each version documents), `reduce_res`
    ([P, 1] fp32) reading them."""
    nki_name(reduce_op, "reduce_op", ("maximum",))
    c = Level("range_select")
    model, rows, _ = c.tile("on_true_tile", on_true_tile)
    compares = ("equal", "less", "less_equal", "greater", "greater_equal")
    c.arg("comp_op0", nki_name(comp_op0, "comp_op0", compares))
    c.arg("comp_op1", nki_name(comp_op1, "comp_op1", compares))
    c.column("bound0", bound0, rows)
    c.column("bound1", bound1, rows)
    cmd = command("reduce_cmd", reduce_cmd)
    if cmd == "load_reduce":
        raise ValueError("range_select: reduce_cmd=load_reduce: allowed: idle, reset, reduce, reset_reduce")
    c.arg("reduce_cmd", cmd)
    c.arg("range_start", float(range_start))
    c.arg("on_false_value", float(on_false_value))
    out = out_dtype(dtype, dst, model)
    c.arg("dtype", out)
    return _run_into_reduce_res(c, "range_select", dst, reduce_res, rows, out, on_true_tile.shape)


def _run_into_reduce_res(c, call, dst, reduce_res, rows, out, shape):
    """Runs the call `c` for `dst` and, when the kernel passes one, `reduce_res` ([rows, 1] fp32, read from the
    Vector Engine accumulators after the call)."""
    outputs = ["dst"]
    if reduce_res is not None:
        if not isinstance(reduce_res, np.ndarray) or reduce_res.size != rows:
            raise ValueError(f"{call}: reduce_res: a [{rows}, 1] array")
        c.into("reduce_res", reduce_res, outputs)
    got = c.run(outputs)
    if reduce_res is not None:
        c.fill(got, "reduce_res", reduce_res)
    return give(dst, as_result(got["dst"], out, shape))


# --- bn_stats / bn_aggr --------------------------------------------------------------------------------------------
def _b2_bn(dst, data, name=None):
    pass


def _b1_bn(data, *, mask=None, dtype=None, **kwargs):
    pass


def _bn(call, width):
    def run(beta, data, dst=None, dtype=None):
        c = Level(call)
        model, rows, _ = c.tile("data", data)
        out = out_dtype(dtype, dst, model)
        c.arg("dtype", out)
        return give(dst, as_result(c.run()["dst"], out, (rows, width)))
    run.__doc__ = ("Per partition, the counts, means and n*variances of the even and odd elements: [n, mean, nvar]"
                   " twice (at most 512 elements; the model's bn_formula, approximate)." if call == "bn_stats" else
                   "Per partition, the mean and variance of (count, mean, n*var) triples: [mean, var] (the"
                   " model's bn_formula, approximate).")
    return published(call, _b2_bn, _b1_bn)(run)

bn_stats = _bn("bn_stats", 6)
bn_aggr = _bn("bn_aggr", 2)


# --- nc_stream_shuffle ----------------------------------------------------------------------------------------------
def _b2_nc_stream_shuffle(dst, src, shuffle_mask, name=None):
    pass


def _b1_nc_stream_shuffle(src, dst, shuffle_mask, *, dtype=None, mask=None, **kwargs):
    pass


@published("nc_stream_shuffle", _b2_nc_stream_shuffle, _b1_nc_stream_shuffle)
def nc_stream_shuffle(beta, dst, src, shuffle_mask, dtype=None):
    """In each 32-partition quadrant, dst's partition i takes src's partition `shuffle_mask[i]` (255 keeps dst's);
    writes dst. Positional arguments bind as NKI 2.27+'s (dst, src, mask); Beta 1's (src, dst, mask) needs
    keywords (the two forms cannot be told apart by position)."""
    if dtype is not None and _dtypes.named(dtype, "dtype") != model_of(dst, "dst"):
        raise ValueError("nc_stream_shuffle: dtype= must be dst's dtype (a shuffle moves bits)")
    mask = [int(m) for m in shuffle_mask]
    c = Level("nc_stream_shuffle")
    c.tile("src", src)
    model, _, _ = c.tile("dst_in", dst)
    c.arg("shuffle_mask", mask)
    return put(dst, as_result(c.run()["dst"], model, dst.shape), "dst")


# --- the Vector Engine's eight-value calls and exponential (FAMILY-NEXT §13a) -----------------------------------
def _b2_max8(dst, src, name=None):
    pass


def _b1_max8(src, *, mask=None, dtype=None, **kwargs):
    pass


@published("max8", _b2_max8, _b1_max8)
def max8(beta, src, dst=None, dtype=None):
    """The 8 largest values of each partition (8..16,384 elements), descending, compared in fp32 (NaN after every
    number: the model's max8_order)."""
    c = Level("max8")
    model, rows, _ = c.tile("src", src)
    out = out_dtype(dtype, dst, model)
    c.arg("dtype", out)
    return give(dst, as_result(c.run()["dst"], out, (rows, 8)))


def _b2_find8(dst, data, vals, name=None):
    pass


def _b1_find8(data, vals, *, mask=None, dtype=None, **kwargs):
    pass


@published("nc_find_index8", _b2_find8, _b1_find8)
def nc_find_index8(beta, data, vals, dst=None, dtype=None):
    """The position of the first occurrence of each of the 8 `vals` in each partition of `data` (fp32 equality;
    a duplicated val takes the next occurrence), all ones when absent; uint32 (or uint16)."""
    c = Level("nc_find_index8")
    _, rows, _ = c.tile("data", data)
    c.tile("vals", np.asarray(vals).reshape(rows, -1))
    out = out_dtype(dtype, dst, "uint32")
    c.arg("dtype", out)
    return give(dst, as_result(c.run()["dst"], out, (rows, 8)))


def _b2_replace8(dst, data, vals, imm, dst_idx=None, name=None):
    pass


def _b1_replace8(data, vals, imm, dst_idx=None, *, mask=None, dtype=None, **kwargs):
    pass


@published("nc_match_replace8", _b2_replace8, _b1_replace8)
def nc_match_replace8(beta, data, vals, imm, dst_idx=None, dst=None, dtype=None):
    """`data` with the first occurrence of each of the 8 `vals` (taken 7..0, NKI's duplicate rule) replaced by
    `imm`; `dst_idx` ([P, 8] uint32 or uint16) gets the matched positions (all ones when absent)."""
    c = Level("nc_match_replace8")
    model, rows, _ = c.tile("data", data)
    c.tile("vals", np.asarray(vals).reshape(rows, -1))
    c.arg("imm", float(imm))
    out = out_dtype(dtype, dst, model)
    c.arg("dtype", out)
    outputs = ["dst"]
    if dst_idx is not None:
        c.into("dst_idx", dst_idx, outputs)
    got = c.run(outputs)
    if dst_idx is not None:
        c.fill(got, "dst_idx", dst_idx)
    return give(dst, as_result(got["dst"], out, data.shape))


def _b2_exponential(dst, src, max_value=0.0, reduce_res=None, reduce_cmd=reduce_cmd.idle, reduce_init=0.0,
                    name=None):
    pass


def _b1_exponential(src, *, max_value=0.0, reduce_res=None, reduce_cmd=reduce_cmd.idle, reduce_init=0.0,
                    mask=None, dtype=None, **kwargs):
    pass


@published("exponential", _b2_exponential, _b1_exponential)
def exponential(beta, src, max_value, reduce_res, reduce_cmd, reduce_init, dst=None, dtype=None):
    """`exp(src - max_value)` on the Vector Engine (NC-v4+), the subtract in fp32 and exp approximate (as the
    Scalar Engine's); the values add into the Vector Engine accumulators per `reduce_cmd` (load_reduce from
    `reduce_init`), `reduce_res` ([P, 1] fp32) reading them."""
    c = Level("exponential")
    model, rows, _ = c.tile("src", src)
    c.column("max_value", max_value, rows)
    cmd = command("reduce_cmd", reduce_cmd)
    c.arg("reduce_cmd", cmd)
    if cmd == "load_reduce":
        c.column("reduce_init", reduce_init, rows)
    elif not (isinstance(reduce_init, (int, float)) and float(reduce_init) == 0.0):
        raise ValueError("exponential: reduce_init is for reduce_cmd=load_reduce (NKI: unset or 0.0 otherwise)")
    out = out_dtype(dtype, dst, model)
    c.arg("dtype", out)
    return _run_into_reduce_res(c, "exponential", dst, reduce_res, rows, out, src.shape)
