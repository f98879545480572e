"""NC-v4's microscaling (OCP MX) calls, at NKI level by the model (`_level`): `quantize_mx` on the Vector Engine and
`nc_matmul_mx` on the Tensor Engine. Their packed `_x4` tensors (`_dtypes.X4`) travel to the model as uint8 element
codes, four a packed element, element i of a float8 `_x4` its byte i and of a float4 `_x4` its nibble i (the model's
mx_scale_layout); the scales are uint8 E8M0, the scale of partitions 8g..8g+7 of quadrant q at partition 32q + g."""
import numpy as np

from . import _dtypes
from ._calls import _flags
from ._level import Level, as_result, model_of, put
from ._published import published


def _codes(a, what):
    """(element format, [P, 4F] uint8 codes) of a packed MX tile."""
    packed = _dtypes.x4(a.dtype) if isinstance(a, np.ndarray) else None
    if packed is None:
        raise TypeError(f"{what}: {getattr(a, 'dtype', type(a).__name__)}: allowed: a float8_e5m2_x4,"
                        " float8_e4m3fn_x4 or float4_e2m1fn_x4 tile")
    fmt, bits = packed
    raw = np.ascontiguousarray(_dtypes.x4_bits(a)).reshape(a.shape[0], -1).view(np.uint8)
    if bits == 4:  # two elements a byte, the low nibble first
        raw = np.stack([raw & 0xF, raw >> 4], axis=-1).reshape(a.shape[0], -1)
    return fmt, raw


def _pack(codes, like):
    """[P, 4F] uint8 codes as the packed tile `like` holds them."""
    return codes.reshape(like.shape[0], -1).view(_dtypes.x4_bits(like[:0]).dtype).view(like.dtype).reshape(like.shape)


def _b2_nc_matmul_mx(dst, stationary, moving, stationary_scale, moving_scale, tile_position=None, tile_size=None,
                     accumulate=None, name=None):
    pass


@published("nc_matmul_mx", _b2_nc_matmul_mx, _b2_nc_matmul_mx)
def nc_matmul_mx(beta, dst, stationary, moving, stationary_scale, moving_scale, tile_position=None, tile_size=None,
                 accumulate=None):
    """`stationary.T @ moving` of MX tiles on the Tensor Engine: K the partitions of both, each packed element four
    contraction elements; every element times its group's scale `2^(s - 127)`, accumulated in fp32 (the model's
    mx_matmul_numerics, approximate) into `dst` (fp32 or bf16 PSUM), per `accumulate` as nc_matmul."""
    if (tile_position is None) != (tile_size is None):
        raise ValueError("nc_matmul_mx: tile_position and tile_size go together")
    c = Level("nc_matmul_mx")
    for key, tile in (("stationary", stationary), ("moving", moving)):
        fmt, codes = _codes(tile, f"nc_matmul_mx: {key}")
        c.arg(key + "_format", fmt)
        c.tile(key, codes, origin=tile)
    c.tile("stationary_scale", stationary_scale)
    c.tile("moving_scale", moving_scale)
    shape = (stationary.shape[1], moving.shape[1])
    c.arg("dtype", model_of(dst, "dst"))
    add = _flags.accumulating(dst, accumulate)
    if add:
        c.tile("psum", dst.reshape(shape[0], -1))
    c.arg("accumulate", add)
    put(dst, as_result(c.run()["dst"], model_of(dst, "dst"), shape), "dst")
    _flags.written(dst)
    return dst


def _b2_quantize_mx(dst, src, dst_scale, name=None):
    pass


@published("quantize_mx", _b2_quantize_mx, _b2_quantize_mx)
def quantize_mx(beta, dst, src, dst_scale):
    """`src` (bf16/fp16 [P, F], P a multiple of 32) to MXFP8 on the Vector Engine: `dst` ([P, F / 4] float8_*_x4)
    and one uint8 scale a group of 8 partitions x 4 elements, written at the group's quadrant partition of
    `dst_scale` ([P / 8, F / 4] when P <= 32, else [P, F / 4]; its other partitions untouched): the model's
    quantize_mx_scale."""
    packed = _dtypes.x4(getattr(dst, "dtype", None))
    if packed is None or packed[1] != 8:
        raise TypeError(f"quantize_mx: dst: {getattr(dst, 'dtype', type(dst).__name__)}: allowed: a float8_e5m2_x4 or"
                        " float8_e4m3fn_x4 tile")
    if not isinstance(src, np.ndarray) or src.shape[0] != dst.shape[0] or src.size != 4 * dst.size:
        raise ValueError(f"quantize_mx: src {getattr(src, 'shape', None)} and dst {dst.shape}: dst holds src's"
                         " partitions and a quarter of its free elements")
    p, groups = src.shape[0], src.size // src.shape[0] // 4
    rows = [32 * (k // 4) + k % 4 for k in range(p // 8)] if p > 32 else list(range(p // 8))
    if not isinstance(dst_scale, np.ndarray) or dst_scale.dtype != np.uint8 or dst_scale.ndim != 2 or (
            dst_scale.shape[0] <= rows[-1] or dst_scale.shape[1] != groups):
        raise ValueError(f"quantize_mx: dst_scale {getattr(dst_scale, 'shape', None)}"
                         f" {getattr(dst_scale, 'dtype', None)}: allowed: a uint8 tile of {rows[-1] + 1} or more"
                         f" partitions by {groups}")
    c = Level("quantize_mx")
    c.tile("src", src)
    c.arg("format", packed[0])
    got = c.run(("dst", "dst_scale"))
    put(dst, _pack(got["dst"], dst), "dst")
    scale = np.array(dst_scale)
    scale[rows] = got["dst_scale"]
    put(dst_scale, scale, "dst_scale")
    return dst
