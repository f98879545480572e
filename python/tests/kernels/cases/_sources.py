"""Where the corpus's kernel files are: in the repository (python/tests/kernels/, e.g. aws-neuron-sdk@81ce03ae) or,
for the third-party files listed in ../sources.txt, materialised by scripts/kernel_sources.py into
target/kernel-sources/ (another folder: the STT_KERNEL_SOURCES environment variable, which kernel_corpus.py's
--sources sets). The cases modules and the runner find every file through `find` and `path`."""
import functools
import os

KERNELS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(KERNELS)))
MANIFEST = os.path.join(KERNELS, "sources.txt")
DEFAULT = os.path.join(ROOT, "target", "kernel-sources")
NOT_FOUND = "NOT-FOUND.txt"  # kernel_sources.py's list of the blobs no repository it read holds


class MissingSource(FileNotFoundError):
    """A third-party file the case needs has not been materialised."""

    def __init__(self, rel):
        super().__init__(f"{rel}: not materialised (scripts/kernel_sources.py)")
        self.rel = rel


def sources():
    """The folder of the materialised third-party files."""
    return os.environ.get("STT_KERNEL_SOURCES") or DEFAULT


def roots():
    return [KERNELS, sources()]


def find(rel):
    """The absolute path of `rel` (a path under python/tests/kernels/ or the sources folder), or None."""
    for root in roots():
        full = os.path.join(root, rel)
        if os.path.exists(full):
            return full
    return None


def path(rel):
    """The absolute path of `rel`; MissingSource when neither place holds it."""
    full = find(rel)
    if full is None:
        raise MissingSource(rel)
    return full


def relative(full):
    """`full` as a path under one of the roots (a vendored or materialised file), else None."""
    full = os.path.abspath(full)
    for root in roots():
        root = os.path.abspath(root)
        if full.startswith(root + os.sep):
            return os.path.relpath(full, root)
    return None


def manifest(file=MANIFEST):
    """({repo: "owner/name"}, {"<repo>@<commit8>/<path>": blob sha1}) from sources.txt."""
    repos, files = {}, {}
    with open(file) as f:
        for number, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            if words[0] == "repository" and len(words) == 3:
                repos[words[1]] = words[2]
            elif len(words) == 3 and "@" in words[0]:
                files[f"{words[0]}/{words[1]}"] = words[2]
            else:
                raise ValueError(f"{os.path.basename(file)}:{number}: {line.strip()!r}: expected 'repository <repo>"
                                 " <owner>/<name>' or '<repo>@<commit8> <path> <blob sha1>'")
    for rel in files:
        if rel.split("@")[0] not in repos:
            raise ValueError(f"{os.path.basename(file)}: {rel}: its repository has no 'repository' line")
    return repos, files


def not_found(folder=None):
    """{"<repo>@<commit8>/<path>": why} for the blobs kernel_sources.py could not find (its NOT-FOUND.txt)."""
    out = {}
    file = os.path.join(folder or sources(), NOT_FOUND)
    if os.path.isfile(file):
        with open(file) as f:
            for line in f:
                rel, _, why = line.rstrip("\n").partition(" ")
                out[rel] = why
    return out


def pinned(repo, rel):
    """"<repo>@<commit8>/<rel>": the one entry of sources.txt for the file `rel` of `repo` (the commit its blob is
    pinned to names its folder). A KeyError naming the file when sources.txt lists it under no commit or several."""
    hits = [key for key in _pins() if key.split("@")[0] == repo and key.split("/", 1)[1] == rel]
    if len(hits) != 1:
        raise KeyError(f"sources.txt lists {repo} {rel} {len(hits)} times ({', '.join(hits) or 'none'}); a case"
                       " names a file the manifest pins once")
    return hits[0]


def folders(repo):
    """The folders "<repo>@<commit8>" of `repo`'s files in sources.txt, in the order they first appear."""
    return tuple(dict.fromkeys(key.split("/", 1)[0] for key in _pins() if key.split("@")[0] == repo))


@functools.lru_cache(maxsize=None)
def _pins():
    return manifest()[1]
