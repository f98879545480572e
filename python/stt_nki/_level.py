"""The `nki.isa` calls the model runs at NKI level (FAMILY-NEXT §5-§9): the Scalar, Tensor and GpSimd engines, DMA,
and the Vector Engine calls whose words are not sourced. Each is one `stt call NAME ARG=VALUE` on the session's
NeuronCore (so activation's reduce registers and range_select's accumulators persist across calls), in both of NKI's
call forms. A tile in the session's shared memory travels as its region, and an output can be written straight into
one (`direct`); other tiles travel as .npy bytes. The reply's record (engine, fidelity level, [MODEL] decisions,
estimated cycles, warnings) goes into the session's `calls`."""
import numpy as np

from . import _chip, _dtypes, _session


def _value(x):
    """An argument's text: numbers as Java reads them (floats by their fp32 bits, exactly), lists as [a, b]."""
    if isinstance(x, (bool, np.bool_)):
        return "true" if x else "false"
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    if isinstance(x, (float, np.floating)):
        with np.errstate(over="ignore"):  # an fp32 argument beyond fp32's range is +-inf, as NKI's fp32 immediates
            return "0x%08x" % int(np.array(x, dtype=np.float32).view(np.uint32))
    if isinstance(x, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in x) + "]"
    return str(x)


def flat(a, what, rows_limit=128):
    """(model dtype, the array as it travels: [rows, F] in C order, its free dims flattened) of a tile operand."""
    if not isinstance(a, np.ndarray):
        raise TypeError(f"{what}: expected a NumPy array, got {type(a).__name__}")
    if a.ndim < 1 or not 1 <= a.shape[0] <= rows_limit:
        raise ValueError(f"{what}: shape {a.shape}: the first dimension is the partition count, 1..{rows_limit}")
    model, travel = _dtypes.of_array(a, what)
    if _session.PENDING:
        _session.sync_pending()  # the values travel: the queued calls that write them run first
    return model, np.ascontiguousarray(travel.reshape(a.shape[0], -1))


class Level:
    """One NKI-level call being put together: its arguments and its arrays."""

    def __init__(self, name):
        self.name = name
        self.args = ["call", name]
        self.arrays = {}
        self.direct_outs = {}  # output -> (the caller's array it is written into, that array's region)

    def arg(self, key, value):
        if value is not None:
            self.args.append(f"{key}={_value(value)}")

    def tile(self, key, a, rows_limit=128, origin=None):
        """An array as a [rows, F] tile (its free dims flattened in C order): returns (model dtype, rows, F). The call
        reads `origin` (the array `a` was copied from), else `a`."""
        what = f"{self.name}: {key}"
        region = _chip.region(a) if origin is None and a.ndim >= 1 and 1 <= a.shape[0] <= rows_limit else None
        if region is not None:  # the server reads it where it is (the queued calls that write it run first: run)
            _session.current().touch(a)
            self.args.append(f"{key}={region}")
            return _dtypes.of_array(a, what)[0], a.shape[0], a.size // a.shape[0]
        model, tile = flat(a, what, rows_limit)
        _session.current().touch(a if origin is None else origin)
        self.arrays[key + ".npy"] = tile
        prefix = model + ":" if model in _dtypes.BITS_MODELS else ""
        self.args.append(f"{key}={prefix}@{key}.npy")
        return model, tile.shape[0], tile.shape[1]

    def column(self, key, x, rows):
        """A per-partition value: a number, or a [rows, 1] (or [rows]) array."""
        if isinstance(x, np.ndarray):
            if x.shape not in ((rows,), (rows, 1)):
                raise ValueError(f"{self.name}: {key}: shape {x.shape}; a per-partition value is [{rows}, 1]")
            self.tile(key, x.reshape(rows, 1))
        elif isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, float, np.integer, np.floating)):
            raise TypeError(f"{self.name}: {key}: expected a number or a [{rows}, 1] array, got {type(x).__name__}")
        else:
            self.arg(key, float(x))

    def into(self, key, target, outputs):
        """Asks for output `key` in the dtype of `target`, the caller's array it will be written into (`fill`)."""
        self.arg(key, model_of(target, key))
        outputs.append(key)

    def fill(self, got, key, target):
        """Writes output `key` of a run into the caller's array it was asked for (`into`)."""
        put(target, as_result(got[key], model_of(target, key), target.shape), key)

    def direct(self, key, target, model, shape):
        """Asks for output `key` (`model` elements of `shape`) to be written straight into `target` when that is a
        plain write into the session's shared memory: a dense array of exactly that shape and dtype, not a copy made
        by advanced indexing. Returns whether it will be (then `result` returns `target`)."""
        if (not isinstance(target, np.ndarray) or target.shape != tuple(shape) or target.dtype == np.bool_
                or _dtypes.x4(target.dtype) or getattr(target, "_origin", None) is not None
                or _dtypes.of_array(target, key)[0] != model):
            return False
        region = _chip.region(target)
        if region is not None:
            self.direct_outs[key] = (target, region)
        return region is not None

    def result(self, got, key, dst, model, shape):
        """Output `key` of a run: `dst` itself when it was written directly (`direct`), else the run's bits as
        `model` elements of `shape`, written into `dst` when it is given (`give`)."""
        if key in self.direct_outs:
            return dst
        return give(dst, as_result(got[key], model, shape))

    def run(self, outputs=("dst",)):
        """Runs the call; returns {output: array of the model's bits (bf16/fp8 as ml_dtypes when installed)} for the
        outputs not written directly (`direct`)."""
        s = _session.current()
        self.args += ["--gen", s.gen]
        fetched = [o for o in outputs if o not in self.direct_outs]
        for o in outputs:
            self.args += ["--out", f"{o}={self.direct_outs[o][1]}" if o in self.direct_outs else f"{o}=@{o}.npy"]
        in_place = not self.arrays and not fetched  # every tile a region of the session's memory
        if not (in_place and s.queue_command(self.args)):
            code, _, err, got = s.run(self.args, self.arrays, [o + ".npy" for o in fetched])
            _session.check(code, err.replace("stt: call: ", "").replace(self.name + ": ", "", 1), self.name,
                           s.last_verdicts)
            if in_place:
                s.learn_command(self.args)
        for target, _ in self.direct_outs.values():
            s.wrote(target)
        return {} if in_place else {o: got[o + ".npy"] for o in fetched}


def model_of(a, what):
    return _dtypes.of_array(a, what)[0]


def as_result(bits, model, shape):
    return _dtypes.result(bits, model).reshape(shape)


def put(target, values, what):
    """Writes a call's result into a caller's array (Beta 2's dst, reduce_res), checking shape and dtype."""
    if not isinstance(target, np.ndarray):
        raise TypeError(f"{what}: expected a NumPy array, got {type(target).__name__}")
    if target.dtype == np.bool_ and values.dtype == np.uint8:  # a bool array holds a predicate's bytes as 0 / 1
        values = np.asarray(values) != 0
    if target.size != values.size:
        raise ValueError(f"{what}: shape {target.shape}, the call's result is {values.shape}")
    if _dtypes.x4(target.dtype) and values.dtype == _dtypes.x4_bits(target[:0]).dtype:
        values = values.view(target.dtype)  # a packed MX tensor receives its bits
    if target.dtype != values.dtype:
        raise ValueError(f"{what}: dtype {target.dtype}, the call's result is {values.dtype}")
    target[...] = values.reshape(target.shape)
    _session.current().wrote(target)
    node, origin = target, getattr(target, "_origin", None)
    while origin is not None:  # a kernel's view made by advanced indexing is a copy: write it back where it came from
        base, index = origin
        np.ndarray.__setitem__(base, index, node)
        node, origin = base, getattr(base, "_origin", None)
    return target


def nki_name(op, what, allowed):
    """An op's NKI name (`nl.add` -> add, `np.maximum` -> maximum, an activation function -> its name), checked."""
    name = getattr(op, "nki", None) or getattr(op, "__name__", None) or (op if isinstance(op, str) else None)
    name = {"amax": "maximum", "max": "maximum", "sum": "add", "mean": "average", "absolute": "abs"}.get(name, name)
    if name not in allowed:
        raise ValueError(f"{what}={op!r}: allowed: {', '.join(allowed)}")
    return name


def give(dst, result):
    """The call's result into `dst`, or as a new array (which the last call wrote: `Session.wrote`)."""
    if dst is None:
        _session.current().wrote(result)
        return result
    return put(dst, result, "dst")


def out_dtype(dtype, dst, default):
    if dtype is not None:
        return _dtypes.named(dtype, "dtype")
    if dst is not None:
        return model_of(dst, "dst")
    return default
