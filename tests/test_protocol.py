"""The browser's names on the wire (web/js/protocol.js) are the server's (regalia.protocol),
and error codes are named only through `ErrorCode`, never spelled as string literals."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from enum import Enum
from pathlib import Path

import pytest

from regalia import protocol
from regalia.protocol import ErrorCode

SRC = Path(__file__).resolve().parents[1] / "src" / "regalia"
JS = SRC / "web" / "js" / "protocol.js"
# Calls whose first argument is an error code.
CODE_CALLS = {"TableError", "error", "error_response", "error_body"}


def js_names(name: str) -> dict[str, str | int]:
    block = re.search(
        rf"export const {name} = Object\.freeze\(\{{(.*?)\}}\);", JS.read_text(), re.S
    )
    assert block is not None, f"protocol.js has no {name}"
    pairs = re.findall(r'([A-Z_]+):\s*("[^"]*"|\d+)', block.group(1))
    return {key: int(value) if value.isdigit() else value.strip('"') for key, value in pairs}


@pytest.mark.parametrize(
    "python",
    [protocol.EventKind, protocol.CommandType, protocol.MessageType, protocol.TableStatus,
     protocol.SeatKind, protocol.CloseCode, protocol.ErrorCode],
)  # fmt: skip
def test_both_sides_use_the_same_names(python: type[Enum]) -> None:
    assert js_names(python.__name__) == {member.name: member.value for member in python}


def test_both_sides_give_each_error_code_the_same_status() -> None:
    assert js_names("ErrorStatus") == {code.name: code.status for code in ErrorCode}
    assert all(100 <= code.status < 600 for code in ErrorCode)


def _named(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) and func.attr != "error" else None


def _is_code(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "code") or (
        isinstance(node, ast.Name) and node.id == "code"
    )


def _strings(node: ast.expr) -> Iterator[ast.Constant]:
    """Literal strings of an expression, through tuples, sets, lists and `a if c else b`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for elt in node.elts:
            yield from _strings(elt)
    elif isinstance(node, ast.IfExp):
        yield from _strings(node.body)
        yield from _strings(node.orelse)


def literal_codes(source: str) -> Iterator[tuple[int, str]]:
    """(line, code) of each error code spelled as a string where a code goes."""
    values = {code.value for code in ErrorCode}
    for node in ast.walk(ast.parse(source)):
        found: list[ast.Constant] = []
        if isinstance(node, ast.Call) and _named(node.func) in CODE_CALLS and node.args:
            found += _strings(node.args[0])
        elif isinstance(node, ast.Compare) and any(
            _is_code(side) for side in (node.left, *node.comparators)
        ):
            for side in (node.left, *node.comparators):
                found += _strings(side)
        found += [
            c
            for k in getattr(node, "keywords", ())
            if k.arg == "code" and _named(node.func) in CODE_CALLS  # type: ignore[attr-defined]
            for c in _strings(k.value)
        ]
        yield from ((c.lineno, c.value) for c in found if c.value in values)


def test_the_finder_sees_every_shape_a_code_is_written_in() -> None:
    source = """
raise TableError("stale", "x")
raise TableError(
    "busy", "y")
if exc.code == "unavailable" or exc.code in ("storage_error", "x"):
    send(error("internal", "z"))
code = other.code if ok else "bad_message"
if code != "bad_token": error_response("too_large", "big")
log.error("internal")
"""
    assert sorted(code for _line, code in literal_codes(source)) == sorted(
        ["stale", "busy", "unavailable", "storage_error", "internal", "bad_token", "too_large"]
    )


def test_no_error_code_is_a_string_literal_in_the_source() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC).as_posix()
        found += [f"{where}:{line}: {code!r}" for line, code in literal_codes(path.read_text())]
    assert not found, "use ErrorCode members, not strings:\n" + "\n".join(found)


def test_the_pages_compare_error_codes_by_name() -> None:
    values = "|".join(code.value for code in ErrorCode)
    bare = re.compile(rf"""code\s*[!=]==?\s*["']({values})["']""")
    found = [
        f"{path.name}: {match.group(0)}"
        for path in sorted(JS.parent.rglob("*.js"))
        if path != JS
        for match in bare.finditer(path.read_text())
    ]
    assert not found, found
