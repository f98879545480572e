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
