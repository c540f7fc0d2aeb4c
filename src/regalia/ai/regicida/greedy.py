"""Regicida's `greedy` level: one ply for its own House's Objective score, from its view only.

It places and swaps for the best value of its own House (ties broken at random), splits at
random, and votes for the player whose own actions gave the Regent House the most points
(the Neutral Player when nobody's did).
"""

from __future__ import annotations

from typing import Any

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.regicida.model import Option, Replay, place_options, replay, swap_options
from regalia.core.seeds import Rng
from regalia.games.regicida.actions import Action, Place, Swap, Vote

# Below this many points of credit nobody is suspected, and the vote goes to the Neutral Player.
SUSPICION = 0.5


def option_key(action: Action, tops: list[int | None]) -> tuple[Any, ...] | None:
    """The model's key for a legal Place or Swap action."""
    if isinstance(action, Place):
        return ("place", tops[action.pile], action.cell)
    if isinstance(action, Swap):
        return ("swap", action.first, action.second, action.flip)
    return None


def credit(story: Replay, house: int, players: int) -> list[float]:
    """Points each seat's own actions gave `house` (may be negative)."""
    out = [0.0] * players
    for d in story.decisions:
        out[d.seat] += d.options[d.chosen].values[house - 1] - d.before[house - 1]
    return out


class GreedyAgent(Agent[Action]):
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)
        self._story: Replay | None = None

    def _replay(self, view: dict[str, Any]) -> Replay:
        story = self._story
        if story is None or story.entries > len(view["history"]):
            story = None
        self._story = replay(view, story)
        return self._story

    def choose(self, obs: Observation[Action], budget: Budget) -> Action:
        legal = list(obs.legal)
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        story = self._replay(view)
        mine = int(view["identity"])
        if isinstance(legal[0], Vote):
            return self._vote(story, view, obs.seat, legal)
        options = _options(story, view, legal)
        if not options:  # splits: nothing to score
            return self._rng.choice(legal)
        best = max(o.values[mine - 1] for o in options.values())
        ties = [a for a in legal if options[a].values[mine - 1] >= best - 1e-9]
        return self._rng.choice(ties)

    def _vote(self, story: Replay, view: dict[str, Any], me: int, legal: list[Action]) -> Action:
        regent = int(view["coronation"][0]["house"])
        points = credit(story, regent, int(view["players"]))
        suspects = [s for s in range(len(points)) if s != me]
        prime = max(suspects, key=lambda s: points[s])
        if points[prime] < SUSPICION and Vote(None) in legal:
            return Vote(None)
        return Vote(prime)


def _options(story: Replay, view: dict[str, Any], legal: list[Action]) -> dict[Action, Option]:
    """Each legal Place or Swap with the model's option for it."""
    tops: list[int | None] = [p["top"] for p in view["piles"]]
    if isinstance(legal[0], Place):
        found = place_options(story.table, story.scorer, [t for t in tops if t is not None])
    elif isinstance(legal[0], Swap):
        found = swap_options(story.table, story.scorer)
    else:
        return {}
    by_key = {o.key: o for o in found}
    out = {}
    for action in legal:
        key = option_key(action, tops)
        if key in by_key:
            out[action] = by_key[key]
    return out
