"""Mining puzzles from a game's states.

A position is a puzzle when, for the side (team) to move, exactly one move keeps a decisive
advantage: the engine's two best lines (MultiPV 2, a bounded node count, so a run replays
exactly) give the best move at least DECISIVE centipawns (a mate counts as MATE_CP) and the
second best less than KEEP. The solution line goes on with the engine's reply for the other
side and the next solver move, while that move is again the only one that keeps the win,
for at most MAX_SOLVER_MOVES solver moves; it always ends with a solver's move.

A puzzle's initial rating: BASE_RATING + STEP_RATING per solver move after the first, and
QUIET_RATING more when the first move is not a capture (a quiet key move is harder to see).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from regalia.ai.analysis import Evaluation, level_for
from regalia.ai.levels import make_agent
from regalia.ai.search import Limits, Report
from regalia.ai.search.agent import SearchAgent
from regalia.ai.search.scores import is_mate, mate_moves
from regalia.core.game import Outcome, Seat, State
from regalia.puzzles.hook import PuzzleHook, hook_for

DECISIVE = 400
KEEP = 150
MAX_SOLVER_MOVES = 3
NODES = 60_000
BASE_RATING = 1200
STEP_RATING = 250
QUIET_RATING = 150


@dataclass
class Puzzle:
    id: str
    game: str
    position: str
    to_move: Seat
    moves: list[str]
    rating: int
    themes: list[str]
    source: str
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        if not out["extra"]:
            del out["extra"]
        return out


def _cp(score: int) -> int:
    if is_mate(score):
        return Evaluation(None, mate_moves(score)).centipawns()
    return Evaluation(score, None).centipawns()


def top_lines(agent: SearchAgent[Any, Any], state: State[Any], nodes: int) -> list[Report[Any]]:
    """The engine's best two root moves of the deepest iteration it finished, best first."""
    pos = agent.position(state)
    agent.searcher.new_game()
    seen: list[Report[Any]] = []
    agent.searcher.search(
        pos, Limits(nodes=nodes), agent.history(pos), on_iteration=seen.append, multipv=2
    )
    if not seen:
        return []
    legal = len(state.legal_actions(sorted(state.to_act())[0]))
    wanted = min(2, legal)
    depths = sorted({r.depth for r in seen}, reverse=True)
    for depth in depths:
        lines = [r for r in seen if r.depth == depth]
        if len(lines) >= wanted:
            return sorted(lines, key=lambda r: r.line)[:wanted]
    return []


def unique_win(lines: Sequence[Report[Any]]) -> bool:
    """Whether the best line wins decisively and the second (if any) does not."""
    if not lines or lines[0].move is None or _cp(lines[0].score) < DECISIVE:
        return False
    return len(lines) == 1 or _cp(lines[1].score) < KEEP


def solve_line(
    agent: SearchAgent[Any, Any], state: State[Any], nodes: int
) -> tuple[list[Any], bool] | None:
    """The solution from `state` (actions, solver's first) and whether it ends the game with
    the solver's win; None when the position is no puzzle."""
    team = next(t for t in state.game.teams(state.players) if sorted(state.to_act())[0] in t)
    line: list[Any] = []
    current = state
    while True:
        seat = sorted(current.to_act())[0]
        lines = top_lines(agent, current, nodes)
        if not unique_win(lines):
            break
        line.append(lines[0].move)
        current = current.apply(seat, lines[0].move)
        result = current.result()
        if result is not None:
            won = any(result.outcomes[s] is Outcome.WIN for s in team)
            return (line, True) if won else None
        if sum(1 for s in line[::2]) >= MAX_SOLVER_MOVES or not current.to_act():
            break
        reply_seat = sorted(current.to_act())[0]
        if reply_seat in team:
            break
        reply = top_lines(agent, current, nodes)
        if not reply or reply[0].move is None:
            break
        after = current.apply(reply_seat, reply[0].move)
        if (
            after.result() is not None
            or not after.to_act()
            or sorted(after.to_act())[0] not in team
        ):
            break
        nxt = top_lines(agent, after, nodes)
        if not unique_win(nxt):
            break
        line.append(reply[0].move)
        current = after
    if not line:
        return None
    if len(line) % 2 == 0:
        line.pop()
    return line, False


def describe_line(state: State[Any], line: Sequence[Any]) -> list[str]:
    out = []
    for action in line:
        seat = sorted(state.to_act())[0]
        out.append(state.describe(action))
        state = state.apply(seat, action)
    return out


def make_puzzle(
    hook: PuzzleHook, state: State[Any], line: list[Any], mate: bool, source: str
) -> Puzzle:
    game = state.game
    position = hook.position_text(state)
    moves = describe_line(state, line)
    solver_moves = (len(line) + 1) // 2
    themes = [f"mateIn{solver_moves}"] if mate else []
    themes += hook.themes(state, line)
    if solver_moves == 1 and not mate:
        themes.append("oneMove")
    elif not mate:
        themes.append("long" if solver_moves >= 3 else "short")
    quiet = not hook.is_capture(state, line[0])
    rating = BASE_RATING + STEP_RATING * (solver_moves - 1) + (QUIET_RATING if quiet else 0)
    digest = hashlib.sha1(f"{game.name}\n{position}".encode()).hexdigest()[:10]
    return Puzzle(digest, game.name, position, sorted(state.to_act())[0], moves, rating,
                  sorted(set(themes)), source)  # fmt: skip


def mine_states(states: Iterable[State[Any]], source: str, nodes: int = NODES) -> Iterator[Puzzle]:
    """The puzzles among `states` (one game's, in order), each verified unique at every
    solver step; the position after a puzzle's first move is not offered again."""
    agent: SearchAgent[Any, Any] | None = None
    hook: PuzzleHook | None = None
    for ply, state in enumerate(states):
        if state.result() is not None or not state.to_act():
            continue
        if agent is None:
            game = state.game
            found = make_agent(game, level_for(game), 0)
            if not isinstance(found, SearchAgent):
                return
            agent, hook = found, hook_for(game)
        assert hook is not None
        if ply < hook.min_ply:
            continue
        solved = solve_line(agent, state, nodes)
        if solved is None:
            continue
        line, mate = solved
        yield make_puzzle(hook, state, line, mate, f"{source}#{ply}")


__all__ = ["DECISIVE", "KEEP", "NODES", "Puzzle", "mine_states", "solve_line", "unique_win"]
