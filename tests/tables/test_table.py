"""The table's decisions, without I/O: every bad command changes nothing."""

from __future__ import annotations

import pytest

from regalia.core.registry import get_game
from regalia.tables.commands import Command, read_command
from regalia.tables.decide import decide
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.table import SeatInfo, Table


def new_table(kinds: tuple[str, ...] = ("human", "human"), seed: int = 7) -> Table:
    seats = [SeatInfo(k, "random" if k == "bot" else None, joined=k == "bot") for k in kinds]
    return Table("t1", get_game("toy"), len(kinds), {"rounds": 2}, seed, seats, "now")


def run(table: Table, seat: int | None, cmd: Command) -> list[Draft]:
    drafts = decide(table, seat, cmd, {}, ("r1", 5) if cmd.type == "rematch" else None)
    for draft in drafts:
        table.apply(draft.numbered(table.seq + 1, 1e9 + table.seq), draft.state)
    return drafts


def started() -> Table:
    table = new_table()
    run(table, 0, Command("join", name="Ann"))
    kinds = [d.kind for d in run(table, 1, Command("join", name="Bob"))]
    assert kinds == ["joined", "started"]
    return table


def act(table: Table, seat: int, text: str) -> list[Draft]:
    return run(table, seat, Command("action", action=text, seq=table.seq))


def code_of(table: Table, seat: int | None, cmd: Command) -> str:
    seq, state = table.seq, table.state
    with pytest.raises(TableError) as info:
        decide(table, seat, cmd, {})
    assert (table.seq, table.state) == (seq, state)
    return info.value.code


def test_bad_commands_get_codes_and_change_nothing() -> None:
    table = new_table()
    assert code_of(table, 0, Command("action", action="bid 1", seq=0)) == "not_started"
    table = started()
    seq = table.seq
    assert code_of(table, None, Command("action", action="bid 1", seq=seq)) == "not_seated"
    assert code_of(table, 0, Command("action", action="bid 7", seq=seq)) == "illegal"
    assert code_of(table, 0, Command("action", action="jump!", seq=seq)) == "bad_notation"
    assert code_of(table, 0, Command("action", action="bid 1", seq=seq - 1)) == "stale"
    assert code_of(table, 0, Command("offer_draw")) == "draws_not_allowed"
    assert code_of(table, 0, Command("accept_draw")) == "no_draw_offer"
    act(table, 0, "bid 2")
    act(table, 1, "bid 0")
    assert code_of(table, 1, Command("action", action="pass", seq=table.seq)) == "not_your_turn"


def test_read_command_rejects_malformed_messages() -> None:
    for message, code in [
        ({"type": "fly"}, "bad_message"),
        ({"type": "action", "action": "pass"}, "bad_message"),
        ({"type": "action", "action": 3, "seq": 1}, "bad_message"),
        ({"type": "action", "action": "x" * 201, "seq": 1}, "too_large"),
        ({"type": "chat", "text": "   "}, "bad_message"),
        ({"type": "action", "action": "pass", "seq": True}, "bad_message"),
    ]:
        with pytest.raises(TableError) as info:
            read_command(message)
        assert info.value.code == code


def test_every_action_of_a_simultaneous_round_is_secret_even_the_last() -> None:
    table = started()
    first = act(table, 1, "bid 1")[0]
    last = act(table, 0, "bid 2")[0]
    assert first.secret and last.secret
    event = table.events[-1]
    assert event.visible_to(1)["action"] is None and event.visible_to(1)["hidden"]
    assert event.visible_to(None)["action"] is None
    assert event.visible_to(0)["action"] == "bid 2"
    turn = act(table, 0, "pass")[0]
    assert not turn.secret


def test_resignation_ends_a_two_seat_game() -> None:
    table = started()
    kinds = [d.kind for d in run(table, 1, Command("resign"))]
    assert kinds == ["resigned", "finished"]
    assert table.status == "finished"
    assert table.result is not None
    assert [o.value for o in table.result.outcomes] == ["win", "loss"]
    assert code_of(table, 0, Command("resign")) == "finished"


def test_a_table_rebuilt_from_its_log_is_the_same_table() -> None:
    table = started()
    act(table, 0, "bid 1")
    act(table, 1, "bid 1")
    act(table, 0, "guess 1 amber")
    run(table, 1, Command("chat", text="hello"))
    copy = new_table()
    for event in table.events:
        copy.apply(event)
    assert copy.seq == table.seq
    assert copy.state.to_record() == table.state.to_record()
    for seat in (0, 1, None):
        assert copy.view_core(seat) == table.view_core(seat)


def test_rematch_needs_every_human_and_rotates_seats() -> None:
    table = started()
    run(table, 0, Command("resign"))
    assert [d.kind for d in run(table, 0, Command("rematch"))] == ["rematch_offered"]
    assert run(table, 0, Command("rematch")) == []
    drafts = decide(table, 1, Command("rematch"), {}, ("r1", 5))
    assert [d.kind for d in drafts] == ["rematch_offered", "rematch"]
    assert drafts[1].data == {"seats": {"0": 1, "1": 0}, "table_id": "r1", "seed": 5}
