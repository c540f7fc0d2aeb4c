"""The tables layer has no import cycle, counting imports made only for type checking: a
module never imports its caller back (a Round's helpers get ports, not the service)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = "regalia.tables"


def _modules() -> dict[str, Path]:
    root = SRC / PACKAGE.replace(".", "/")
    found = {}
    for path in root.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        name = ".".join(path.relative_to(SRC).with_suffix("").parts).removesuffix(".__init__")
        found[name] = path
    return found


def imports_of(path: Path, known: set[str]) -> set[str]:
    """Every tables module `path` imports, anywhere in it (TYPE_CHECKING blocks included)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        out |= {n for n in names if n in known}
    return out


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def test_the_tables_modules_import_no_cycle() -> None:
    modules = _modules()
    known = set(modules)
    # A package's __init__ importing nothing, a module naming its own package, is no cycle.
    graph = {name: imports_of(path, known) - {name} for name, path in modules.items()}
    graph = {
        name: {d for d in deps if not name.startswith(d + ".")} for name, deps in graph.items()
    }
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle_through_a_type_checking_import(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("from regalia.tables import b\n")
    (tmp_path / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from regalia.tables.a import X\n"
    )
    known = {"regalia.tables.a", "regalia.tables.b"}
    graph = {
        "regalia.tables.a": imports_of(tmp_path / "a.py", known),
        "regalia.tables.b": imports_of(tmp_path / "b.py", known),
    }
    assert find_cycle(graph) == ["regalia.tables.a", "regalia.tables.b", "regalia.tables.a"]
