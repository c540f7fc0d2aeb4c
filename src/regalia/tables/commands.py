"""What a seat (or a spectator) asks a table to do, read from untrusted JSON.

The shapes and limits are `regalia.wire`'s; here a message that fails them becomes the
TableError a player reads (`bad_message`, or `too_large` for a text over its limit), in the
same words over the WebSocket and HTTP.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError
from pydantic_core import ErrorDetails

from regalia.protocol import CommandType, ErrorCode
from regalia.tables.errors import TableError
from regalia.wire import (
    CLIENT,
    MAX_ACTION,
    MAX_CHAT,
    MAX_NAME,
    Action,
    Chat,
    CommandMessage,
    Hello,
    Join,
    Ping,
)

__all__ = ["MAX_ACTION", "MAX_CHAT", "MAX_NAME", "Command", "read_client", "read_command"]

KINDS = tuple(CommandType)
_COMMANDS: TypeAdapter[Any] = TypeAdapter(CommandMessage)


@dataclass(frozen=True, slots=True)
class Command:
    type: CommandType
    action: str | None = None
    seq: int | None = None
    text: str | None = None
    name: str | None = None
    # Set by the server, never read from a client: a bot's own move, when it arrived, the
    # signed-in player who sent it (from their key; `bot`: a BOT account) and the address
    # it came from.
    by_bot: bool = False
    at: float = 0.0
    player: str | None = None
    source: str | None = None
    bot: bool = False

    @classmethod
    def of(cls, message: Any) -> Command:
        """The Command of a validated wire command (`regalia.wire`)."""
        if isinstance(message, Action):
            return cls(CommandType.ACTION, action=message.action, seq=message.seq)
        if isinstance(message, Chat):
            return cls(CommandType.CHAT, text=message.text)
        if isinstance(message, Join):
            return cls(CommandType.JOIN, name=message.name)
        return cls(CommandType(message.type))


def read_client(message: Mapping[str, Any]) -> Hello | Ping | Any:
    """A client message (hello, ping or a command) as its wire model; TableError if malformed."""
    try:
        return CLIENT.validate_python(message)
    except ValidationError as exc:
        raise refusal(exc.errors()[0], message) from None


def read_command(message: Mapping[str, Any]) -> Command:
    """A Command from a client message; raises TableError on any malformed field."""
    try:
        return Command.of(_COMMANDS.validate_python(message))
    except ValidationError as exc:
        raise refusal(exc.errors()[0], message) from None


def refusal(error: ErrorDetails, message: Mapping[str, Any]) -> TableError:
    """The TableError a player reads for the first thing wrong with `message`."""
    kind, loc = error["type"], error["loc"]
    field = str(loc[-1]) if len(loc) > 1 else ""
    if kind.startswith("union_tag"):
        names = ", ".join(KINDS)
        got = message.get("type")
        return TableError(
            ErrorCode.BAD_MESSAGE, f"unknown message type {got!r}; use one of {names}"
        )
    if kind == "string_too_long" and field != "name":
        limit = (error.get("ctx") or {}).get("max_length")
        return TableError(ErrorCode.TOO_LARGE, f"{field} is longer than {limit} characters")
    return _bad_field(field, kind, message.get("type"))


def _bad_field(field: str, kind: str, message_type: object) -> TableError:
    # Each sentence written out whole: the catalogue translates it as one.
    bad = ErrorCode.BAD_MESSAGE
    if field == "seq" and kind != "missing":
        return TableError(bad, "seq must be a whole number, 0 or more")
    if field == "last_seq":
        return TableError(bad, "last_seq must be a whole number ≥ 0")
    if field == "token":
        return TableError(bad, "token must be a string or null")
    if field == "player_key":
        return TableError(bad, "player_key must be a string or null")
    if field == "name":
        return TableError(bad, f"name must be a string of at most {MAX_NAME} chars")
    if message_type == CommandType.ACTION and kind == "missing":
        return TableError(bad, "an action message needs 'action' and 'seq'")
    if message_type == CommandType.CHAT and field == "text" and kind != "string_type":
        return TableError(bad, "a chat message needs a non-empty 'text'")
    if field:
        return TableError(bad, f"{field} must be a string")
    return TableError(bad, "a message is a JSON object with a 'type'")
