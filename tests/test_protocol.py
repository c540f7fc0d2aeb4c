"""The browser's names on the wire (web/js/protocol.js) are the server's (regalia.protocol)."""

from __future__ import annotations

import re
from enum import Enum
from pathlib import Path

import pytest

from regalia import protocol

JS = Path(__file__).resolve().parents[1] / "src" / "regalia" / "web" / "js" / "protocol.js"


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
     protocol.SeatKind, protocol.CloseCode],
)  # fmt: skip
def test_both_sides_use_the_same_names(python: type[Enum]) -> None:
    assert js_names(python.__name__) == {member.name: member.value for member in python}
