"""The engine timeline (docs/timeline.md): a kernel's recorded calls scheduled on the NeuronCore's engines as the device
runs them. Each engine runs its calls in program order, DMA over its queues; a call starts when its engine is free and
every earlier call it shares bytes with (RAW, WAR, WAW) has ended, a compute call 100 of its own engine's cycles after
(the static overhead between dependent instructions). The estimated latency is the schedule's end. [MODEL]
timeline_schedule and dma_cost in docs/decisions.md."""
import heapq

from . import _places

# the engines' clocks in GHz (the NKI architecture guides); MAVERICK publishes none
CLOCKS = {"sunda": {"vector": 1.12, "scalar": 1.4, "gpsimd": 1.4, "tensor": 2.8},
          "cayman": {"vector": 0.96, "scalar": 1.2, "gpsimd": 1.2, "tensor": 2.4},
          "mariana": {"vector": 1.2, "scalar": 1.2, "gpsimd": 1.2, "tensor": 2.4}}
CLOCKS["mariana_plus"] = CLOCKS["mariana"]
STATIC_OVERHEAD_CYCLES = 100  # between dependent instructions (trn1 guide, Vector Engine cost model)
# a most-minor free stride above this many bytes halves an engine's SBUF/PSUM bandwidth (trn1 guide, "Access pattern")
STRIDE_BYTES = 16
DMA_QUEUES = 16  # DMA engines per NeuronCore (trn1 and trn2 guides; trn3: 128 for 8 cores)
ENGINES = ("vector", "scalar", "gpsimd", "tensor", "dma")
_CHUNK = {"sbuf": 1024, "psum": 1024, "host": 1 << 16}  # the dependency index's bucket sizes in bytes


class Schedule:
    """The calls' times: `start[i]`, `end[i]` in ns, `why[i]` (("dep", j): call j's end held it back; ("engine", j):
    its engine's previous call j; None: it started at 0), `deps[i]` (the earlier calls it depends on), `queue[i]` (a
    DMA call's first queue), `latency` (the end of the last call)."""

    def __init__(self, calls, gen):
        self.calls, self.gen = calls, gen
        n = len(calls)
        self.start, self.end, self.why, self.deps, self.queue = [0.0] * n, [0.0] * n, [None] * n, [()] * n, [0] * n
        self._run()
        self.latency = max(self.end, default=0.0)

    def duration(self, c):
        """A call's estimated ns (its cycles at a 1 GHz nominal clock where the generation publishes none; 0 for a
        call without an estimate), doubled for a compute call that is `strided`."""
        ns = float(c["ns"]) if c.get("ns") is not None else float(c.get("cycles") or 0)
        return 2 * ns if strided(c) else ns

    def overhead(self, engine):
        """The static overhead a dependent call waits on `engine`, in ns (none for DMA)."""
        ghz = CLOCKS.get(self.gen, {}).get(engine)
        return 0.0 if engine == "dma" else STATIC_OVERHEAD_CYCLES / (ghz or 1.0)

    def _run(self):
        index = _Accesses()
        free = {e: 0.0 for e in ENGINES if e != "dma"}
        last = {}
        queues = [(0.0, q) for q in range(DMA_QUEUES)]  # a heap of (free at, queue)
        for i, c in enumerate(self.calls):
            engine = c["engine"]
            deps = index.dependencies(c.get("reads", ()), c.get("writes", ()))
            self.deps[i] = tuple(sorted(deps))
            wait = self.overhead(engine)
            ready, binding = 0.0, None
            for j in deps:
                if self.end[j] + wait > ready:
                    ready, binding = self.end[j] + wait, j
            if engine == "dma":
                taken = [heapq.heappop(queues) for _ in range(_spread(c))]
                free_at = max(t for t, _ in taken)
                self.queue[i] = min(q for _, q in taken)
            else:
                free_at = free[engine]
            start = max(ready, free_at)
            self.start[i], self.end[i] = start, start + self.duration(c)
            if binding is not None and ready >= free_at:
                self.why[i] = ("dep", binding)
            elif free_at > 0:
                self.why[i] = ("engine", last.get(engine, binding))
            if engine == "dma":
                for _, q in taken:
                    heapq.heappush(queues, (self.end[i], q))
            else:
                free[engine] = self.end[i]
            last[engine] = i
            index.add(i, c.get("reads", ()), c.get("writes", ()))

    def busy(self):
        """{engine: ns busy}: the sum of its calls' durations; DMA's, the time at least one queue is busy."""
        out = {e: 0.0 for e in ENGINES}
        spans = []
        for i, c in enumerate(self.calls):
            if c["engine"] == "dma":
                spans.append((self.start[i], self.end[i]))
            else:
                out[c["engine"]] += self.end[i] - self.start[i]
        reach = 0.0
        for s, e in sorted(spans):
            out["dma"] += max(0.0, e - max(s, reach))
            reach = max(reach, e)
        return out

    def critical_path(self):
        """The calls on the critical path, last first: from the call that ends last, back through whichever held each
        call back."""
        if not self.calls:
            return []
        i = max(range(len(self.calls)), key=lambda k: self.end[k])
        path = []
        while i is not None:
            path.append(i)
            i = self.why[i][1] if self.why[i] else None
        return path

    def report(self, top=5):
        """The estimated latency, each engine's busy time and share, and the critical path's largest contributors
        (grouped by call, kernel line and engine: count, cycles, ns)."""
        busy = self.busy()
        groups = {}
        for i in self.critical_path():
            c = self.calls[i]
            key = (c["name"], c.get("line"), c["engine"])
            g = groups.setdefault(key, {"call": key[0], "line": key[1], "engine": key[2], "count": 0, "cycles": 0,
                                        "ns": 0.0})
            g["count"] += 1
            g["cycles"] += c.get("cycles") or 0
            g["ns"] += self.end[i] - self.start[i]
        largest = sorted(groups.values(), key=lambda g: -g["ns"])[:top]
        latency = self.latency
        return {"latency_ns": latency,
                "engines": {e: {"busy_ns": b, "share": b / latency if latency else 0.0} for e, b in busy.items()},
                "critical_path": largest}


def strided(c):
    """Whether compute call `c` reads or writes SBUF/PSUM with a most-minor free stride above STRIDE_BYTES: "half of
    the peak bandwidth, which translates to roughly 50% performance hit on the instructions" (strided_access)."""
    return c["engine"] != "dma" and any(fp[0] != "host" and fp[5] > STRIDE_BYTES
                                        for fp in list(c.get("reads", ())) + list(c.get("writes", ())))


def _spread(c):
    """The queues a DMA call spreads over: min(16, the partitions of the on-chip tile it moves), else of its first
    operand's rows (dma_cost)."""
    parts = [fp[2] - fp[1] for fp in list(c.get("reads", ())) + list(c.get("writes", ())) if fp[0] != "host"]
    if not parts:
        shapes = [s for s, _ in c.get("arrays", {}).values() if s]
        parts = [shapes[0][0]] if shapes else [1]
    return max(1, min(DMA_QUEUES, max(parts)))


def _covers(a, b):
    return a[0] == b[0] and a[1] <= b[1] and b[2] <= a[2] and a[3] <= b[3] and b[4] <= a[4]


class _Accesses:
    """Every live access so far, (call, footprint, wrote), in buckets of bytes. A write that covers an earlier access
    replaces it: a later call overlapping the earlier one overlaps the write, which ended after it."""

    def __init__(self):
        self.buckets = {}

    @staticmethod
    def _keys(fp):
        size = _CHUNK.get(fp[0], 1 << 16)
        return [(fp[0], k) for k in range(fp[3] // size, (fp[4] - 1) // size + 1)]

    def dependencies(self, reads, writes):
        deps = set()
        for fp, wrote in [(r, False) for r in reads] + [(w, True) for w in writes]:
            for key in self._keys(fp):
                for j, other, other_wrote in self.buckets.get(key, ()):
                    if (wrote or other_wrote) and _places.overlap(fp, other):
                        deps.add(j)
        return deps

    def add(self, i, reads, writes):
        for fp in writes:
            for key in self._keys(fp):
                self.buckets[key] = [e for e in self.buckets.get(key, ()) if not _covers(fp, e[1])]
        for fp, wrote in [(r, False) for r in reads] + [(w, True) for w in writes]:
            for key in self._keys(fp):
                self.buckets.setdefault(key, []).append((i, fp, wrote))
