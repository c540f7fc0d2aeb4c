"""Takebacks (policies/takebacks.py) and the stand-in's level, on pure tables: a request,
the whole table's answers, what a bot says at a casual and a rated table, and a log that
rebuilds the same position."""

from __future__ import annotations

from typing import Any

import pytest

from regalia.core.game import Game
from regalia.core.registry import get_game
from regalia.protocol import CommandType, ErrorCode, EventKind
from regalia.tables.commands import Command
from regalia.tables.decide import decide
from regalia.tables.errors import TableError
from regalia.tables.events import Draft, Event
from regalia.tables.policies.timeouts import timeout_drafts
from regalia.tables.table import SeatInfo, Table


def _table(game: Game[Any], levels: tuple[str | None, ...], rated: bool = False) -> Table:
    seats = [SeatInfo("human" if lv is None else "bot", lv, joined=lv is not None) for lv in levels]
    table = Table("t1", game, len(levels), {}, 7, seats, "now")
    table.rated = rated
    return table


def _run(table: Table, seat: int | None, cmd: Command) -> list[str]:
    drafts = decide(table, seat, cmd, {})
    _apply(table, drafts)
    return [d.kind for d in drafts]


def _apply(table: Table, drafts: list[Draft]) -> None:
    for draft in drafts:
        table.apply(draft.numbered(table.seq + 1, 0.0), draft.state)


def _start(table: Table) -> None:
    for seat, info in enumerate(table.seats):
        if info.human:
            _run(table, seat, Command(CommandType.JOIN, name=f"P{seat}"))
    assert table.status == "playing"


def _move(table: Table, seat: int, by_bot: bool = False) -> str:
    """Play `seat`'s first legal move; its machine text."""
    action = table.state.encode(table.state.legal_actions(seat)[0])
    _run(table, seat, Command(CommandType.ACTION, action=action, seq=table.seq, by_bot=by_bot))
    return action


def _ask(table: Table, seat: int) -> list[str]:
    return _run(table, seat, Command(CommandType.OFFER_TAKEBACK))


def test_a_move_taken_back_once_the_opponent_agrees() -> None:
    table = _table(get_game("regulator"), (None, None))
    _start(table)
    start = table.state.to_record()
    _move(table, 0)
    assert _ask(table, 0) == [EventKind.TAKEBACK_OFFERED]
    assert table.view_core(1)["takeback_offer"] == 0
    assert _run(table, 1, Command(CommandType.ACCEPT_TAKEBACK)) == [
        EventKind.TAKEBACK_ACCEPTED, EventKind.TAKEBACK,
    ]  # fmt: skip
    assert table.actions == [] and table.state.to_record() == start
    assert table.to_act() == [0] and table.takeback_offer is None


def test_asked_on_ones_own_turn_it_undoes_the_reply_too() -> None:
    table = _table(get_game("regulator"), (None, None))
    _start(table)
    _move(table, 0)
    after_first = table.state.to_record()
    _move(table, 1)
    _move(table, 0)
    _move(table, 1)
    _ask(table, 0)
    assert table.events[-1].data["plies"] == 2
    _run(table, 1, Command(CommandType.ACCEPT_TAKEBACK))
    assert len(table.actions) == 2 and table.to_act() == [0]
    assert table.state.to_record() != after_first  # two plies, not one, nor all
    # The undone moves count for nobody (a rated game's forfeit rule counts each player's own).
    assert [info.own_actions for info in table.seats] == [1, 1]


def test_a_decline_or_a_move_ends_the_request_and_nothing_is_undone() -> None:
    table = _table(get_game("regulator"), (None, None))
    _start(table)
    _move(table, 0)
    _ask(table, 0)
    assert _run(table, 1, Command(CommandType.DECLINE_TAKEBACK)) == [EventKind.TAKEBACK_DECLINED]
    assert len(table.actions) == 1 and table.takeback_offer is None
    _ask(table, 0)
    _move(table, 1)  # answering with a move declines
    assert table.events[-1].kind == EventKind.TAKEBACK_DECLINED and table.takeback_offer is None
    with pytest.raises(TableError) as refused:
        _run(table, 1, Command(CommandType.ACCEPT_TAKEBACK))
    assert refused.value.code == ErrorCode.NO_TAKEBACK


def test_nothing_to_take_back_before_ones_first_move() -> None:
    table = _table(get_game("regulator"), (None, None))
    _start(table)
    with pytest.raises(TableError) as refused:
        _ask(table, 0)
    assert refused.value.code == ErrorCode.NO_TAKEBACK


def test_a_bot_agrees_at_a_casual_table_and_never_at_a_rated_one() -> None:
    casual = _table(get_game("regulator"), (None, "greedy"))
    _start(casual)
    _move(casual, 0)
    _move(casual, 1, by_bot=True)
    assert _ask(casual, 0) == [
        EventKind.TAKEBACK_OFFERED, EventKind.TAKEBACK_ACCEPTED, EventKind.TAKEBACK,
    ]  # fmt: skip
    assert casual.actions == [] and casual.to_act() == [0]
    rated = _table(get_game("regulator"), (None, "greedy"), rated=True)
    rated.seats[0].player = "p0"
    _run(rated, 0, Command(CommandType.JOIN, name="P0", player="p0"))
    _move(rated, 0)
    assert _ask(rated, 0) == [EventKind.TAKEBACK_OFFERED, EventKind.TAKEBACK_DECLINED]
    assert len(rated.actions) == 1


def test_regicide_takes_back_only_with_the_whole_tables_consent() -> None:
    table = _table(get_game("regicide"), (None, None, None, None))
    _start(table)
    start = table.state.to_record()
    for seat in range(4):
        _move(table, seat)
    _ask(table, 0)
    assert table.events[-1].data["plies"] == 4
    assert table.takeback_opponents() == {1, 2, 3}  # the teammate (Red, seat 2) too
    assert _run(table, 1, Command(CommandType.ACCEPT_TAKEBACK)) == [EventKind.TAKEBACK_ACCEPTED]
    assert _run(table, 3, Command(CommandType.ACCEPT_TAKEBACK)) == [EventKind.TAKEBACK_ACCEPTED]
    assert len(table.actions) == 4
    assert _run(table, 2, Command(CommandType.ACCEPT_TAKEBACK))[-1] == EventKind.TAKEBACK
    assert table.actions == [] and table.state.to_record() == start and table.to_act() == [0]


def test_a_game_without_takebacks_refuses_them() -> None:
    table = _table(get_game("regicida"), (None, "random", "random"))
    _start(table)
    with pytest.raises(TableError) as refused:
        _ask(table, 0)
    assert refused.value.code == ErrorCode.TAKEBACKS_NOT_ALLOWED


def test_a_stored_log_with_a_takeback_rebuilds_the_same_position() -> None:
    game = get_game("regulator")
    table = _table(game, (None, None))
    _start(table)
    for seat in (0, 1, 0):
        _move(table, seat)
    _ask(table, 1)
    _run(table, 0, Command(CommandType.ACCEPT_TAKEBACK))
    _move(table, 1)
    again = _table(game, (None, None))
    for event in table.events:
        again.apply(Event(event.seq, event.kind, event.seat, event.at, event.data))
    assert again.state.to_record() == table.state.to_record()
    assert again.actions == table.actions and len(table.actions) == 2


def test_the_stand_in_plays_at_the_tables_level_not_always_the_strongest() -> None:
    game = get_game("regulator")
    casual = _table(game, (None, "greedy"))
    casual.timing.configure({"clock": {"per_move_s": 5}, "on_timeout": "bot"})
    _start(casual)
    drafts = timeout_drafts(casual, 0)
    assert [(d.kind, d.data.get("level")) for d in drafts] == [
        (EventKind.TIMEOUT, None), (EventKind.TAKEOVER, "greedy"),
    ]  # fmt: skip
    _apply(casual, drafts)
    assert casual.bots_to_act() == [(0, "greedy")]
    # Intermediate (listed after Strong) still ranks below it; a human opponent: the game's.
    assert _table(game, (None, "ismcts")).stand_in_level(0) == "ismcts"
    assert _table(game, (None, "strong")).stand_in_level(0) == "strong"
    assert _table(game, (None, None)).stand_in_level(0) == game.stand_in().name
    mixed = _table(get_game("regicide"), (None, "random", "strong", "ismcts"))
    assert mixed.stand_in_level(0) == "ismcts"  # Green and Blue; the teammate does not count


def test_takeback_events_and_views_match_the_published_wire_models() -> None:
    from regalia.wire import EventMessage, View

    table = _table(get_game("regulator"), (None, None))
    _start(table)
    _move(table, 0)
    _ask(table, 0)
    view = table.view_core(1) | {"clocks": None, "claimable": False, "ratings": None}
    presence = [{"connected": True, "bot": False}] * 2
    assert View.model_validate(view | {"presence": presence}).takeback_offer == 0
    _run(table, 1, Command(CommandType.DECLINE_TAKEBACK))
    _ask(table, 0)
    _run(table, 1, Command(CommandType.ACCEPT_TAKEBACK))
    kinds = set()
    for event in table.events:
        message = EventMessage.model_validate({"type": "event", "event": event.visible_to(1)})
        kinds.add(message.event.kind)
    assert {EventKind.TAKEBACK_OFFERED, EventKind.TAKEBACK_DECLINED} <= kinds
    assert {EventKind.TAKEBACK_ACCEPTED, EventKind.TAKEBACK} <= kinds


def test_the_bot_apis_move_list_drops_the_moves_taken_back() -> None:
    from regalia.server.botstream import Moves

    table = _table(get_game("regulator"), (None, None))
    _start(table)
    moves = Moves(table, 1)
    for seat in (0, 1, 0):
        _move(table, seat)
    _ask(table, 1)
    _run(table, 0, Command(CommandType.ACCEPT_TAKEBACK))
    for event in table.events:
        moves.add(event.visible_to(1))
    assert [(a["seat"], a["action"]) for a in moves.actions] == table.actions
    assert len(moves.actions) == 1
