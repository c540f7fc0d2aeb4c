"""Records replay games exactly; sampled hidden states agree with what a seat knows."""

from __future__ import annotations

import json

import pytest

from regalia.core.errors import BadNotation, BadRecord, IllegalAction
from regalia.games.regicida import GAME, Phase, Place
from regalia.games.regicida.board import parse_cell

from .support import random_game, state_of, voting_position


def test_record_replays_a_whole_game() -> None:
    states = random_game(19, 5)
    record = states[-1].to_record()
    assert '[Game "regicida"]' in record and '[Seed "19"]' in record
    replayed = GAME.from_record(record)
    assert replayed.to_record() == record
    assert replayed.view(None) == states[-1].view(None)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ('[Game "regulator"]\n\n', "regulator"),
        ('[Game "regicida"]\n[Players "3"]\n\n', "Seed"),
        ('[Game "regicida"]\n[Seed "x"]\n[Players "3"]\n\n', "whole numbers"),
        ('[Game "regicida"]\n[Seed "1"]\n[Players "9"]\n\n', "players"),
        ('[Game "regicida"]\n[Seed "1"]\n[Players "2"]\n\nP7 place 1 f6\n', "line 1"),
        ('[Game "regicida"]\n[Seed "1"]\n[Players "2"]\n\nP1 place 1 a1\n', "line 1"),
    ],
)
def test_bad_records_are_refused(record: str, message: str) -> None:
    with pytest.raises(BadRecord, match=message):
        GAME.from_record(record)


def test_actions_have_one_stable_text_form() -> None:
    state = GAME.new(5, 2)
    seat = min(state.to_act())
    for text in state.view(seat)["legal"]:
        assert state.describe(state.parse(seat, text)) == text
        assert state.encode(state.parse(seat, text.upper())) == text
    for bad in ("", "place", "place 4 f6", "place 1 z9", "vote", "jump 1", "split x"):
        with pytest.raises(BadNotation):
            state.parse(seat, bad)


def test_swap_reads_in_either_order() -> None:
    from .test_intrigue import ALL_LIGHT, intrigue_state

    state = intrigue_state(ALL_LIGHT)
    assert state.parse(0, "swap b1 a1 flip b1") == state.parse(0, "swap a1 b1 flip b1")
    assert state.describe(state.parse(0, "swap b1 a1 flip b1")) == "swap a1 b1 flip b1"


def test_apply_refuses_illegal_actions_and_keeps_the_state() -> None:
    state = GAME.new(5, 2)
    seat = min(state.to_act())
    before = json.dumps(state.view(seat))
    with pytest.raises(IllegalAction):
        state.apply(seat, "place 1 f6")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        state.apply(seat, Place(0, parse_cell("a1", 11)))
    assert json.dumps(state.view(seat)) == before


@pytest.mark.parametrize("players", [2, 4, 6])
def test_sample_hidden_agrees_with_the_seat_view(players: int) -> None:
    states = random_game(3 * players, players)
    checked = 0
    for state in states[::4] + [s for s in states if s.phase is Phase.ASSASSINATION]:
        for seat in range(players):
            for sample_seed in (1, 2):
                sample = state.sample_hidden(seat, sample_seed)
                assert json.dumps(sample.view(seat)) == json.dumps(state.view(seat))
                checked += 1
    assert checked > 20


def test_sample_hidden_resamples_the_secrets() -> None:
    state = state_of(voting_position((4, 3, 5, 2)))
    state = state.apply(1, state.parse(1, "vote 3")).apply(2, state.parse(2, "vote 1"))
    samples = [state.sample_hidden(0, s) for s in range(30)]
    identities = {s._pos.identities for s in samples}
    assert len(identities) > 5
    assert all(ids[0] == 4 and 4 not in ids[1:] for ids in identities)
    assert len({s._pos.votes for s in samples}) > 3
    assert all(s.to_act() == state.to_act() for s in samples)
    deal = GAME.new(8, 3)
    piles = {deal.sample_hidden(0, s)._pos.piles for s in range(10)}
    assert len(piles) == 10
    for sample in (deal.sample_hidden(0, s) for s in range(10)):
        assert [p[-1] for p in sample._pos.piles] == [p[-1] for p in deal._pos.piles]
        counts = sorted(h for p in sample._pos.piles for h in p)
        assert counts == sorted(h for p in deal._pos.piles for h in p)  # six of each House
    with pytest.raises(BadRecord):
        deal.sample_hidden(0, 1).to_record()


def test_hand_built_actions_are_checked_too() -> None:
    from regalia.games.regicida import Split, Swap

    from .test_intrigue import ALL_LIGHT, intrigue_state

    state = GAME.new(5, 2)
    seat = min(state.to_act())
    with pytest.raises(IllegalAction, match="no pile 4"):
        state.apply(seat, Place(3, (5, 5)))
    with pytest.raises(IllegalAction, match="no pile 0"):
        state.apply(seat, Split(-1))
    intrigue = intrigue_state(ALL_LIGHT)
    with pytest.raises(IllegalAction, match="one of the two"):
        intrigue.apply(0, Swap((0, 0), (0, 1), (3, 3)))
