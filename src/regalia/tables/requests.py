"""What a client asks for when it creates a table, checked against the game's own facts."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from regalia.core.errors import RegaliaError, quoted
from regalia.core.registry import get_game
from regalia.protocol import ErrorCode, SeatKind
from regalia.tables.errors import TableError


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


def compact_json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))
