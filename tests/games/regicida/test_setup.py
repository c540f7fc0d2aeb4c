"""H1: the whole setup comes from one seed."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from regalia.core.errors import BadNotation
from regalia.games.regicida import GAME, HOUSES, Phase

from .support import random_game


def test_H1_game_facts_and_houses() -> None:
    assert GAME.name == "regicida"
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    assert GAME.perfect_information is False
    assert set(GAME.options) == {"objective"}
    names = [h.name for h in HOUSES]
    assert names == ["Drave", "Halvern", "Bearth", "Gantis", "Na'Ghar", "Avondale"]
    assert [h.number for h in HOUSES] == [1, 2, 3, 4, 5, 6]
    assert len({h.colour for h in HOUSES}) == 6


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_H1_setup_deals_identities_succession_and_three_piles_of_12(players: int) -> None:
    state = GAME.new(11, players)
    views = [state.view(s) for s in range(players)]
    succession = views[0]["succession"]
    assert sorted(succession) == [1, 2, 3, 4, 5, 6]
    identities = [v["identity"] for v in views]
    assert len(set(identities)) == players  # one distinct House each
    assert all(1 <= h <= 6 for h in identities)
    piles = views[0]["piles"]
    assert [p["size"] for p in piles] == [12, 12, 12]
    assert views[0]["grid"]["cells"] == []  # nothing placed yet, all tokens in piles
    assert views[0]["phase"] == Phase.EXPANSION.value
    assert len(views[0]["to_act"]) == 1


def test_H1_piles_hold_six_light_tokens_of_each_house() -> None:
    # Place every token and count: each House has exactly six, all light until Intrigue.
    for state in random_game(5, 3):
        if state.phase is Phase.INTRIGUE:
            cells = state.view(None)["grid"]["cells"]
            assert Counter(c["house"] for c in cells) == {h: 6 for h in range(1, 7)}
            assert all(c["side"] == "light" for c in cells)
            return
    pytest.fail("the game never reached Intrigue")


def test_H1_same_seed_same_actions_identical_game() -> None:
    first = random_game(2024, 5)
    second = random_game(2024, 5)
    assert len(first) == len(second)
    for a, b in zip(first, second, strict=True):
        for seat in (None, 0, 1, 2, 3, 4):
            assert json.dumps(a.view(seat)) == json.dumps(b.view(seat))
    assert first[-1].to_record() == second[-1].to_record()


def test_H1_different_seeds_vary_every_random_choice() -> None:
    deals = [GAME.new(seed, 4) for seed in range(40)]
    views = [d.view(0) for d in deals]
    assert len({v["objective"]["key"] for v in views}) == 4
    assert len({tuple(v["succession"]) for v in views}) > 30
    assert len({v["identity"] for v in views}) == 6
    assert len({v["to_act"][0] for v in views}) == 4  # the first player is random too
    assert len({tuple(p["top"] for p in v["piles"]) for v in views}) > 20


def test_H1_objective_option_fixes_the_objective() -> None:
    for key in ("united", "divide", "central", "borders"):
        assert GAME.new(3, 2, objective=key).view(None)["objective"]["key"] == key
    # The Objective does not disturb the other random choices of the same seed.
    a, b = GAME.new(3, 4, objective="united"), GAME.new(3, 4, objective="borders")
    assert a.view(1)["identity"] == b.view(1)["identity"]
    assert a.view(None)["piles"] == b.view(None)["piles"]


def test_H1_bad_setup_is_refused() -> None:
    with pytest.raises(BadNotation):
        GAME.new(1, 7)
    with pytest.raises(BadNotation):
        GAME.new(1, 1)
    with pytest.raises(BadNotation):
        GAME.new(1, 4, objective="wealth")
    with pytest.raises(BadNotation):
        GAME.new(1, 4, colour="red")
