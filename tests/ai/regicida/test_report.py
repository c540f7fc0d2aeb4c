"""Regicida's post-game report on a seeded game: one point per public action of Expansion
and Intrigue, an observer's belief that starts even, finds the purposeful player's House,
ends where an onlooker of the last spectator view before the vote would be, and the votes
checked against the verdict."""

from __future__ import annotations

from regalia.ai.base import Observation
from regalia.ai.levels import budget_for, make_agent
from regalia.ai.regicida.model import replay
from regalia.ai.regicida.posterior import Evidence
from regalia.ai.regicida.report import holders, observer, report
from regalia.core.game import State
from regalia.core.registry import get_game

LEVELS = ["greedy", "random", "random", "random"]


def seeded_game(seed: int = 7) -> tuple[State, list[State]]:
    game = get_game("regicida")
    state = game.new(seed, 4)
    agents = [make_agent(game, level, i) for i, level in enumerate(LEVELS)]
    states = [state]
    while not state.is_over():
        seat = sorted(state.to_act())[0]
        action = agents[seat].choose(Observation(state, seat), budget_for(game, LEVELS[seat]))
        state = state.apply(seat, action)
        states.append(state)
    return state, states


def test_the_chart_of_a_seeded_game() -> None:
    final, states = seeded_game()
    got = report(final)
    before_vote = [s for s in states if s.view(None)["phase"] in ("expansion", "intrigue")]
    # The start, then a point after each action taken in Expansion or Intrigue.
    assert len(got["chart"]) == 1 + len(before_vote)
    assert {p["phase"] for p in got["chart"]} == {"expansion", "intrigue"}
    assert got["chart"][0]["regent"] == [0.1667] * 4 + [0.3333]
    assert got["chart"][0]["own"] == [0.1667] * 4
    identities = final.view(None)["reveal"]["identities"]
    assert got["identities"] == identities
    # The greedy player's House shows; the random players' stay near an even guess.
    own = got["chart"][-1]["own"]
    assert own[0] > 0.9 and max(own[1:]) < 0.5
    # The last point is an onlooker's belief from the spectator view of the last position
    # before the vote (no Identity in it), worked out without the report's own loop.
    last_public = states[len(before_vote)].view(None)
    assert last_public["reveal"] is None and last_public["identity"] is None
    evidence = Evidence(4)
    evidence.add(replay(last_public).decisions)
    assignments, probs = observer(evidence)
    expected = [round(p, 4) for p in holders(assignments, probs, got["regent"])]
    assert got["chart"][-1]["regent"] == expected
    verdict = got["verdict"]
    assert [v["right"] for v in got["votes"]] == [
        v == verdict["target"] for v in final.view(None)["reveal"]["votes"]
    ]
