"""Where an array's bytes are, for the timeline's dependencies (docs/timeline.md): a tile of the session's shared
SBUF or PSUM as its partitions, the byte range it spans in each and the byte stride of its most-minor free axis,
anything else (an HBM tensor, a private array) as its range of host addresses."""
import numpy as np

try:
    from numpy.lib.array_utils import byte_bounds
except ImportError:  # NumPy 1.x
    byte_bounds = np.byte_bounds


def overlap(x, y):
    """Whether footprints x and y share a byte: one space, partitions and bytes that intersect."""
    return x[0] == y[0] and x[1] < y[2] and y[1] < x[2] and x[3] < y[4] and y[3] < x[4]


def footprint(a, spaces):
    """(space, first partition, end partition, first byte, end byte, stride) of array `a`: in one of `spaces` ({"sbuf":
    [128, bytes] uint8, "psum": ...}, the session's shared memory) its partitions, the bytes it spans in each and the
    byte stride of its most-minor free axis that steps (0 for none); elsewhere ("host", 0, 1, first address, end
    address, 0). None for an empty array or anything else."""
    if not isinstance(a, np.ndarray) or a.size == 0:
        return None
    ptr = a.__array_interface__["data"][0]
    for name, memory in spaces.items():
        base = memory.__array_interface__["data"][0]
        pitch = memory.strides[0]
        if base <= ptr < base + pitch * memory.shape[0]:
            partition, column = divmod(ptr - base, pitch)
            low, high, minor = [partition, column], [partition, column], 0
            for n, stride in zip(a.shape, a.strides):
                axis = 0 if abs(stride) >= pitch else 1  # a step of whole partitions, or bytes within one
                span = (stride // pitch if axis == 0 else stride) * (n - 1)
                (high if span > 0 else low)[axis] += span
                minor = abs(stride) if axis == 1 and n > 1 else minor
            return name, low[0], high[0] + 1, low[1], high[1] + a.itemsize, minor
    lo, hi = byte_bounds(a)
    return "host", 0, 1, lo, hi, 0
