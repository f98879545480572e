"""`nl.NkiTensor`'s published methods (NKI 2.32's stub) on the kernel runner's `Tensor`: views of the same storage,
as NKI's are, made with NumPy's strides. Indirect (run-time) addressing is modelled for `ap`'s `scalar_offset` and
`vector_offset` and for `select` / `vector_select` with tensor indices (the index is read when the view is made: the
kernel's call evaluates it right before the instruction; the model's ap_indirect); Tensor Indirection (`indirect`)
raises NotImplementedError naming itself when called."""
import numpy as np

_INDIRECT = "indirect (run-time) addressing is not modelled"


class TensorViews:
    """Mixed into `_tiles.Tensor` (a NumPy array that knows its buffer)."""

    name = ""  # nl.ndarray(name=...) sets a tensor's own

    def __new__(cls, shape, dtype, storage, buffer=None, name=""):
        raise NotImplementedError("nl.NkiTensor(shape, dtype, storage): binding a storage handle is not modelled;"
                                  " nl.ndarray allocates a tensor")

    @property
    def offset(self):
        """The element offset of this view's first element in its storage."""
        root = self
        while isinstance(root.base, np.ndarray):
            root = root.base
        here, start = self.__array_interface__["data"][0], root.__array_interface__["data"][0]
        return (here - start) // self.itemsize

    def _on_chip(self):
        return bool(getattr(getattr(self, "buffer", None), "on_chip", False))

    def _free_dim(self, what, dim):
        """`dim` as a non-negative axis; an on-chip tensor's partition dim (0) is refused, as NKI refuses it."""
        axis = dim + self.ndim if dim < 0 else dim
        if self._on_chip() and axis == 0:
            raise ValueError(f"NkiTensor.{what}: dim={dim}: an on-chip tensor's partition dim (0) stays outermost")
        return axis

    def is_contiguous(self):
        """Whether the view covers its storage in row-major order (on chip, the partition dim is not counted)."""
        expected = self.itemsize
        for n, stride in reversed(list(zip(self.shape, self.strides))[1 if self._on_chip() else 0:]):
            if n != 1 and stride != expected:
                return False
            expected *= n
        return True

    def get_pattern(self):
        """The view's access pattern, `[[stride, count], ...]` in elements, one pair per dimension."""
        return [[stride // self.itemsize, n] for n, stride in zip(self.shape, self.strides)]

    def is_indirect(self):
        """Whether the view uses indirect addressing: never on the model, which resolves an indirect view's index
        when the view is made."""
        return False

    def permute(self, dims):
        """The dimensions reordered (a view)."""
        if sorted(dims) != list(range(self.ndim)):
            raise ValueError(f"NkiTensor.permute: dims={dims!r}: must be a permutation of range({self.ndim})")
        if self._on_chip() and dims[0] != 0:
            raise ValueError(f"NkiTensor.permute: dims={dims!r}: an on-chip tensor's partition dim stays first")
        return np.transpose(self, dims)

    def broadcast(self, dim, size):
        """The size-1 dimension `dim` repeated `size` times (stride 0, no copy)."""
        axis = self._free_dim("broadcast", dim)
        if self.shape[axis] != 1:
            raise ValueError(f"NkiTensor.broadcast: dim={dim} has size {self.shape[axis]}; it must be 1")
        shape = self.shape[:axis] + (int(size),) + self.shape[axis + 1:]
        strides = self.strides[:axis] + (0,) + self.strides[axis + 1:]
        return np.lib.stride_tricks.as_strided(self, shape, strides, subok=True)

    def expand_dim(self, dim):
        """A new size-1 dimension at `dim`."""
        return np.expand_dims(self, self._free_dim("expand_dim", dim))

    def squeeze_dim(self, dim):
        """The size-1 dimension `dim` removed."""
        axis = self._free_dim("squeeze_dim", dim)
        if self.shape[axis] != 1:
            raise ValueError(f"NkiTensor.squeeze_dim: dim={dim} has size {self.shape[axis]}; it must be 1")
        return np.squeeze(self, axis=axis)

    def reshape_dim(self, dim, shape):
        """Dimension `dim` split into `shape` (one entry may be -1)."""
        axis = dim + self.ndim if dim < 0 else dim
        return self._view_as("reshape_dim", self.shape[:axis] + tuple(shape) + self.shape[axis + 1:])

    def flatten_dims(self, start_dim, end_dim):
        """Dimensions start_dim..end_dim (inclusive) merged into one."""
        return self._view_as("flatten_dims", self.shape[:start_dim] + (-1,) + self.shape[end_dim + 1:])

    def reshape(self, shape, *sizes, **numpy_options):
        """`t.reshape(shape)` (NKI, also `shape=` by keyword) or NumPy's `t.reshape(n0, n1, ..., order=...)`."""
        return np.ndarray.reshape(self, (shape,) + sizes if sizes else shape, **numpy_options)

    def _view_as(self, what, shape):
        v = np.ndarray.view(self)
        try:
            v.shape = shape
        except (AttributeError, ValueError) as e:
            raise ValueError(f"NkiTensor.{what}: shape {self.shape} with strides {self.strides} cannot be viewed as"
                             f" {shape}: {e}") from None
        return v

    def rearrange(self, src_pattern, dst_pattern, fixed_sizes=None):
        """einops-style rearrangement."""
        raise NotImplementedError("NkiTensor.rearrange: einops-style patterns are not modelled; permute,"
                                  " reshape_dim and flatten_dims are")

    def slice(self, dim, start, end, step=1):
        """Elements start..end (exclusive) of `dim`, every `step`-th."""
        index = [slice(None)] * self.ndim
        index[dim] = slice(start, end, step)
        return self[tuple(index)]

    def select(self, dim, index):
        """Element `index` of `dim`, the dimension removed: a static integer, or a 1-element integer tile whose value
        is read when `select` is called (ap's scalar_offset; on chip not along the partition dim)."""
        if isinstance(index, (int, np.integer)):
            where = [slice(None)] * self.ndim
            where[dim] = int(index)
            return np.ndarray.__getitem__(self, tuple(where))  # the dim removed even on chip (not tile_2d's [P, 1])
        if not isinstance(index, np.ndarray):
            raise NotImplementedError(f"NkiTensor.select: index={index!r}: engine registers are not modelled; a"
                                      " 1-element integer tile is")
        axis = dim + self.ndim if dim < 0 else dim
        if self._on_chip() and axis == 0:
            raise ValueError("NkiTensor.select: dim=0 with a tensor index: an on-chip tensor's partition dim is not"
                             " selected at run time")
        value = _index(index, "index", 1)[0]
        if not 0 <= value < self.shape[axis]:
            raise IndexError(f"NkiTensor.select: index {value} is outside dim {axis} of size {self.shape[axis]}")
        pattern, offset = self._logical()
        return self.ap([p for k, p in enumerate(pattern) if k != axis], offset=offset, scalar_offset=index,
                       indirect_dim=axis)

    def vector_select(self, dim, vector_offset):
        """Per-partition rows of an HBM tensor: partition p is row `vector_offset[p]` of dim 0 (ap's vector_offset),
        a copy of shape `(P,) + shape[1:]` that a call writing it writes back."""
        if dim != 0:
            raise ValueError(f"NkiTensor.vector_select: dim={dim}: allowed: 0")
        rows = _index(vector_offset, "vector_offset", np.shape(vector_offset)[0] if np.ndim(vector_offset) else 1)
        bad = [int(r) for r in rows if not 0 <= r < self.shape[0]]
        if bad:
            raise IndexError(f"NkiTensor.vector_select: index {bad[0]} is outside dim 0 of size {self.shape[0]}")
        pattern, offset = self._logical()
        return self.ap([[pattern[0][0], len(rows)]] + pattern[1:], offset=offset, vector_offset=vector_offset,
                       indirect_dim=0)

    def _logical(self):
        """The view's pattern and offset in elements of its root tensor, as `ap` reads them (on chip a partition's
        step is a row of the root, not its pitch in memory)."""
        root, row, pitch = self._layout()
        at = self.__array_interface__["data"][0] - root.__array_interface__["data"][0]  # bytes
        offset = at // pitch * row + at % pitch // self.itemsize if root.ndim > 1 else at // self.itemsize
        return [[self._elements(k, row, pitch), n] for k, n in enumerate(self.shape)], offset

    def view(self, dtype=None, *, type=None):
        """The bits read as `dtype` (the last dimension scaled by the size ratio), as NumPy's `view`."""
        args = [a for a in (dtype, type) if a is not None]
        return np.ndarray.view(self, *args)

    reinterpret_cast = view

    def ap(self, pattern, offset=None, scalar_offset=None, vector_offset=None, indirect_dim=0, dtype=None):
        """`.ap(pattern=[[stride, count], ...], offset)`: the storage addressed directly, in elements of the root
        tensor (row-major; on chip a step of whole rows steps partitions). `scalar_offset` (a 1-element integer
        tile) adds its value times the stride of `self`'s dim `indirect_dim`; `vector_offset` (a `(P, 1)` integer
        tile, HBM tensors, `indirect_dim=0`) starts partition p at its p-th value times that stride, the first
        pattern pair giving only the count P (NKI's dma_copy gather and scatter): a copy that writes back where it
        came from. Every element of an HBM tensor's pattern must lie inside it; on chip a pattern may read past the
        tensor's row inside its partitions' memory, as the device's does, not past its partitions (the model's
        ap_indirect). `scalar_offset` may be a VirtualRegister. `dtype` reads an HBM tensor's bytes as that dtype (a
        host uint array as a packed MX `_x4` dtype), the pattern and offset then in its elements."""
        if hasattr(scalar_offset, "register_value"):  # a VirtualRegister, its value on the host (registers_host)
            scalar_offset = np.array([scalar_offset.register_value], np.int32)
        if dtype is not None:
            return self._reinterpret(pattern, offset, dtype, scalar_offset, vector_offset)
        unmodelled = {}
        if not isinstance(getattr(scalar_offset, "shape", 0), tuple) and scalar_offset is not None:
            unmodelled["scalar_offset"] = scalar_offset
        if vector_offset is not None and indirect_dim != 0:
            unmodelled["indirect_dim"] = indirect_dim
        if unmodelled:
            raise NotImplementedError(f"Tensor.ap: {unmodelled}: indirect access patterns on dims other than 0"
                                      " (vector_offset) and reinterpreting dtypes are not modelled")
        if scalar_offset is not None and vector_offset is not None:
            raise ValueError("Tensor.ap: scalar_offset and vector_offset are mutually exclusive")
        root, row, pitch = self._layout()
        start = int(offset or 0)
        if scalar_offset is not None:
            start += _index(scalar_offset, "scalar_offset", 1)[0] * self._elements(indirect_dim, row, pitch)
        if vector_offset is not None:
            return self._gather(root, pattern, start, vector_offset, (row, pitch))
        if self._on_chip() and root.ndim > 1:  # a pattern may read on along its partitions, as the device's does
            _in_partitions(root, start, pattern, row, pitch)
        else:
            _inside(root, start, pattern, "Tensor.ap")
        first = root[start // row].reshape(-1)[start % row:] if root.ndim > 1 else root[start:]
        return np.lib.stride_tricks.as_strided(first, shape=[n for _, n in pattern], strides=[
            s // row * pitch if s % row == 0 and root.ndim > 1 else s * root.itemsize for s, _ in pattern])

    def _reinterpret(self, pattern, offset, dtype, scalar_offset, vector_offset):
        """`ap(dtype=...)` of an HBM tensor: its storage's bytes read as `dtype` (e.g. a uint8 or uint32 host array as
        a packed MX dtype), the pattern and offset in elements of `dtype`."""
        if scalar_offset is not None or vector_offset is not None:
            raise NotImplementedError("Tensor.ap: dtype= with scalar_offset or vector_offset is not modelled")
        if self._on_chip():
            raise NotImplementedError("Tensor.ap: dtype= on an on-chip tensor is not modelled (an HBM tensor's is)")
        root = self._layout()[0]
        try:
            target = np.dtype(dtype)
        except TypeError:
            target = None
        if target is None or target.itemsize == 0 or root.nbytes % target.itemsize:
            raise TypeError(f"Tensor.ap: dtype={dtype!r}: a NumPy dtype whose size divides the tensor's"
                            f" {root.nbytes} bytes")
        flat = np.ndarray.view(np.ascontiguousarray(root).reshape(-1), np.uint8).view(target)
        start = int(offset or 0)
        _inside(flat, start, pattern, "Tensor.ap")
        return np.lib.stride_tricks.as_strided(flat[start:], shape=[n for _, n in pattern],
                                               strides=[s * target.itemsize for s, _ in pattern])

    def _layout(self):
        """(the root tensor, its row: elements a partition, its pitch: bytes from one partition to the next). Element
        e of the root is row e // row of its partition dim, element e % row within it."""
        root = self
        while isinstance(root.base, TensorViews):
            root = root.base
        if root.ndim < 2:
            return root, 1, root.itemsize
        return root, root.size // root.shape[0], root.strides[0]

    def _elements(self, dim, row, pitch):
        """The stride of `self`'s dim `dim` in elements of the root tensor."""
        if not 0 <= dim < self.ndim:
            raise ValueError(f"Tensor.ap: indirect_dim={dim}: allowed: 0..{self.ndim - 1} (the view's dims)")
        stride = self.strides[dim]
        return stride // pitch * row if self.ndim > 1 and stride % pitch == 0 else stride // self.itemsize

    def _gather(self, root, pattern, start, vector_offset, layout):
        if self._on_chip():
            raise ValueError("Tensor.ap: vector_offset: the tensor indexed must be in HBM (NKI's vector indirection)")
        row = layout[0]
        rows = _index(vector_offset, "vector_offset", pattern[0][1])
        address = start + rows.reshape((-1,) + (1,) * (len(pattern) - 1)) * self._elements(0, *layout)
        for k, (s, n) in enumerate(pattern[1:], 1):
            address = address + s * np.arange(n).reshape((-1,) + (1,) * (len(pattern) - 1 - k))
        bad = np.argwhere((address < 0) | (address >= root.size))
        if len(bad):
            p = int(bad[0][0])
            raise IndexError(f"Tensor.ap: vector_offset: index {int(rows[p])} of partition {p} reaches element"
                             f" {int(address[tuple(bad[0])])} of a tensor of {root.size} elements")
        where = ((address // row,) + np.unravel_index(address % row, root.shape[1:]) if root.ndim > 1
                 else (address,))
        out = np.ndarray.__getitem__(root, where)
        out._origin = (root, where)
        return out

    def indirect(self, index, num_elem=None):
        """Tensor Indirection (NC-v4)."""
        raise NotImplementedError(f"NkiTensor.indirect: {_INDIRECT}")


def _index(tile, what, count):
    """The integer values of an indirect offset tile, `count` of them."""
    values = np.asarray(tile)
    if not np.issubdtype(values.dtype, np.integer) or values.size != count:
        raise ValueError(f"Tensor.ap: {what}: {values.dtype} {values.shape}: allowed: an integer tile of {count}"
                         " element(s)")
    return values.reshape(-1).astype(np.int64)


def _inside(root, start, pattern, what):
    """Every element the pattern reaches from `start` lies inside `root` (an IndexError naming the range)."""
    low = start + sum(min(0, s * (n - 1)) for s, n in pattern)
    high = start + sum(max(0, s * (n - 1)) for s, n in pattern)
    if low < 0 or high >= root.size:
        raise IndexError(f"{what}: offset {start} with pattern {pattern} reaches elements {low}..{high} of a tensor of"
                         f" {root.size} elements")



def _in_partitions(root, start, pattern, row, pitch):
    """An on-chip pattern stays in the tensor's partitions and, in each, inside the partition's memory (its pitch from
    the tensor's start): it may read past the tensor's own row, as the device's does, never past the memory."""
    steps = [(s // row, 0) if s % row == 0 else (0, s) for s, _ in pattern]
    ranges = []
    for k, (first, limit) in enumerate(((start // row, root.shape[0]), (start % row, pitch // root.itemsize))):
        low = first + sum(min(0, st[k] * (n - 1)) for st, (_, n) in zip(steps, pattern))
        high = first + sum(max(0, st[k] * (n - 1)) for st, (_, n) in zip(steps, pattern))
        ranges.append((low, high, limit))
    for (low, high, limit), what in zip(ranges, ("partitions {}..{} of a tensor of {}",
                                                 "elements {}..{} of a partition whose memory holds {} from the"
                                                 " tensor's start")):
        if low < 0 or high >= limit:
            raise IndexError(f"Tensor.ap: offset {start} with pattern {pattern} reaches " + what.format(low, high,
                                                                                                         limit))
