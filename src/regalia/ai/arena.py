"""Seeded matches between bot levels, played in parallel processes.

Seating (the same for every game, so a match is fair and replayable):

- Team games: one agent per team, teams rotate every game. With agents `A,B`,
  game 0 has A on Yellow+Red and B on Green+Blue, game 1 the reverse.
- Otherwise, with as many agents as seats: seats rotate every game (agent k sits on seat
  `(k + i) mod players` in game i), so each agent plays each seat equally often.
- Two agents at a larger table: the first is the "hero", sitting on seat `i mod players` in
  game i, and the second fills every other seat.

Games in one rotation share their deal (seed), so seat luck cancels out. Each game's seed
and each agent's seed derive from the match seed. Without `movetime_ms` no agent gets a clock
(searches stop at their own depth or node bound), so a match replays exactly; with it, every
action gets that much wall-clock time and replays are only as exact as the machine's speed.

Statistics are kept per entry: a team counts once per game, any other seat counts once.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.elo import EloEstimate, ScoreInterval, elo_estimate, score_interval
from regalia.ai.levels import budget_for, is_level, levels_for, make_agent
from regalia.core.errors import BadNotation
from regalia.core.game import Game, Outcome, Result, Seat, State
from regalia.core.registry import get_game
from regalia.core.seeds import derive

PLY_LIMIT_REASON = "arena ply limit"


@dataclass(frozen=True)
class MatchSpec:
    game: str
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    players: int | None = None
    movetime_ms: int | None = None
    max_plies: int | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    save_dir: str | None = None


@dataclass(frozen=True)
class GameJob:
    """Everything a worker process needs to play one game."""

    index: int
    game: str
    players: int
    seed: int
    seats: tuple[str, ...]  # the agent level on each seat
    agent_seeds: tuple[int, ...]
    entries: tuple[tuple[str, tuple[Seat, ...]], ...]  # (label, seats) counted together
    movetime_ms: int | None
    max_plies: int
    options: tuple[tuple[str, str], ...]
    save_dir: str | None


@dataclass(frozen=True)
class GameReport:
    index: int
    seed: int
    seats: tuple[str, ...]
    outcomes: tuple[str, ...]  # per seat: "win" / "loss" / "draw"
    reason: str
    plies: int
    capped: bool
    entries: tuple[tuple[str, str], ...]  # (label, outcome) per entry
    stats: tuple[tuple[str, str, float], ...]  # (label, name, value) reported by agents


@dataclass
class AgentTally:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    scores: list[float] = field(default_factory=list)
    stats: dict[str, float] = field(default_factory=dict)

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def to_json(self) -> dict[str, float | int]:
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": round(self.score, 6),
        }


@dataclass
class MatchResult:
    spec: MatchSpec
    players: int
    reports: list[GameReport]
    tallies: dict[str, AgentTally]

    @property
    def capped(self) -> int:
        return sum(1 for r in self.reports if r.capped)

    def interval(self, label: str) -> ScoreInterval:
        return score_interval(self.tallies[label].scores)

    def elo(self, label: str) -> EloEstimate:
        """Elo against the rest of the table: pairwise for two sides, Luce for more."""
        return elo_estimate(self.tallies[label].scores, self.sides)

    @property
    def sides(self) -> int:
        """How many sides compete in one game (teams count as one)."""
        return len(self.reports[0].entries) if self.reports else 2

    def to_json(self) -> dict[str, Any]:
        return {label: tally.to_json() for label, tally in self.tallies.items()}


def plan(spec: MatchSpec) -> list[GameJob]:
    """The seating, seeds and budgets of every game of the match."""
    game = get_game(spec.game)
    if spec.games < 1:
        raise BadNotation("--games must be at least 1")
    agents = tuple(a.strip().lower() for a in spec.agents if a.strip())
    if not agents:
        raise BadNotation("give at least one agent level with --agents")
    known = levels_for(game)
    for level in agents:
        if not is_level(game, level):
            raise BadNotation(f"unknown bot level {level!r}; choose among {', '.join(known)}")
    players = _players(game, agents, spec.players)
    max_plies = spec.max_plies or game.max_plies
    jobs = []
    for index in range(spec.games):
        seats, entries, period = _seating(game, agents, players, index)
        seed = derive(spec.seed, f"arena:deal:{index // period}") & 0x7FFF_FFFF_FFFF
        agent_seeds = tuple(
            derive(spec.seed, f"arena:agent:{index}:{s}") & 0x7FFF_FFFF for s in range(players)
        )
        jobs.append(
            GameJob(
                index=index,
                game=game.name,
                players=players,
                seed=seed,
                seats=seats,
                agent_seeds=agent_seeds,
                entries=entries,
                movetime_ms=spec.movetime_ms,
                max_plies=max_plies,
                options=tuple(sorted(spec.options.items())),
                save_dir=spec.save_dir,
            )
        )
    return jobs


def _players(game: Game[Any], agents: tuple[str, ...], asked: int | None) -> int:
    if game.min_players == game.max_players:
        count = game.min_players
        if asked is not None and asked != count:
            raise BadNotation(f"{game.title} is played by {count}, not {asked}")
    else:
        count = asked if asked is not None else max(len(agents), game.min_players)
    return game.check_players(count)


def _seating(
    game: Game[Any], agents: tuple[str, ...], players: int, index: int
) -> tuple[tuple[str, ...], tuple[tuple[str, tuple[Seat, ...]], ...], int]:
    """Agent per seat, the entries counted in the statistics, and the rotation period."""
    teams = [tuple(sorted(t)) for t in game.teams(players)]
    if any(len(t) > 1 for t in teams):
        if len(agents) != len(teams):
            raise BadNotation(
                f"{game.title} is played by {len(teams)} teams: give {len(teams)} agents"
            )
        per_seat = [""] * players
        entries = []
        for t, team in enumerate(teams):
            label = agents[(t + index) % len(agents)]
            for seat in team:
                per_seat[seat] = label
            entries.append((label, team))
        return tuple(per_seat), tuple(entries), len(teams)
    if len(agents) == players:
        per_seat = [agents[(s - index) % players] for s in range(players)]
        return tuple(per_seat), tuple((per_seat[s], (s,)) for s in range(players)), players
    if len(agents) == 2:
        hero = index % players
        per_seat = [agents[0] if s == hero else agents[1] for s in range(players)]
        return tuple(per_seat), tuple((per_seat[s], (s,)) for s in range(players)), players
    raise BadNotation(
        f"give {players} agents (one per seat) or two (a hero and the rest of the table)"
    )


def play_game(job: GameJob) -> GameReport:
    """Play one game to its end (or the ply guard); runs inside a worker process."""
    game = get_game(job.game)
    state: State[Any] = game.new(job.seed, job.players, **dict(job.options))
    agents: list[Agent[Any]] = [
        make_agent(job.game, level, seed)
        for level, seed in zip(job.seats, job.agent_seeds, strict=True)
    ]
    budgets = [
        Budget(seconds=job.movetime_ms / 1000)
        if job.movetime_ms
        else replace(budget_for(job.game, level), seconds=None)
        for level in job.seats
    ]
    watchers = [s for s, a in enumerate(agents) if type(a).observe is not Agent.observe]
    plies = 0
    result: Result | None = state.result()
    while result is None and plies < job.max_plies:
        acting = sorted(state.to_act())
        # Simultaneous seats (a secret vote) all choose from the same state.
        chosen = [(s, agents[s].choose(Observation(state, s), budgets[s])) for s in acting]
        for seat, action in chosen:
            public = len(acting) == 1
            text = state.describe(action)
            state = state.apply(seat, action)
            plies += 1
            for w in watchers:
                agents[w].observe(seat, text if public or w == seat else "", state.view(w))
        result = state.result()
    capped = result is None
    if result is None:
        result = Result(tuple(Outcome.DRAW for _ in range(job.players)), PLY_LIMIT_REASON)
    if job.save_dir:
        _save(job, state)
    outcomes = tuple(o.value for o in result.outcomes)
    stats = tuple(
        (job.seats[s], name, value)
        for s, agent in enumerate(agents)
        for name, value in sorted(agent.report().items())
    )
    return GameReport(
        index=job.index,
        seed=job.seed,
        seats=job.seats,
        outcomes=outcomes,
        reason=result.reason,
        plies=plies,
        capped=capped,
        entries=tuple((label, outcomes[seats[0]]) for label, seats in job.entries),
        stats=stats,
    )


def _save(job: GameJob, state: State[Any]) -> None:
    folder = Path(job.save_dir or ".")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{job.game}-{job.index + 1:04d}.txt").write_text(state.to_record() + "\n")


def run_match(
    spec: MatchSpec, jobs: int = 1, on_game: Callable[[GameReport], None] | None = None
) -> MatchResult:
    """Play every game of `spec` on `jobs` processes; the result does not depend on `jobs`."""
    planned = plan(spec)
    reports: list[GameReport] = []
    if jobs <= 1:
        for job in planned:
            reports.append(play_game(job))
            if on_game:
                on_game(reports[-1])
    else:
        # Spawned workers share nothing with this process (no inherited threads or locks).
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = [pool.submit(play_game, job) for job in planned]
            for future in as_completed(futures):
                reports.append(future.result())
                if on_game:
                    on_game(reports[-1])
    reports.sort(key=lambda r: r.index)
    if spec.save_dir:
        _save_index(spec, reports)
    players = planned[0].players
    return MatchResult(spec, players, reports, tally(reports))


def tally(reports: Sequence[GameReport]) -> dict[str, AgentTally]:
    tallies: dict[str, AgentTally] = {}
    for report in reports:
        for label, outcome in report.entries:
            t = tallies.setdefault(label, AgentTally())
            t.games += 1
            value = Outcome(outcome)
            t.wins += value is Outcome.WIN
            t.draws += value is Outcome.DRAW
            t.losses += value is Outcome.LOSS
            t.scores.append(value.score)
        for label, name, number in report.stats:
            t = tallies.setdefault(label, AgentTally())
            t.stats[name] = t.stats.get(name, 0.0) + number
    return tallies


def _save_index(spec: MatchSpec, reports: Sequence[GameReport]) -> None:
    index = [
        {
            "file": f"{spec.game}-{r.index + 1:04d}.txt",
            "seed": r.seed,
            "seats": list(r.seats),
            "outcomes": list(r.outcomes),
            "reason": r.reason,
            "plies": r.plies,
        }
        for r in reports
    ]
    path = Path(spec.save_dir or ".") / "index.json"
    path.write_text(json.dumps(index, indent=1) + "\n")
