"""Finding the player-facing sentences in the source, as catalogue templates.

A sentence is the message of an error a player can meet (`TableError`, `BadNotation`,
`IllegalAction`, `NotYourTurn`, `BadRecord`, `BadPosition`) or the reason of a `Result`, in
the layers whose words reach players (core, games, tables, server). An f-string becomes a
template: its text, with `{0}`, `{1}` … where its values go. `extract_errors` is a Babel
extractor; `python -m regalia.i18n.extract` brings every catalogue up to date with the
source (new sentences added untranslated, gone ones kept as obsolete).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

SRC = Path(__file__).resolve().parents[1]
LAYERS = ("core", "games", "tables", "server")
# Also in the server: `message = f"…"` assignments that become an error's text.
MESSAGE_NAMES = ("message", "reason")
# Calls whose message argument a player reads, and where that argument is.
MESSAGE_AT = {
    "TableError": 1,
    "BadNotation": 0,
    "BadPosition": 0,
    "BadRecord": 0,
    "IllegalAction": 0,
    "NotYourTurn": 0,
    "Result": 1,
    "error_response": 1,
    "error": 1,  # the WebSocket's error messages
    "_decisive": 1,  # Regulator Chess's result helpers
    "_draw": 0,
}


def template(node: ast.expr) -> str | None:
    """The catalogue template of a string expression, or None if it is not one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts, slot = [], 0
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value).replace("{", "{{").replace("}", "}}"))
            else:
                parts.append("{" + str(slot) + "}")
                slot += 1
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = template(node.left), template(node.right)
        if left is not None and right is not None:
            return _join(left, right)
    return None


def _join(left: str, right: str) -> str:
    """Two templates added: the right one's slots come after the left one's."""
    shift = left.count("{") - left.count("{{") * 2
    count = 0
    out = []
    index = 0
    while index < len(right):
        if right.startswith("{{", index) or right.startswith("}}", index):
            out.append(right[index : index + 2])
            index += 2
        elif right[index] == "{":
            end = right.index("}", index)
            out.append("{" + str(int(right[index + 1 : end]) + shift) + "}")
            count += 1
            index = end + 1
        else:
            out.append(right[index])
            index += 1
    return left + "".join(out)


def sentences(source: str) -> Iterator[tuple[int, str]]:
    """(line, template) of every player-facing sentence in a module's source."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id in MESSAGE_NAMES for t in node.targets
        ):
            found = template(node.value)
            if found and any(ch.isalpha() for ch in found):
                yield node.lineno, found.replace("{{", "{").replace("}}", "}")
            continue
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else None
        at = MESSAGE_AT.get(name or "")
        if at is None or len(node.args) <= at:
            continue
        found = template(node.args[at])
        if found and any(ch.isalpha() for ch in found):
            yield node.lineno, found.replace("{{", "{").replace("}}", "}")


def extract_errors(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel extractor (method `regalia_errors`): the sentences of one file."""
    for line, text in sentences(fileobj.read().decode("utf-8")):
        yield line, None, text, []


def all_sentences() -> dict[str, list[str]]:
    """Every sentence of the player-facing layers, with where each is raised."""
    found: dict[str, list[str]] = {}
    for layer in LAYERS:
        for path in sorted((SRC / layer).rglob("*.py")):
            for line, text in sentences(path.read_text(encoding="utf-8")):
                found.setdefault(text, []).append(f"{path.relative_to(SRC.parent)}:{line}")
    return found


def update(po: Path, messages: dict[str, list[str]]) -> None:
    """Bring one catalogue up to date: new sentences untranslated, gone ones obsolete."""
    with po.open("rb") as handle:
        old = read_po(handle)
    fresh = Catalog(locale=old.locale, domain=old.domain, project="Regalia")
    for text, places in sorted(messages.items()):
        fresh.add(text, locations=[(p.split(":")[0], int(p.split(":")[1])) for p in places],
                  flags=("python-brace-format",) if "{0}" in text else ())  # fmt: skip
    old.update(fresh, no_fuzzy_matching=True)
    with po.open("wb") as handle:
        write_po(handle, old, width=100, sort_output=True)


def main() -> None:
    messages = all_sentences()
    for po in sorted((SRC / "i18n" / "locales").glob("*/LC_MESSAGES/messages.po")):
        update(po, messages)
        print(f"{po}: {len(messages)} sentences", file=sys.stderr)


if __name__ == "__main__":
    main()
