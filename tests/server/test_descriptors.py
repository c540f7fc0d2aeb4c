"""The server takes every fact about a game from the game: /api/games, permissions, levels."""

from __future__ import annotations

import contextlib
import re

import pytest
from fastapi.testclient import TestClient

from regalia.ai.base import Budget, Observation
from regalia.ai.levels import make_agent
from regalia.core.errors import IllegalAction
from regalia.core.registry import available_games, get_game
from tests.server.helpers import create

BUILT_INS = ("regulator", "regicide", "regicida")


def test_api_games_serves_each_games_own_facts(client: TestClient) -> None:
    served = {g["name"]: g for g in client.get("/api/games").json()}
    assert set(served) == {g.name for g in available_games()}
    for name, facts in served.items():
        game = get_game(name)
        assert facts["resignation"] is game.resignation
        assert facts["draw_offers"] is game.draw_offers
        assert facts["notation_hint"] == game.notation_hint
        assert facts["default_players"] == game.players_by_default()
        assert facts["bot_levels"] == [level.name for level in game.bot_levels]
        assert facts["default_level"] in facts["bot_levels"]
        count = str(facts["default_players"])
        assert facts["teams"][count] == [sorted(t) for t in game.teams(int(count))]
    regicida = served["regicida"]
    assert not regicida["resignation"] and not regicida["draw_offers"]
    assert regicida["default_players"] == 4
    assert served["regulator"]["resignation"] and served["regicide"]["draw_offers"]


@pytest.mark.parametrize("name", BUILT_INS)
def test_every_advertised_level_plays_a_legal_move(name: str) -> None:
    game = get_game(name)
    state = game.new(3)
    seat = min(state.to_act())
    for level in game.bot_levels:
        agent = make_agent(game, level.name, 1)
        action = agent.choose(Observation(state, seat), Budget(seconds=0.05, nodes=20))
        assert action in state.legal_actions(seat), level.name


@pytest.mark.parametrize("name", BUILT_INS)
def test_the_notation_hint_reads_in_the_start_position(name: str) -> None:
    game = get_game(name)
    state = game.new(1)
    seat = min(state.to_act())
    examples = re.split(r",\s*| or ", game.notation_hint)
    assert examples and state.parse(seat, examples[0]) in state.legal_actions(seat)
    for example in examples[1:]:
        # A later example may belong to a later phase, but it must read as an action.
        with contextlib.suppress(IllegalAction):
            state.parse(seat, example)


def test_resigning_where_the_rules_have_none_is_refused_with_the_reason(
    client: TestClient,
) -> None:
    made = create(
        client, "regicida", [{"kind": "human"}] + [{"kind": "bot", "level": "random"}] * 2
    )
    table, token = made["table"]["id"], made["tokens"][0]["token"]
    headers = {"X-Seat-Token": token}
    client.post(f"/api/tables/{table}/join", json={"name": "Ana"}, headers=headers)
    url = f"/api/tables/{table}/commands"
    for command, code, words in (
        ("resign", "resign_not_allowed", "Regicida has no resigning"),
        ("offer_draw", "draws_not_allowed", "Regicida has no draw offers"),
    ):
        reply = client.post(url, json={"type": command}, headers=headers)
        assert reply.status_code == 409, reply.text
        error = reply.json()["error"]
        assert set(error) == {"code", "message"} and error["code"] == code
        assert words in error["message"]
    status = client.get(f"/api/tables/{table}").json()["status"]
    assert status == "playing"


def test_the_games_list_carries_each_games_openspiel_like_facts(client: TestClient) -> None:
    facts = {g["name"]: (g["dynamics"], g["utility"], g["chance"])
             for g in client.get("/api/games").json()}  # fmt: skip
    assert facts["regulator"] == ("sequential", "zero-sum", "deterministic")
    assert facts["regicide"][:2] == ("sequential", "zero-sum")
    assert facts["regicida"] == ("simultaneous", "general-sum", "seeded")
