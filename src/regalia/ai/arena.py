"""Seeded matches between bot levels, played in parallel processes.

Seating (the same for every game, so a match is fair and replayable):

- Team games: one agent per team, teams rotate every game. With agents `A,B`,
  game 0 has A on Yellow+Red and B on Green+Blue, game 1 the reverse.
- Otherwise, with as many agents as seats: seats rotate every game (agent k sits on seat
  `(k + i) mod players` in game i), so each agent plays each seat equally often.
- Two agents at a larger table: the first is the "hero", sitting on seat `i mod players` in
  game i, and the second fills every other seat.

Games in one rotation share their deal (seed) and their opening, so seat luck cancels out.
Each game's seed and each agent's seed derive from the match seed.

Openings (`openings`: a suite file, see `regalia.ai.openings`): each rotation starts from
the next opening of the suite (from a place the match seed picks), played from every seat,
so two deterministic engines play a different game each rotation instead of one game over
and over.

Budgets, one of three:
- neither `movetime_ms` nor `nodes`: each level's own node bound, its clock dropped (a level
  whose budget is only a clock, such as `strong`, then stops at its own bound: alpha-beta at
  depth 4); no clock anywhere, so a match replays exactly;
- `nodes`: every searching level gets that many nodes (alpha-beta nodes, ISMCTS iterations),
  no clock: replays exactly;
- `movetime_ms`: every action gets that much wall-clock time. Not reproducible: how far a
  search gets depends on the machine's speed and load, so the same seed plays other games.

Statistics are kept per entry: a team counts once per game, any other seat counts once. The
intervals count each distinct game once (a game identical to an earlier one, same seats and
same record, adds nothing), and `distinct` says how many there were.

Where the games run does not change them: one process, `jobs` processes, or Ray tasks on
one machine or a cluster (`ray`, see `regalia.ai.ray_runner`) play the same games and give
the same reports, sorted by game.

`sprt` (two agents, two sides): after each rotation (a pair of games) a sequential test
(`regalia.ai.sprt`) over the distinct pairs so far; the match stops once it is decided, and
only the games up to that pair count, whatever `jobs` is.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from regalia.ai import openings as suites
from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.elo import EloEstimate, ScoreInterval, elo_estimate, score_interval
from regalia.ai.levels import budget_for, is_level, levels_for, make_agent
from regalia.ai.sprt import Sprt, Verdict
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
    nodes: int | None = None
    openings: str | None = None  # a suite file (None: every game from the start)
    sprt: Sprt | None = None

    @property
    def reproducible(self) -> bool:
        """Whether the same spec plays the same games (no wall-clock budget)."""
        return self.movetime_ms is None


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
    nodes: int | None = None
    opening: tuple[str, ...] = ()


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
    key: str = ""  # the same for two games with the same seats and the same record


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
    sprt: Verdict | None = None
    planned: int = 0  # games planned (more than played when the SPRT stopped the match)

    @property
    def capped(self) -> int:
        return sum(1 for r in self.reports if r.capped)

    @property
    def distinct(self) -> list[GameReport]:
        """The games that are not replays of an earlier one (same seats, same record)."""
        seen: set[str] = set()
        out = []
        for report in self.reports:
            if report.key not in seen:
                seen.add(report.key)
                out.append(report)
        return out

    def distinct_tallies(self) -> dict[str, AgentTally]:
        return tally(self.distinct)

    def interval(self, label: str) -> ScoreInterval:
        """The score's 95% interval over the distinct games (a replay adds no evidence)."""
        return score_interval(self.distinct_tallies().get(label, AgentTally()).scores)

    def elo(self, label: str) -> EloEstimate:
        """Elo against the rest of the table (pairwise for two sides, Luce for more), over
        the distinct games."""
        scores = self.distinct_tallies().get(label, AgentTally()).scores
        return elo_estimate(scores, self.sides)

    @property
    def sides(self) -> int:
        """How many sides compete in one game (teams count as one)."""
        return len(self.reports[0].entries) if self.reports else 2

    def to_json(self) -> dict[str, Any]:
        """Per agent its tally, `distinct` (its games that were no replay), and for the
        first agent of an SPRT match `sprt` (llr, lower, upper, pairs, decision)."""
        distinct = self.distinct_tallies()
        out: dict[str, Any] = {}
        for label, t in self.tallies.items():
            out[label] = {**t.to_json(), "distinct": distinct[label].games}
        if self.sprt is not None:
            v = self.sprt
            out[self.spec.agents[0].strip().lower()]["sprt"] = {
                "llr": round(v.llr, 4), "lower": round(v.lower, 4), "upper": round(v.upper, 4),
                "pairs": v.pairs, "decision": v.decision,
            }  # fmt: skip
        return out


def plan(spec: MatchSpec) -> list[GameJob]:
    """The seating, seeds and budgets of every game of the match."""
    game = get_game(spec.game)
    if spec.games < 1:
        raise BadNotation("--games must be at least 1")
    for value, name, unit in (
        (spec.movetime_ms, "--movetime", " ms"),
        (spec.nodes, "--nodes", ""),
        (spec.max_plies, "--max-plies", ""),
    ):
        if value is not None and value < 1:
            raise BadNotation(f"{name} must be at least 1{unit}, not {value}")  # fmt: skip
    if spec.movetime_ms is not None and spec.nodes is not None:
        raise BadNotation("give --movetime (a clock) or --nodes (reproducible), not both")
    agents = tuple(a.strip().lower() for a in spec.agents if a.strip())
    if not agents:
        raise BadNotation("give at least one agent level with --agents")
    known = levels_for(game)
    for level in agents:
        if not is_level(game, level):
            raise BadNotation(f"unknown bot level {level!r}; choose among {', '.join(known)}")
    players = _players(game, agents, spec.players)
    if spec.sprt is not None:
        _check_sprt(game, agents, players)
    max_plies = spec.max_plies or game.max_plies
    suite = suites.read(spec.openings) if spec.openings else []
    first = derive(spec.seed, "arena:openings") % len(suite) if suite else 0
    jobs = []
    for index in range(spec.games):
        seats, entries, period = _seating(game, agents, players, index)
        seed = derive(spec.seed, f"arena:deal:{index // period}") & 0x7FFF_FFFF_FFFF
        opening = suite[(first + index // period) % len(suite)] if suite else ()
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
                nodes=spec.nodes,
                opening=opening,
            )
        )
    if suite:  # each opening once, so a bad one is refused before any game is played
        for opening in dict.fromkeys(j.opening for j in jobs):
            suites.play(game.new(0, players, **dict(spec.options)), opening)
    return jobs


def _check_sprt(game: Game[Any], agents: tuple[str, ...], players: int) -> None:
    if len(game.teams(players)) != 2 or len(agents) != 2 or agents[0] == agents[1]:
        raise BadNotation("--sprt tests one agent against another: two different agents, two sides")


def budget_of(spec: MatchSpec, level: str) -> Budget:
    """The budget `level` plays each action with in this match (see the module)."""
    if spec.movetime_ms is not None:
        return Budget(seconds=spec.movetime_ms / 1000)
    if spec.nodes is not None:
        return Budget(seconds=None, nodes=spec.nodes)
    return replace(budget_for(spec.game, level), seconds=None)


def budget_text(spec: MatchSpec, level: str) -> str:
    """What `budget_of` gives `level`, in words."""
    own = budget_for(spec.game, level)
    if own.seconds is None and own.nodes is None:
        return "none (it stops on its own)"
    if spec.movetime_ms is not None:
        return f"{spec.movetime_ms} ms a move (wall clock)"
    if spec.nodes is not None:
        return f"{spec.nodes} nodes a move"
    if own.nodes is not None:
        return f"{own.nodes} nodes a move (its own)"
    if own.seconds is not None:
        return f"its own bound, no clock (its {own.seconds:g} s clock dropped)"
    return "none (it stops on its own)"


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
    spec = MatchSpec(job.game, (), 1, movetime_ms=job.movetime_ms, nodes=job.nodes)
    budgets = [budget_of(spec, level) for level in job.seats]
    watchers = [s for s, a in enumerate(agents) if type(a).observe is not Agent.observe]
    plies = 0
    for text in job.opening:
        (seat,) = state.to_act()
        state = state.apply(seat, state.parse(seat, text))
        plies += 1
        for w in watchers:
            agents[w].observe(seat, text, state.view(w))
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
    record = state.to_record()
    if job.save_dir:
        _save(job, record)
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
        key=hashlib.blake2b(f"{job.seats}\n{record}".encode(), digest_size=12).hexdigest(),
    )


def _save(job: GameJob, record: str) -> None:
    folder = Path(job.save_dir or ".")
    (folder / f"{job.game}-{job.index + 1:04d}.txt").write_text(record + "\n")


def check_save_dir(path: str) -> None:
    """Make the `--save` folder, or say why it cannot be written (BadNotation)."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise BadNotation(f"--save {path!r} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        probe = folder / ".regalia-arena-probe"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise BadNotation(f"--save {path!r} cannot be written: {exc.strerror}") from None


class _Sequential:
    """The SPRT's view of a match: whole pairs in game order, each distinct one once."""

    def __init__(self, spec: MatchSpec) -> None:
        assert spec.sprt is not None
        self.test = spec.sprt
        self.label = spec.agents[0].strip().lower()
        self.done: dict[int, GameReport] = {}
        self.next = 0  # the next pair to read
        self.seen: set[tuple[str, str]] = set()
        self.pairs: list[float] = []
        self.verdict = self.test.verdict([])

    def add(self, report: GameReport) -> int | None:
        """Take a finished game; the number of games to keep once decided, else None."""
        self.done[report.index] = report
        while 2 * self.next in self.done and 2 * self.next + 1 in self.done:
            pair = (self.done[2 * self.next], self.done[2 * self.next + 1])
            self.next += 1
            key = (pair[0].key, pair[1].key)
            if key in self.seen:
                continue
            self.seen.add(key)
            scores = [Outcome(o).score for r in pair for label, o in r.entries
                      if label == self.label]  # fmt: skip
            self.pairs.append(sum(scores) / len(scores))
            self.verdict = self.test.verdict(self.pairs)
            if self.verdict.decision:
                return 2 * self.next
        return None


def run_match(
    spec: MatchSpec,
    jobs: int = 1,
    on_game: Callable[[GameReport], None] | None = None,
    ray: str | None = None,
) -> MatchResult:
    """Play every game of `spec` on `jobs` processes, or as Ray tasks on the Ray instance
    `ray` names (`regalia.ai.ray_runner`: "local", "auto" or HOST:PORT), until the SPRT
    decides if asked; the result depends on neither."""
    if jobs < 0:
        raise BadNotation(f"--jobs is 0 (one per CPU) or more, not {jobs}")
    planned = plan(spec)
    if spec.save_dir:
        check_save_dir(spec.save_dir)
    sequential = _Sequential(spec) if spec.sprt is not None else None
    reports: list[GameReport] = []
    keep: int | None = None

    def took(report: GameReport) -> bool:
        """Count a finished game; True once the SPRT has decided."""
        nonlocal keep
        reports.append(report)
        if on_game:
            on_game(report)
        if sequential is not None and keep is None:
            keep = sequential.add(report)
        return keep is not None

    if ray is not None:
        from regalia.ai.ray_runner import ray_map

        for _ in ray_map(play_game, planned, ray, stop=took):
            pass
    elif jobs <= 1:
        for job in planned:
            if took(play_game(job)):
                break
    else:
        # Spawned workers share nothing with this process (no inherited threads or locks).
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = [pool.submit(play_game, job) for job in planned]
            for future in as_completed(futures):
                if took(future.result()):
                    for other in futures:
                        other.cancel()
                    break
    reports = sorted((r for r in reports if keep is None or r.index < keep),
                     key=lambda r: r.index)  # fmt: skip
    if spec.save_dir:
        folder = Path(spec.save_dir)
        for index in range(keep or len(planned), len(planned)):  # past the SPRT's decision
            (folder / f"{planned[0].game}-{index + 1:04d}.txt").unlink(missing_ok=True)
        _save_index(spec, reports)
    players = planned[0].players
    verdict = sequential.verdict if sequential is not None else None
    return MatchResult(spec, players, reports, tally(reports), verdict, len(planned))


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
