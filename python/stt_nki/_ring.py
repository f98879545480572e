"""The session's command queue in shared memory (stt.cli.CommandRing): a call whose tiles all live in the session's
memory appends its instruction words (or, for an NKI-level call, its `stt call` arguments) here and returns; the
server runs them as they arrive. The session waits for the queue (`wait`) only when Python must see their effect: a
host read."""
import json
import time

import numpy as np

# the control block's int64 words, each on a 64-byte line (CommandRing's WRITE, READ, DONE, FAILED, SLEEP, POSTED:
# the client's own count of records it published, WARNED)
WRITE, READ, DONE, FAILED, SLEEP, POSTED, WARNED = 0, 8, 16, 24, 32, 40, 48
WORDS, COMMAND = 0, 1  # a record's kinds
_PAD = np.array([-1, 0], dtype="<i4").view(np.uint8)
_SPINS = 20000  # polls of the control block (about 2-4 ms) before waiting in sleeps


class Ring:
    """The client's side of one queue: `post` appends a record, `wait` waits until the server consumed them all."""

    def __init__(self, memory, data, capacity):
        self.ctl = np.frombuffer(memory, dtype="<i8", count=data // 8)
        self.data = np.frombuffer(memory, dtype=np.uint8, count=capacity, offset=data)
        self.capacity = capacity
        self.records = {}  # a published record's number -> what made it (the session's note: call, line)
        self.warned = 0  # how many queued commands' warnings the client has read (WARNED)

    @staticmethod
    def record(words):
        """The record of `words` (64-byte instruction words, concatenated): its header, then the words."""
        return np.concatenate([np.array([len(words) // 64, WORDS], dtype="<i4").view(np.uint8),
                               np.frombuffer(words, dtype=np.uint8)])

    @staticmethod
    def command(args):
        """The record of an stt call's arguments `args` (its tiles regions of the session's memory)."""
        text = json.dumps(list(args)).encode()
        body = np.zeros(-(-len(text) // 8) * 8, np.uint8)
        body[:len(text)] = np.frombuffer(text, np.uint8)
        return np.concatenate([np.array([len(text), COMMAND], dtype="<i4").view(np.uint8), body])

    def warnings(self):
        """Whether queued commands gave warnings the client has not read (then it asks: {"ring": "warnings"})."""
        return self.ctl[WARNED] > self.warned

    def fits(self, record):
        return len(record) <= self.capacity // 2

    def pending(self):
        return self.ctl[DONE] < self.ctl[POSTED]

    def post(self, record, note, room):
        """Publishes `record` (from `record`) with `note`; `room()` is called while the queue is too full. Returns
        whether the server said it was waiting on its input (it then needs a wake frame)."""
        ctl, size = self.ctl, len(record)
        end, n = int(ctl[WRITE]), int(ctl[POSTED]) + 1
        at = end % self.capacity
        start = end if at + size <= self.capacity else end + self.capacity - at  # records never wrap
        while start + size - ctl[READ] > self.capacity:
            room()
        if start != end:
            self.data[at:at + 8] = _PAD
            at = 0
        self.data[at:at + size] = record
        self.records[n] = note
        ctl[[WRITE, POSTED]] = (start + size, n)  # one store of both: an interrupt cannot fall between them
        return bool(ctl[SLEEP])

    def wait(self, wake, alive, deadline):
        """Waits until every published record was consumed; returns the number of the refused one, or 0. Polls the
        control block, then sleeps between polls, sending `wake()` when the server waits on its input and asking
        `alive()` (which raises when the server is gone); TimeoutError after `deadline` (time.monotonic)."""
        ctl = self.ctl
        for _ in range(_SPINS):
            if ctl[DONE] >= ctl[POSTED] or ctl[FAILED]:
                return int(ctl[FAILED])
        pause = 50e-6
        while not (ctl[DONE] >= ctl[POSTED] or ctl[FAILED]):
            if ctl[SLEEP]:
                wake()
            alive()
            if time.monotonic() > deadline:
                raise TimeoutError
            time.sleep(pause)
            pause = min(pause * 2, 2e-3)
        return int(ctl[FAILED])

    def settle(self):
        """After the server discarded the records past a refused one: the notes of consumed records go."""
        self.records.clear()
