"""Goofspiel, a game from another distribution: found by its entry point, its rules, records,
secrets and bots, and Regalia's conformance check over it."""

from __future__ import annotations

import dataclasses
import sysconfig
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from regalia.ai.base import Budget, Observation
from regalia.ai.levels import make_agent
from regalia.core.conformance import check_game
from regalia.core.errors import BadNotation, BadRecord, IllegalAction, NotYourTurn
from regalia.core.game import Game, Option, Outcome, State
from regalia.core.records import parse_tags
from regalia.core.registry import game_names, get_game
from tests.plugins.conftest import MISSING

Goof = Game[Any]


def bids(state: State[Any], *cards: int) -> State[Any]:
    """Every seat bids, seat 0 first: one round."""
    for seat, card in enumerate(cards):
        state = state.apply(seat, card)
    return state


def play(state: State[Any], choose: Any) -> State[Any]:
    """Play to the end; `choose(seat, prize, hand)` picks each bid."""
    while not state.is_over():
        view = state.view(None)
        for seat in sorted(state.to_act()):
            state = state.apply(seat, choose(seat, view["prize"], view["hands"][seat]))
    return state


# ------------------------------------------------------------------------ found as a plugin


def test_the_goofspiel_entry_point_is_installed() -> None:
    assert "goofspiel" in game_names(), MISSING
    entries = {ep.name: ep.value for ep in entry_points(group="regalia.games")}
    assert entries.get("goofspiel") == "regalia_goofspiel:GAME"
    assert get_game("goofspiel").title == "Goofspiel"


def test_the_plugin_stays_out_of_the_virtualenv(goofspiel: Goof) -> None:
    # Installed in the venv itself, it would show up in every developer's `make run` lobby.
    import regalia_goofspiel

    where = Path(regalia_goofspiel.__file__).resolve()
    site = Path(sysconfig.get_paths()["purelib"]).resolve()
    assert site not in where.parents, f"{where} is inside {site}: install it with --target"


def test_the_game_declares_its_facts(goofspiel: Goof) -> None:
    assert (goofspiel.name, goofspiel.min_players, goofspiel.max_players) == ("goofspiel", 2, 4)
    assert goofspiel.players_by_default() == 2
    assert goofspiel.seat_names(3) == ("Player 1", "Player 2", "Player 3")
    assert not goofspiel.perfect_information and goofspiel.terminal_view == ""
    assert [level.name for level in goofspiel.bot_levels] == ["random", "match", "ismcts"]
    cards = goofspiel.options["cards"]
    assert (cards.default, cards.minimum, cards.maximum) == (6, 3, 13)
    for players in (2, 3, 4):
        for count in (3, 13):
            state = goofspiel.new(1, players, cards=count)
            assert state.parse(0, goofspiel.notation_hint) == 3
    with pytest.raises(BadNotation, match="2–4 players"):
        goofspiel.new(1, 5)
    with pytest.raises(BadNotation, match="outside 3"):
        goofspiel.new(1, cards=14)


# ---------------------------------------------------------------------------------- rules


def test_the_highest_bid_takes_the_prize(goofspiel: Goof) -> None:
    state = goofspiel.new(7)
    prize = state.view(None)["prize"]
    after = bids(state, 5, 2)
    view = after.view(None)
    assert view["scores"] == [prize, 0]
    assert view["history"] == [{"prize": prize, "bids": [5, 2], "winner": 0}]
    assert view["hands"] == [[1, 2, 3, 4, 6], [1, 3, 4, 5, 6]]
    assert view["round"] == 2 and view["prize"] != prize
    assert after.to_act() == {0, 1} and list(after.legal_actions(0)) == [1, 2, 3, 4, 6]


def test_a_tied_top_bid_discards_the_prize(goofspiel: Goof) -> None:
    state = bids(goofspiel.new(7, 3), 4, 2, 4)
    view = state.view(None)
    assert view["scores"] == [0, 0, 0]
    assert view["history"][0]["winner"] is None and view["history"][0]["bids"] == [4, 2, 4]
    assert view["prizes_left"] == sorted(view["prizes_left"]) and len(view["prizes_left"]) == 4


def test_everyone_bids_at_once_and_only_once(goofspiel: Goof) -> None:
    state = goofspiel.new(3, 3)
    assert state.to_act() == {0, 1, 2}
    state = state.apply(1, 6)
    assert state.to_act() == {0, 2} and list(state.legal_actions(1)) == []
    with pytest.raises(NotYourTurn, match="Player 2 has already bid this round; waiting for"):
        state.apply(1, 5)
    state = bids(state.apply(2, 1), 3)  # seat 0 last
    assert state.to_act() == {0, 1, 2} and state.view(None)["history"][0]["winner"] == 1


def test_bad_bids_are_refused_with_a_clear_message(goofspiel: Goof) -> None:
    state = bids(goofspiel.new(2), 4, 1)
    for text in ("bid 4", "4"):
        with pytest.raises(IllegalAction, match="Player 1 has already played the 4; bid one of"):
            state.parse(0, text)
    with pytest.raises(IllegalAction, match="already played the 4"):
        state.apply(0, 4)
    with pytest.raises(IllegalAction, match="no card 9: the cards run from 1 to 6"):
        state.parse(1, "bid 9")
    for text in ("pass", "bid", "bid -2", "bid 3 4", "", "bid 1234"):
        with pytest.raises(BadNotation, match="is not a bid: write bid and a card"):
            state.parse(0, text)
    with pytest.raises(IllegalAction, match="not a card"):
        state.apply(0, "3")  # type: ignore[arg-type]
    with pytest.raises(NotYourTurn, match="no seat 2"):
        state.apply(2, 3)


def test_both_notations_read_in_any_case(goofspiel: Goof) -> None:
    state = goofspiel.new(1)
    for text in ("bid 3", "3", "  BID 3 ", "Bid   3", "bid3"):
        assert state.parse(0, text) == 3
    assert state.describe(3) == state.encode(3) == "bid 3"


def test_a_game_ends_after_every_prize_with_a_winner(goofspiel: Goof) -> None:
    # Seat 0 bids the prize, seat 1 its mirror: 3 beats 1, 2 ties, 3 beats 1 the other way.
    state = play(goofspiel.new(11, cards=3), lambda s, p, _: p if s == 0 else 4 - p)
    result = state.result()
    assert result is not None and state.to_act() == frozenset()
    assert result.outcomes == (Outcome.WIN, Outcome.LOSS)
    assert result.reason == "Player 1 wins with 3 points to 1"
    view = state.view(1)
    assert view["over"] and view["result"] == result.to_json() and view["prize"] is None
    assert len(state.history()) == 6 and state.legal_actions(0) == ()
    with pytest.raises(NotYourTurn, match="over"):
        state.apply(0, 1)


def test_tied_top_totals_draw(goofspiel: Goof) -> None:
    state = play(goofspiel.new(4, 3), lambda s, p, hand: p)  # every bid ties: nobody scores
    result = state.result()
    assert result is not None and result.outcomes == (Outcome.DRAW,) * 3
    assert result.reason == "Player 1, Player 2 and Player 3 tie with 0 points each"


def test_results_in_words(goofspiel: Goof) -> None:
    from regalia_goofspiel.game import final_result

    names = ("Player 1", "Player 2", "Player 3")
    tied = final_result(names, (9, 2, 9))
    assert tied.outcomes == (Outcome.DRAW, Outcome.LOSS, Outcome.DRAW)
    assert tied.reason == "Player 1 and Player 3 tie with 9 points each, to 2"
    won = final_result(names, (1, 14, 6))
    assert won.outcomes == (Outcome.LOSS, Outcome.WIN, Outcome.LOSS)
    assert won.reason == "Player 2 wins with 14 points to 6 and 1"
    assert final_result(names[:2], (1, 0)).reason == "Player 1 wins with 1 point to 0"


# ---------------------------------------------------------------------------- secrets


def test_views_show_a_bid_only_to_its_seat(goofspiel: Goof) -> None:
    state = goofspiel.new(5, 3)
    before = {seat: state.view(seat) for seat in (None, 0, 1, 2)}
    after = state.apply(0, 4)
    assert after.view(0)["your_bid"] == 4 and "your_bid" not in after.view(None)
    for seat in (None, 1, 2):
        seen = after.view(seat)
        assert seen["has_bid"] == [True, False, False] and seen["to_act"] == [1, 2]
        assert seen | {"has_bid": before[seat]["has_bid"], "to_act": [0, 1, 2]} == before[seat]
    hidden = sorted(state.view(None)["prizes_left"])
    assert state.view(None)["prizes_left"] == hidden  # the set of prizes to come, not the order


def test_sample_hidden_deals_only_what_the_seat_cannot_see(goofspiel: Goof) -> None:
    state = bids(goofspiel.new(9, 3, cards=8), 8, 7, 1).apply(1, 5).apply(2, 6)
    samples = [state.sample_hidden(1, seed) for seed in range(30)]
    other_bids = set()
    for sample in samples:
        assert sample.view(1) == state.view(1)
        assert sample.to_act() == {0}
        other_bids.add(sample.history()[-1])
        for seat, card in sample.history()[:4]:
            assert (seat, card) in state.history()[:4]
        # A sampled state is a whole game: it plays on, and its record replays it exactly.
        ended = play(sample, lambda s, p, hand: hand[0])
        assert goofspiel.from_record(ended.to_record()).to_record() == ended.to_record()
    assert len(other_bids) > 1  # seat 2's bid of this round is dealt afresh
    decks = {parse_tags(sample.to_record())[0].get("Prizes") for sample in samples}
    assert len(decks) > 1  # so is the order of the prizes still face down
    assert state.apply(0, 2).sample_hidden(0, 1).is_over() is False


# ---------------------------------------------------------------------------- records


def test_records_replay_exactly(goofspiel: Goof) -> None:
    state = goofspiel.new(123456789012, 3, cards=5)
    state = play(state, lambda s, p, hand: hand[(s + p) % len(hand)])
    record = state.to_record()
    assert record.startswith('[Game "goofspiel"]\n[Seed "123456789012"]\n[Players "3"]\n')
    result = state.result()
    assert result is not None and f'[Cards "5"]\n[Result "{result.reason}"]' in record
    lines = record.split("\n\n")[1].splitlines()
    assert lines == [f"P{seat + 1} bid {card}" for seat, card in state.history()]
    again = goofspiel.from_record(record)
    assert again.to_record() == record and again.view(None) == state.view(None)
    start, history = state.initial(), state.history()
    assert start is not None and history is not None and len(history) == 15
    for seat, action in history:
        start = start.apply(seat, action)
    assert start.to_record() == record
    partial = bids(goofspiel.new(5), 3)
    assert goofspiel.from_record(partial.to_record()).view(0)["your_bid"] == 3


GOOD = '[Game "goofspiel"]\n[Seed "5"]\n[Players "2"]\n[Cards "3"]\n\n'


@pytest.mark.parametrize(
    ("record", "needle"),
    [
        ('[Game "regulator"]\n[Seed "5"]\n\n', "a record of 'regulator', not of Goofspiel"),
        ('[Game "goofspiel"]\n\nP1 bid 3\n', "no Seed tag"),
        ('[Game "goofspiel"]\n[Seed "x"]\n\n', "the Seed tag must be a whole number"),
        ('[Game "goofspiel"]\n[Seed "5"]\n[Players "9"]\n\n', "2–4 players, not 9"),
        ('[Game "goofspiel"]\n[Seed "5"]\n[Cards "20"]\n\n', "the Cards tag"),
        (GOOD + "P1 bid 3\nP1 bid 2\n", "action 2 (P1 bid 2): Player 1 has already bid"),
        (GOOD + "P1 bid 3\nP2 bid 3\nP1 bid 3\n", "already played the 3"),
        (GOOD + "P3 bid 1\n", "no P3 among 2 players"),
        (GOOD + "bid 1\n", "action 1: 'bid 1' is not written 'P<n> bid K'"),
        (GOOD + "P1 pass\n", "is not a bid"),
        (GOOD.replace("[Cards", '[Result "Player 1 wins"]\n[Cards') + "P1 bid 1\n", "Result"),
        ('[Game "goofspiel"]\n[Prizes "1 2 2"]\n[Cards "3"]\n\n', "each card from 1 to 3"),
        ('[Game "goofspiel"]\n[Prizes "1 2 3"]\n[Seed "1"]\n[Cards "3"]\n\n', "not both"),
        ("[Game goofspiel\n\n", "not a tag pair"),
    ],
)
def test_bad_records_give_one_line_reasons(goofspiel: Goof, record: str, needle: str) -> None:
    with pytest.raises(BadRecord) as caught:
        goofspiel.from_record(record)
    message = str(caught.value)
    assert needle in message and "\n" not in message


# ------------------------------------------------------------------ contract and bots


def test_conformance_over_every_player_count(goofspiel: Goof) -> None:
    report = check_game(goofspiel, playouts=9, seed=3)
    assert report.finished == 9 and len(report.checks) == 8
    for cards in (3, 13):  # the smallest and largest decks, through a copy with that default
        option = Option("cards", "cards per hand", cards, minimum=3, maximum=13)
        sized = dataclasses.replace(goofspiel, options={"cards": option})
        assert check_game(sized, playouts=3, seed=cards).finished == 3


def test_the_match_bot_bids_closest_to_the_prize(goofspiel: Goof) -> None:
    state = bids(goofspiel.new(8, cards=8), 5, 1)
    prize = state.view(0)["prize"]
    picks = {
        make_agent(goofspiel, "match", seed).choose(Observation(state, 0), Budget())
        for seed in range(20)
    }
    hand = list(state.legal_actions(0))
    gap = min(abs(card - prize) for card in hand)
    assert picks == {card for card in hand if abs(card - prize) == gap}


@pytest.mark.parametrize("level", ["random", "match", "ismcts"])
def test_every_level_plays_a_legal_bid(goofspiel: Goof, level: str) -> None:
    state = goofspiel.new(2, 3).apply(0, 1)
    agent = make_agent(goofspiel, level, seed=4)
    for seat in (1, 2):
        choice = agent.choose(Observation(state, seat), Budget(seconds=None, nodes=50))
        assert choice in state.legal_actions(seat)
