"""Replays: a game's record with the public view after every action.

A finished table replays from its own event log. An uploaded record is first read by its
game's `from_record` (which gives the clear error for a bad record); its steps are then
rebuilt from the record body, one action per token or per `P<n> <action>` line.
"""

from __future__ import annotations

import re
from typing import Any

from regalia.core.errors import RegaliaError
from regalia.core.game import Game, Seat, State
from regalia.core.records import format_tags, movetext_tokens, parse_tags
from regalia.core.registry import get_game
from regalia.tables.errors import TableError
from regalia.tables.table import Table

MAX_RECORD = 200_000
_SEAT_LINE = re.compile(r"^P(\d+)\s+(\S.*)$")


def _step(
    state: State[Any], seat: Seat | None, action: str | None, text: str | None
) -> dict[str, Any]:
    return {"ply": 0, "seat": seat, "action": action, "text": text, "view": state.view(None)}


def _replay(game: Game[Any], start: State[Any], moves: list[tuple[Seat, str]]) -> dict[str, Any]:
    state = start
    steps = [_step(state, None, None, None)]
    for seat, text in moves:
        action = state.parse(seat, text)
        code, words = state.encode(action), state.describe(action)
        state = state.apply(seat, action)
        steps.append(_step(state, seat, code, words))
    for ply, step in enumerate(steps):
        step["ply"] = ply
    result = state.result()
    return {
        "game": game.name,
        "players": state.players,
        "record": state.to_record(),
        "result": result.to_json() if result else None,
        "seat_names": list(game.seat_names(state.players)),
        "steps": steps,
    }


def table_replay(table: Table) -> dict[str, Any]:
    """The replay of a finished table; refused before the end, when it would leak secrets."""
    if table.status != "finished":
        raise TableError("not_finished", "a replay is available once the game is over")
    start = table.game.new(table.seed, table.players, **table.options)
    moves = [(e.seat, str(e.data["action"])) for e in table.events if e.kind == "action"]
    replay = _replay(table.game, start, [(s, a) for s, a in moves if s is not None])
    replay["options"] = table.options
    replay["result"] = table.result.to_json() if table.result else replay["result"]
    return replay


def record_replay(text: str, game_name: str | None = None) -> dict[str, Any]:
    """The replay of an uploaded record; TableError `bad_record` says what is wrong."""
    if len(text) > MAX_RECORD:
        raise TableError("too_large", f"a record may be at most {MAX_RECORD} characters")
    try:
        tags, body = parse_tags(text)
        name = game_name or tags.get("Game")
        if not name:
            raise TableError("bad_record", 'the record has no [Game "..."] tag; say which game')
        try:
            game = get_game(name)
        except (ImportError, AttributeError):
            raise TableError("unknown_game", f"game {name!r} is not available") from None
        final = game.from_record(text)
        start = game.from_record(format_tags(tags) + "\n\n")
    except RegaliaError as exc:
        raise TableError("bad_record", str(exc)) from None
    try:
        replay = _replay(game, start, _moves(start, body))
        if replay["record"] != final.to_record():
            raise ValueError("replayed record differs")
    except (RegaliaError, ValueError):
        # The body did not split into single actions: show the start and the end only.
        replay = _replay(game, start, [])
        replay["steps"].append(_step(final, None, None, None) | {"ply": 1})
        replay["record"] = final.to_record()
        result = final.result()
        replay["result"] = result.to_json() if result else None
    replay["options"] = {k: v for k, v in tags.items() if k.lower() in game.options}
    return replay


def _moves(start: State[Any], body: str) -> list[tuple[Seat, str]]:
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    if lines and all(_SEAT_LINE.match(line) for line in lines):
        out = []
        for line in lines:
            match = _SEAT_LINE.match(line)
            assert match is not None
            out.append((int(match[1]) - 1, match[2]))
        return out
    moves = []
    state = start
    for token in movetext_tokens(body):
        seats = sorted(state.to_act())
        if len(seats) != 1:
            raise ValueError("simultaneous actions need P<n> lines")
        try:
            action = state.parse(seats[0], token)
        except RegaliaError:
            # A forced move the game already played by itself (Regicide writes its
            # automatic passes); the caller checks the replay against the record anyway.
            continue
        moves.append((seats[0], state.encode(action)))
        state = state.apply(seats[0], action)
    return moves
