"""Analysis: what the strongest search of a game thinks of a position, and of a whole game.

Which games can be analysed comes from their descriptors: a game whose bot levels include
an alpha-beta `SearchAgent` (ai/search) is analysed by that level's engine, through the
agent's public surface (`position`, `history`, `searcher`). No game is named here.

Evaluations are in centipawns for the side (or team) to move, or a mate in N moves; for a
chart they are also given from the first team's side (`score`: the seats of
`game.teams(players)[0]`), capped at +-`MATE_CP`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regalia.ai.levels import make_agent
from regalia.ai.search import Limits, Report
from regalia.ai.search.agent import SearchAgent
from regalia.ai.search.scores import is_mate, mate_moves
from regalia.core.errors import BadNotation, BadRecord, RegaliaError
from regalia.core.game import Game, Outcome, Seat, State
from regalia.core.registry import load_ref

# Mates are drawn at the end of the chart: this many centipawns.
MATE_CP = 10_000
# How a lead in centipawns turns into an expected score (a logistic, as in Elo).
SCALE = 400.0
# A move that loses this much expected score is a mistake; twice as much, a blunder.
MISTAKE = 0.15
BLUNDER = 0.30
# The longest line given in the game's notation.
LINE_LENGTH = 12


class NoAnalysis(RegaliaError):
    """The game has no engine to analyse it with."""


def analyser_level(game: Game[Any]) -> str | None:
    """The bot level whose agent searches by alpha-beta (the last one, if several)."""
    found = None
    for level in game.bot_levels:
        try:
            agent = make_agent(game, level.name, 0)
        except RegaliaError:
            continue
        if isinstance(agent, SearchAgent):
            found = level.name
    return found


_LEVELS: dict[str, str | None] = {}


def level_for(game: Game[Any]) -> str:
    """The analysing level of `game` (cached); NoAnalysis when it has none."""
    if game.name not in _LEVELS:
        _LEVELS[game.name] = analyser_level(game)
    level = _LEVELS[game.name]
    if level is None:
        raise NoAnalysis(
            f"{game.title} has no engine to analyse positions with "
            "(only games with an alpha-beta bot level can be analysed)"
        )
    return level


def states(
    game: Game[Any],
    record: str | None = None,
    position: str | None = None,
    moves: Sequence[str] = (),
) -> list[State[Any]]:
    """Every state of a game, from its start: a record's (its start, then one per action)
    or a position text's; then `moves` (any notation) played on from the last of them.
    BadRecord / BadNotation with the game's own reason when something does not read."""
    if record is not None:
        final = game.from_record(record)
        start, history = final.initial(), final.history()
        if start is None or history is None:
            found = [final]
        else:
            found = [start]
            for seat, action in history:
                found.append(found[-1].apply(seat, action))
    elif position is not None:
        found = [game.from_position(position)]
    else:
        found = [game.new(0)]
    for number, text in enumerate(moves, start=1):
        state = found[-1]
        acting = sorted(state.to_act())
        if not acting:
            raise BadNotation(f"move {number} ({text[:40]}): the game is over")
        try:
            found.append(state.apply(acting[0], state.parse(acting[0], text)))
        except RegaliaError as exc:
            raise BadNotation(f"move {number} ({text[:40]}): {exc}") from None
    return found


@dataclass(frozen=True)
class Evaluation:
    """A search's verdict: centipawns for the side to move, or mate in `mate` moves
    (> 0: the side to move mates; < 0: it is mated)."""

    cp: int | None
    mate: int | None

    def to_json(self) -> dict[str, int | None]:
        return {"cp": self.cp, "mate": self.mate}

    def centipawns(self) -> int:
        """The evaluation on one scale, mates at +-MATE_CP (nearer mates further out)."""
        if self.mate is None:
            return max(-MATE_CP + 100, min(MATE_CP - 100, self.cp or 0))
        sign = 1 if self.mate > 0 else -1
        return sign * (MATE_CP - min(abs(self.mate), 99))


def _evaluation(score: int) -> Evaluation:
    if is_mate(score):
        return Evaluation(None, mate_moves(score))
    return Evaluation(score, None)


def first_team(state: State[Any]) -> frozenset[Seat]:
    return state.game.teams(state.players)[0]


def analyse(
    state: State[Any],
    seconds: float,
    level: str | None = None,
    seed: int = 0,
    depth: int | None = None,
) -> dict[str, Any]:
    """The engine's view of `state` within `seconds` (or `depth`): the evaluation, the best
    line in the game's notation, the depth reached. A finished game is scored by its result."""
    game = state.game
    level = level or level_for(game)
    acting = sorted(state.to_act())
    result = state.result()
    base: dict[str, Any] = {
        "to_act": acting,
        "over": result is not None,
        "result": result.to_json() if result is not None else None,
    }
    team = first_team(state)
    base["endgame"] = endgame(state) if result is None else None
    if result is not None or not acting:
        outcomes = result.outcomes if result is not None else ()
        mine = next(iter(team), 0)
        won = bool(outcomes) and outcomes[mine] is Outcome.WIN
        lost = bool(outcomes) and outcomes[mine] is Outcome.LOSS
        score = MATE_CP if won else -MATE_CP if lost else 0
        return {**base, "evaluation": None, "score": score, "best_line": [], "depth": 0,
                "nodes": 0, "seconds": 0.0}  # fmt: skip
    agent = make_agent(game, level, seed)
    if not isinstance(agent, SearchAgent):
        raise NoAnalysis(f"the {level} bot of {game.title} does not search")
    pos = agent.position(state)
    complete: list[Report[Any]] = []
    limits = Limits(depth=depth, seconds=None if depth is not None else seconds)
    report = agent.searcher.search(pos, limits, agent.history(pos), on_iteration=complete.append)
    best = complete[-1] if complete else report
    evaluation = _evaluation(best.score)
    mover = acting[0]
    lead = evaluation.centipawns()
    return {
        **base,
        "evaluation": evaluation.to_json(),
        "score": lead if mover in team else -lead,
        "best_line": line_text(state, best.pv or ([best.move] if best.move is not None else [])),
        "depth": best.depth,
        "nodes": report.nodes,
        "seconds": round(report.seconds, 3),
    }


def endgame(state: State[Any]) -> dict[str, Any] | None:
    """The game's exact endgame verdict on `state` (`Game.endgame`, e.g. tablebases), or None."""
    hook = state.game.endgame
    if not hook:
        return None
    found: dict[str, Any] | None = load_ref(hook)(state)
    return found


def line_text(state: State[Any], line: Sequence[Any]) -> list[str]:
    """The engine's line in the game's notation, as far as the game itself follows it (a
    move the game plays by itself, such as a forced pass, is skipped)."""
    out: list[str] = []
    skipped = 0
    for move in line[: LINE_LENGTH + 4]:
        acting = sorted(state.to_act())
        if not acting or len(out) >= LINE_LENGTH:
            break
        seat = acting[0]
        if move not in state.legal_actions(seat):
            skipped += 1
            if skipped > 1:
                break
            continue
        skipped = 0
        out.append(state.describe(move))
        state = state.apply(seat, move)
    return out


def expected(score: int) -> float:
    """The first team's expected score for a lead of `score` centipawns."""
    return 1.0 / (1.0 + math.pow(10.0, -score / SCALE))


def judge_moves(
    scores: Sequence[int], movers: Sequence[Seat | None], team: frozenset[Seat]
) -> list[dict[str, Any]]:
    """Each move's loss of expected score for its mover, from the first team's `scores` of
    the positions before and after it (`movers[i]`: who made the move into position i);
    the moves that lost at least MISTAKE are mistakes, at least BLUNDER blunders."""
    out = []
    for ply in range(1, len(scores)):
        mover = movers[ply]
        if mover is None:
            continue
        sign = 1 if mover in team else -1
        before, after = expected(sign * scores[ply - 1]), expected(sign * scores[ply])
        drop = max(0.0, before - after)
        kind = "blunder" if drop >= BLUNDER else "mistake" if drop >= MISTAKE else ""
        if kind:
            out.append({"ply": ply, "seat": mover, "drop": round(drop, 3), "kind": kind})
    return out


def check_source(record: str | None, position: str | None) -> None:
    if record is not None and position is not None:
        raise BadNotation("give a record or a position, not both")


__all__ = [
    "BadNotation",
    "BadRecord",
    "Evaluation",
    "NoAnalysis",
    "analyse",
    "analyser_level",
    "judge_moves",
    "level_for",
    "line_text",
    "states",
]
