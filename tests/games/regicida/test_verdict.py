"""H8, H9, H10: the secret vote and the verdict, both as pure rules and through the state."""

from __future__ import annotations

import json

import pytest

from regalia.core.errors import IllegalAction, NotYourTurn
from regalia.core.game import Outcome
from regalia.games.regicida import Vote, decide

from .support import voting_position

# Support's board scored on "central" with Line of Succession 1..6 ranks 5 4 3 2 6 1.
RANKING = (5, 4, 3, 2, 6, 1)
ANA, BRUNO, CAIO, DUDA = range(4)


def test_H10_worked_example_bruno_wins() -> None:
    # Caio holds the Regent House (5); Ana's House (4) outranks every other player's.
    identities = (4, 3, 5, 2)
    votes = (BRUNO, CAIO, ANA, CAIO)  # Ana -> Bruno, Bruno -> Caio, Caio -> Ana, Duda -> Caio
    verdict = decide(identities, votes, RANKING)
    assert verdict.regent == 5
    assert verdict.target == CAIO
    assert verdict.votes_for_target == 2
    assert verdict.assassinated
    assert verdict.winners == (BRUNO,)  # House 3 ranks above Duda's House 2


def test_H10_worked_example_through_the_game_state() -> None:
    from .support import state_of

    state = state_of(voting_position((4, 3, 5, 2)))
    for seat, target in ((ANA, BRUNO), (BRUNO, CAIO), (CAIO, ANA), (DUDA, CAIO)):
        state = state.apply(seat, state.parse(seat, f"vote {target + 1}"))
    result = state.result()
    assert result is not None
    assert result.outcomes == (Outcome.LOSS, Outcome.WIN, Outcome.LOSS, Outcome.LOSS)
    reveal = state.view(None)["reveal"]
    assert reveal["identities"] == [4, 3, 5, 2]
    assert reveal["votes"] == [BRUNO, CAIO, ANA, CAIO]
    assert reveal["verdict"]["winners"] == [BRUNO]


def test_H8_vote_is_simultaneous_and_secret_until_all_are_in() -> None:
    from .support import state_of

    state = state_of(voting_position((4, 3, 5, 2)))
    assert state.to_act() == frozenset({0, 1, 2, 3})  # everyone votes at once
    state = state.apply(DUDA, Vote(CAIO))
    state = state.apply(ANA, Vote(None))
    assert state.to_act() == frozenset({BRUNO, CAIO})
    with pytest.raises(NotYourTurn):
        state.apply(DUDA, Vote(ANA))  # one vote each
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert view["votes_cast"] == [ANA, DUDA]
        assert view["reveal"] is None
    # Duda voted first, then Ana: each sees only their own vote in the history.
    assert [h["action"] for h in state.view(BRUNO)["history"]] == ["vote", "vote"]
    assert [h["action"] for h in state.view(None)["history"]] == ["vote", "vote"]
    assert [h["action"] for h in state.view(DUDA)["history"]] == ["vote 3", "vote"]
    assert [h["action"] for h in state.view(ANA)["history"]] == ["vote", "vote neutral"]
    assert state.view(BRUNO)["your_vote"] is None
    assert state.view(DUDA)["your_vote"] == "vote 3"
    assert '"vote 3"' not in json.dumps(state.view(ANA))
    assert '"vote neutral"' not in json.dumps(state.view(DUDA))


def test_H8_no_one_votes_for_themselves() -> None:
    from .support import state_of

    state = state_of(voting_position((4, 3, 5, 2)))
    with pytest.raises(IllegalAction, match="themselves"):
        state.parse(BRUNO, "vote 2")
    assert "vote 2" not in state.view(BRUNO)["legal"]
    assert sorted(state.view(BRUNO)["legal"]) == ["vote 1", "vote 3", "vote 4", "vote neutral"]
    with pytest.raises(IllegalAction):
        decide((4, 3, 5, 2), (BRUNO, BRUNO, ANA, CAIO), RANKING)


def test_H8_no_neutral_player_with_six_players() -> None:
    from .support import state_of

    state = state_of(voting_position((1, 2, 3, 4, 5, 6)))
    with pytest.raises(IllegalAction, match="Neutral"):
        state.parse(0, "vote neutral")
    assert "vote neutral" not in state.view(0)["legal"]
    assert len(state.view(0)["legal"]) == 5


def test_H9_target_survives_with_one_vote_among_four_or_more() -> None:
    verdict = decide((4, 3, 5, 2), (CAIO, ANA, ANA, BRUNO), RANKING)
    assert (verdict.target, verdict.votes_for_target) == (CAIO, 1)
    assert not verdict.assassinated
    assert verdict.winners == (CAIO,)  # the target wins alone


def test_H9_target_survives_with_no_vote() -> None:
    verdict = decide((5, 4, 3, 2, 6), (1, 2, 1, 1, 1), RANKING)
    assert verdict.target == 0 and verdict.votes_for_target == 0
    assert verdict.winners == (0,)


@pytest.mark.parametrize("players", [2, 3])
def test_H9_one_vote_is_enough_with_two_or_three_players(players: int) -> None:
    identities = (3, 5, 4)[:players]  # seat 1 holds the Regent House 5
    votes = (1, 0, 0)[:players]  # only seat 0 votes for seat 1
    verdict = decide(identities, votes, RANKING)
    assert verdict.target == 1 and verdict.votes_for_target == 1
    assert verdict.assassinated
    assert verdict.winners == (0,)


def test_H9_two_votes_needed_with_four_players() -> None:
    assert not decide((3, 5, 4, 2), (1, 0, 0, 0), RANKING).assassinated
    assert decide((3, 5, 4, 2), (1, 0, 1, 0), RANKING).assassinated


def test_H9_winner_is_the_highest_ranked_voter_for_the_target() -> None:
    # Seat 0 holds 5 (Regent). Voters for it: seats 1 (House 2) 2 (House 6) 3 (House 4).
    verdict = decide((5, 2, 6, 4, 1), (1, 0, 0, 0, 1), RANKING)
    assert verdict.assassinated and verdict.votes_for_target == 3
    assert verdict.winners == (3,)  # House 4 ranks 2nd, above 2 (4th) and 6 (5th)


def test_H9_neutral_regent_survives_everyone_loses() -> None:
    from .support import state_of

    # Nobody holds House 5, the Regent House: the Neutral Player is the target.
    state = state_of(voting_position((4, 3, 2, 1)))
    for seat, text in ((0, "vote neutral"), (1, "vote 1"), (2, "vote 1"), (3, "vote 2")):
        state = state.apply(seat, state.parse(seat, text))
    result = state.result()
    assert result is not None
    assert result.outcomes == (Outcome.LOSS,) * 4
    assert result.winners() == ()
    verdict = state.view(2)["reveal"]["verdict"]
    assert verdict["target"] == "neutral" and verdict["votes_for_target"] == 1
    assert verdict["assassinated"] is False and verdict["winners"] == []


def test_H9_neutral_regent_assassinated_highest_voter_wins() -> None:
    verdict = decide((4, 3, 2, 1), (None, None, 0, None), RANKING)
    assert verdict.target is None and verdict.votes_for_target == 3
    assert verdict.assassinated
    assert verdict.winners == (0,)  # House 4 ranks above 3 and 1


def test_H9_neutral_regent_two_players_one_vote_suffices() -> None:
    verdict = decide((2, 1), (None, 0), RANKING)  # Regent House 5 is the Neutral Player's
    assert verdict.assassinated and verdict.winners == (0,)
    verdict = decide((2, 1), (1, 0), RANKING)
    assert not verdict.assassinated and verdict.winners == ()
