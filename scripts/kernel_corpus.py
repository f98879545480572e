#!/usr/bin/env python3
"""The public kernel corpus: runs every case of python/tests/kernels/cases/*.py unmodified on the model (stt_nki
installed as `nki` and `neuronxcc.nki`), each in a subprocess of its own with a timeout, compares each output with the
case's golden at the case's rtol/atol, and writes docs/kernels.md (counts at the top, one row per kernel).

A case's files are in the repository (python/tests/kernels/, e.g. aws-neuron-sdk@81ce03ae) or third-party files
listed in python/tests/kernels/sources.txt, which scripts/kernel_sources.py materialises into target/kernel-sources/
(--sources DIR: elsewhere). A case whose kernel file, or a file it imports, is not there is reported as `no source`
with the command that gets it (never run, never counted as pass or fail).

A cases module holds `CASES`, a list of dicts, and may name `SYS_PATH`: folders (relative, as `source`) its kernels
import from (e.g. "repo@commit8/src"); a kernel file is imported as the dotted module under the first of them that
holds it, else by its file name with its own folder on the path. A case has `name`, `source` (the kernel file,
relative to python/tests/kernels/ or the sources folder), `nki` ("beta1" | "beta2") and one of:
- `kernel`, `target`, `grid`, `inputs(rng)` -> kwargs, `golden(**inputs)` -> an array, a tuple of arrays (the
  kernel's return values in order) or a dict (a key naming an input compares that buffer after the run; an int key
  compares that return value), `rtol`, `atol`, `note`; optional `seed` (default 0), `timeout` (s, default 300);
- `run`: "unittest": the file's own unittest cases are its test;
- `out_of_scope`: one of OUT_OF_SCOPE, with `detail`.
`ci`: True puts the case in the CI slice (`--slice ci`).

  scripts/kernel_corpus.py                      all cases; writes docs/kernels.md
  scripts/kernel_corpus.py --only NAME...       those cases (NAME or repo/NAME); prints the table
  scripts/kernel_corpus.py --slice ci           the CI slice; prints the table
  --jobs N (cases at once, default 1), --out PATH (where the table goes), --json PATH (the results as JSON),
  --sources DIR (the materialised third-party files; default target/kernel-sources)
Exit status 0 when it ran (a kernel's failure is a result), 2 when the runner itself broke (a malformed case)."""
import argparse
import ast
import functools
import importlib
import importlib.util
import json
import os
import re
import signal
import subprocess
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNELS = os.path.join(ROOT, "python", "tests", "kernels")
CASES = os.path.join(KERNELS, "cases")
sys.path.insert(0, CASES)  # the cases modules' `from _sources import path`
import _sources  # noqa: E402
OUT_OF_SCOPE = ("collectives", "more than one core", "rng/dropout", "a call FAMILY-NEXT §13a leaves out",
                "a golden that needs hardware")
TARGETS = ("trn1", "trn2", "trn3")
MARK = "@@case "


class CaseError(Exception):
    """A malformed case: the runner's fault, not the kernel's."""


# --- the cases ------------------------------------------------------------------------------------------------------

def _module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _check(repo, case):
    name = case.get("name")
    where = f"cases/{repo}.py: case {name!r}"
    for key in ("name", "source", "nki"):
        if key not in case:
            raise CaseError(f"{where}: '{key}' missing")
    if case["nki"] not in ("beta1", "beta2"):
        raise CaseError(f"{where}: nki={case['nki']!r}: allowed: beta1, beta2")
    if not os.path.isfile(os.path.join(KERNELS, case["source"])) and case["source"] not in _manifest()[1]:
        raise CaseError(f"{where}: source={case['source']!r}: neither a file under python/tests/kernels nor a file of"
                        " its sources.txt")
    if "out_of_scope" in case:
        if case["out_of_scope"] not in OUT_OF_SCOPE:
            raise CaseError(f"{where}: out_of_scope={case['out_of_scope']!r}: allowed: {', '.join(OUT_OF_SCOPE)}")
        if not case.get("detail"):
            raise CaseError(f"{where}: an out-of-scope case needs a 'detail'")
    elif case.get("run") == "unittest":
        pass
    elif "run" in case:
        raise CaseError(f"{where}: run={case['run']!r}: allowed: unittest")
    else:
        for key in ("kernel", "target", "grid", "inputs", "golden", "rtol", "atol", "note"):
            if key not in case:
                raise CaseError(f"{where}: '{key}' missing")
        if case["target"] not in TARGETS:
            raise CaseError(f"{where}: target={case['target']!r}: allowed: {', '.join(TARGETS)}")


@functools.lru_cache(maxsize=None)
def _manifest():
    return _sources.manifest()


def load(only=(), ci=False):
    """Every case of cases/*.py (each dict gains `repo`, its module's stem, `id`, repo/name, `roots`, its module's
    SYS_PATH, and `sys_path`, those folders where they are), in file order."""
    cases, seen = [], set()
    for file in sorted(os.listdir(CASES)):
        if not file.endswith(".py") or file.startswith("_"):
            continue
        repo = file[:-3]
        module = _module(os.path.join(CASES, file), "corpus_cases_" + re.sub(r"\W", "_", repo))
        for case in module.CASES:
            _check(repo, case)
            cid = f"{repo}/{case['name']}"
            if cid in seen:
                raise CaseError(f"cases/{file}: case name {case['name']!r} appears twice")
            seen.add(cid)
            roots = tuple(getattr(module, "SYS_PATH", ()))
            paths = [_sources.find(p) or os.path.join(KERNELS, p) for p in roots]
            cases.append(dict(case, repo=repo, id=cid, roots=roots, sys_path=paths))
    if only:
        wanted = set(only)
        chosen = [c for c in cases if c["id"] in wanted or c["name"] in wanted]
        unknown = wanted - {c["id"] for c in chosen} - {c["name"] for c in chosen}
        if unknown:
            raise CaseError(f"--only: no case named {', '.join(sorted(unknown))}")
        cases = chosen
    if ci:
        cases = [c for c in cases if c.get("ci")]
    return cases


# --- the files a case needs ----------------------------------------------------------------------------------------

def _imported(rel, roots):
    """The files (relative, as `source`) that the Python file `rel` may import: each `import` and `from` of it, as a
    module under one of `roots` or its own folder (a name that is a package's attribute gives no file)."""
    with open(_sources.path(rel), "rb") as f:
        tree = ast.parse(f.read(), rel)
    folder = os.path.dirname(rel)
    names = []  # (base folders, dotted name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(None, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = folder
                for _ in range(node.level - 1):
                    base = os.path.dirname(base)
                bases = [base]
            else:
                bases = None
            module = node.module or ""
            names += [(bases, module)] if module else []
            names += [(bases, f"{module}.{a.name}" if module else a.name) for a in node.names]
    out = []
    for bases, name in names:
        for base in bases if bases is not None else list(roots) + [folder]:
            out.append(os.path.join(base, *name.split(".")) + ".py")
    return out


def needed(case):
    """The third-party files (keys of sources.txt) the case's kernel file needs: itself and what it imports,
    directly or through the others, as far as they are there to read."""
    files = _manifest()[1]
    todo, seen = [case["source"]], set()
    while todo:
        rel = os.path.normpath(todo.pop())
        if rel in seen:
            continue
        seen.add(rel)
        if _sources.find(rel) is not None:
            todo += [r for r in _imported(rel, case["roots"]) if os.path.normpath(r) in files]
    return sorted(r for r in seen if r in files)


def no_source(missing):
    """The result of a case whose files `missing` (relative, as `source`) are not there: which repository, which
    files, and why (the blob no repository read holds) or the command that gets them."""
    repos = _manifest()[0]
    first = missing[0].split("/")[0]
    full = repos[first.split("@")[0]]
    why = _sources.not_found()
    files = ", ".join(m[len(first) + 1:] for m in missing[:3]) + (f" and {len(missing) - 3} more" if len(missing) > 3
                                                                  else "")
    found = [why[m] for m in missing if m in why]
    hint = (f"kernel_sources.py: {found[0]}" if found else
            f"get it: python3 scripts/kernel_sources.py --git <a clone of {full}>")
    return f"no source: {first} ({full}): {len(missing)} file(s) not materialised ({files}); {hint}"


def _missing_module(case, e):
    """The third-party file a ModuleNotFoundError stands for when that file is not materialised, else None."""
    name = getattr(e, "name", None) or ""
    for root in list(case["roots"]) + [os.path.dirname(case["source"])]:
        rel = os.path.join(root, *name.split(".")) + ".py"
        if rel in _manifest()[1] and _sources.find(rel) is None:
            return rel
    return None


# --- one case, in its own process -----------------------------------------------------------------------------------

def _import_source(case):
    path = _sources.path(case["source"])
    sys.path.append(os.path.dirname(path))  # its siblings, as `from attention_kernel_utils import ...` imports them
    for root in case["sys_path"]:
        if path.startswith(root + os.sep):
            dotted = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
            return importlib.import_module(dotted)
    return importlib.import_module(os.path.basename(path)[:-3])


def _where(tb_frames):
    """file:line of the innermost frame in a kernel corpus file (else in a cases module), relative as `source`."""
    best = None
    for filename, line in tb_frames:
        rel = _sources.relative(filename)
        if rel is not None:
            best = f"{rel}:{line}"
    return best


def _frames(e):
    return [(f.filename, f.lineno) for f in traceback.extract_tb(e.__traceback__)]


def _first_line(text):
    lines = [ln for ln in str(text).strip().splitlines() if ln.strip()]
    return lines[0] if lines else ""


def compare(label, actual, expected, rtol, atol):
    """None when `actual` matches `expected` (shape, then allclose at rtol/atol, NaNs equal), else why not."""
    import numpy as np
    if actual is None:
        return f"output {label}: the kernel gave nothing"
    actual, expected = np.asarray(actual), np.asarray(expected)
    if actual.shape != expected.shape:
        return f"output {label}: shape {actual.shape}, the golden's is {expected.shape}"
    a, b = actual.astype(np.float64), expected.astype(np.float64)
    close = np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=True)
    if close.all():
        return None
    bad = np.argwhere(~close)
    first = tuple(int(i) for i in bad[0])
    return (f"output {label}: {len(bad)} of {a.size} elements differ beyond rtol={rtol}, atol={atol}"
            f" (first at {first}: {actual[first]} against {expected[first]})")


def _outputs(golden, result, inputs):
    """(label, actual, expected) for each output the golden names."""
    if isinstance(golden, dict):
        out = []
        for key, expected in golden.items():
            if isinstance(key, int):
                out.append((f"#{key}", result[key] if isinstance(result, (tuple, list)) else None, expected))
            elif key in inputs:
                out.append((repr(key), inputs[key], expected))
            else:
                raise CaseError(f"golden key {key!r}: neither an input nor a return position")
        return out
    if isinstance(golden, (tuple, list)):
        if not isinstance(result, (tuple, list)) or len(result) != len(golden):
            given = f"{len(result)} outputs" if isinstance(result, (tuple, list)) else "one output"
            raise ValueError(f"the kernel returned {given}, its golden has {len(golden)}")
        return [(f"#{k}", r, g) for k, (r, g) in enumerate(zip(result, golden))]
    return [("#0", result, golden)]


def _kernel_case(case, nki):
    import numpy as np
    module = _import_source(case)
    fn = getattr(module, case["kernel"])
    inputs = case["inputs"](np.random.default_rng(case.get("seed", 0)))
    golden = case["golden"](**{k: v.copy() if isinstance(v, np.ndarray) else v for k, v in inputs.items()})
    grid = case["grid"]
    kernel = nki.jit(fn)[grid] if grid else fn
    run = nki.simulate(kernel) if case["nki"] == "beta2" else (lambda **kw: nki.simulate_kernel(kernel, **kw))
    result = run(**inputs)
    for label, actual, expected in _outputs(golden, result, inputs):
        why = compare(label, actual, expected, case["rtol"], case["atol"])
        if why is not None:
            code = getattr(getattr(fn, "fn", fn), "__code__", None)
            where = code and f"{_sources.relative(code.co_filename) or code.co_filename}:{code.co_firstlineno}"
            return f"fail: {why} ({where})"
    return "pass"


def _unittest_case(case):
    import io
    import unittest
    path = _sources.path(case["source"])
    sys.path.insert(0, os.path.dirname(path))
    module = _module(path, os.path.basename(path)[:-3])
    suite = unittest.defaultTestLoader.loadTestsFromModule(module)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    bad = result.failures + result.errors
    if result.testsRun == 0:
        return "fail: the file has no unittest cases"
    if not bad:
        return "pass"
    test, tb = bad[0]
    frames = [(f, int(n)) for f, n in re.findall(r'File "([^"]+)", line (\d+)', tb)]
    last = tb.strip().splitlines()[-1]
    where = _where(frames) or case["source"]
    return f"fail: {test.id().split('.')[-1]}: {last} ({where}) [{len(bad)} of {result.testsRun} failed]"


def _calls():
    """Every call of every session this process made (the current one, and those a kernel's own target opened)."""
    from stt_nki import _kernel, _session
    sessions = [_session.current()] + list(getattr(_kernel._state, "sessions", {}).values())
    return _session.summary([c for s in sessions for c in s.calls])


def child(cid):
    """Runs one case in this process and prints its result line."""
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import stt_nki
    nki = stt_nki.install_as_nki()
    stt_nki.compat.install_device_placeholders()  # torch_xla imported at a kernel file's top, unused by the kernel
    (case,) = [c for c in load() if c["id"] == cid]
    sys.path[:0] = case["sys_path"]
    if case.get("target"):
        os.environ["NEURON_PLATFORM_TARGET_OVERRIDE"] = case["target"]
    from stt_nki import _session
    _session.current().shared_spaces()  # the model's start is not the kernel's time
    started = time.perf_counter()
    try:
        result = _unittest_case(case) if case.get("run") == "unittest" else _kernel_case(case, nki)
    except CaseError:
        raise
    except _sources.MissingSource as e:  # a file the cases module reads itself (a test's golden functions)
        result = no_source([e.rel])
    except Exception as e:  # the kernel's own error, the model's refusal, a hang cut short by the parent
        absent = _missing_module(case, e) if isinstance(e, ModuleNotFoundError) else None
        result = (no_source([absent]) if absent else
                  f"fail: {type(e).__name__}: {_first_line(e)} ({_where(_frames(e)) or case['source']})")
    seconds = time.perf_counter() - started
    result = result.replace(ROOT + os.sep, "")  # a message that names a file of the checkout names it relatively
    print(MARK + json.dumps({"id": cid, "result": result, "seconds": seconds, "report": _calls()}), flush=True)


def run_one(case, python=sys.executable):
    """The case's result dict, from a child process (a crash or a timeout is the case's result)."""
    if "out_of_scope" in case:
        return {"id": case["id"], "result": f"out of scope: {case['out_of_scope']}: {case['detail']}",
                "seconds": 0.0, "report": None}
    missing = [rel for rel in needed(case) if _sources.find(rel) is None]
    if missing:
        return {"id": case["id"], "result": no_source(missing), "seconds": 0.0, "report": None}
    timeout = case.get("timeout", 300)
    started = time.perf_counter()
    proc = subprocess.Popen([python, os.path.abspath(__file__), "--child", case["id"]], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the child and the model server it started
        proc.communicate()
        return {"id": case["id"], "result": f"fail: timeout after {timeout} s", "seconds": timeout, "report": None}
    for line in out.splitlines():
        if line.startswith(MARK):
            return json.loads(line[len(MARK):])
    if "CaseError" in err:
        raise CaseError(_first_line(err.strip().splitlines()[-1]))
    last = err.strip().splitlines()[-1] if err.strip() else f"exit status {proc.returncode}"
    return {"id": case["id"], "result": f"fail: the case's process died: {last}",
            "seconds": time.perf_counter() - started, "report": None}


# --- the table ------------------------------------------------------------------------------------------------------

def _counts(d):
    return ", ".join(f"{k} {v}" for k, v in sorted(d.items())) if d else ""


def _cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def table(cases, results, title, seconds):
    rows = [(c, results[c["id"]]) for c in cases]
    absent = [(c, r) for c, r in rows if r["result"].startswith("no source: ")]
    scope = [(c, r) for c, r in rows if "out_of_scope" not in c and (c, r) not in absent]
    passed = sum(1 for _, r in scope if r["result"] == "pass")
    reasons, repos = {}, {}
    for c, _ in rows:
        if "out_of_scope" in c:
            reasons[c["out_of_scope"]] = reasons.get(c["out_of_scope"], 0) + 1
    for c, _ in absent:
        repos[c["repo"]] = repos.get(c["repo"], 0) + 1
    share = f"{100.0 * passed / len(scope):.1f} %" if scope else "n/a"
    lines = ["# The public kernel corpus on the model", "",
             "Written by `scripts/kernel_corpus.py` (" + title + "): each public NKI kernel run unmodified on the"
             " model through `stt_nki` installed as `nki` / `neuronxcc.nki`, each output compared with its own"
             " test's golden at that test's tolerance. Cases: `python/tests/kernels/cases/`; the third-party files"
             " (`python/tests/kernels/sources.txt`, their provenance and licences in `SOURCES.md`) materialised by"
             " `scripts/kernel_sources.py`.", "",
             f"- kernels: {len(rows)}", f"- in scope, with their files: {len(scope)}",
             f"- passed: {passed} ({share} of in scope with their files)", f"- failed: {len(scope) - passed}",
             f"- out of scope: {sum(reasons.values())}" + (f" ({_counts(reasons)})" if reasons else ""),
             f"- no source (files not materialised, not run): {len(absent)}"
             + (f" ({_counts(repos)})" if repos else ""),
             f"- wall time: {seconds:.0f} s for the run ({sum(r['seconds'] for _, r in rows):.0f} s in the cases"
             f" once their model had started)", "",
             "Calls are counted over the whole case (every kernel run of it); levels are `stt_nki`'s fidelity"
             " levels (exact, model, approx). Wall time: the case's run after the model started.", "",
             "| kernel | source | NKI | target | calls per engine | calls per level | wall s | result |",
             "|---|---|---|---|---|---|---|---|"]
    for c, r in rows:
        rep = r.get("report") or {}
        target = c.get("target") or ("(the test's)" if c.get("run") == "unittest" else "")
        lines.append("| " + " | ".join(_cell(x) for x in (
            c["id"], c["source"], c["nki"], target, _counts(rep.get("by_engine", {})),
            _counts(rep.get("by_level", {})), f"{r['seconds']:.2f}", r["result"])) + " |")
    return "\n".join(lines) + "\n"


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", nargs="+", default=())
    p.add_argument("--slice", choices=("ci",))
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--out")
    p.add_argument("--json")
    p.add_argument("--sources", help="the materialised third-party files (default target/kernel-sources)")
    p.add_argument("--child")
    a = p.parse_args(argv)
    if a.sources:
        os.environ["STT_KERNEL_SOURCES"] = os.path.abspath(a.sources)  # for this process and every case's
    if a.jobs < 1:
        p.error(f"--jobs={a.jobs}: allowed: 1 or more")
    if a.child:
        child(a.child)
        return 0
    try:
        cases = load(a.only, a.slice == "ci")
        subprocess.run([os.path.join(ROOT, "stt"), "--help"], capture_output=True)  # builds the jar once
        results, started = {}, time.perf_counter()
        with ThreadPoolExecutor(max_workers=a.jobs) as pool:
            for r in pool.map(run_one, cases):
                results[r["id"]] = r
                print(f"{r['result'][:160]:<70}  {r['seconds']:6.1f} s  {r['id']}", flush=True)
    except CaseError as e:
        print(f"kernel_corpus: {e}", file=sys.stderr)
        return 2
    full = not a.only and not a.slice
    out = a.out or (os.path.join(ROOT, "docs", "kernels.md") if full else None)
    text = table(cases, results, "the whole corpus" if full else "a selection: " + " ".join(argv),
                 time.perf_counter() - started)
    if out:
        with open(out, "w") as f:
            f.write(text)
    else:
        print(text)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"cases": [dict({k: v for k, v in c.items() if isinstance(v, (str, int, float, bool, tuple))},
                                      **results[c["id"]]) for c in cases]}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
