"""Replays: a game's record with the public view after every action.

A finished table replays from its own event log. An uploaded record is read by its game's
`from_record` (which gives the clear error for a bad record); its steps are the actions the
record's state says led to it (`State.history`), replayed from `State.initial`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.core.errors import RegaliaError
from regalia.core.game import Game, Seat, State
from regalia.core.records import parse_tags
from regalia.core.registry import get_game
from regalia.protocol import ErrorCode, TableStatus
from regalia.tables.errors import TableError
from regalia.tables.table import Table

MAX_RECORD = 200_000


def _step(state: State[Any], seat: Seat | None, action: Any) -> dict[str, Any]:
    code = None if action is None else state.encode(action)
    text = None if action is None else state.describe(action)
    return {"ply": 0, "seat": seat, "action": code, "text": text}


def _replay(game: Game[Any], start: State[Any], actions: Sequence[tuple[Seat, Any]]) -> Any:
    """The steps from `start` through `actions`, and the state they reach."""
    state = start
    steps = [_step(state, None, None) | {"view": state.view(None)}]
    for seat, action in actions:
        step = _step(state, seat, action)
        state = state.apply(seat, action)
        steps.append(step | {"view": state.view(None)})
    for ply, step in enumerate(steps):
        step["ply"] = ply
    return steps, state


def _summary(game: Game[Any], state: State[Any], steps: list[dict[str, Any]]) -> dict[str, Any]:
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
    if table.status != TableStatus.FINISHED:
        raise TableError(ErrorCode.NOT_FINISHED, "a replay is available once the game is over")
    start = state = table.start
    actions = []
    for seat, text in table.actions:
        action = state.parse(seat, text)
        actions.append((seat, action))
        state = state.apply(seat, action)
    steps, final = _replay(table.game, start, actions)
    replay = _summary(table.game, final, steps)
    replay["options"] = table.options
    replay["result"] = table.result.to_json() if table.result else replay["result"]
    return replay


def record_replay(text: str, game_name: str | None = None) -> dict[str, Any]:
    """The replay of an uploaded record; TableError `bad_record` says what is wrong."""
    if len(text) > MAX_RECORD:
        raise TableError(ErrorCode.TOO_LARGE, f"a record may be at most {MAX_RECORD} characters")
    try:
        tags, _ = parse_tags(text)
        name = game_name or tags.get("Game")
        if not name:
            raise TableError(
                ErrorCode.BAD_RECORD, 'the record has no [Game "..."] tag; say which game'
            )
        try:
            game = get_game(name)
        except RegaliaError as exc:
            raise TableError(ErrorCode.UNKNOWN_GAME, str(exc)) from None
        final = game.from_record(text)
    except RegaliaError as exc:
        raise TableError(ErrorCode.BAD_RECORD, str(exc)) from None
    start, history = final.initial(), final.history()
    if start is None or history is None:
        # The game keeps no history: show where the record starts and where it ends.
        steps, _ = _replay(game, final, [])
    else:
        steps, replayed = _replay(game, start, history)
        if replayed.to_record() != final.to_record():
            # Something the actions do not reach (a resignation): the last view is the record's.
            steps[-1]["view"] = final.view(None)
    replay = _summary(game, final, steps)
    replay["options"] = {k: v for k, v in tags.items() if k.lower() in game.options}
    return replay
