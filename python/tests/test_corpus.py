"""The public kernel corpus's CI slice (scripts/kernel_corpus.py --slice ci), run twice: without the third-party files
(a fresh clone, CI's case: the kernels in the repository pass, the others come out as `no source`) and with them as
scripts/kernel_sources.py materialised them into target/kernel-sources (every in-scope kernel of the slice passes its
own test's golden on the model). Every case the corpus cannot run names a reason from the fixed list."""
import importlib.util
import json
import os
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("ml_dtypes")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "kernel_corpus.py")


def _runner():
    spec = importlib.util.spec_from_file_location("kernel_corpus", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _slice(where, sources):
    run = subprocess.run([sys.executable, SCRIPT, "--slice", "ci", "--sources", str(sources), "--out",
                          str(where / "kernels.md"), "--json", str(where / "ci.json")], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    with open(where / "ci.json") as f:
        return json.load(f)["cases"], (where / "kernels.md").read_text()


@pytest.fixture(scope="module")
def ci(tmp_path_factory):
    """The slice without the third-party files (an empty sources folder)."""
    return _slice(tmp_path_factory.mktemp("corpus"), tmp_path_factory.mktemp("no-sources"))


@pytest.fixture(scope="module")
def ci_sourced(tmp_path_factory):
    """The slice with the third-party files target/kernel-sources holds (skipped when it holds none of them)."""
    runner = _runner()
    folder = runner._sources.DEFAULT
    if not any(os.path.isfile(os.path.join(folder, rel)) for rel in runner._manifest()[1]):
        pytest.skip("no third-party kernel files materialised: python3 scripts/kernel_sources.py --git DIR")
    return _slice(tmp_path_factory.mktemp("corpus-sourced"), folder)


def _in_repo(case):
    return os.path.isfile(os.path.join(ROOT, "python", "tests", "kernels", case["source"]))


def _assert_all_pass(cases):
    failed = {c["id"]: c["result"] for c in cases if c["result"] != "pass"}
    assert not failed, failed
    # each passing kernel ran calls on the model (a case that never reached it would report none)
    assert all(c["report"]["calls"] > 0 for c in cases), [c["id"] for c in cases if not c["report"]["calls"]]


def test_without_sources_the_in_repo_kernels_pass_and_the_others_have_no_source(ci):
    cases, table = ci
    in_scope = [c for c in cases if "out_of_scope" not in c]
    assert len([c for c in in_scope if _in_repo(c)]) >= 3, [c["id"] for c in cases]
    _assert_all_pass([c for c in in_scope if _in_repo(c)])
    others = [c for c in in_scope if not _in_repo(c)]
    assert others, "the CI slice holds no third-party kernel"
    wrong = {c["id"]: c["result"] for c in others
             if not c["result"].startswith(f"no source: {c['source'].split('/')[0]} (")
             or "python3 scripts/kernel_sources.py --git" not in c["result"]}
    assert not wrong, wrong
    assert f"- no source (files not materialised, not run): {len(others)} (" in table


def test_with_sources_every_in_scope_kernel_of_the_ci_slice_passes(ci_sourced):
    cases, _ = ci_sourced
    in_scope = [c for c in cases if "out_of_scope" not in c]
    assert {c["repo"] for c in in_scope} == {c["repo"] for c in _runner().load(ci=True)}
    _assert_all_pass(in_scope)


def test_the_table_counts_what_ran(ci):
    cases, table = ci
    passed = sum(1 for c in cases if c["result"] == "pass")
    assert f"- kernels: {len(cases)}" in table and f"- passed: {passed} " in table
    assert all(f"| {c['id']} |" in table for c in cases)


def test_no_case_is_skipped_silently():
    runner = _runner()
    cases = runner.load()
    for c in cases:
        if "out_of_scope" in c:
            assert c["out_of_scope"] in runner.OUT_OF_SCOPE and c["detail"], c["id"]
            assert runner.run_one(c)["result"].startswith(f"out of scope: {c['out_of_scope']}: "), c["id"]
        else:
            assert c.get("run") == "unittest" or callable(c["golden"]), c["id"]


def test_a_case_with_a_wrong_reason_or_a_missing_golden_is_refused():
    runner = _runner()
    good = {"name": "k", "source": "run_public.py", "nki": "beta2", "kernel": "k", "target": "trn2", "grid": None,
            "inputs": dict, "golden": dict, "rtol": 0, "atol": 0, "note": ""}
    runner._check("r", good)
    with pytest.raises(runner.CaseError, match="out_of_scope='too slow': allowed: collectives"):
        runner._check("r", dict(good, out_of_scope="too slow", detail="x"))
    with pytest.raises(runner.CaseError, match="'golden' missing"):
        runner._check("r", {k: v for k, v in good.items() if k != "golden"})


def test_compare_names_the_first_difference():
    runner = _runner()
    assert runner.compare("#0", np.array([1.0, 2.0]), np.array([1.0, 2.0 + 1e-9]), 1e-6, 0) is None
    why = runner.compare("#0", np.array([1.0, 2.0, 3.0]), np.array([1.0, 2.5, 3.0]), 1e-3, 1e-3)
    assert why == ("output #0: 1 of 3 elements differ beyond rtol=0.001, atol=0.001 (first at (1,): 2.0 against"
                   " 2.5)")
    assert "shape (2,), the golden's is (3,)" in runner.compare("#0", np.zeros(2), np.zeros(3), 0, 0)


def test_outputs_pair_each_return_value_or_buffer_with_its_golden():
    runner = _runner()
    a, b = np.zeros(2), np.ones(2)
    assert [label for label, _, _ in runner._outputs((a, b), (b, a), {})] == ["#0", "#1"]
    (label, actual, expected), = runner._outputs({"out": b}, None, {"out": a})
    assert label == "'out'" and actual is a and expected is b
    with pytest.raises(ValueError, match="the kernel returned one output, its golden has 2"):
        runner._outputs((a, b), a, {})


def test_a_case_needs_the_files_its_kernel_imports_directly_or_not():
    runner = _runner()
    (case,) = [c for c in runner.load() if c["id"] == "nki-library/rmsnorm_tkg_1x1x8192"]
    allocator, tree_logger = (runner._sources.pinned("nki-library", f"src/nkilib_src/nkilib/core/utils/{name}.py")
                              for name in ("allocator", "tree_logger"))
    if runner._sources.find(case["source"]) is None:
        assert runner.needed(case) == [case["source"]]  # nothing more to read until it is there
        pytest.skip("the case's kernel file is not materialised (scripts/kernel_sources.py)")
    needed = runner.needed(case)
    # rmsnorm_tkg imports allocator; tree_logger comes only through the others (allocator, tensor_view)
    assert {case["source"], allocator, tree_logger} <= set(needed), needed
    assert all(rel in runner._manifest()[1] for rel in needed)
