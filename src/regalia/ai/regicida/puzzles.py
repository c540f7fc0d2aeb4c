"""Regicida's puzzles: "who is the Regent?".

A puzzle is a finished game stopped just before the vote: the solver sees what a spectator
saw then (the grid, the piles, the Coronation that names the Regent House, every Place and
Swap in order) and names the seat that holds the Regent House — or the Neutral Player, when
fewer than six play and no seat may hold it. The answer is checked against the game's reveal.

Mining keeps a game only when the built-in identity inference, fed with public information
only (the spectator's view of each position in turn: `report.report`, the post-game report's
observer), is *confident* — its most likely holder of the Regent House at the vote has
probability at least THRESHOLD — and *right*: that holder is the one the reveal shows. So
every puzzle can be solved from what was on the table.

A puzzle's rating, from the observer's probability p of the right answer (as the report
rounds it, to 4 decimals): with d = −log10(1 − p), at most 4 (p = 1 counts as 0.9999),
rating = BASE_RATING − PER_DECADE × (d − 1): p = 0.9 → 1500, 0.99 → 1350, 0.999 → 1200,
0.9999 or more → 1050. The less the evidence settles it, the harder the puzzle.

Themes (public facts only, never the answer): `expansionTell` — the observer was already
this sure of the same holder when Expansion ended; `intrigueTell` — only the Swaps of
Intrigue made it so; `fullTable` — six players, so every House is held and the Neutral Player
is no answer; `smallTable` — two or three players, most Houses with the Neutral Player.

The stored position is the finished game's record (the reveal is the answer's proof); it
never leaves the server: the page gets the spectator's view at the vote and a public text
(the seats' actions up to it, no seed), and the reveal only once the puzzle is answered.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, cast

from regalia.ai.base import Budget, Observation
from regalia.ai.levels import make_agent
from regalia.ai.regicida.report import report
from regalia.core.errors import RegaliaError
from regalia.core.game import Game, State
from regalia.core.seeds import Rng, derive
from regalia.games.regicida.state import RegicidaState
from regalia.puzzles.follow import NotAMove, Step
from regalia.puzzles.hook import PuzzleHook, Shown
from regalia.puzzles.mine import Puzzle

THRESHOLD = 0.9  # the observer's least probability of its top holder for a game to be kept
BASE_RATING = 1500
PER_DECADE = 150
MAX_DECADES = 4.0
NEUTRAL = "neutral"
ONLOOKER = -1  # `to_move`: the solver plays no seat
PHASES = ("expansion", "intrigue")
# Self-play: the built-in levels a seat is drawn from (seeded), so tables mix open players,
# searching ones and random ones, and the evidence is sometimes plain and sometimes not.
LEVELS = ("greedy", "level1", "level2", "random")
MIN_PLAYERS, MAX_PLAYERS = 3, 6


def answers(players: int) -> list[tuple[str, str]]:
    """Every answer to offer, (text, English words): a seat each, and the Neutral Player
    when fewer than six play (a House no seat holds)."""
    found = [(f"P{seat + 1}", f"Player {seat + 1}") for seat in range(players)]
    if players < MAX_PLAYERS:
        found.append((NEUTRAL, "the Neutral Player"))
    return found


def read_answer(text: str, players: int) -> str:
    """An answer in any spelling: P3, 3, player 3, vote 3, neutral; NotAMove else."""
    words = text.strip().lower().replace("player", "").replace("vote", "").strip()
    if words in (NEUTRAL, "n", "the neutral") and players < MAX_PLAYERS:
        return NEUTRAL
    number = words.removeprefix("p").strip()
    if number.isdigit() and 1 <= int(number) <= players:
        return f"P{int(number)}"
    others = " or neutral" if players < MAX_PLAYERS else ""  # six seats hold every House
    raise NotAMove(f"{text[:40]} names no seat of this game (P1..P{players}{others})")


def _phase(state: State[Any]) -> str:
    # The state's own phase (what its views print), not a whole view made to read it.
    return cast(RegicidaState, state).phase.value


def at_vote(final: State[Any]) -> State[Any]:
    """The state just before the vote (the first one past Expansion and Intrigue)."""
    start, history = final.initial(), final.history()
    if start is None or history is None:
        raise ValueError("the game's record does not start from its deal")
    state = start
    for seat, action in history:
        if _phase(state) not in PHASES:
            break
        state = state.apply(seat, action)
    if _phase(state) in PHASES:
        raise ValueError("the game ended before its vote")
    return state


def public_text(state: State[Any]) -> str:
    """What a spectator knows, as a record with no seed: the seats' actions in order."""
    view = state.view(None)
    tags = [f'[Game "{view["game"]}"]', f'[Players "{view["players"]}"]',
            f'[Objective "{view["objective"]["key"]}"]']  # fmt: skip
    body = [f"P{entry['seat'] + 1} {entry['action']}" for entry in view["history"]]
    return "\n".join(tags) + "\n\n" + "\n".join(body)


def judge(final: State[Any]) -> dict[str, Any] | None:
    """The observer's reading of a finished game at its vote: {answer, p, early, players}
    (`early`: its probability of the same holder when Expansion ended); None when the game
    has no reveal."""
    found = report(final)
    if not found["revealed"] or not found["chart"] or "regent" not in found["chart"][-1]:
        return None
    players = found["players"]
    regent, identities = found["regent"], found["identities"]
    truth = identities.index(regent) if regent in identities else players
    chances = found["chart"][-1]["regent"]
    best = max(range(len(chances)), key=lambda i: chances[i])
    expansion = [p for p in found["chart"] if p["phase"] == "expansion" and "regent" in p]
    early = expansion[-1]["regent"][best] if expansion else 0.0
    return {"truth": _text(truth, players), "guess": _text(best, players),
            "p": chances[best], "early": early, "players": players}  # fmt: skip


def _text(index: int, players: int) -> str:
    return NEUTRAL if index == players else f"P{index + 1}"


def rating(p: float) -> int:
    decades = min(MAX_DECADES, -math.log10(max(1.0 - p, 10.0**-MAX_DECADES)))
    return round(BASE_RATING - PER_DECADE * (decades - 1.0))


def puzzle_of(final: State[Any], source: str) -> Puzzle | None:
    """The puzzle a finished game makes, or None when the observer is unsure or wrong."""
    found = judge(final)
    if found is None or found["p"] < THRESHOLD or found["guess"] != found["truth"]:
        return None
    players = found["players"]
    themes = ["expansionTell" if found["early"] >= THRESHOLD else "intrigueTell"]
    if players == MAX_PLAYERS:
        themes.append("fullTable")
    elif players <= 3:
        themes.append("smallTable")
    record = final.to_record()
    digest = hashlib.sha1(f"{final.game.name}\n{record}".encode()).hexdigest()[:10]
    return Puzzle(digest, final.game.name, record, ONLOOKER, [found["truth"]],
                  rating(found["p"]), sorted(themes), source,
                  {"confidence": round(found["p"], 4)})  # fmt: skip


def selfplay(game: Game[Any], seed: int) -> list[State[Any]]:
    """One seeded game of built-in bots (players and each seat's level from the seed)."""
    rng = Rng(derive(seed, f"puzzles:{game.name}"))
    players = MIN_PLAYERS + rng.below(MAX_PLAYERS - MIN_PLAYERS + 1)
    levels = {level.name: level for level in game.bot_levels}
    chosen = [levels[rng.choice(LEVELS)] for _ in range(players)]
    agents = [make_agent(game, level.name, seed * 10 + seat) for seat, level in enumerate(chosen)]
    state = game.new(seed, players)
    states = [state]
    while state.result() is None and state.to_act():
        seat = sorted(state.to_act())[0]
        budget = Budget(seconds=None, nodes=chosen[seat].nodes)
        state = state.apply(seat, agents[seat].choose(Observation(state, seat), budget))
        states.append(state)
    return states


class RegicidaPuzzles(PuzzleHook):
    shipped = ("regalia.ai.regicida", "puzzles.jsonl")
    answer = "choice"
    question = "Who is the Regent?"
    theme_titles = MappingProxyType(
        {
            "expansionTell": "told in Expansion",
            "intrigueTell": "told in Intrigue",
            "fullTable": "six players",
            "smallTable": "a small table",
        }
    )

    def shown(self, game: Game[Any], position: str) -> Shown:
        state = at_vote(game.from_record(position))
        return Shown(public_text(state), state, answers(state.players))

    def follow(
        self, game: Game[Any], position: str, solution: Sequence[str], moves: Sequence[str]
    ) -> Step:
        if len(moves) != 1:
            raise NotAMove("send one answer: the seat that holds the Regent House")
        final = game.from_record(position)
        picked = read_answer(moves[0], final.players)
        return Step(picked == solution[0], picked == solution[0], None, final)

    def play(self, game: Game[Any], seed: int, nodes: int) -> list[State[Any]]:
        return selfplay(game, seed)

    def mine(self, states: Iterable[State[Any]], source: str, nodes: int) -> Iterator[Puzzle]:
        found = list(states)
        if found and found[-1].result() is not None:
            puzzle = puzzle_of(found[-1], source)
            if puzzle is not None:
                yield puzzle

    def problems(self, game: Game[Any], puzzle: Mapping[str, Any]) -> list[str]:
        try:
            final = game.from_record(puzzle["position"])
            at_vote(final)
        except (RegaliaError, ValueError) as exc:
            return [f"its record does not read to a vote: {exc}"]
        found = judge(final)
        if found is None:
            return ["its game has no reveal"]
        out = []
        if puzzle["moves"] != [found["truth"]]:
            out.append(f"its answer {puzzle['moves']} is not the reveal's {found['truth']}")
        if found["p"] < THRESHOLD or found["guess"] != found["truth"]:
            out.append(f"the observer is not confident and right ({found['p']:.3f})")
        return out


HOOK = RegicidaPuzzles()
