"""One `stt serve` process per session, spoken to in Content-Length frames, its NeuronCore memory mapped (see
stt.cli.ServeCommand and stt.cli.SharedMemory)."""
import atexit
import enum
import functools
import io
import itertools
import json
import mmap
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import warnings
import time
import types

import numpy as np

from . import _java, _ops, _places, _ring

GENERATIONS = ("sunda", "cayman", "mariana", "mariana_plus", "maverick")
# NKI's platform targets and NeuronCore versions (FAMILY-NEXT §10) -> the model's generations
NKI_TARGETS = {"trn1": "sunda", "inf2": "sunda", "gen2": "sunda", "trn2": "cayman", "gen3": "cayman",
               "trn3": "mariana", "gen4": "mariana"}
PLATFORM_VARIABLE = "NEURON_PLATFORM_TARGET_OVERRIDE"


def generation(gen=None):
    """The model's generation for `gen`: a model name or an NKI target (trn1/inf2/gen2, trn2/gen3, trn3/gen4); None
    means NEURON_PLATFORM_TARGET_OVERRIDE when set (as NKI's simulator reads it), else mariana."""
    where = "gen"
    if gen is None:
        gen = os.environ.get(PLATFORM_VARIABLE) or "mariana"
        where = PLATFORM_VARIABLE
    name = str(gen).lower()
    if name in GENERATIONS:
        return name
    if name in NKI_TARGETS:
        return NKI_TARGETS[name]
    raise ValueError(f"{where}={gen!r}: allowed: {', '.join(GENERATIONS)}, or NKI's targets"
                     f" {', '.join(NKI_TARGETS)}")
ENGINES = ("fast", "reference")


class InvalidInstruction(Exception):
    """The call is an instruction the generation does not allow: `.rules` names the violated rules, `.verdicts`
    gives each as the model reported it (`rule`, `level`: "invalid" or "not_executable", `message`, `word`)."""

    def __init__(self, message, verdicts=()):
        super().__init__(message)
        self.verdicts = list(verdicts)
        self.rules = [v["rule"] for v in self.verdicts]


class ServerError(RuntimeError):
    """The `stt serve` process is missing, did not start, or died."""


class Session:
    """A model of one NeuronCore generation behind one `stt serve` process; a context manager.

    `gen` is a model generation or NKI's target name (`trn2` is cayman, `trn3` mariana); by default
    NEURON_PLATFORM_TARGET_OVERRIDE's, else mariana.

    Inside `with Session(...) as s:` the module-level calls (`stt_nki.isa.*`) of that thread go through `s`.
    `last_words` holds the 64-byte instruction words of the last call, `last_cost` its estimated Vector Engine cycles
    and ns. The session maps the server's SBUF (`shared`, `sbuf()`): a call made again with the same arguments,
    shapes and dtypes writes its arrays there itself and queues only its words in the command queue there; one whose
    tiles all live in that memory returns at once (deferred), and Python waits for the queue only at a host read
    (`sync`). A call interrupted (KeyboardInterrupt) leaves the session usable: the reply to the abandoned request is
    discarded when it comes, and queued calls run on. A server that dies is a ServerError at once, one that does not
    answer within `timeout` seconds a ServerError then; either closes the session, and the next call starts a new
    server.
    """

    def __init__(self, gen=None, engine="fast", launcher=None, timeout=600.0):
        if engine not in ENGINES:
            raise ValueError(f"engine={engine!r}: allowed: {', '.join(ENGINES)}")
        if not timeout or timeout <= 0:
            raise ValueError(f"timeout={timeout!r}: allowed: a number of seconds > 0")
        self.gen, self.engine, self.timeout = generation(gen), engine, float(timeout)
        self._launcher = launcher
        self._proc = None
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._outstanding = set()  # requests sent whose reply has not been read (an interrupted call's)
        self._plans = {}  # a call's key -> how to replay it on the shared memory (_Plan)
        self._sbuf = None  # the session's SBUF as [128, pitch] bytes, shared with the server
        self._ring = None  # the session's command queue in the shared memory (_ring.Ring), when the server made one
        self._bounds = ()  # the address ranges of the shared memory's spaces
        self._spaces = _UNSHARED  # {"sbuf", "psum"}: [128, bytes] views of the shared memory
        self.shared = False
        self.last_words = []
        self.last_cost = None
        self.last_verdicts = []
        self.calls = []  # every call's record: name, engine, level, decisions, words, cycles, ns, formula, warnings,
        # line (the caller's file:line), reads and writes (the footprints of its operands, _places.footprint)
        self._reads = []  # the footprints the call being put together reads (touch)
        self.records = {}  # a call's record by what alone decides it (an equal-dtype DMA copy: _dma.copy_into)
        self._calls_again = {}  # a deferred call's key (call_key) -> how to queue it again (_Again)
        self._commands = {}  # an stt call's arguments -> its record, to queue it when made again (queue_command)
        self._posts = 0  # records this session queued
        self._last_post = None  # the plan of the last record queued
        self._queued = []  # the records of the calls queued since the last sync
        self._last_arrays = {}  # the arrays whose values the last queued call took

    def __enter__(self):
        _bound().append(self)
        return self

    def __exit__(self, kind, *exc):
        _bound().remove(self)
        try:
            if kind is None:
                self.sync()  # a deferred call refused is reported here, not lost
        finally:
            self.close()

    def sync(self):
        """Waits until the calls queued in the shared memory (deferred: every tile of theirs in the session's memory)
        have run. A call the model refused raises here, as InvalidInstruction naming the call and its kernel line;
        the calls queued after it did not run, and the session goes on."""
        with self._lock:
            self._sync()

    def sync_touching(self, *footprints):
        """A host read or write of the bytes `footprints` cover (`_places.footprint`s; None for none): syncs when a
        queued call reads or writes any of them, else lets the queue run on."""
        if self not in PENDING:
            return
        for call in self._queued:
            for mine in call["reads"] + call["writes"]:
                if any(f is not None and _places.overlap(mine, f) for f in footprints):
                    self.sync()
                    return

    def _sync(self):
        if self._outstanding and self._proc is not None:
            self._settle()  # a server writing an abandoned request's reply runs no queued call until it is read
        ring = self._ring
        if ring is None or not ring.pending():
            PENDING.discard(self)
            self._queued = []
            return
        try:
            failed = ring.wait(self._wake, self._alive, time.monotonic() + self.timeout)
        except TimeoutError:
            self._kill()
            raise ServerError(f"stt serve did not run the queued calls within {self.timeout:g} s"
                              " (Session(timeout=...)); the session was closed and the next call starts a new server"
                              ) from None
        PENDING.discard(self)
        if ring.warnings():
            self._warnings()
        if failed:
            self._failed(failed)
        ring.settle()
        self._queued = []

    def _warnings(self):
        """Warns about what the queued commands reported (as the same call made at once would), naming the call and
        the kernel line that issued it."""
        ring = self._ring
        ring.warned = int(ring.ctl[_ring.WARNED])
        js, _ = self._request({"ring": "warnings"}, [])
        for w in js.get("warnings", []):
            number, _, message = w.partition(": ")
            name, line, _ = ring.records.get(int(number.split()[-1]), ("a deferred call", None, 0))
            warnings.warn(f"{message} (issued at {line})" if line else message, RuntimeWarning, stacklevel=4)

    def _failed(self, number):
        """Reads the refused record's verdicts (the server discards the records after it), drops the calls that did
        not run from `calls`, and raises for the refused one."""
        ring = self._ring
        name, line, at = ring.records.get(number, ("a deferred call", None, len(self.calls)))
        js, _ = self._request({"ring": "failure"}, [])
        ring.settle()
        del self.calls[at:]
        self._queued = []
        self.last_verdicts = js.get("verdicts", [])
        where = f" (issued at {line})" if line else ""
        try:
            check(js.get("code", 1), js.get("err", ""), f"{name}{where}", self.last_verdicts)
        except Exception as e:
            e.issued = line  # the message names the kernel line that issued the call (not where it was raised)
            raise

    def _wake(self):
        """Tells a server that waits on its input that the queue holds records."""
        head = json.dumps({"ring": "wake"}).encode()
        try:
            _write_all(self._proc.stdin.fileno(), [b"Content-Length: %d\r\nJson-Length: %d\r\n\r\n%s"
                                                   % (len(head), len(head), head)])
        except (BrokenPipeError, ConnectionResetError):
            raise self._died() from None

    def _alive(self):
        if self._proc is None or self._proc.poll() is not None:
            raise self._died()

    def reset(self):
        """The session's NeuronCore back to zeros: memory, registers and accumulators."""
        with self._lock:
            if self._proc is not None:
                self._sync()
                self._request({"reset": True}, [])

    def close(self):
        """Ends the server process (a later call starts a new one); the NeuronCore's state goes with it."""
        self._unshare()
        proc, self._proc = self._proc, None
        if proc is not None:
            try:
                proc.stdin.close()
                proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()
            self._stderr.close()

    def _unshare(self):
        self._sbuf, self._spaces, self.shared, self._ring, self._bounds = None, _UNSHARED, False, None, ()
        self._calls_again.clear()
        PENDING.discard(self)
        self._plans.clear()
        self._outstanding.clear()

    def _kill(self):
        """Ends a server whose input or output can no longer be trusted."""
        self._unshare()
        proc, self._proc = self._proc, None
        if proc is not None:
            proc.kill()
            proc.wait()
            self._stderr.close()

    def _start(self):
        try:
            command = _java.serve_command(self._launcher)
        except _java.JavaNotFound as e:
            raise ServerError(str(e)) from None
        if command is None:
            raise ServerError("stt launcher not found: pip install ./python from the stt repository (the package then"
                              " carries the model), or set STT_LAUNCHER to the repository's ./stt, or pass"
                              " Session(launcher=...)")
        self._stderr = tempfile.TemporaryFile()
        try:
            self._proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
                                          env=_java.jvm_env())
        except OSError as e:
            raise ServerError(f"cannot start {command[0]} serve: {e}") from None
        self._replies = _Frames(self._proc.stdout.fileno())
        self._share()

    def _share(self):
        """Maps the server's NeuronCore memory for this session's generation (SharedMemory.java), then removes its
        file and directory: the mapping lives on in both processes, and nothing is left on disk however they end.
        Without it (no such request, a file system that refuses) the arrays travel in the frames."""
        js, _ = self._request({"memory": self.gen, "ring": True, "engine": self.engine}, [])
        if js.get("code") != 0:
            return
        path, ring = js["path"], js.get("ring")
        try:
            memory = _mapped(path, js["size"])
            if ring:
                self._ring = _ring.Ring(_mapped(ring["path"], ring["size"]), ring["data"], ring["capacity"])
        finally:
            for remove in [lambda: os.unlink(path)] + ([lambda: os.unlink(ring["path"])] if ring else []) + [
                    lambda: os.rmdir(os.path.dirname(path))]:
                try:
                    remove()
                except OSError:
                    pass
        spaces = {}
        for name in ("sbuf", "psum"):
            space = js.get(name, {})
            if space.get("bytes"):
                whole = np.frombuffer(memory, dtype=np.uint8, count=128 * space["pitch"], offset=space["offset"])
                spaces[name] = whole.reshape(128, space["pitch"])[:, :space["bytes"]]
        self._spaces, self._sbuf = spaces, spaces["sbuf"]
        self._bounds = [(a.__array_interface__["data"][0], a.__array_interface__["data"][0] + a.strides[0] * a.shape[0])
                        for a in spaces.values()]
        self.shared = True

    def sbuf(self):
        """The session's SBUF as a writable [128, bytes per partition] uint8 array over the NeuronCore's own memory
        (the server's machine sees every change), or None when the memory is not shared. It is a host read: the
        calls queued before it have run (`sync`)."""
        with self._lock:
            if self._proc is None:
                self._start()
            self._sync()
            return self._sbuf

    def shared_spaces(self):
        """{"sbuf", "psum"}: the session's memories as writable [128, bytes per partition] uint8 arrays over the
        NeuronCore's own (the same objects while the server lives); empty when the memory is not shared."""
        with self._lock:
            if self._proc is None:
                self._start()
            return self._spaces

    def _died(self):
        self._unshare()
        proc, self._proc = self._proc, None
        try:
            code = proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # it closed its output but runs on: no reply can come
            proc.kill()
            code = proc.wait()
        self._stderr.seek(0)
        tail = self._stderr.read().decode(errors="replace").strip()[-2000:]
        self._stderr.close()
        return ServerError(f"stt serve ended (exit {code}); its last words: {tail or '(none)'}."
                           " Run ./stt --version in the repository to see whether the model builds.")

    def run(self, args, arrays, outputs):
        """Runs one stt command; `@name` in `args` is array `name` (an input in `arrays`, or one of `outputs`).

        Returns (code, stdout, stderr, {output name: array}); the words, their cost and the verdicts on them go to
        `last_words`, `last_cost` and `last_verdicts`."""
        with self._lock:
            try:
                return self._run(args, arrays, outputs)
            finally:
                self._reads = []  # a refused call's reads do not carry over to the next call

    def _run(self, args, arrays, outputs):
        if self._proc is None:
            self._start()
        arrays = {name: np.ascontiguousarray(a) for name, a in arrays.items()}
        key = (tuple(args), tuple((n, a.dtype.str, a.shape) for n, a in arrays.items()), tuple(outputs))
        plan = self._plans.get(key) if self.shared else None
        if plan is not None:
            return self._replay(plan, arrays)
        self._sync()
        pieces, listing = [], []
        for name, a in arrays.items():
            a = np.ascontiguousarray(a)
            header = io.BytesIO()  # the .npy header, then the array's own buffer: no copy of the data
            np.lib.format.write_array_header_1_0(header, np.lib.format.header_data_from_array_1_0(a))
            pieces += [header.getvalue(), memoryview(a).cast("B")]
            listing.append({"name": name, "bytes": len(pieces[-2]) + a.nbytes})
        js, payload = self._request({"args": args, "outputs": outputs, "arrays": listing}, pieces)
        out = {a["name"]: _npy(payload[a["name"]]) for a in js["arrays"]}
        shapes = {n[:-4] if n.endswith(".npy") else n: [list(a.shape), a.dtype.name] for n, a in arrays.items()}
        for call in js.get("calls", []):
            call["arrays"] = shapes
        self._described(js)
        if "replay" in js and self.shared:
            if len(self._plans) >= _PLANS:
                self._plans.clear()
            self._plans[key] = _Plan(js, self._ring)
        return js["code"], js["out"], js["err"], out

    def _described(self, js):
        self.last_words = [bytes.fromhex(w) for w in js.get("words", [])]
        self.last_cost = js.get("cost")
        self.last_verdicts = js.get("verdicts", [])
        if js.get("code") == 0:
            for call in js.get("calls", []):
                self.record(call)

    def touch(self, a):
        """Notes that the call being put together reads array `a` (its footprint goes into the call's `reads`)."""
        fp = _places.footprint(a, self._spaces)
        if fp is not None:
            self._reads.append(fp)

    def wrote(self, a):
        """Notes that the last recorded call wrote array `a` (its footprint goes into the call's `writes`)."""
        fp = _places.footprint(a, self._spaces)
        if fp is not None and self.calls:
            self.calls[-1]["writes"].append(fp)

    def record(self, call):
        """Adds one call to the session's record (`calls`) with the footprints it read (`touch`) and the kernel line
        that made it, warning about what it reported (e.g. inputs outside an activation function's valid range)."""
        call["reads"], call["writes"], self._reads = self._reads, [], []
        call["line"] = _caller_line()
        self.calls.append(call)
        for w in call.get("warnings", []):
            warnings.warn(f"{call['name']}: {w}", RuntimeWarning, stacklevel=4)

    def report(self):
        """What the session's calls were: `summary` of `calls`."""
        return summary(self.calls)

    def _replay(self, plan, arrays):
        """A call made before with the same arguments, shapes and dtypes: its inputs written into the shared SBUF
        where the server put them then (as a DMA would), its words queued (or sent), its outputs read from where they
        were. A call with neither inputs nor outputs to copy (its tiles in the session's memory) returns once
        queued: deferred until the next host read."""
        self._settle()
        if plan.record is not None:
            self._last_arrays = arrays
            if plan.inputs:
                self._sync()
                self._write_inputs((t, arrays[t["name"]]) for t in plan.inputs)
            self._post(plan)
            out = {}
            if plan.outputs:
                self._sync()
                out = self._read_outputs(plan)
            return 0, "", "", out
        self._sync()
        self._write_inputs((t, arrays[t["name"]]) for t in plan.inputs)
        js, _ = self._request({"execute": plan.words, "gen": self.gen, "engine": self.engine}, [])
        self._described(js)
        out = self._read_outputs(plan) if js["code"] == 0 else {}
        return js["code"], js["out"], js["err"], out

    def _post(self, plan):
        """Queues a replayed call's words and records the call as its first run reported it."""
        at = len(self.calls)
        for call in plan.calls:
            self.record(dict(call))
        self._queue(plan, at)

    def _queue(self, plan, at):
        """Puts a plan's record in the command queue, noting the call at `calls[at]` that made it (and its words, cost
        and no verdicts as the last call's)."""
        self.last_words, self.last_cost, self.last_verdicts = plan.last_words, plan.cost, []
        self._enqueue(plan.record, at)
        self._last_post = plan

    def _enqueue(self, record, at):
        """Posts `record` to the command queue, noting the call at `calls[at]` that made it."""
        self._queued += self.calls[at:]
        first = self.calls[at] if len(self.calls) > at else {}
        note = (first.get("name", "a call"), first.get("line"), at)
        if self._ring.post(record, note, self._room):
            self._wake()
        self._posts += 1
        PENDING.add(self)

    def queue_command(self, args):
        """Queues an stt call made before with the same arguments `args` (`learn_command`: its tiles all regions of
        the session's memory, its outputs written there): it returns at once and runs in order with the queued words;
        its warnings and a refusal come at the next sync. False when it cannot be queued (it is then sent)."""
        known = self._commands.get(tuple(args))
        if known is None or self._ring is None:
            return False
        with self._lock:
            record = _ring.Ring.command(args)
            if self._ring is None or not self._ring.fits(record):
                return False
            self._settle()
            at = len(self.calls)
            self.record(dict(known))
            self.last_words, self.last_cost, self.last_verdicts = [], None, []
            self._enqueue(record, at)
            self._last_post = None
            return True

    def learn_command(self, args):
        """After an stt call with arguments `args` ran as a request, its tiles all regions of the session's memory
        and its outputs written there: the same call is queued from now on (`queue_command`), unless it warned."""
        if self._ring is None or not self.calls or self.calls[-1].get("warnings"):
            return
        if len(self._commands) >= _PLANS:
            self._commands.clear()
        self._commands[tuple(args)] = {k: v for k, v in self.calls[-1].items() if k not in ("reads", "writes", "line")}

    def call_key(self, name, args, kwargs):
        """What decides a call's instruction words: its name, each tile's place in the session's memory, each
        array's shape, strides and dtype, and the other arguments by type and value (objects such as ops by
        identity); None when an argument is none of these (a list of tiles, ...)."""
        bounds = self._bounds
        try:
            return (name, tuple(_part(a, bounds) for a in args),
                    tuple((k, _part(v, bounds)) for k, v in kwargs.items()))
        except TypeError:
            return None

    def mark(self):
        """Where the session's record stands, for `learn`."""
        return len(self.calls), self._posts

    def learn(self, key, mark, result, args, kwargs):
        """After a call with key `key` (call_key) ran from `mark`: when it was one queued replay on tiles in the
        session's memory whose result is one of its arguments (Beta 2's dst), the same call on the same tiles is
        queued again from here (`again`) without binding its arguments anew."""
        at, posts = mark
        plan = self._last_post
        if self._posts != posts + 1 or plan is None or len(plan.outputs) > 1 or \
                len(self.calls) != at + len(plan.calls) or any(c.get("warnings") for c in plan.calls):
            return
        feeds = [(t, _source(self._last_arrays.get(t["name"]), args, kwargs)) for t in plan.inputs]
        if any(where is None for _, where in feeds):
            return
        where = next((k for k, a in _arguments(args, kwargs) if a is result), None)
        if where is None and not (plan.outputs and type(result) is np.ndarray and result.flags.c_contiguous):
            return
        if where is not None and plan.outputs:
            return  # a result copied into the caller's array: the call's own write checks it
        if len(self._calls_again) >= _PLANS:
            self._calls_again.clear()
        made = (result.dtype, result.shape) if where is None else None
        self._calls_again[key] = _Again(plan, where, [(tuple(c["reads"]), tuple(c["writes"]))
                                                      for c in self.calls[at:]], feeds, made)

    def again(self, key, args, kwargs):
        """Queues a call learnt before (`learn`) and returns its result, or MISS."""
        known = self._calls_again.get(key)
        if known is None or self._ring is None:
            return MISS
        with self._lock:
            if self._ring is None or self._calls_again.get(key) is not known:
                return MISS
            plan = known.plan
            fed = [(t, _argument(args, kwargs, w)) for t, w in known.feeds]
            if fed:
                self._sync()
                self._write_inputs(fed)
            at, line = len(self.calls), _caller_line()
            for call, (reads, writes) in zip(plan.calls, known.footprints):
                call = dict(call)
                call["reads"], call["writes"], call["line"] = list(reads), list(writes), line
                self.calls.append(call)
            if fed and self.calls[at:]:  # the arrays that travelled are this call's, not the learnt one's
                self.calls[at]["reads"] = [r for r in self.calls[at]["reads"] if r[0] != "host"] + [
                    _places.footprint(a, self._spaces) for _, a in fed]
            self._queue(plan, at)
            if known.made is None:
                return _argument(args, kwargs, known.where)
            self._sync()
            t = plan.outputs[0]
            result = np.array(self._region(t)).view(known.made[0]).reshape(known.made[1])
            if self.calls[at:]:
                self.calls[-1]["writes"] = [_places.footprint(result, self._spaces)]
            return result

    def _room(self):
        """The queue is full: waits for the server to consume some of it (it may have stopped at a refused call)."""
        self._sync()

    def _write_inputs(self, fed):
        """Writes each (plan input, array) of `fed`: the array's bytes where the input lives in the shared SBUF."""
        for t, a in fed:
            self._region(t)[...] = a.view(np.uint8).reshape(t["rows"], t["row_bytes"])

    def _read_outputs(self, plan):
        return {t["name"]: np.array(self._region(t)).view(np.dtype(t["descr"])).reshape(t["rows"], t["cols"])
                for t in plan.outputs}

    def _region(self, t):
        """The shared SBUF bytes of a replayed tile: its rows of partitions from its byte offset."""
        return self._sbuf[t["partition"]:t["partition"] + t["rows"], t["offset"]:t["offset"] + t["row_bytes"]]

    def _settle(self):
        """Reads past the replies to interrupted requests (their words may still be writing into the shared memory):
        a ping's reply comes after all of them, as the server answers in order, so a reply an interrupt lost on its
        way in is not waited for."""
        if self._outstanding:
            self._request({"ping": True}, [])
            self._outstanding.clear()

    def _request(self, fields, pieces):
        """Sends one request frame (its JSON fields, then the payload pieces) and returns its reply."""
        request = next(self._ids)
        head = json.dumps({"id": request, **fields}).encode()
        size = len(head) + sum(len(p) for p in pieces)
        try:
            _write_all(self._proc.stdin.fileno(), [b"Content-Length: %d\r\nJson-Length: %d\r\n\r\n%s"
                                                   % (size, len(head), head), *pieces])
        except (BrokenPipeError, ConnectionResetError):
            raise self._died() from None
        except BaseException:
            self._kill()  # interrupted inside a frame: the server's input is cut, so it cannot go on
            raise
        # outstanding once sent, not before: an interrupt before the frame went must not leave a reply to wait for
        self._outstanding.add(request)
        return self._reply(request)

    def _reply(self, request):
        """The reply to `request`, passing over the replies to requests abandoned earlier (interrupted calls); with
        None, the next reply."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                reply = self._replies.frame(deadline)
            except TimeoutError:
                self._kill()
                raise ServerError(f"stt serve did not answer within {self.timeout:g} s (Session(timeout=...)); the"
                                  " session was closed and the next call starts a new server") from None
            if reply is None:
                raise self._died()
            self._outstanding.discard(reply[0].get("id"))
            if request is None or reply[0].get("id") == request:
                return reply


_UNSHARED = {}
_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def _caller_line():
    """`file:line` of the innermost caller outside stt_nki (a kernel's line), or None."""
    f = sys._getframe(1)
    while f is not None and _inside(f.f_code.co_filename):
        f = f.f_back
    return None if f is None else f"{os.path.basename(f.f_code.co_filename)}:{f.f_lineno}"


@functools.lru_cache(maxsize=4096)
def _inside(filename):
    return os.path.dirname(os.path.abspath(filename)) == _PACKAGE


def _write_all(fd, pieces):
    for p in pieces:
        view = memoryview(p).cast("B")
        while view:
            view = view[os.write(fd, view):]


_SIGNALS = signal.valid_signals()


class _Frames:
    """The server's output, read in the calling thread: frames parsed from a buffer that only whole reads extend (a
    signal's exception, KeyboardInterrupt or an alarm's, is held off while a read is appended), so an interrupted wait
    loses no byte and the next call goes on where it stopped. Lines before a frame's Content-Length header are
    passed over: the JVM itself may print to standard output (-Xlog, a JFR recording's notes)."""

    def __init__(self, fd):
        self.fd, self.buf, self.need = fd, bytearray(), 1 << 16

    def frame(self, deadline):
        """The next frame, (JSON, {name: payload}); None at the end of the output; TimeoutError after `deadline`."""
        while (f := self._parse()) is None:
            wait = deadline - time.monotonic()
            if wait <= 0:
                raise TimeoutError
            if not select.select([self.fd], [], [], wait)[0]:
                continue
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)  # an alarm's handler may raise too
            try:
                chunk = os.read(self.fd, max(self.need, 1 << 16))
                self.buf += chunk
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            if not chunk:
                return None
        return f

    def _parse(self):
        buf = self.buf
        start = buf.find(b"Content-Length:")
        if start < 0:
            del buf[:buf.rfind(b"\n") + 1]
            return None
        end = buf.find(b"\r\n\r\n", start)
        if end < 0:
            return None
        headers = {}
        for line in bytes(buf[start:end]).split(b"\r\n"):
            key, _, value = line.partition(b":")
            headers[key.strip().lower()] = int(value.strip())
        at, size = end + 4, headers[b"content-length"]
        if len(buf) < at + size:
            self.need = at + size - len(buf)
            return None
        body = memoryview(buf[at:at + size])  # a copy: the payload arrays stay writable
        del buf[:at + size]
        n = headers[b"json-length"]
        js = json.loads(bytes(body[:n]))
        payload, at = {}, n
        for a in js["arrays"]:
            payload[a["name"]] = body[at:at + a["bytes"]]
            at += a["bytes"]
        return js, payload


def summary(calls):
    """What calls were (a session's, or a kernel run's): their count per engine and per fidelity level (exact: the
    sources' semantics; model: exact under a named [MODEL] decision; approximate), the Vector Engine words run, and
    the estimated cycles and ns per engine (calls NKI publishes no cost formula for are counted as not estimated)."""
    out = {"calls": len(calls), "by_engine": {}, "by_level": {}, "words": 0, "cycles": {}, "ns": {},
           "not_estimated": {}, "decisions": sorted({d for c in calls for d in c.get("decisions", [])})}
    for c in calls:
        e = c["engine"]
        out["by_engine"][e] = out["by_engine"].get(e, 0) + 1
        out["by_level"][c["level"]] = out["by_level"].get(c["level"], 0) + 1
        out["words"] += c.get("words", 0)
        if c.get("cycles") is None:
            out["not_estimated"][e] = out["not_estimated"].get(e, 0) + 1
            continue
        out["cycles"][e] = out["cycles"].get(e, 0) + c["cycles"]
        if c.get("ns") is not None:
            out["ns"][e] = out["ns"].get(e, 0.0) + c["ns"]
    return out


_PLANS = 4096  # replay plans a session keeps; past that it forgets them all and learns again


class _Plan:
    """How to replay a call, from its first run's reply `js`: its words (hex), where its inputs and outputs live in
    SBUF, and, for the session's command queue, its record and how the first run described it (the words, their
    cost, its calls)."""
    __slots__ = ("words", "inputs", "outputs", "record", "last_words", "cost", "calls")

    def __init__(self, js, ring):
        self.words, self.inputs, self.outputs = js["words"], js["replay"]["inputs"], js["replay"]["outputs"]
        self.last_words = [bytes.fromhex(w) for w in self.words]
        self.cost = js.get("cost")
        self.calls = [{k: v for k, v in c.items() if k not in ("reads", "writes", "line")} for c in js.get("calls", [])]
        record = _ring.Ring.record(b"".join(self.last_words)) if ring is not None and self.words else None
        self.record = record if record is not None and ring.fits(record) else None


class _Again:
    """A call that can be queued again: its plan, which argument it returns (an index or a keyword; None for a new
    array), the footprints (reads, writes) of each call record it made, which argument feeds each of the plan's
    inputs ((input, index or keyword)), and the new array's (dtype, shape), if it makes one."""
    __slots__ = ("plan", "where", "footprints", "feeds", "made")

    def __init__(self, plan, where, footprints, feeds=(), made=None):
        self.plan, self.where, self.footprints, self.feeds, self.made = plan, where, footprints, feeds, made


MISS = object()
_SCALARS = (bool, int, float, str, type(None), np.generic)
_NAMED = (enum.Enum, np.ufunc, types.FunctionType, types.BuiltinFunctionType, _ops.AluOp, _ops.ActFunction)


def _part(x, bounds):
    if isinstance(x, np.ndarray):  # a tile by its place; an array whose values travel, by its layout alone
        at = x.__array_interface__["data"][0]
        place = at if any(low <= at < high for low, high in bounds) else None
        return place, x.shape, x.strides, x.dtype, type(x)
    if isinstance(x, _SCALARS):
        return type(x), x
    if isinstance(x, (list, tuple)):
        return type(x), tuple(_part(v, bounds) for v in x)
    if isinstance(x, _NAMED):  # long-lived names: the key holds them, so no other object takes their identity
        return type(x), id(x), x
    raise TypeError(f"{type(x).__name__} is not part of a call key")


def _source(travel, args, kwargs):
    """The argument whose bytes travel as `travel` (a C-ordered array over the same bytes), by position or keyword;
    None when the call copied or converted them."""
    if travel is None:
        return None
    at = travel.__array_interface__["data"][0]
    for where, a in _arguments(args, kwargs):
        if isinstance(a, np.ndarray) and a.flags.c_contiguous and a.nbytes == travel.nbytes and \
                a.__array_interface__["data"][0] == at:
            return where
    return None


def _arguments(args, kwargs):
    """A call's arguments as (position or keyword, value)."""
    return list(enumerate(args)) + list(kwargs.items())


def _argument(args, kwargs, where):
    """The argument at `where`: a position or a keyword."""
    return args[where] if isinstance(where, int) else kwargs[where]


def _mapped(path, size):
    with open(path, "r+b") as f:
        return mmap.mmap(f.fileno(), size)


PENDING = set()  # the sessions with calls queued and not yet known to have run (`Session.sync`)


def sync_pending():
    """A host read is about to happen: every session's queued calls run first (`Session.sync`)."""
    for s in list(PENDING):
        s.sync()


def sync_for(*arrays):
    """A host read or write of `arrays`: waits for the queued calls that touch their bytes (all of them when more
    than one session has calls queued)."""
    if not PENDING:
        return
    if len(PENDING) > 1:
        sync_pending()
        return
    s = next(iter(PENDING))
    s.sync_touching(*(_places.footprint(a, s._spaces) for a in arrays))


def synced(fn):
    """`fn` as a host read: the queued calls run before it (`sync_pending`)."""
    @functools.wraps(fn)
    def read(*args, **kwargs):
        if PENDING:
            sync_pending()
        return fn(*args, **kwargs)
    return read


def _npy(view):
    """The array a .npy payload holds, over the payload's own (writable) memory: no copy."""
    major = view[6]
    start = 10 + int.from_bytes(view[8:10], "little") if major == 1 else 12 + int.from_bytes(view[8:12], "little")
    header = io.BytesIO(view[:start].tobytes())
    version = np.lib.format.read_magic(header)
    read = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
    shape, fortran, dtype = read(header)
    a = np.frombuffer(view, dtype=dtype, count=int(np.prod(shape, dtype=np.int64)), offset=start)
    return a.reshape(shape, order="F" if fortran else "C")


_threads = threading.local()


def _bound():
    """This thread's `with Session()` blocks, innermost last."""
    if not hasattr(_threads, "active"):
        _threads.active = []
    return _threads.active


def current():
    """This thread's innermost `with Session()`, else its default session (made on first use)."""
    if _bound():
        return _bound()[-1]
    if getattr(_threads, "default", None) is None:
        _threads.default = Session()
        atexit.register(_threads.default.close)
    return _threads.default


def check(code, err, what, verdicts):
    """Raises for a failed command: InvalidInstruction (exit 1, with the verdicts the reply carried), ValueError
    (exit 2)."""
    if code == 0:
        return
    message = err.replace("stt: eval: ", "").replace("stt: ", "").strip()
    if code == 1:
        raise InvalidInstruction(f"{what}: {message}", verdicts)
    if code == 2:
        raise ValueError(f"{what}: {message}")
    raise ServerError(f"{what}: the model failed (exit {code}): {message}")
