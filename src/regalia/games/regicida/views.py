"""What one seat may know (H2): the only place secrets are filtered out.

`player_view` sees the full position but copies into the view only: the seat's own Identity,
public facts (Objective, Line of Succession, placed tokens, pile tops and sizes, who has
acted, its own vote), and the secret parts (all Identities, the unused Houses, every vote)
once the game is over. Other seats' votes in the history read just `vote` until then.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regalia.core.game import Result, Seat
from regalia.games.regicida.actions import Action, Vote, encode
from regalia.games.regicida.board import GRID, Board, cell_name
from regalia.games.regicida.houses import HOUSES, objective
from regalia.games.regicida.referee import ranking_json as referee_ranking
from regalia.games.regicida.rules import (
    INTRIGUES_PER_PLAYER,
    Phase,
    Position,
    legal_actions,
    to_act,
    verdict,
)
from regalia.games.regicida.scoring import coronation


@dataclass(frozen=True, slots=True)
class Entry:
    """One action taken: by whom, what, and the House of a placed token (public)."""

    seat: Seat
    action: Action
    house: int | None = None


def grid_json(board: Board) -> dict[str, Any]:
    final = board.size == GRID
    return {
        "coords": "grid" if final else "canvas",
        "size": board.size,
        "cells": [
            {"cell": cell_name(cell), "house": token.house, "side": token.side}
            for cell, token in board.tokens()
        ],
        "rows": board.to_text().splitlines() if final else None,
    }


def ranking_json(pos: Position) -> list[dict[str, Any]]:
    """The Coronation as the referee gives it: each row with why it stands where it does (a
    tie broken by light-only score or by the Line of Succession says so)."""
    return referee_ranking(coronation(pos.board, pos.objective, pos.succession), pos.succession)


def _history(history: Sequence[Entry], seat: Seat | None, over: bool) -> list[dict[str, Any]]:
    out = []
    for entry in history:
        secret = isinstance(entry.action, Vote) and not over and entry.seat != seat
        item: dict[str, Any] = {
            "seat": entry.seat,
            "action": "vote" if secret else encode(entry.action),
        }
        if entry.house is not None:
            item["house"] = entry.house
        out.append(item)
    return out


def _reveal(pos: Position) -> dict[str, Any] | None:
    found = verdict(pos)
    if found is None:
        return None
    return {
        "identities": list(pos.identities),
        "unused": list(pos.unused),
        "votes": ["neutral" if v is None or v.target is None else v.target for v in pos.votes],
        "ranking": ranking_json(pos),
        "verdict": found.to_json(),
    }


def board_view(pos: Position, seat: Seat | None) -> dict[str, Any]:
    """The part of `player_view(pos, …, seat, …)` a player sees at a glance: the board, piles,
    Objective, Line of Succession, phase and turn, and the seat's own Identity; no
    legal-action texts, history, scoring or reveal. `player_view` is built on it, so it holds
    nothing the seat may not know; it costs a fraction of the whole view (an RL observation
    reads no more)."""
    acting = pos.phase in (Phase.EXPANSION, Phase.INTRIGUE)
    goal = objective(pos.objective)
    return {
        "phase": pos.phase.value,
        "objective": {"key": goal.key, "title": goal.title, "rule": goal.rule},
        "succession": list(pos.succession),
        "identity": pos.identities[seat] if seat is not None else None,
        "grid": grid_json(pos.board),
        "piles": [
            {"pile": i + 1, "size": len(pile), "top": pile[-1] if pile else None}
            for i, pile in enumerate(pos.piles)
        ],
        "players": pos.players,
        "turn": pos.current if acting else None,
        "to_act": sorted(to_act(pos)),
        "split_due": pos.split_due,
        "intrigues_left": [INTRIGUES_PER_PLAYER - n for n in pos.intrigues],
    }


def player_view(
    pos: Position,
    history: Sequence[Entry],
    seat: Seat | None,
    seat_names: Sequence[str],
    result: Result | None,
) -> dict[str, Any]:
    over = pos.phase is Phase.OVER
    board = board_view(pos, seat)
    own_vote = pos.votes[seat] if seat is not None else None
    return {
        "game": "regicida",
        "seat": seat,
        "phase": board["phase"],
        "objective": board["objective"],
        "succession": board["succession"],
        "houses": [{"number": h.number, "name": h.name, "colour": h.colour} for h in HOUSES],
        "identity": board["identity"],
        "grid": board["grid"],
        "piles": board["piles"],
        "players": board["players"],
        "seats": list(seat_names),
        "turn": board["turn"],
        "to_act": board["to_act"],
        "split_due": board["split_due"],
        "intrigues_left": board["intrigues_left"],
        "votes_cast": [s for s, v in enumerate(pos.votes) if v is not None],
        "your_vote": None if own_vote is None else encode(own_vote),
        "legal": [encode(a) for a in legal_actions(pos, seat)] if seat is not None else [],
        "history": _history(history, seat, over),
        "coronation": ranking_json(pos) if pos.board.size == GRID else None,
        "reveal": _reveal(pos),
        "over": over,
        "result": result.to_json() if result is not None else None,
    }
