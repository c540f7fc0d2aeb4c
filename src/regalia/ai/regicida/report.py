"""Regicida's post-game report: how the public evidence pointed at each seat, move by move.

The belief is an outside observer's: the built-in identity inference (`posterior.Evidence`,
the likelihood of every seat's Places and Swaps under each House) fed only with what a
spectator sees, the spectator view of every position of Expansion and Intrigue in turn, so
no secret reaches it even though the game is over. The observer knows no House: its joint
belief is over every way to give the seats distinct Houses (6!/(6-players)! of them), each
weighted by the product of the seats' likelihoods; with fewer than six players the Houses no
one holds belong to the Neutral Player.

After the reveal the report gives each seat's Identity, the observer's chance, after each
action, that the seat holds its own House and that it holds the Regent House (and that no
seat does), the observer's guess at the vote, and each vote with whether it named the
Regent's holder. A game that ended before its reveal gives the chart of the House leading
the Coronation, and no Identity.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from regalia.ai.regicida.model import HOUSES, Replay, replay
from regalia.ai.regicida.posterior import Evidence
from regalia.core.game import Game, State
from regalia.core.registry import load_ref

PHASES = ("expansion", "intrigue")


def observer(evidence: Evidence) -> tuple[list[tuple[int, ...]], list[float]]:
    """Every assignment of distinct Houses to the seats and the observer's belief in it."""
    players = evidence.players
    logs = [evidence.house_loglik(seat) for seat in range(players)]
    assignments = list(itertools.permutations(HOUSES, players))
    weights = [sum(logs[s][a[s] - 1] for s in range(players)) for a in assignments]
    top = max(weights)
    raw = [math.exp(w - top) for w in weights]
    total = sum(raw)
    return assignments, [p / total for p in raw]


def holders(
    assignments: Sequence[tuple[int, ...]], probs: Sequence[float], house: int
) -> list[float]:
    """P(seat s holds `house`) per seat, then P(no seat does: the Neutral Player)."""
    out = [0.0] * (len(assignments[0]) + 1)
    for assignment, p in zip(assignments, probs, strict=True):
        out[assignment.index(house) if house in assignment else -1] += p
    return out


def house_of(
    assignments: Sequence[tuple[int, ...]], probs: Sequence[float], seat: int
) -> list[float]:
    """P(seat holds House h) for h = 1..6."""
    out = [0.0] * len(HOUSES)
    for assignment, p in zip(assignments, probs, strict=True):
        out[assignment[seat] - 1] += p
    return out


def report(final: State[Any]) -> dict[str, Any]:
    """The report of a finished game (its state, with its history from the start)."""
    start, history = final.initial(), final.history()
    if start is None or history is None:
        raise ValueError("the game's record does not start from its deal")
    end = final.view(None)
    reveal = end.get("reveal")
    identities: list[int] | None = list(reveal["identities"]) if reveal else None
    regent = _regent(end)
    players = final.players
    evidence = Evidence(players)
    story: Replay | None = None
    state = start
    points: list[dict[str, Any]] = [
        _point(0, None, None, "expansion", evidence, regent, identities)
    ]
    for ply, (seat, action) in enumerate(history, start=1):
        phase = state.view(None)["phase"]
        if phase not in PHASES:
            break  # the vote: nothing more is public until the reveal
        text = state.describe(action)
        state = state.apply(seat, action)
        story = replay(state.view(None), story)  # a spectator's view of each position in turn
        evidence.add(story.decisions)
        points.append(_point(ply, seat, text, phase, evidence, regent, identities))
    out: dict[str, Any] = {
        "players": players,
        "houses": end.get("houses", []),
        "regent": regent,
        "revealed": reveal is not None,
        "identities": identities,
        "chart": points,
        "guess": _guess(points[-1], players),
        "votes": _votes(reveal) if reveal else None,
        "verdict": reveal["verdict"] if reveal else None,
    }
    return out


def report_of_record(game_ref: str, record: str) -> dict[str, Any]:
    """`report` of a game read from its record (what a bot worker is handed)."""
    game: Game[Any] = load_ref(game_ref)
    return report(game.from_record(record))


def _regent(end: dict[str, Any]) -> int | None:
    reveal = end.get("reveal")
    if reveal:
        return int(reveal["verdict"]["regent"])
    ranking = end.get("coronation") or []
    return int(ranking[0]["house"]) if ranking else None


def _point(
    ply: int,
    seat: int | None,
    move: str | None,
    phase: str,
    evidence: Evidence,
    regent: int | None,
    identities: Sequence[int] | None,
) -> dict[str, Any]:
    assignments, probs = observer(evidence)
    point: dict[str, Any] = {"ply": ply, "seat": seat, "move": move, "phase": phase}
    if regent is not None:
        point["regent"] = [round(p, 4) for p in holders(assignments, probs, regent)]
    if identities is not None:
        point["own"] = [
            round(house_of(assignments, probs, s)[identities[s] - 1], 4)
            for s in range(len(identities))
        ]
    return point


def _guess(last: dict[str, Any], players: int) -> int | str | None:
    """The observer's most likely holder of the Regent House at the vote."""
    chances = last.get("regent")
    if not chances:
        return None
    best = max(range(len(chances)), key=lambda i: chances[i])
    return "neutral" if best == players else best


def _votes(reveal: dict[str, Any]) -> list[dict[str, Any]]:
    target = reveal["verdict"]["target"]
    return [
        {"seat": seat, "vote": vote, "right": vote == target}
        for seat, vote in enumerate(reveal["votes"])
    ]
