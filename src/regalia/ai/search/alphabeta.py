"""Negamax alpha-beta with iterative deepening, for any game that fits `Domain`.

Two-sided search is exact whenever sides (or teams) alternate every ply: scores are from the
view of whoever is to move, and a child's score is the negation of its parent's view.

Features: transposition table (keyed by the domain's incremental hash), principal variation
search with aspiration windows at the root, late-move reductions of quiet moves (deeper for
later moves), futility pruning of quiet moves near the horizon, check extensions,
quiescence search on noisy moves (check evasions in full), move ordering by hash move,
MVV-LVA, killers, countermoves and history (less for quiet moves tried before a cut-off),
mate scores by distance, repetition of any earlier position (in the game or on the current
line) scored as a draw, and time / depth / node limits or an external stop.

This module drives the iterations and makes the reports; the work at every node is done by
`core.Core`, compiled when the engines are (see `regalia.native`). A domain that subclasses
`native.NativeDomain` (the chess games') is called there directly; any other `Domain` goes
through `native.ProtocolDomain`, which numbers its moves.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from regalia.ai.search import scores
from regalia.ai.search.core import Core
from regalia.ai.search.domain import Domain
from regalia.ai.search.limits import MAX_DEPTH, Limits, Stopped, StopSignal, mate_depth
from regalia.ai.search.native import NativeDomain, ProtocolDomain
from regalia.ai.search.table import EXACT, Table

P = TypeVar("P")
M = TypeVar("M", bound=Hashable)

# Table slots per searcher (a power of two; 18 bytes each).
TABLE_CAPACITY = 1 << 18


@dataclass
class Report(Generic[M]):
    """The outcome of a search, or of one completed iteration of it."""

    move: M | None
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: list[M] = field(default_factory=list)
    line: int = 1  # with several lines (multipv), this one's rank, best first
    seldepth: int = 0  # the deepest ply the iteration reached (quiescence included)

    @property
    def nps(self) -> int:
        return int(self.nodes / self.seconds) if self.seconds > 0 else 0


@dataclass(frozen=True)
class Settings:
    """Switches for the search features (tests turn some off to compare)."""

    use_table: bool = True
    reductions: bool = True
    check_extension: bool = True
    quiescence: bool = True


class Searcher(Generic[P, M]):
    """Keeps its table and ordering memory between searches of the same game."""

    def __init__(
        self,
        domain: Domain[P, M],
        settings: Settings | None = None,
        table_capacity: int = TABLE_CAPACITY,
    ) -> None:
        self.domain = domain
        self.settings = settings or Settings()
        self.table = Table(table_capacity)
        self._native: Any = domain if isinstance(domain, NativeDomain) else ProtocolDomain(domain)
        s = self.settings
        self._core = Core(
            self._native, self.table, s.use_table, s.reductions, s.check_extension, s.quiescence
        )
        self.stop_event = threading.Event()

    def new_game(self) -> None:
        self.table.clear()
        self._core.new_game()

    def stop(self) -> None:
        """Ask a running search (in another thread) to return as soon as it can."""
        self.stop_event.set()

    def search(
        self,
        pos: P,
        limits: Limits,
        history: Iterable[int] = (),
        on_iteration: Callable[[Report[M]], None] | None = None,
        stop: StopSignal | None = None,
        multipv: int = 1,
        on_root_move: Callable[[M, int, int], None] | None = None,
    ) -> Report[M]:
        """Best move from `pos` within `limits`; `history` holds the keys of the positions
        played before this one (for repetitions). `pos` is left as it was given.

        The search ends early once `stop` is set; without one, `self.stop()` ends it (a
        caller's own event cannot be missed by a search that has not started yet).
        With `multipv` > 1 each iteration also ranks the next best root moves (each searched
        without the ones above it) and reports every line; `on_root_move(move, number,
        depth)` hears of each root move as its search begins."""
        if stop is None:
            stop = self.stop_event
            self.stop_event.clear()
        started = time.perf_counter()
        core = self._core
        core.begin(limits.nodes, limits.seconds, stop, list(history))
        move_of = self._native.move_of
        root_moves: list[int] = core.root_moves(pos)
        if not root_moves:
            end = self.domain.outcome(pos, 0)
            score = scores.mated_in(0) if end is None else end
            return Report(None, score, 0, 0, time.perf_counter() - started)
        if limits.moves is not None:
            wanted = {self._native.int_of(move) for move in limits.moves}
            root_moves = [move for move in root_moves if move in wanted] or root_moves
        max_depth = min(limits.depth or MAX_DEPTH, MAX_DEPTH)
        if limits.mate is not None:
            max_depth = min(max_depth, mate_depth(limits.mate))
        depth_now = [0]
        if on_root_move is not None:
            core.on_root_move = lambda move, number: on_root_move(
                move_of(move), number, depth_now[0]
            )
        best: Report[M] = Report(move_of(root_moves[0]), 0, 0, 0, 0.0)
        lines: list[Report[M]] = []
        try:
            for depth in range(1, max_depth + 1):
                depth_now[0] = depth
                core.seldepth = 0
                try:
                    previous = self._native.int_of(best.move) if best.depth else -1
                    guess = best.score if best.depth else scores.NO_GUESS
                    score, move = core.root(pos, root_moves, depth, previous, guess)
                except Stopped:
                    # A move that beat the previous best at this depth is the better choice.
                    partial = core.partial
                    if partial is not None:
                        pv = self._principal_variation(pos, partial[1], max(best.depth, 2))
                        best = Report(pv[0], partial[0], best.depth, 0, 0.0, pv)
                    elif best.depth == 0:
                        best.move = move_of(root_moves[0])  # ordered by now: captures first
                    break
                best = self._report(pos, move, score, depth, started)
                lines, stopped = self._more_lines(pos, root_moves, best, lines, multipv, started)
                best = lines[0]
                score = best.score
                if on_iteration is not None:
                    for line in lines:
                        on_iteration(line)
                if stopped:
                    break
                if len(root_moves) == 1 and limits.depth is None and limits.nodes is None:
                    break  # a forced move: thinking longer changes nothing
                if scores.is_mate(score) and scores.MATE - abs(score) <= depth:
                    break  # the mate lies inside the searched horizon, so it is exact
                if limits.mate is not None and 0 < scores.mate_moves(score) <= limits.mate:
                    break  # the mate asked for is found
                if not self._may_deepen(limits, stop, started):
                    break
        finally:
            core.on_root_move = None
        best.nodes = core.nodes
        best.seconds = time.perf_counter() - started
        return best

    def _report(self, pos: P, move: int, score: int, depth: int, started: float) -> Report[M]:
        core = self._core
        elapsed = time.perf_counter() - started
        report = Report(self._native.move_of(move), score, depth, core.nodes, elapsed)
        report.pv = self._principal_variation(pos, move, depth)
        report.seldepth = max(core.seldepth, depth)
        return report

    def _more_lines(
        self,
        pos: P,
        root_moves: list[int],
        best: Report[M],
        before: list[Report[M]],
        multipv: int,
        started: float,
    ) -> tuple[list[Report[M]], bool]:
        """The iteration's lines (multipv): after its best one, each the best root move not
        ranked above it, then all ranked by score (a line's own full-window search may score
        a move higher than the null window that passed it over); and whether a limit stopped
        them (the lines finished are kept)."""
        lines = [best]
        if multipv <= 1:
            return lines, False
        int_of = self._native.int_of
        taken = {int_of(best.move)}
        earlier = {line.line: int_of(line.move) for line in before}
        stopped = False
        try:
            while len(lines) < multipv:
                rest = [move for move in root_moves if move not in taken]
                if not rest:
                    break
                previous = earlier.get(len(lines) + 1, -1)
                score, move = self._core.root(pos, rest, best.depth, previous)
                taken.add(move)
                report = self._report(pos, move, score, best.depth, started)
                report.line = len(lines) + 1
                lines.append(report)
        except Stopped:
            stopped = True
        lines.sort(key=lambda line: -line.score)
        for rank, line in enumerate(lines, start=1):
            line.line = rank
        # The root's table entry is the best line's (each line stored its own).
        top = lines[0]
        self.table.put(self.domain.key(pos), top.depth, EXACT, top.score, int_of(top.move))
        return lines, stopped

    def _may_deepen(self, limits: Limits, stop: StopSignal, started: float) -> bool:
        """Start another iteration only if it has a fair chance to finish: each iteration
        costs several times the previous ones, so past half the time it rarely does."""
        if stop.is_set():
            return False
        if limits.nodes is not None and self._core.nodes >= limits.nodes:
            return False
        if limits.seconds is not None:
            return time.perf_counter() - started < limits.seconds * 0.5
        return True

    def _principal_variation(self, pos: P, first: int, depth: int) -> list[M]:
        """The expected line: the root's best move, then hash moves while they are legal."""
        domain = self.domain
        move_of = self._native.move_of
        line = [move_of(first)]
        seen = {domain.key(pos)}
        domain.push(pos, line[0])
        pushed = 1
        try:
            while len(line) < depth:
                key = domain.key(pos)
                if key in seen:
                    break
                seen.add(key)
                entry = self.table.get(key)
                if entry is None or entry.move is None:
                    break
                move = move_of(entry.move)
                if move not in domain.moves(pos):
                    break
                line.append(move)
                domain.push(pos, move)
                pushed += 1
        finally:
            for _ in range(pushed):
                domain.pop(pos)
        return line
