"""What a seat (or a spectator) asks a table to do, read from untrusted JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regalia.protocol import CommandType, ErrorCode
from regalia.tables.errors import TableError

KINDS = tuple(CommandType)
MAX_NAME = 40
MAX_CHAT = 500
MAX_ACTION = 200


@dataclass(frozen=True, slots=True)
class Command:
    type: CommandType
    action: str | None = None
    seq: int | None = None
    text: str | None = None
    name: str | None = None
    # Set by the server, never read from a client: a bot's own move, when it arrived, and
    # the signed-in player who sent it (from their key).
    by_bot: bool = False
    at: float = 0.0
    player: str | None = None


def _text(message: Mapping[str, Any], key: str, limit: int) -> str | None:
    value = message.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise TableError(ErrorCode.BAD_MESSAGE, f"{key} must be a string")
    if len(value) > limit:
        raise TableError(ErrorCode.TOO_LARGE, f"{key} is longer than {limit} characters")
    return value


def read_command(message: Mapping[str, Any]) -> Command:
    """A Command from a client message; raises TableError on any malformed field."""
    kind = message.get("type")
    if kind not in KINDS:
        names = ", ".join(KINDS)
        raise TableError(
            ErrorCode.BAD_MESSAGE, f"unknown message type {kind!r}; use one of {names}"
        )
    seq = message.get("seq")
    if seq is not None and (isinstance(seq, bool) or not isinstance(seq, int) or seq < 0):
        raise TableError(ErrorCode.BAD_MESSAGE, "seq must be a whole number, 0 or more")
    action = _text(message, "action", MAX_ACTION)
    if kind == CommandType.ACTION and (action is None or seq is None):
        raise TableError(ErrorCode.BAD_MESSAGE, "an action message needs 'action' and 'seq'")
    text = _text(message, "text", MAX_CHAT)
    if kind == CommandType.CHAT and not (text and text.strip()):
        raise TableError(ErrorCode.BAD_MESSAGE, "a chat message needs a non-empty 'text'")
    name = _text(message, "name", MAX_NAME)
    return Command(CommandType(kind), action=action, seq=seq, text=text, name=name)
