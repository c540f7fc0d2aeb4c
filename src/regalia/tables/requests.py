"""What a client asks for when it creates a table, checked against the game's own facts."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from regalia.core.errors import RegaliaError, quoted
from regalia.core.registry import get_game
from regalia.protocol import ErrorCode, SeatKind
from regalia.tables.errors import TableError
from regalia.tables.timing import TimeRules
from regalia.tables.tokens import mixed_seed, new_seed

# Bits of the secret a creator's seed is mixed with (see `table_seed`).
SEED_SECRET_BYTES = 16


@dataclass(frozen=True, slots=True)
class SeatRequest:
    kind: str  # a SeatKind
    level: str | None = None


@dataclass(frozen=True, slots=True)
class TableRequest:
    game: str
    seats: Sequence[SeatRequest]
    players: int | None = None
    options: Mapping[str, object] | None = None
    seed: int | None = None
    client: str = ""  # who asks (a guest key or an address): caps count per client
    clock: Mapping[str, Any] | None = None
    on_timeout: str | None = None
    absence: Mapping[str, Any] | None = None
    rated: bool = False
    chat: bool = True
    position: str | None = None  # start from this position (the game's own text), not the deal


def game_named(name: str) -> Any:
    try:
        return get_game(name)
    except RegaliaError:
        raise TableError(ErrorCode.UNKNOWN_GAME, f"unknown game {quoted(name)}") from None


def check_request(request: TableRequest) -> tuple[Any, int, dict[str, Any]]:
    game = game_named(request.game)
    try:
        players = game.check_players(request.players or len(request.seats))
        options = game.read_options(request.options or {})
    except RegaliaError as exc:
        raise TableError(ErrorCode.BAD_OPTIONS, str(exc)) from None
    if len(request.seats) != players:
        raise TableError(ErrorCode.BAD_OPTIONS, f"{players} players need {players} seats")
    for seat in request.seats:
        if seat.kind not in tuple(SeatKind):
            kinds = ", ".join(SeatKind)
            raise TableError(
                ErrorCode.BAD_OPTIONS, f"a seat is one of {kinds}, not {quoted(seat.kind)}"
            )
        if seat.kind == SeatKind.BOT:
            try:
                game.level(seat.level or "")
            except RegaliaError as exc:
                raise TableError(ErrorCode.BAD_OPTIONS, str(exc)) from None
    return game, players, options


def check_position(game: Any, text: str | None, rated: bool) -> str | None:
    """The position a table starts from (None: the deal), checked by the game's own rules
    (`Game.position_problems`): one that could not arise in play, or a game already over
    there, is refused; so is a rated game from a position set up by hand."""
    if text is None:
        return None
    position = text.strip()
    found = game.position_problems(position)
    if found:
        raise TableError(ErrorCode.BAD_POSITION, f"impossible position: {found[0]}")
    ended = game.from_position(position).result()
    if ended is not None:
        raise TableError(
            ErrorCode.BAD_POSITION, f"the game is over in this position: {ended.reason}"
        )
    if rated:
        raise TableError(
            ErrorCode.BAD_OPTIONS, "a game from a position set up by hand is never rated"
        )
    return position


def table_seed(game: Any, chosen: int | None, rated: bool) -> int:
    """The seed a new table is dealt from.

    A creator's seed stands as given only where it decides nothing a seat must not know
    ahead: in a game that hides information (Regicida's identities) it would let its
    chooser work out every secret offline, and at a rated table it would replay the bots'
    choices. There it is mixed with a secret the server draws for this table and keeps to
    nobody; the stored result is the table's seed, so its replay stays exact.
    """
    if chosen is None:
        return new_seed()
    if game.perfect_information and not rated:
        return chosen
    return mixed_seed(chosen, secrets.token_bytes(SEED_SECRET_BYTES))


def check_rated(rules: TimeRules) -> None:
    """A rated game must end even if a player walks away: it needs a clock (a timeout
    loses or hands the seat to a bot) or an absence rule other than waiting forever."""
    if rules.clock is None and rules.absence.then == "wait":
        raise TableError(
            ErrorCode.BAD_OPTIONS,
            "a rated table needs a clock or an absence rule that ends an abandoned game "
            '("bot" or "claim")',
        )


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))
