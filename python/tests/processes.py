"""What the session tests ask of processes and threads: a server's private memory folders, whether a process still
runs, and work run in threads with their errors kept."""
import re
import threading


def folders(pid):
    """The private folders whose files process `pid` maps (other sessions on the machine have their own)."""
    with open(f"/proc/{pid}/maps") as f:
        return {m.group(1) for m in re.finditer(r"(/\S*?/stt-[^/\s]+)/", f.read())}


def alive(pid):
    """Whether process `pid` runs (a zombie does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def in_threads(work, count, timeout=300):
    """Runs `work(k)` for k in range(count), each in a thread of its own; returns what they raised."""
    errors = []

    def run(k):
        try:
            work(k)
        except BaseException as e:  # noqa: B902 (returned)
            errors.append(e)
    threads = [threading.Thread(target=run, args=(k,)) for k in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=timeout)
    return errors
