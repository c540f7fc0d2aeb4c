"""A multi-seat arena scores by outcome and rank at the table: each game places its seats
(`Game.ranks`; Regicida by its winners, then the Coronation order of the Houses held)."""

from __future__ import annotations

import random

from regalia.core.game import Outcome, Result
from regalia.core.registry import get_game
from regalia.games.regicida.state import RegicidaState
from regalia.tournaments import arena
from regalia.tournaments.scoring import Played


def played_out(seed: int, players: int) -> RegicidaState:
    game = get_game("regicida")
    state = game.new(seed, players)
    pick = random.Random(seed)
    while not state.is_over():
        seat = min(state.to_act())
        state = state.apply(seat, pick.choice(list(state.legal_actions(seat))))
    assert isinstance(state, RegicidaState)
    return state


def test_regicida_places_its_winners_first_then_the_losers_by_their_houses() -> None:
    game = get_game("regicida")
    seen_winner = seen_nobody = False
    for seed in range(12):
        state = played_out(seed, 4)
        result = state.result()
        places = state.house_places()
        assert result is not None and places is not None
        ranks = game.ranks(state, result)
        winners = set(result.winners())
        assert all(ranks[s] == 1 for s in winners)
        losers = sorted((s for s in range(4) if s not in winners), key=lambda s: places[s])
        assert [ranks[s] for s in losers] == list(range(len(winners) + 1, 5))
        seen_winner |= bool(winners)
        seen_nobody |= not winners
    assert seen_winner and seen_nobody  # both endings were placed


def test_a_game_not_played_to_its_end_places_by_outcome_alone() -> None:
    game = get_game("regicida")
    state = game.new(1, 4)  # the table ended it (a forfeit): no Coronation yet
    result = Result((Outcome.LOSS, Outcome.WIN, Outcome.LOSS, Outcome.LOSS), "forfeit")
    assert game.ranks(state, result) == (2, 1, 2, 2)
    draw = Result((Outcome.DRAW, Outcome.DRAW), "draw agreed")
    assert get_game("regulator").ranks(get_game("regulator").new(1), draw) == (1, 1)


def test_arena_points_are_the_seats_finished_above_doubled_on_a_streak() -> None:
    ranked = Played(1, (("a",), ("b",), ("c",), ("d",)), (0.0, 1.0, 0.0, 0.0), ranks=(3, 1, 2, 4))
    assert [ranked.outranked(i) for i in range(4)] == [1, 3, 2, 0]
    unranked = Played(1, (("a",), ("b",), ("c",)), (1.0, 1.0, 0.0))  # no ranks: by score
    assert [unranked.outranked(i) for i in range(3)] == [1, 1, 0]
    # Win, win (a streak), then second of four doubled, then a loss ranked third.
    assert arena.score([1.0, 1.0, 0.0, 0.0], False, [3, 3, 2, 1]) == (3 + 3 + 4 + 1, False)
    assert arena.score([1.0, 1.0, 1.0], False, [1, 2, 2]) == (1 + 2 + 4, True)
