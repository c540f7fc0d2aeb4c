"""`RegicidaGame.seat_state`: the state a bot builds from one seat's view alone (the Bot
API bridge's `--builtin`). At every point of seeded games it shows that seat exactly the
view it was built from, offers the same legal actions, and survives an agent's resampling;
what it holds of the other seats' secrets comes from nothing but that view."""

from __future__ import annotations

import pytest

from regalia.ai.base import Observation
from regalia.core.errors import BadPosition
from regalia.core.seeds import Rng
from regalia.games.regicida.game import GAME
from regalia.games.regicida.rules import Phase


@pytest.mark.parametrize(("seed", "players"), [(3, 2), (11, 5)])
def test_a_seats_view_rebuilds_a_state_that_shows_it_the_same(seed: int, players: int) -> None:
    rng = Rng(seed)
    state = GAME.new(seed, players)
    phases = set()
    while not state.is_over():
        for seat in range(players):
            view = state.view(seat)
            built = GAME.seat_state(view, seat)
            assert built.view(seat) == view
            assert built.legal_actions(seat) == state.legal_actions(seat)
            assert built.sample_hidden(seat, rng.below(1000)).view(seat)["legal"] == view["legal"]
            phases.add(built.phase)
        seat = rng.choice(sorted(state.to_act()))
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    assert phases == {Phase.EXPANSION, Phase.INTRIGUE, Phase.ASSASSINATION}


def test_what_the_seat_cannot_see_never_reaches_its_state() -> None:
    """Two deals the seat cannot tell apart build the same state: nothing else is read."""
    true = GAME.new(5, 4)
    for _ in range(6):  # a few placements, so the piles' tops and the board are public
        seat = next(iter(true.to_act()))
        true = true.apply(seat, true.legal_actions(seat)[0])
    seat = 2
    other = true.sample_hidden(seat, 99)  # the same for seat 2, the rest dealt afresh
    assert other.view(seat) == true.view(seat)
    assert (
        other.view(0)["identity"] != true.view(0)["identity"]
        or other.view(1)["identity"] != true.view(1)["identity"]
    )
    built = GAME.seat_state(true.view(seat), seat)
    again = GAME.seat_state(other.view(seat), seat)
    assert [built.view(s) for s in range(4)] == [again.view(s) for s in range(4)]
    assert Observation(built, seat).view["identity"] == true.view(seat)["identity"]


def test_a_view_that_does_not_read_is_refused() -> None:
    with pytest.raises(BadPosition):
        GAME.seat_state({"players": 3}, 0)
