"""Regicida as a benchmark: baselines measured against tables of built-in bots (issue 32).

A *hero* (a `pyspiel.Bot` factory) sits at one seat of Regicida, loaded turn-based (what
ISMCTS and MCCFR need), the built-in bots of one level at every other seat; game `i` puts the
hero on seat `i mod players` and deals with a seed drawn from `(seed, players, i)` alone, so
every hero meets the same deals. Per game it records the win, the hero's CPU time per
decision and, at the vote, two identity-inference answers about the Regent House (the top
of the Coronation when the vote begins):

- **belief**: the built-in identity inference (`ai.regicida.model.replay` of the hero
  seat's own view, then `ai.regicida.posterior`), run from that seat's view whoever plays
  it: its most likely holder of the Regent House (a seat, or the Neutral Player). For the
  `strong` level this is its own belief, the one it votes on.
- **vote**: whom the hero's vote named.

Each is right when it names the Regent House's true holder (the seat dealt it, or the
Neutral Player when no seat was), read from the Identities revealed at the end. Games where
the hero itself holds the Regent House are not counted (it knows the answer), nor games
that end before the vote.

Also here: NashConv curves of OpenSpiel's sampled MCCFR on the reduced game
(`mccfr_curve`), and `PolicyBot`, a seeded bot over any `open_spiel` policy.
`regalia.env.regicida.learned` trains the small learned policy. `bench/regicida_baselines.py`
prints the tables docs/env.md publishes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import policy as os_policy
from open_spiel.python.algorithms import (
    exploitability,
    external_sampling_mccfr,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)

import regalia.env.openspiel  # noqa: F401  # registers the games
from regalia.ai.elo import ScoreInterval, score_interval
from regalia.ai.regicida.model import replay
from regalia.ai.regicida.posterior import Evidence, posterior
from regalia.core.seeds import derive
from regalia.env.bots import OpenSpielBot
from regalia.env.openspiel import _native, turn_based_resampler

REDUCED: Mapping[str, Any] = {"players": 2, "reduced": True}
LEVELS = ("random", "greedy", "strong")  # the built-in levels the tables seat

# (game, player, seed) -> a bot for that player
BotFactory = Callable[[pyspiel.Game, int, int], pyspiel.Bot]


def regicida(players: int = 4, reduced: bool = False) -> pyspiel.Game:
    """Regicida loaded turn-based (the voters one after another, none seeing an earlier
    vote), the full game at `players` seats or the two-seat reduced game."""
    params = dict(REDUCED) if reduced else {"players": players}
    return pyspiel.load_game_as_turn_based("regalia_regicida", params)


# --- heroes ------------------------------------------------------------------------------


def deal(state: Any, rng: random.Random) -> None:
    """Play a chance node: one outcome drawn by its odds from `rng`."""
    outcomes, odds = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(rng.choices(outcomes, odds)[0])


def _at_the_vote(state: Any, seat: int) -> bool:
    """Whether `seat` is to vote now (the vote's actions read "vote N" / "vote neutral"):
    asked cheaply before the native state is rebuilt from the history."""
    legal = state.legal_actions(seat)
    return bool(legal) and str(state.action_to_string(seat, legal[0])).startswith("vote ")


def builtin(level: str) -> BotFactory:
    """A built-in level, with its clock dropped (`deterministic=True`) so games replay."""

    def make(game: pyspiel.Game, player: int, seed: int) -> pyspiel.Bot:
        return OpenSpielBot(game, player, level, seed=seed, deterministic=True)

    return make


def ismcts_bot(simulations: int, uct_c: float = 2.0) -> BotFactory:
    """OpenSpiel's `ISMCTSBot` (one random rollout a leaf) with our `turn_based_resampler`."""

    def make(game: pyspiel.Game, player: int, seed: int) -> pyspiel.Bot:
        rng = np.random.RandomState(seed & 0xFFFF_FFFF)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=rng)
        bot.set_resampler(turn_based_resampler(seed))
        return bot

    return make


class PolicyBot(pyspiel.Bot):  # type: ignore[misc]  # untyped base
    """Plays an `open_spiel` policy: each action drawn from its probabilities by a seeded
    generator (OpenSpiel's own `PolicyBot` takes a shared generator; this one owns its)."""

    def __init__(self, player: int, policy: os_policy.Policy, seed: int) -> None:
        super().__init__()
        self.player = player
        self._policy = policy
        self._rng = random.Random(seed)

    def restart_at(self, state: Any) -> None:
        """Nothing to forget: the policy reads the information state it is asked about."""

    def step(self, state: Any) -> int:
        probs = self._policy.action_probabilities(state, self.player)
        actions = list(probs)
        return int(self._rng.choices(actions, [probs[a] for a in actions])[0])


def policy_bot(policy: os_policy.Policy) -> BotFactory:
    def make(game: pyspiel.Game, player: int, seed: int) -> pyspiel.Bot:
        return PolicyBot(player, policy, seed)

    return make


# --- games -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """One game of a hero at a table: its seat, the returns, and what it knew at the vote
    (`None`: not counted, see the module)."""

    index: int
    seat: int
    returns: tuple[float, ...]
    belief: bool | None
    vote: bool | None
    neutral: bool | None  # the Regent House was no seat's (what "always Neutral" gets right)
    cpu: float  # the hero's CPU seconds over all its decisions
    decisions: int

    @property
    def won(self) -> bool:
        return self.returns[self.seat] > 0


def inferred_holder(view: Mapping[str, Any]) -> tuple[int, int | None]:
    """The built-in inference from one seat's view at the vote: the Regent House and the
    seat it most likely belongs to (`None`: the Neutral Player, no seat)."""
    me, players = int(view["seat"]), int(view["players"])
    regent = int(view["coronation"][0]["house"])
    evidence = Evidence(players)
    evidence.add(replay(dict(view)).decisions)
    chances = posterior(evidence, me, int(view["identity"])).holder(regent)
    best = max(range(len(chances)), key=lambda i: chances[i])
    return regent, None if best == players else best


def play_game(
    game: pyspiel.Game,
    hero: BotFactory,
    opponent: BotFactory,
    index: int,
    seed: int,
) -> GameRecord:
    """Game `index` of a match: the hero on seat `index mod players`, `opponent` elsewhere."""
    players = game.num_players()
    seat = index % players
    tag = f"regicida-baselines:{players}:{game.max_game_length()}:{index}"
    dealer = random.Random(derive(seed, tag))
    bots = [
        (hero if p == seat else opponent)(game, p, derive(seed, f"{tag}:{p}") & 0x7FFF_FFFF)
        for p in range(players)
    ]
    native = game_of(game)
    state = game.new_initial_state()
    cpu, decisions = 0.0, 0
    guess: tuple[int, int | None] | None = None
    while not state.is_terminal():
        if state.is_chance_node():
            deal(state, dealer)
            continue
        player = state.current_player()
        if guess is None and player == seat and _at_the_vote(state, seat):
            core = _native(native, state.history())[0].core
            assert core is not None  # past the deal: a decision node
            view = core.view(seat)
            if view["phase"] == "assassination":
                guess = inferred_holder(view)
        began = time.process_time()
        action = bots[player].step(state)
        if player == seat:
            cpu += time.process_time() - began
            decisions += 1
        state.apply_action(action)
    final = _native(native, state.history())[0].core
    assert final is not None
    belief = vote = neutral = None
    reveal = final.view(seat).get("reveal")
    if guess is not None and reveal is not None:
        regent, named = guess
        identities = list(reveal["identities"])
        if identities[seat] != regent:
            truth = identities.index(regent) if regent in identities else None
            cast = reveal["votes"][seat]
            belief = named == truth
            vote = (None if cast == "neutral" else cast) == truth
            neutral = truth is None
    returns = tuple(state.returns())
    return GameRecord(index, seat, returns, belief, vote, neutral, cpu, decisions)


def game_of(game: pyspiel.Game) -> pyspiel.Game:
    """The simultaneous-move Regicida a turn-based form wraps."""
    inner = dict(game.get_parameters()["game"])
    return pyspiel.load_game(str(inner.pop("name")), inner)


def play_match(
    game: pyspiel.Game,
    hero: BotFactory,
    opponent: BotFactory,
    games: int,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """`games` games of `hero` against a table of `opponent`s (see `play_game`)."""
    out = []
    for index in range(games):
        out.append(play_game(game, hero, opponent, index, seed))
        if progress is not None:
            progress(index + 1)
    return out


@dataclass(frozen=True)
class Row:
    """A match summed up: wins with a 95% interval, the two inference accuracies
    (hits, counted games), how many counted games an "always the Neutral Player" guess gets
    right, and the hero's CPU seconds per decision."""

    games: int
    wins: int
    interval: ScoreInterval
    belief: tuple[int, int]
    vote: tuple[int, int]
    neutral: int  # counted games whose Regent House was no seat's
    cpu_per_decision: float

    @staticmethod
    def of(records: Sequence[GameRecord]) -> Row:
        belief = [r.belief for r in records if r.belief is not None]
        vote = [r.vote for r in records if r.vote is not None]
        decisions = sum(r.decisions for r in records)
        return Row(
            games=len(records),
            wins=sum(r.won for r in records),
            interval=score_interval([1.0 if r.won else 0.0 for r in records]),
            belief=(sum(belief), len(belief)),
            vote=(sum(vote), len(vote)),
            neutral=sum(bool(r.neutral) for r in records),
            cpu_per_decision=sum(r.cpu for r in records) / max(decisions, 1),
        )


def rate(hits: int, total: int) -> str:
    """`hits/total = share`, or `-` when nothing was counted."""
    return f"{hits}/{total} = {hits / total:.0%}" if total else "-"


# --- sampled MCCFR on the reduced game ---------------------------------------------------


@dataclass(frozen=True)
class CurvePoint:
    iterations: int
    nash_conv: float
    cpu: float  # CPU seconds of the iterations so far (NashConv's own time not counted)


def mccfr_solver(kind: str, game: pyspiel.Game) -> Any:
    """OpenSpiel's outcome-sampling (`kind="outcome"`) or external-sampling MCCFR."""
    if kind == "outcome":
        return outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    if kind == "external":
        return external_sampling_mccfr.ExternalSamplingSolver(
            game, external_sampling_mccfr.AverageType.SIMPLE
        )
    raise ValueError(f"MCCFR is 'outcome' or 'external', not {kind!r}")


def mccfr_curve(
    kind: str,
    checkpoints: Iterable[int],
    seed: int = 0,
    game: pyspiel.Game | None = None,
    progress: Callable[[CurvePoint], None] | None = None,
) -> tuple[list[CurvePoint], os_policy.Policy]:
    """NashConv of the solver's average policy after each checkpoint's iterations, on the
    turn-based reduced game by default, and the last average policy. OpenSpiel's MCCFR
    samples with NumPy's global generator: it is seeded here, so a curve replays."""
    game = game or regicida(reduced=True)
    np.random.seed(seed & 0xFFFF_FFFF)
    solver = mccfr_solver(kind, game)
    points: list[CurvePoint] = []
    done, cpu = 0, 0.0
    for target in sorted(set(checkpoints)):
        began = time.process_time()
        while done < target:
            solver.iteration()
            done += 1
        cpu += time.process_time() - began
        point = CurvePoint(
            done, float(exploitability.nash_conv(game, solver.average_policy())), cpu
        )
        points.append(point)
        if progress is not None:
            progress(point)
    return points, solver.average_policy()


def uniform_nash_conv(game: pyspiel.Game | None = None) -> float:
    """NashConv of the uniform random policy (where every curve starts)."""
    game = game or regicida(reduced=True)
    return float(exploitability.nash_conv(game, os_policy.UniformRandomPolicy(game)))
