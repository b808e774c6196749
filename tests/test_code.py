"""The code itself: no unused import or name (pyflakes), no import cycle
between the package's modules, and no interface text in Python."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scripts" / "codebridge"


def test_pyflakes_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "pyflakes", "scripts", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert done.stdout == "" and done.returncode == 0, done.stdout


def _imports(path: Path) -> set[str]:
    """The package modules a module imports, at its top level or inside a
    function: an import deferred into a function to break a cycle is still
    the cycle (two modules that each need the other)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("codebridge."):
            out.add(node.module.split(".")[1])
    return out


def test_no_import_cycle():
    modules = {p.stem: _imports(p) for p in PACKAGE.glob("*.py")}
    graph = {m: {d for d in deps if d in modules and d != m} for m, deps in modules.items()}
    state: dict[str, int] = {}

    def visit(m, path):
        state[m] = 1
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                raise AssertionError("import cycle: " + " → ".join(path + [m, d]))
            if d not in state:
                visit(d, path + [m])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])


def test_every_module_imports():
    """A name imported from a module that no longer defines it fails here,
    not in the middle of a build."""
    import importlib

    for path in sorted(PACKAGE.glob("*.py")):
        if path.stem not in ("__main__", "mkdocs_hook"):
            importlib.import_module(f"codebridge.{path.stem}")


# Functions a lambda may be handed to: the standard library's (a regular
# expression's replacement, a signal's handler); and any sort's key.
LAMBDA_TAKERS = {"sub", "signal"}


def test_stages_are_given_data_not_functions():
    """No function of the package takes a function (a parameter annotated
    ``Callable``), and no call hands one a lambda: what a stage needs of
    another (texts, titles, search products, case titles, what was analysed
    or drawn before) is handed over as data."""
    typed, handed = set(), set()
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
                if any(a.annotation is not None and "Callable" in ast.unparse(a.annotation) for a in args):
                    typed.add((path.stem, node.name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and "Callable[" in ast.unparse(node.annotation):
                typed.add((path.stem, node.target.id))  # a dataclass field
            elif isinstance(node, ast.Call):
                given = list(node.args) + [k.value for k in node.keywords if k.arg != "key"]
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                if any(isinstance(a, ast.Lambda) for a in given) and name not in LAMBDA_TAKERS:
                    handed.add((path.stem, node.lineno))
    assert typed == {("analysis", "STEMMERS")}  # a table of the two stemmers, not a parameter
    assert handed == set()
