"""H2: each seat's view holds exactly what that seat may know, checked on the JSON text.

The check is by invariance: change every secret a seat may not know (the other seats'
Identities, the unused Houses, the tokens below each pile's top, the other seats' votes)
and the seat's serialized view must not change by a single byte.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from regalia.core.game import Seat
from regalia.games.regicida import GAME, RegicidaState, Vote
from regalia.games.regicida.rules import vote_options
from regalia.games.regicida.views import Entry

from .support import random_game

SECRET_KEYS = {"identities", "unused", "votes"}


def perturbed(state: RegicidaState, seat: Seat | None) -> RegicidaState:
    """The same game with every secret hidden from `seat` changed (white-box, on purpose)."""
    pos = state._pos
    own = pos.identities[seat] if seat is not None else None
    hidden = [h for h in range(1, 7) if h != own]
    rotate = {h: hidden[(i + 1) % len(hidden)] for i, h in enumerate(hidden)}
    identities = tuple(h if s == seat else rotate[h] for s, h in enumerate(pos.identities))
    unused = tuple(sorted(rotate[h] for h in pos.unused))
    below = [h for pile in pos.piles for h in pile[:-1]][::-1]
    piles = []
    for pile in pos.piles:
        take, below = below[: max(len(pile) - 1, 0)], below[max(len(pile) - 1, 0) :]
        piles.append((*take, pile[-1]) if pile else ())
    votes = list(pos.votes)
    for other, vote in enumerate(pos.votes):
        if vote is not None and other != seat:
            options = vote_options(pos.players, other)
            votes[other] = options[(options.index(vote) + 1) % len(options)]
    history = tuple(
        Entry(e.seat, votes[e.seat] or e.action) if isinstance(e.action, Vote) else e
        for e in state._history
    )
    pos = replace(pos, identities=identities, unused=unused, piles=tuple(piles), votes=tuple(votes))
    return RegicidaState(state.game, None, pos, history)


def keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)])
def test_H2_no_view_leaks_a_secret_in_whole_random_games(seed: int, players: int) -> None:
    check_no_leaks(seed, players)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 160))
def test_H2_no_view_leaks_a_secret_in_many_random_games(seed: int) -> None:
    check_no_leaks(seed, 2 + seed % 5)


def check_no_leaks(seed: int, players: int) -> None:
    for state in random_game(seed, players):
        if state.is_over():
            continue
        for seat in (None, *range(players)):
            view = state.view(seat)
            text = json.dumps(view)
            assert text == json.dumps(perturbed(state, seat).view(seat)), (seat, view["phase"])
            assert view["reveal"] is None
            assert not keys(view) & SECRET_KEYS
            assert all(set(p) == {"pile", "size", "top"} for p in view["piles"])
            assert view["identity"] == (None if seat is None else state._pos.identities[seat])
            if seat is not None:
                board = state.board_view(seat)
                assert board == {key: view[key] for key in board}
                assert json.dumps(board) == json.dumps(perturbed(state, seat).board_view(seat))


def test_H2_perturbation_really_changes_the_secrets() -> None:
    # Guard for the test above: the perturbed state differs where it should.
    state = GAME.new(9, 4)
    other = perturbed(state, 0)
    assert other._pos.identities[0] == state._pos.identities[0]
    assert other._pos.identities[1:] != state._pos.identities[1:]
    assert other._pos.piles != state._pos.piles
    assert [p[-1] for p in other._pos.piles] == [p[-1] for p in state._pos.piles]
    assert json.dumps(other.view(1)) != json.dumps(state.view(1))  # seat 1 sees its own


def test_H2_view_shows_own_identity_and_public_facts() -> None:
    state = GAME.new(12, 3, objective="borders")
    for seat in range(3):
        view = state.view(seat)
        assert view["identity"] == state._pos.identities[seat]
        assert view["objective"]["key"] == "borders"
        assert view["succession"] == list(state._pos.succession)
        assert [p["top"] for p in view["piles"]] == [p[-1] for p in state._pos.piles]
    spectator = state.view(None)
    assert spectator["identity"] is None and spectator["legal"] == []


def test_H2_everything_is_revealed_at_the_end() -> None:
    final = random_game(44, 4)[-1]
    for seat in (None, 0, 1, 2, 3):
        reveal = final.view(seat)["reveal"]
        assert reveal["identities"] == list(final._pos.identities)
        assert sorted(reveal["identities"] + reveal["unused"]) == [1, 2, 3, 4, 5, 6]
        assert len(reveal["votes"]) == 4 and len(reveal["ranking"]) == 6
        assert all(h["action"] != "vote" for h in final.view(seat)["history"])


def test_H2_record_of_an_unfinished_game_holds_the_secrets() -> None:
    # The record is the server's private log: its seed re-deals every Identity.
    state = random_game(6, 4)[10]
    replayed = GAME.from_record(state.to_record())
    assert replayed._pos == state._pos
