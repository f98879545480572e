#!/usr/bin/env python3
"""Materialises the third-party kernel files of python/tests/kernels/sources.txt into
target/kernel-sources/<repo>@<commit8>/<path>, each read from a git repository by its blob hash
(`git cat-file blob SHA`, which proves the bytes). The files are not committed to this repository.

  scripts/kernel_sources.py --git DIR [--git DIR ...]     DIR: a clone or a bare mirror of one of the repositories,
                                                           recognised by its origin URL or its folder's name
                                                           (nki-samples, nki-samples.git, aws-neuron+nki-samples, or
                                                           a folder inside one of those)
  scripts/kernel_sources.py --git aws-neuron/nki-samples=DIR
  STT_KERNEL_GIT=DIR:DIR scripts/kernel_sources.py        the same, ':'-separated

A repository with no DIR is cloned bare from https://github.com/<owner>/<name> into target/kernel-git/ (which fails
cleanly without network). Prints per repository how many files it wrote and the blobs it could not find, and lists
those in target/kernel-sources/NOT-FOUND.txt for scripts/kernel_corpus.py.

The manifest must agree with the repositories it is read from: where a repository holds an entry's commit, that
commit's tree must hold the entry's blob at the entry's path; else it names each such entry (file, both blobs, the
commit) and writes nothing. A commit no repository read holds (newer than a mirror) is not checked: its blob is read by
hash, as ever. Exit status 0 when every file is there, 1 when some are not, 2 on a bad argument or an inconsistent
manifest."""
import argparse
import hashlib
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python", "tests",
                                "kernels", "cases"))
import _sources  # noqa: E402

CLONES = os.path.join(_sources.ROOT, "target", "kernel-git")


def blob_sha(data):
    """The git blob hash of `data`."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def git_dir(folder):
    """The git directory of a clone (its .git) or a bare repository, else None."""
    for candidate in (os.path.join(folder, ".git"), folder):
        probe = subprocess.run(["git", "--git-dir=" + candidate, "rev-parse", "--git-dir"], capture_output=True)
        if probe.returncode == 0:
            return candidate
    return None


def _name(text):
    """The repository name `text` (a URL or a folder name) stands for: nki-samples.git, aws-neuron+nki-samples and
    https://github.com/aws-neuron/nki-samples all give nki-samples."""
    last = re.split(r"[/:+]", text.rstrip("/"))[-1]
    return last[:-4] if last.endswith(".git") else last


def which(folder, gdir, repos):
    """The repository (a key of `repos`) the git directory `gdir` found at `folder` holds, else None."""
    url = subprocess.run(["git", "--git-dir=" + gdir, "config", "--get", "remote.origin.url"], capture_output=True,
                         text=True).stdout.strip()
    candidates = [url] if url else []
    parts = os.path.abspath(folder).split(os.sep)
    candidates += [parts[i] for i in range(len(parts) - 1, max(len(parts) - 4, 0), -1)]
    for text in candidates:
        for repo, full in repos.items():
            if _name(text) in (repo, full.split("/")[1]):
                return repo
    return None


def parse_git(values, repos):
    """{repo: git dir} from --git values (DIR or owner/name=DIR)."""
    out = {}
    for value in values:
        named, _, folder = value.rpartition("=") if "=" in value else ("", "", value)
        gdir = git_dir(folder) if os.path.isdir(folder) else None
        if gdir is None:
            raise ValueError(f"--git {value}: {folder!r} is no git clone or bare repository")
        if named:
            repo = next((r for r, full in repos.items() if named in (r, full)), None)
            if repo is None:
                raise ValueError(f"--git {value}: {named!r} is none of the manifest's repositories: "
                                 + ", ".join(sorted(repos.values())))
        else:
            repo = which(folder, gdir, repos)
            if repo is None:
                raise ValueError(f"--git {value}: neither its origin URL nor its folder names one of "
                                 + ", ".join(sorted(repos.values())) + " (say which: --git owner/name=DIR)")
        out.setdefault(repo, []).append(gdir)
    return out


def clone(full):
    """A bare clone of https://github.com/<full> under target/kernel-git/, or (None, why not)."""
    where = os.path.join(CLONES, full.replace("/", "+") + ".git")
    if os.path.isdir(where) and git_dir(where):
        return where, None
    os.makedirs(CLONES, exist_ok=True)
    env = dict(os.environ, GIT_TERMINAL_PROMPT="0")
    try:
        run = subprocess.run(["git", "clone", "--bare", "--quiet", f"https://github.com/{full}", where],
                             capture_output=True, text=True, env=env, timeout=600)
    except subprocess.TimeoutExpired:
        return None, "git clone timed out after 600 s"
    if run.returncode != 0:
        lines = run.stderr.strip().splitlines()
        return None, f"git clone https://github.com/{full} failed: {lines[-1] if lines else run.returncode}"
    return where, None


def read_blob(gdirs, sha):
    """The blob's bytes from the first git directory that holds it, else None."""
    for gdir in gdirs:
        run = subprocess.run(["git", "--git-dir=" + gdir, "cat-file", "blob", sha], capture_output=True)
        if run.returncode == 0 and blob_sha(run.stdout) == sha:
            return run.stdout
    return None


def _git_out(gdir, *args):
    """git's stdout (stripped) in the git directory `gdir`, else None when git fails."""
    run = subprocess.run(["git", "--git-dir=" + gdir, *args], capture_output=True, text=True)
    return run.stdout.strip() if run.returncode == 0 else None


def inconsistent(files, gdirs):
    """The entries of `files` ({"<repo>@<commit8>/<path>": sha}) that a repository of `gdirs` contradicts: it holds the
    commit, and the commit's tree holds another blob at the path (or nothing). A list of messages, each naming the
    file, the recorded blob, the commit and what that commit holds."""
    out = []
    for rel, sha in sorted(files.items()):
        folder, _, path = rel.partition("/")
        short = folder.split("@", 1)[1]
        for gdir in gdirs:
            commit = _git_out(gdir, "rev-parse", "--verify", "--quiet", short + "^{commit}")
            if commit is None:
                continue
            held = _git_out(gdir, "rev-parse", "--verify", "--quiet", f"{commit}:{path}")
            if held != sha:
                there = f"blob {held}" if held else "no such file"
                out.append(f"{rel}: sources.txt records blob {sha}, but commit {commit} holds {there} at {path}")
            break
    return out


def materialise(repo, files, gdirs, out):
    """Writes `files` ({rel: sha}) of one repository under `out`; returns (written, present, {rel: why})."""
    written, present, missing = 0, 0, {}
    for rel, sha in sorted(files.items()):
        target = os.path.join(out, rel)
        if os.path.isfile(target):
            with open(target, "rb") as f:
                if blob_sha(f.read()) == sha:
                    present += 1
                    continue
        data = read_blob(gdirs, sha)
        if data is None:
            missing[rel] = f"blob {sha} is in none of the repositories read for {repo}"
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target + ".part", "wb") as f:
            f.write(data)
        os.replace(target + ".part", target)
        written += 1
    return written, present, missing


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--git", action="append", default=[], metavar="DIR | owner/name=DIR")
    p.add_argument("--out", default=_sources.DEFAULT, help="where the files go (default target/kernel-sources)")
    a = p.parse_args(argv)
    repos, files = _sources.manifest()
    values = a.git + [d for d in os.environ.get("STT_KERNEL_GIT", "").split(":") if d]
    try:
        gdirs = parse_git(values, repos)
    except ValueError as e:
        print(f"kernel_sources: {e}", file=sys.stderr)
        return 2
    not_found, mine, wrong = {}, {}, []
    for repo, full in sorted(repos.items()):
        mine[repo] = {rel: sha for rel, sha in files.items() if rel.split("@")[0] == repo}
        if repo not in gdirs:
            where, why = clone(full)
            if where is None:
                not_found.update({rel: why for rel in mine[repo]})
                print(f"{full}: no --git DIR and {why}: {len(mine[repo])} files not materialised")
                continue
            gdirs[repo] = [where]
        wrong += inconsistent(mine[repo], gdirs[repo])
    if wrong:
        print("kernel_sources: sources.txt disagrees with the repositories (nothing written):\n  "
              + "\n  ".join(wrong), file=sys.stderr)
        return 2
    for repo, full in sorted(repos.items()):
        if repo not in gdirs:
            continue
        written, present, missing = materialise(repo, mine[repo], gdirs[repo], a.out)
        not_found.update(missing)
        print(f"{full}: {written} files written, {present} already there, {len(missing)} not found"
              + "".join(f"\n  not found: {rel} ({why})" for rel, why in sorted(missing.items())))
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, _sources.NOT_FOUND), "w") as f:
        f.writelines(f"{rel} {why}\n" for rel, why in sorted(not_found.items()))
    return 1 if not_found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
