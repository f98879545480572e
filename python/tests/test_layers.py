"""The layers of stt_nki, as `python/.importlinter` states them (import-linter's format: a `layers` contract, top layer
first, its names relative to its `containers`; in one layer `a | b` are independent siblings, `a : b` siblings that may
import each other), checked from the modules' own imports with `ast`, every import
counted wherever it stands (a function-level import is an import). When import-linter itself is installed,
`lint-imports` checks the same file too."""
import ast
import configparser
import importlib.util
import pathlib
import re
import shutil
import subprocess

import pytest

PYTHON = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = PYTHON / "stt_nki"
CONTRACT = PYTHON / ".importlinter"


def imports_of(path):
    """The stt_nki modules the file imports, by full name (the package is flat: `from . import x`, `from .x import y`,
    `import stt_nki.x`; a name of the package's own `__init__` is the package, `stt_nki`)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "stt_nki")
        elif isinstance(node, ast.ImportFrom):
            base = node.module if node.level == 0 else ".".join(filter(None, ["stt_nki", node.module]))
            if base == "stt_nki":
                found.update(f"stt_nki.{a.name}" for a in node.names)
            elif base and base.split(".")[0] == "stt_nki":
                found.add(base)
    return {name if (PACKAGE / f"{name[len('stt_nki.'):]}.py").exists() else "stt_nki" for name in found}


def graph():
    """Module -> the stt_nki modules it imports, for every module of the package (`__init__` as `stt_nki`)."""
    edges = {}
    for path in PACKAGE.glob("*.py"):
        module = "stt_nki" if path.stem == "__init__" else f"stt_nki.{path.stem}"
        edges[module] = imports_of(path) - {module}
    return edges


def layers():
    """The contract's layers, top first, each as (its modules by full name, whether they are independent), under the
    package itself (its `__init__`, which imports the layers to export their names)."""
    config = configparser.ConfigParser()
    config.read(CONTRACT)
    contract = next(config[s] for s in config.sections() if s.startswith("importlinter:contract:")
                    and config[s]["type"] == "layers")
    root = config["importlinter"]["root_package"]
    containers = contract.get("containers", "").split()
    assert len(containers) <= 1, f"{CONTRACT.name}: one container (the package) at most, got {containers}"
    prefix = containers[0] + "." if containers else ""
    order = [([root], True)]
    for line in filter(None, (line.strip() for line in contract["layers"].splitlines())):
        if "|" in line and ":" in line:
            raise ValueError(f"{CONTRACT.name}: layer '{line}' mixes '|' and ':' (import-linter allows one kind)")
        independent = ":" not in line
        order.append(([prefix + m.strip() for m in line.replace(":", "|").split("|")], independent))
    return order


def violations(edges, order):
    """Every import that runs up the layers or between independent siblings, and every module no layer names."""
    level = {m: (i, independent) for i, (row, independent) in enumerate(order) for m in row}
    problems = [f"{m} is in no layer of {CONTRACT.name}" for m in edges if m not in level]
    for m, targets in sorted(edges.items()):
        for t in sorted(targets):
            if m not in level or t not in level:
                continue
            if level[t][0] < level[m][0]:
                problems.append(f"{m} imports {t}, a layer above it")
            elif level[t][0] == level[m][0] and level[m][1]:
                problems.append(f"{m} imports {t}, an independent module of its own layer")
    return problems


def test_every_module_keeps_to_its_layer():
    assert violations(graph(), layers()) == []


def test_the_check_sees_a_back_import():
    edges = graph()
    order = layers()
    bottom, top = order[-1][0][0], order[0][0][0]
    edges[bottom] = edges[bottom] | {top}
    assert violations(edges, order) == [f"{bottom} imports {top}, a layer above it"]


def test_siblings_are_independent_with_a_bar_and_may_import_each_other_with_a_colon():
    edges = {"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": set()}
    assert violations(edges, [(["p.a", "p.b"], True), (["p.c"], True)]) == [
        "p.a imports p.b, an independent module of its own layer"]
    assert violations(edges, [(["p.a", "p.b"], False), (["p.c"], True)]) == []
    assert violations(edges, [(["p.c"], True), (["p.a", "p.b"], False)]) == ["p.b imports p.c, a layer above it"]


@pytest.mark.skipif(importlib.util.find_spec("importlinter") is None or shutil.which("lint-imports") is None,
                    reason="import-linter is not installed (this machine's index has none); the ast check above holds")
def test_import_linter_agrees():
    done = subprocess.run(["lint-imports", "--config", str(CONTRACT)], cwd=PYTHON, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:]


def test_architecture_doc_draws_the_contracts_rows():
    """docs/architecture.md's drawing of the layers (the code block after "## stt_nki in layers", the modules from the
    21st character of each row to the first run of two spaces) names the contract's rows, in its order."""
    doc = (PYTHON.parent / "docs" / "architecture.md").read_text()
    block = doc.split("## stt_nki in layers", 1)[1].split("```")[1].strip("\n")
    drawn = [re.split(r" {2,}", row[20:].strip())[0] for row in block.splitlines()]
    rows = [" | ".join(m.split(".")[-1] for m in modules) for modules, _ in layers()[1:]]
    assert drawn == rows
