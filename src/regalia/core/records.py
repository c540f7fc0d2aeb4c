"""PGN-like records: `[Tag "value"]` pairs, a blank line, then a movetext body.

Shared by all three games so that every record reads the same way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from regalia.core.errors import BadRecord

_TAG = re.compile(r'^\[(?P<key>[A-Za-z][A-Za-z0-9_]*)\s+"(?P<value>(?:[^"\\]|\\.)*)"\]\s*$')
_COMMENT = re.compile(r"\{[^}]*\}|;[^\n]*")


def format_tags(tags: Mapping[str, object]) -> str:
    lines = []
    for key, value in tags.items():
        text = str(value).replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[{key} "{text}"]')
    return "\n".join(lines)


def parse_tags(text: str) -> tuple[dict[str, str], str]:
    """Split a record into its tags and its body (comments removed).

    >>> parse_tags('[Game "regulator"]\\n\\n1. b3 b5 *')
    ({'Game': 'regulator'}, '1. b3 b5 *')
    """
    tags: dict[str, str] = {}
    body: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not body and line.startswith("["):
            match = _TAG.match(line)
            if match is None:
                raise BadRecord(f"line {number}: not a tag pair: {line[:60]!r}")
            value = re.sub(r"\\(.)", r"\1", match["value"])
            tags[match["key"]] = value
        elif line or body:
            body.append(line)
    return tags, _COMMENT.sub(" ", "\n".join(body)).strip()


def movetext_tokens(body: str) -> list[str]:
    """Move tokens of a body, without move numbers (`12.`, `12...`) and the result."""
    tokens = []
    for token in body.split():
        if re.fullmatch(r"\d+\.+", token) or token in {"1-0", "0-1", "1/2-1/2", "*"}:
            continue
        token = re.sub(r"^\d+\.+", "", token)
        if token:
            tokens.append(token)
    return tokens
