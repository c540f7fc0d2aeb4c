"""A second opinion on a mined puzzle, by a search set up unlike the miner's.

The miner stops its searches at a node count with every pruning on; this one searches every
solver position full-width to a fixed depth (the game's `PuzzleHook.verify_depth`) with no
transposition table and no reductions, and asks, at each solver step, that the solution's
move be its best, decisive, and ahead of the second best by at least GAP. The line must
read back move by move, the other side's replies be legal, and a mate's last move end the
game with the solver's win. A shipped set is the puzzles that pass (`regalia puzzles check`).
"""

from __future__ import annotations

from typing import Any

from regalia.ai.analysis import level_for
from regalia.ai.levels import make_agent
from regalia.ai.search import Limits, Report, Searcher, Settings
from regalia.ai.search.agent import SearchAgent
from regalia.core.errors import RegaliaError
from regalia.core.game import Game, Outcome, State
from regalia.puzzles.hook import hook_for
from regalia.puzzles.mine import DECISIVE, _cp

GAP = 200  # centipawns between the solution's move and the next best, at each solver step


def _lines(agent: SearchAgent[Any, Any], state: State[Any], depth: int) -> list[Report[Any]]:
    searcher = Searcher(agent.searcher.domain, Settings(use_table=False, reductions=False))
    seen: list[Report[Any]] = []
    searcher.search(agent.position(state), Limits(depth=depth), on_iteration=seen.append,
                    multipv=2)  # fmt: skip
    if not seen:
        return []
    deepest = max(r.depth for r in seen)
    return sorted((r for r in seen if r.depth == deepest), key=lambda r: r.line)


def problems(game: Game[Any], puzzle: dict[str, Any], agent: SearchAgent[Any, Any]) -> list[str]:
    """Why `puzzle` (a shipped set's line) is no puzzle by this search; empty when it is."""
    depth = hook_for(game).verify_depth
    try:
        state = game.from_position(puzzle["position"])
    except RegaliaError as exc:
        return [f"its position does not read: {exc}"]
    if not state.to_act() or sorted(state.to_act())[0] != puzzle["to_move"]:
        return ["its side to move is not the position's"]
    team = next(t for t in game.teams(state.players) if puzzle["to_move"] in t)
    found: list[str] = []
    for index, text in enumerate(puzzle["moves"]):
        acting = sorted(state.to_act())
        if not acting or state.result() is not None:
            return [*found, f"move {index + 1} comes after the end of the game"]
        try:
            action = state.parse(acting[0], text)
        except RegaliaError as exc:
            return [*found, f"move {index + 1} ({text}) cannot be played: {exc}"]
        if index % 2 == 0:
            lines = _lines(agent, state, depth)
            if not lines or lines[0].move != action:
                found.append(f"move {index + 1} ({text}) is not the best at depth {depth}")
            elif _cp(lines[0].score) < DECISIVE:
                found.append(f"move {index + 1} ({text}) wins {_cp(lines[0].score)} cp only")
            elif len(lines) > 1 and _cp(lines[1].score) > _cp(lines[0].score) - GAP:
                found.append(f"move {index + 1} ({text}) has a rival within {GAP} cp")
        state = state.apply(acting[0], action)
    if any(t.startswith("mateIn") for t in puzzle["themes"]):
        result = state.result()
        if result is None or not any(result.outcomes[s] is Outcome.WIN for s in team):
            found.append("a mate puzzle whose line does not win the game")
    return found


def verifier(game: Game[Any]) -> SearchAgent[Any, Any]:
    agent = make_agent(game, level_for(game), 0)
    if not isinstance(agent, SearchAgent):
        raise RegaliaError(f"{game.title} has no search to check puzzles with")
    return agent
