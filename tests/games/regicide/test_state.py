"""The Game/State contract: registry, views, immutability, turn errors."""

import pytest

from regalia.ai.base import Observation, RandomAgent
from regalia.core.errors import IllegalAction, NotYourTurn
from regalia.core.registry import get_game
from regalia.games.regicide import GAME


def test_registry_finds_the_game() -> None:
    game = get_game("regicide")
    assert game is GAME and game.name == "regicide"
    assert (game.min_players, game.max_players) == (4, 4)
    with pytest.raises(Exception, match="4"):
        GAME.new(0, players=3)


def test_view_has_what_clients_need() -> None:
    s = GAME.new(1)
    s = s.apply(0, s.parse(0, "b4d4"))
    view = s.view(2)
    assert view["game"] == "regicide" and view["turn"] == 1 and view["to_act"] == [1]
    assert view["teams"] == [[0, 2], [1, 3]] and view["kings_captured"] == []
    assert {"square": "d4", "seat": 0, "piece": "P"} in view["pieces"]
    assert len(view["pieces"]) == 64
    assert "d2d3" in view["legal"] and "d2d4" not in view["legal"]  # d4 is taken
    assert view["history"] == ["YP-d4"]
    assert view["last_move"] == {"from": "b4", "to": "d4"}
    assert view["over"] is False and view["result"] is None
    assert view["position"].split()[1] == "G"


def test_states_are_immutable_and_turns_enforced() -> None:
    s = GAME.new(1)
    after = s.apply(0, s.parse(0, "b4d4"))
    assert s.short_history == () and s.turn == 0 and after.turn == 1
    with pytest.raises(NotYourTurn, match="not Red's turn"):
        s.apply(2, 0)
    with pytest.raises(IllegalAction):
        s.apply(0, 123456)
    assert s.legal_actions(2) == []
    s.position.push(s.legal_actions(0)[0])  # a copy: the state does not move
    assert s.short_history == () and s.view(None)["position"] == GAME.new(1).view(None)["position"]


def test_describe_and_encode() -> None:
    s = GAME.new(1)
    move = s.parse(0, "a5c6")
    assert s.describe(move) == "YN-c6" and s.encode(move) == "a5c6"


def test_random_agents_finish_a_game() -> None:
    s = GAME.new(11)
    agents = [RandomAgent(seat) for seat in range(4)]
    from regalia.ai.base import Budget

    while not s.is_over():
        seat = s.turn
        s = s.apply(seat, agents[seat].choose(Observation(s, seat), Budget()))
    result = s.result()
    assert result is not None and s.view(None)["over"] is True
    assert s.view(0)["result"] == result.to_json()
