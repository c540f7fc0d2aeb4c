"""The core contract for Regulator Chess: GAME, states, views, errors."""

from __future__ import annotations

import json

import pytest

from regalia.core.errors import BadNotation, IllegalAction, NotYourTurn
from regalia.core.registry import get_game
from regalia.games.regulator import GAME, parse_move
from tests.games.regulator.helpers import from_fen, play


def test_game_is_registered_with_two_seats_and_a_regulator_option() -> None:
    assert get_game("regulator") is GAME
    assert GAME.name == "regulator" and (GAME.min_players, GAME.max_players) == (2, 2)
    assert GAME.seat_names(2) == ("White", "Black")
    assert GAME.options["regulator"].default == 1
    with pytest.raises(BadNotation, match=r"outside 1\.\.7"):
        GAME.new(0, regulator=8)
    with pytest.raises(BadNotation):
        GAME.new(0, players=3)


def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    start = GAME.new(0)
    after = play(start, "c3")
    assert start.fen == "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"
    assert after.fen == "bnkbn/ppppp/5/5/2P2/PP1PP/BNKBN b 2 0 1"
    assert start.to_act() == frozenset({0}) and after.to_act() == frozenset({1})


def test_wrong_seat_and_illegal_actions_raise_typed_errors() -> None:
    state = GAME.new(0)
    with pytest.raises(NotYourTurn):
        state.apply(1, state.legal_actions(0)[0])
    with pytest.raises(NotYourTurn):
        state.parse(1, "b5")
    with pytest.raises(IllegalAction):
        state.apply(0, 12345)
    assert state.legal_actions(1) == []


def test_encode_is_coordinates_describe_is_san() -> None:
    state = GAME.new(0)
    move = state.parse(0, "Nc3")
    assert state.encode(move) == "b1c3"
    assert state.describe(move) == "Nc3"
    assert state.parse(0, state.encode(move)) == move


def test_view_is_json_ready_and_complete() -> None:
    state = play(GAME.new(0, regulator=5), "c3")
    view = state.view(0)
    json.dumps(view)
    assert view["game"] == "regulator"
    assert view["board"][0] == "bnkbn" and view["board"][5] == "PP.PP"
    assert view["turn"] == 1 and view["to_act"] == [1]
    assert view["regulator"] == 6
    assert view["powers"] == {"bishop_knight": True, "knight_rook": True}
    assert view["history"] == ["c3"]
    assert view["last_move"] == {"san": "c3", "coordinate": "c2c3"}
    assert view["over"] is False and view["result"] is None
    assert "b7b5" not in view["legal"] and "b6b5" in view["legal"]
    assert view["check"] is False


def test_view_of_a_finished_game() -> None:
    state = play(from_fen("k4/5/1K3/5/5/5/4Q w 1 0 1"), "Qe7")
    view = state.view(None)
    assert view["over"] is True and view["legal"] == [] and view["to_act"] == []
    assert view["check"] is True
    assert view["result"]["outcomes"] == ["win", "loss"]


def test_undo_and_resign() -> None:
    state = play(GAME.new(0), "c3", "b5")
    assert state.undo().fen == play(GAME.new(0), "c3").fen
    resigned = state.resign(0)
    assert resigned.is_over() and resigned.undo().fen == state.fen
    with pytest.raises(IllegalAction):
        GAME.new(0).undo()


def test_state_position_is_a_private_copy() -> None:
    state = GAME.new(0)
    position = state.position()
    position.push(parse_move(position, "c3"))
    assert state.fen == "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"
