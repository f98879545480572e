"""scripts/kernel_sources.py: which repository a git folder holds, and each file written from its blob by hash (a blob
the repository lacks is reported, not guessed). The repositories here are made on the spot with our own bytes."""
import importlib.util
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPOS = {"nki-samples": "aws-neuron/nki-samples", "nki-library": "aws-neuron/nki-library"}


@pytest.fixture(scope="module")
def ks():
    spec = importlib.util.spec_from_file_location("kernel_sources", os.path.join(ROOT, "scripts", "kernel_sources.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _git(*args, cwd=None):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _bare(folder, files):
    """A bare repository at `folder` with one commit of `files` ({path: bytes}); returns {path: blob sha1}."""
    work = str(folder) + "-work"
    _git("init", "-q", work)
    for path, data in files.items():
        os.makedirs(os.path.dirname(os.path.join(work, path)) or work, exist_ok=True)
        with open(os.path.join(work, path), "wb") as f:
            f.write(data)
    _git("add", ".", cwd=work)
    _git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "files", cwd=work)
    _git("clone", "-q", "--bare", work, str(folder))
    return {path: _git("rev-parse", f"HEAD:{path}", cwd=work) for path in files}


def test_the_blob_hash_is_gits(ks, tmp_path):
    (tmp_path / "f").write_bytes(b"print(1)\n")
    assert ks.blob_sha(b"print(1)\n") == _git("hash-object", str(tmp_path / "f"))


def test_a_folder_names_its_repository(ks, tmp_path):
    for name in ("nki-samples.git", "aws-neuron+nki-samples", "nki-samples"):
        folder = tmp_path / name
        _bare(folder, {"a.py": b"x = 1\n"})
        assert ks.which(str(folder), ks.git_dir(str(folder)), REPOS) == "nki-samples", name
    inner = tmp_path / "aws-neuron+nki-library" / "repo"  # the repository in a folder of the owner+name's
    _bare(inner, {"a.py": b"x = 1\n"})
    assert ks.parse_git([str(inner)], REPOS) == {"nki-library": [str(inner)]}
    other = tmp_path / "elsewhere"
    _bare(other, {"a.py": b"x = 1\n"})
    with pytest.raises(ValueError, match="say which: --git owner/name=DIR"):
        ks.parse_git([str(other)], REPOS)
    assert ks.parse_git([f"aws-neuron/nki-samples={other}"], REPOS) == {"nki-samples": [str(other)]}
    with pytest.raises(ValueError, match="is no git clone or bare repository"):
        ks.parse_git([str(tmp_path / "nothing")], REPOS)


def test_files_are_written_from_their_blobs_and_a_blob_the_repository_lacks_is_reported(ks, tmp_path):
    blobs = _bare(tmp_path / "nki-samples.git", {"src/k.py": b"def k():\n    pass\n", "test/t.py": b"t = 2\n"})
    files = {f"nki-samples@01234567/{path}": sha for path, sha in blobs.items()}
    files["nki-samples@01234567/src/absent.py"] = ks.blob_sha(b"in no commit\n")
    out = tmp_path / "out"
    written, present, missing = ks.materialise("nki-samples", files, [str(tmp_path / "nki-samples.git")], str(out))
    assert (written, present) == (2, 0)
    assert list(missing) == ["nki-samples@01234567/src/absent.py"]
    assert "is in none of the repositories read for nki-samples" in missing["nki-samples@01234567/src/absent.py"]
    assert (out / "nki-samples@01234567" / "src" / "k.py").read_bytes() == b"def k():\n    pass\n"
    (out / "nki-samples@01234567" / "test" / "t.py").write_bytes(b"t = 3\n")  # changed: written again
    written, present, _ = ks.materialise("nki-samples", files, [str(tmp_path / "nki-samples.git")], str(out))
    assert (written, present) == (1, 1)
    assert (out / "nki-samples@01234567" / "test" / "t.py").read_bytes() == b"t = 2\n"


def _two_commits(folder):
    """A bare repository at `folder` whose first commit holds k.py as v1 and whose second holds it as v2; returns
    (first commit, second commit, v1's blob, v2's blob)."""
    work = str(folder) + "-work"
    _git("init", "-q", work)
    commits = []
    for text in (b"v = 1\n", b"v = 2\n"):
        with open(os.path.join(work, "k.py"), "wb") as f:
            f.write(text)
        _git("add", ".", cwd=work)
        _git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", text.decode(), cwd=work)
        commits.append(_git("rev-parse", "HEAD", cwd=work))
    _git("clone", "-q", "--bare", work, str(folder))
    blobs = [_git("rev-parse", f"{commit}:k.py", cwd=work) for commit in commits]
    return commits[0], commits[1], blobs[0], blobs[1]


def test_an_entry_whose_commit_holds_another_blob_is_refused_and_nothing_is_written(ks, tmp_path, monkeypatch):
    first, second, v1, v2 = _two_commits(tmp_path / "nki-samples.git")
    gdir = str(tmp_path / "nki-samples.git")
    good = {f"nki-samples@{first[:8]}/k.py": v1, f"nki-samples@{second[:8]}/k.py": v2,
            "nki-samples@89abcdef/k.py": v2}  # a commit the repository lacks: read by hash, not checked
    assert ks.inconsistent(good, [gdir]) == []
    bad = {f"nki-samples@{first[:8]}/k.py": v2, f"nki-samples@{second[:8]}/gone.py": v2}
    wrong = ks.inconsistent(bad, [gdir])
    assert len(wrong) == 2 and set(wrong) == {
        f"nki-samples@{second[:8]}/gone.py: sources.txt records blob {v2}, but commit {second} holds no such file at"
        " gone.py",
        f"nki-samples@{first[:8]}/k.py: sources.txt records blob {v2}, but commit {first} holds blob {v1} at k.py"}
    # the script refuses the whole manifest before it writes any file, even the consistent entries
    monkeypatch.setattr(ks._sources, "manifest", lambda: ({"nki-samples": "aws-neuron/nki-samples"},
                                                          dict(good, **bad)))
    out = tmp_path / "out"
    assert ks.main(["--git", gdir, "--out", str(out)]) == 2
    assert not out.exists()
    monkeypatch.setattr(ks._sources, "manifest", lambda: ({"nki-samples": "aws-neuron/nki-samples"}, good))
    assert ks.main(["--git", gdir, "--out", str(out)]) == 0
    assert (out / f"nki-samples@{first[:8]}" / "k.py").read_bytes() == b"v = 1\n"
