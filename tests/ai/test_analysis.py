"""Analysis in the AI layer: which games can be analysed (from their bot levels), the
evaluation and best line of a position, and which moves of a game were mistakes."""

from __future__ import annotations

import pytest

from regalia.ai import analysis
from regalia.core.errors import BadNotation, BadRecord
from regalia.core.registry import get_game


def test_games_with_an_alpha_beta_level_are_analysed_by_it() -> None:
    assert analysis.analyser_level(get_game("regulator")) == "strong"
    assert analysis.analyser_level(get_game("regicide")) == "strong"
    assert analysis.analyser_level(get_game("regicida")) is None
    with pytest.raises(analysis.NoAnalysis, match="Regicida"):
        analysis.level_for(get_game("regicida"))


def test_a_position_is_scored_for_the_side_to_move_and_for_the_first_team() -> None:
    game = get_game("regulator")
    # Black to move, a bishop down after White's knight took it: bad for Black.
    [state] = analysis.states(game, position="2k2/5/5/3N1/5/5/2K2 b 1 0 1")
    answer = analysis.analyse(state, 0, depth=3)
    assert answer["to_act"] == [1] and answer["depth"] == 3
    assert answer["evaluation"]["cp"] < -150 and answer["score"] > 150
    assert answer["best_line"] and answer["best_line"][0].startswith("K")


def test_a_mate_is_given_in_moves_and_a_finished_game_by_its_result() -> None:
    game = get_game("regulator")
    states = analysis.states(game, record='[Game "regulator"]\n\n1. c3 e5 *')
    assert len(states) == 3
    final = states[-1].resign(0)
    answer = analysis.analyse(final, 0.1)
    assert answer["over"] and answer["evaluation"] is None and answer["score"] < 0
    assert analysis.Evaluation(None, 3).centipawns() > analysis.Evaluation(None, 5).centipawns()
    assert analysis.Evaluation(None, -2).centipawns() < -analysis.MATE_CP + 200


def test_moves_played_on_and_bad_input() -> None:
    game = get_game("regicide")
    states = analysis.states(game, moves=["YP-d4", "e2e4"])
    assert [sorted(s.to_act()) for s in states] == [[0], [1], [2]]
    with pytest.raises(BadNotation, match="move 1"):
        analysis.states(game, moves=["nonsense"])
    with pytest.raises(BadRecord):
        analysis.states(game, record='[Game "regicide"]\n\n1. YK-z9 *')


def test_mistakes_are_the_moves_that_lost_most_for_their_mover() -> None:
    team = frozenset({0})
    # White throws a piece away (ply 3), Black gives it back and more (ply 4), then White
    # makes the most of it (ply 5: a gain, never a mistake); ply 6 loses a little.
    scores = [20, 30, 25, -400, 300, 900, 800]
    movers = [None, 0, 1, 0, 1, 0, 1]
    judged = analysis.judge_moves(scores, movers, team)
    assert [(m["ply"], m["seat"], m["kind"]) for m in judged] == [
        (3, 0, "blunder"),
        (4, 1, "blunder"),
    ]


def test_the_line_skips_moves_the_game_plays_by_itself() -> None:
    game = get_game("regulator")
    [state] = analysis.states(game)
    moves = list(state.legal_actions(0))[:1]
    after = state.apply(0, moves[0])
    reply = list(after.legal_actions(1))[:1]
    text = analysis.line_text(state, [moves[0], 999_999, reply[0], 999_998, 999_997])
    assert text == [state.describe(moves[0]), after.describe(reply[0])]
