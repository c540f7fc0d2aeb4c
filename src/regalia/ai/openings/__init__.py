"""Start-position suites for the arena: random balanced openings, shipped as data files.

Two deterministic engines from one start position replay the same game again and again,
so a match between them says nothing past its first two games. A suite gives each pair of
games (or each rotation of seats) its own opening, played from both sides.

A suite is a text file, one opening a line: the opening's actions in the game's own
notation from the start, separated by spaces; `#` starts a comment. `<game>.txt` in this
folder is the suite the arena uses for that game by default (`regalia arena --openings`).
Each was made by `build`: a few random plies from the start, kept when the position is
balanced (a fixed-depth search of the last of the game's levels that searches, `strong`,
scores it within `margin` for the side to move, in engine units: a pawn is 100) and not
already in the suite:

    python -m regalia.ai.openings regulator > src/regalia/ai/openings/regulator.txt
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from regalia.ai.levels import levels_for, make_agent
from regalia.ai.search.agent import SearchAgent
from regalia.ai.search.limits import Limits
from regalia.core.errors import BadNotation, RegaliaError
from regalia.core.game import Game, State
from regalia.core.registry import get_game
from regalia.core.seeds import Rng

Opening = tuple[str, ...]
# How the shipped suites were built (see `build`): plies per opening, openings, search.
PLIES = 8
COUNT = 50
DEPTH = 4
MARGIN = 60


def shipped(game: str) -> Path | None:
    """The suite shipped for `game`, if there is one."""
    found = resources.files(__package__).joinpath(f"{game}.txt")
    return Path(str(found)) if found.is_file() else None


def read(path: str | Path) -> list[Opening]:
    """The openings of a suite file (BadNotation if it cannot be read)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadNotation(f"cannot read the opening suite {str(path)!r}: {exc.strerror}") from None
    out = []
    for line in text.splitlines():
        moves = line.split("#", 1)[0].split()
        if moves:
            out.append(tuple(moves))
    if not out:
        raise BadNotation(f"the opening suite {str(path)!r} has no openings")
    return out


def play(state: State[Any], opening: Opening) -> State[Any]:
    """`state` after the opening's actions (BadNotation naming the action that fails)."""
    for ply, text in enumerate(opening, start=1):
        acting = sorted(state.to_act())
        if len(acting) != 1 or state.is_over():
            raise BadNotation(f"opening {' '.join(opening)!r}: no single seat to act at ply {ply}")
        try:
            state = state.apply(acting[0], state.parse(acting[0], text))
        except RegaliaError as exc:  # bad notation or an illegal action
            raise BadNotation(f"opening {' '.join(opening)!r}, ply {ply}: {exc}") from None
    return state


def build(
    game: Game[Any], count: int = COUNT, plies: int = PLIES, seed: int = 0,
    depth: int = DEPTH, margin: int = MARGIN,
) -> list[Opening]:  # fmt: skip
    """`count` distinct balanced openings of `plies` random actions (see the module)."""
    judge = next((agent for agent in (make_agent(game, level) for level in
                                      reversed(levels_for(game)))
                  if isinstance(agent, SearchAgent)), None)  # fmt: skip
    if judge is None:
        raise BadNotation(f"{game.title} has no alpha-beta level to judge openings with")
    rng = Rng(seed)
    found: list[Opening] = []
    tries = 0
    while len(found) < count:
        tries += 1
        if tries > 200 * count:
            raise BadNotation(f"only {len(found)} balanced openings in {tries} tries")
        state: State[Any] = game.new(rng.next64() >> 2, game.min_players)
        moves: list[str] = []
        for _ in range(plies):
            acting = sorted(state.to_act())
            if state.is_over() or len(acting) != 1:
                break
            action = rng.choice(list(state.legal_actions(acting[0])))
            moves.append(state.describe(action))
            state = state.apply(acting[0], action)
        opening = tuple(moves)
        if len(opening) < plies or opening in found or state.is_over():
            continue
        pos = judge.position(state)
        report = judge.searcher.search(pos, Limits(depth=depth), judge.history(pos))
        if abs(report.score) <= margin:
            found.append(opening)
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Print a suite of balanced openings.")
    parser.add_argument("game")
    parser.add_argument("--count", type=int, default=COUNT)
    parser.add_argument("--plies", type=int, default=PLIES)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--depth", type=int, default=DEPTH)
    parser.add_argument("--margin", type=int, default=MARGIN)
    args = parser.parse_args(argv)
    game = get_game(args.game)
    suite = build(game, args.count, args.plies, args.seed, args.depth, args.margin)
    out = sys.stdout
    out.write(
        f"# {game.title}: {len(suite)} openings of {args.plies} random plies, each scored within "
        f"{args.margin} (a pawn 100) by a depth-{args.depth} search for the side to move.\n"
        f"# python -m regalia.ai.openings {game.name} --count {args.count} --plies "
        f"{args.plies} --seed {args.seed} --depth {args.depth} --margin {args.margin}\n"
    )
    for opening in suite:
        out.write(" ".join(opening) + "\n")
