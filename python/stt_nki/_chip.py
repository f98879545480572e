"""A kernel's SBUF and PSUM tensors at addresses of the session's NeuronCore (FAMILY-NEXT §9; issue "run real NKI
kernels unmodified"). With the session's memory shared (`Session.sbuf`/`psum`), a tensor is a NumPy view of the model's
own memory, so the model's machine sees every write a kernel makes, and a call on such tiles is sent as regions
(`sbuf:P:OFF:ROWSxCOLS:DTYPE`) that its word addresses where they are, as a compiler's would; only operands that are not
one [P, F] run of bytes per partition (a strided view, an advanced-index copy) still travel as values and are staged
by the server below the kernel's tensors (`--staging-bytes`). SBUF tensors are placed from the top of each partition
down, PSUM tensors from 0 up; each 64-byte aligned, freed when the last view of it goes. Without shared memory the
same placement only counts capacity, and the tensors are private arrays."""
import itertools
import weakref

import numpy as np

from . import _dtypes, _session

ALIGN = 64


class Space:
    """One on-chip memory's bytes per partition and the ranges of it in use."""

    def __init__(self, name, size, top_down):
        self.name, self.size, self.top_down = name, size, top_down
        self.used = {}  # offset -> (bytes, the allocation's token)
        self.tokens = itertools.count()

    def in_use(self):
        return sum(n for n, _ in self.used.values())

    def floor(self):
        """The lowest offset in use (the bytes below it are free for staging), or the size when none is."""
        return min(self.used, default=self.size)

    def take(self, size):
        """(offset, token) of `size` free bytes (64-byte aligned), or None when no gap is large enough."""
        size = -(-size // ALIGN) * ALIGN
        gaps, start = [], 0
        for offset, (n, _) in sorted(self.used.items()):
            gaps.append((start, offset))
            start = offset + n
        gaps.append((start, self.size))
        fits = [(lo, hi) for lo, hi in gaps if hi - lo >= size]
        if not fits:
            return None
        lo, hi = max(fits) if self.top_down else min(fits)
        offset = (hi - size) // ALIGN * ALIGN if self.top_down else lo
        token = next(self.tokens)
        self.used[offset] = (size, token)
        return offset, token

    def give(self, offset, token):
        """Frees the allocation `token` at `offset`, unless it was freed already (a kernel's end frees them all)."""
        if self.used.get(offset, (0, None))[1] == token:
            del self.used[offset]


class Chip:
    """A session's SBUF and PSUM as a kernel allocates them."""

    def __init__(self, session):
        self.session = session
        shared = session.shared_spaces()
        self.memory = shared  # {"sbuf": [128, bytes] uint8, "psum": ...} or {} when the memory is not shared
        sizes = {name: a.shape[1] for name, a in shared.items()}
        self.spaces = {"sbuf": Space("sbuf", sizes.get("sbuf", _SBUF_BYTES.get(session.gen, 192 * 1024)), True),
                       "psum": Space("psum", sizes.get("psum", 16 * 1024), False)}

    def current(self):
        """True while this placement is the session's memory (a restarted server has a new one)."""
        return self.session.shared_spaces() is self.memory or not self.memory

    def tensor(self, shape, storage, axis, buffer, name, explicit=False):
        """A new array of `shape` and NumPy `storage` dtype whose axis `axis` is the partitions, placed in `buffer`'s
        space: a view of the session's memory when shared, else a private array. Its place is given back when the
        last view of it goes. Raises MemoryError naming the tensor when the space has no gap for it, unless the kernel
        placed it itself (`explicit`: the model's explicit_allocation), which then gets a private array."""
        space = self.spaces[buffer]
        partitions = shape[axis]
        row_bytes = int(np.prod(shape, dtype=np.int64)) // max(partitions, 1) * storage.itemsize
        taken = space.take(max(row_bytes, 1))
        if taken is None and not explicit:
            raise MemoryError(f"nl.ndarray{' ' + name if name else ''}: {row_bytes} bytes a partition in nl.{buffer}"
                              f" with {space.in_use()} in use: no gap that large in the {space.size} bytes a"
                              f" partition of {self.session.gen}'s {buffer.upper()}")
        memory = self.memory.get(buffer)
        if taken is None or memory is None:
            rows = np.empty((partitions, row_bytes), np.uint8)
        else:
            rows = memory[:partitions, taken[0]:taken[0] + row_bytes]
            # its sentinel is written here: after the queued calls that read or write these bytes
            self.session.sync_touching((buffer, 0, partitions, taken[0], taken[0] + row_bytes))
        owner = _Owner(rows)  # every view of the tensor keeps it (NumPy's bases stop at a non-array)
        if taken is not None:
            weakref.finalize(owner, space.give, *taken)
        a = np.asarray(owner).view(storage).reshape((partitions,) + shape[:axis] + shape[axis + 1:])
        return np.moveaxis(a, 0, axis)

    def region(self, a):
        """`MEM:P:OFF:ROWSxCOLS:DTYPE` of array `a` (axis 0 its partitions) when it is one [rows, F] run of bytes in
        each of consecutive partitions of the session's shared memory; else None."""
        if not self.memory or not self.current() or a.ndim < 1 or a.size == 0:
            return None
        ptr = a.__array_interface__["data"][0]
        for name, memory in self.memory.items():
            base = memory.__array_interface__["data"][0]
            pitch = memory.strides[0]
            if not base <= ptr < base + pitch * memory.shape[0]:
                continue
            partition, offset = divmod(ptr - base, pitch)
            rows, cols = a.shape[0], a.size // a.shape[0]
            if rows > 1 and a.strides[0] != pitch or not _dense(a.shape[1:], a.strides[1:], a.itemsize):
                return None
            if partition + rows > memory.shape[0] or offset + cols * a.itemsize > memory.shape[1]:
                return None
            return f"{name}:{partition}:{offset:#x}:{rows}x{cols}:{_dtypes.of_array(a, 'tile')[0]}"
        return None

    def end_kernel(self):
        """Frees every tensor: a kernel's on-chip tensors end with it (views kept after it see what later kernels
        write there)."""
        for space in self.spaces.values():
            space.used.clear()

    def staging(self):
        """The bytes of each SBUF partition below the kernel's tensors, when it has any."""
        space = self.spaces["sbuf"]
        return space.floor() if space.used else None


class _Owner:
    """The bytes of one placed tensor, as an object NumPy views keep alive (its `__array_interface__`)."""

    def __init__(self, rows):
        self.rows = rows
        self.__array_interface__ = rows.__array_interface__


def _dense(shape, strides, itemsize):
    """True when dims `shape` with `strides` are C-contiguous (dims of one element may have any stride)."""
    expected = itemsize
    for n, s in zip(reversed(shape), reversed(strides)):
        if n != 1 and s != expected:
            return False
        expected *= n
    return True


_SBUF_BYTES = {"sunda": 192 * 1024, "cayman": 224 * 1024, "mariana": 256 * 1024, "mariana_plus": 256 * 1024,
               "maverick": 512 * 1024}


def of(session):
    """The session's chip placement (one per session and memory mapping)."""
    chip = getattr(session, "_chip", None)
    if chip is None or not chip.current():
        chip = session._chip = Chip(session)
    return chip


def region(a):
    """`a`'s region in the current session's shared memory, or None (`Chip.region`)."""
    if not isinstance(a, np.ndarray):
        return None
    s = _session.current()
    chip = getattr(s, "_chip", None)
    return None if chip is None else chip.region(a)


def new_tile(shape, model):
    """Where a Beta 1 call's new tile of `shape` and model dtype goes: None here, a private array; while a kernel runs
    on shared memory, the kernel runner installs its own (`_kernel.new_tile`: an SBUF tile placed as the kernel's own
    tensors are, or None when SBUF has no gap for it)."""
    return None
