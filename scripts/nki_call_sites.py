"""Every `nisa.<call>(...)` of stt_nki's calls in a tree of NKI kernels, run as written on stt_nki (issue 32's acceptance).

    PYTHONPATH=python python3 scripts/nki_call_sites.py --src /path/to/nki-library/src [--json out.json]

Each call site is parsed from the source (ast) and its arguments evaluated where they are constants, `nl.`/`nisa.`/`np.`
names or expressions of them. What is a kernel's own value (a tile, a loop variable, an op chosen by a parameter) is
given a stand-in by the role the published signature gives that argument: a tile role a [128, 64] array (fp32; a
predicate uint8; reduce_res [128, 1]); memset's value the number 1.0; another scalar role a [128, 1] fp32 column when
written as a slice, attribute or call (`scale[:, 0:1]`), else the number 1.0; an op role nl.add; a dtype role fp32; reduce_cmd, reverse, engine and name
their defaults. The arguments keep their places (positional or keyword) and the call runs on one session. The report
counts the sites accepted and, for each refusal, its exception and message, and lists the stand-ins used.
"""
import argparse
import ast
import collections
import inspect
import json
import math
import os
import re
import sys

import numpy as np

import stt_nki
from stt_nki import isa as nisa, language as nl

CALLS = ("scalar_tensor_tensor", "tensor_tensor", "tensor_scalar", "tensor_scalar_reduce", "tensor_copy", "memset",
         "tensor_tensor_scan", "select_reduce", "tensor_copy_predicated", "reciprocal")
TILES = {"dst", "data", "data0", "data1", "data2", "src", "predicate", "on_true"}
SCALARS = {"operand0", "value", "initial", "on_false", "reduce_init"}
OPS = {"op", "op0", "op1", "reduce_op"}
P, F = 128, 64


class Kernel:
    """A value the kernel computes: its source text and syntax node."""

    def __init__(self, node, source):
        self.node, self.text = node, ast.get_source_segment(source, node) or ast.dump(node)


def evaluate(node, source):
    try:
        return eval(compile(ast.Expression(node), "<site>", "eval"),  # noqa: S307 (our own parse of constants)
                    {"__builtins__": {}, "nl": nl, "nisa": nisa, "np": np, "math": math, "True": True,
                     "False": False, "None": None, "float": float, "int": int})
    except Exception:  # noqa: BLE001 (a name the kernel binds: a stand-in is given below)
        return Kernel(node, source)


def stand_in(call, param, value, stand_ins):
    """The value the site passes for `param`, or a stand-in by the parameter's role."""
    if not isinstance(value, Kernel):
        return value
    tile_like = isinstance(value.node, (ast.Subscript, ast.Attribute, ast.Call))
    if param == "predicate":
        made, label = np.ones((P, F), np.uint8), "predicate tile"
    elif param == "reduce_res":
        made, label = np.zeros((P, 1), np.float32), "reduce_res [P, 1]"
    elif param in TILES or param == "operand1" and call in ("scalar_tensor_tensor",):
        made, label = np.ones((P, F), np.float32), "tile"
    elif param == "value":  # memset's: a number in every NKI form
        made, label = 1.0, "number 1.0"
    elif param in SCALARS or param in ("operand1",) or param == "src":
        made, label = (np.ones((P, 1), np.float32), "scalar column") if tile_like else (1.0, "number 1.0")
    elif param in OPS:
        made, label = nl.add, "op nl.add"
    elif param == "dtype":
        made, label = np.float32, "dtype fp32"
    else:
        made, label = None, "default"
    stand_ins[f"{param}: {label}"] += 1
    return made


def defaults(fn):
    return {k: p.default for k, p in inspect.signature(fn).parameters.items()
            if p.default is not inspect.Parameter.empty}


def run_site(call, node, source, stand_ins):
    args = [evaluate(a, source) for a in node.args]
    kwargs = {k.arg: evaluate(k.value, source) for k in node.keywords if k.arg}
    if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
        return "refused", "TypeError: *args/**kwargs at the call site (not extracted)"
    beta2 = getattr(nisa, "_b2_" + call)
    names = list(inspect.signature(beta2).parameters)
    fallback = defaults(beta2)
    args = [stand_in(call, names[i] if i < len(names) else "?", a, stand_ins) for i, a in enumerate(args)]
    for k, v in list(kwargs.items()):
        kwargs[k] = stand_in(call, k, v, stand_ins)
        if kwargs[k] is None and k in fallback:
            kwargs[k] = fallback[k]
    for i, a in enumerate(args):
        if a is None and i < len(names) and names[i] in fallback:
            args[i] = fallback[names[i]]
    try:
        getattr(nisa, call)(*args, **kwargs)
        return "accepted", None
    except Exception as e:  # noqa: BLE001 (every refusal is reported with its class and message)
        return "refused", f"{type(e).__name__}: {str(e).splitlines()[0]}"


def sites(root):
    for dirpath, _, files in os.walk(root):
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(dirpath, f)
            source = open(path, encoding="utf-8").read()
            try:
                tree = ast.parse(source)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in CALLS
                        and isinstance(node.func.value, ast.Name) and node.func.value.id == "nisa"):
                    yield os.path.relpath(path, root), node.lineno, node.func.attr, node, source


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", required=True, help="the kernels' tree (nki-library's src/)")
    ap.add_argument("--json", help="write every site's outcome here")
    o = ap.parse_args()
    outcomes, stand_ins, rows = collections.Counter(), collections.Counter(), []
    refusals = collections.defaultdict(list)
    with stt_nki.Session():
        for path, line, call, node, source in sites(o.src):
            verdict, why = run_site(call, node, source, stand_ins)
            outcomes[(call, verdict)] += 1
            rows.append({"file": path, "line": line, "call": call, "verdict": verdict, "why": why})
            if why:
                refusals[re.sub(r"0x[0-9a-f]+|\d+", "N", why)].append(f"{path}:{line}")
    total = sum(outcomes.values())
    accepted = sum(n for (_, v), n in outcomes.items() if v == "accepted")
    print(f"{total} call sites, {accepted} accepted, {total - accepted} refused")
    for call in CALLS:
        a, r = outcomes[(call, "accepted")], outcomes[(call, "refused")]
        if a or r:
            print(f"  {call}: {a + r} sites, {a} accepted, {r} refused")
    print("refusals:")
    for why, where in sorted(refusals.items(), key=lambda kv: -len(kv[1])):
        print(f"  {len(where)} x {why}   e.g. {', '.join(where[:3])}")
    print("stand-ins for the kernels' own values:")
    for what, n in stand_ins.most_common():
        print(f"  {n} x {what}")
    if o.json:
        with open(o.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
