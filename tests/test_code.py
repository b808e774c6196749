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
    """The package modules a module imports at its top level (imports inside
    functions are deferred on purpose and do not make a cycle at import)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in tree.body:
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


# The one function handed a function, inside the index: a memo's maker (what
# the analyzer makes of a text not analysed before).
WITHIN_A_STAGE = {("index", "get")}


def test_stages_are_given_data_not_functions():
    """No function of the package takes a function (a parameter annotated
    ``Callable``) but the one above, inside the index: what a stage
    needs of another (texts, titles, search products, case titles) is
    handed over as data."""
    found = set()
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
                if any(a.annotation is not None and "Callable" in ast.unparse(a.annotation) for a in args):
                    found.add((path.stem, node.name))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and "Callable[" in ast.unparse(node.annotation):
                found.add((path.stem, node.target.id))  # a dataclass field
    assert found - {("analysis", "STEMMERS")} == WITHIN_A_STAGE
