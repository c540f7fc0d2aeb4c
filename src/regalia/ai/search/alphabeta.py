"""Negamax alpha-beta with iterative deepening, for any game that fits `Domain`.

Two-sided search is exact whenever sides (or teams) alternate every ply: scores are from the
view of whoever is to move, and a child's score is the negation of its parent's view.

Features: transposition table (keyed by the domain's incremental hash), principal variation
search, late-move reductions of quiet moves, check extensions, quiescence search on noisy
moves (check evasions in full), move ordering by hash move, MVV-LVA, killers and history,
mate scores by distance, repetition of any earlier position (in the game or on the current
line) scored as a draw, and time / depth / node limits or an external stop.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from regalia.ai.search import scores
from regalia.ai.search.domain import Domain
from regalia.ai.search.limits import Clock, Limits, Stopped
from regalia.ai.search.ordering import CAPTURE, HASH_MOVE, KILLER, Ordering
from regalia.ai.search.table import EXACT, LOWER, UPPER, Table

P = TypeVar("P")
M = TypeVar("M", bound=Hashable)

INF = scores.INFINITY
# Quiescence stops here even if captures remain: a safety net for capture-rich boards.
MAX_QUIESCENCE = 12
# Delta pruning keeps a capture unless even this much beyond its material gain falls short.
DELTA_MARGIN = 200


@dataclass
class Report(Generic[M]):
    """The outcome of a search, or of one completed iteration of it."""

    move: M | None
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: list[M] = field(default_factory=list)

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
        table_capacity: int = 100_000,
    ) -> None:
        self.domain = domain
        self.settings = settings or Settings()
        self.table: Table[M] = Table(table_capacity)
        self.ordering: Ordering[M] = Ordering()
        self.stop_event = threading.Event()
        self._clock = Clock(Limits(depth=1))
        self._seen: dict[int, int] = {}
        self._partial: tuple[int, M] | None = None

    def new_game(self) -> None:
        self.table.clear()
        self.ordering = Ordering()

    def stop(self) -> None:
        """Ask a running search (in another thread) to return as soon as it can."""
        self.stop_event.set()

    def search(
        self,
        pos: P,
        limits: Limits,
        history: Iterable[int] = (),
        on_iteration: Callable[[Report[M]], None] | None = None,
        stop: threading.Event | None = None,
    ) -> Report[M]:
        """Best move from `pos` within `limits`; `history` holds the keys of the positions
        played before this one (for repetitions). `pos` is left as it was given.

        The search ends early once `stop` is set; without one, `self.stop()` ends it (a
        caller's own event cannot be missed by a search that has not started yet)."""
        if stop is None:
            stop = self.stop_event
            stop.clear()
        clock = self._clock = Clock(limits, stop)
        self.ordering.age()
        self._seen = {}
        for key in history:
            self._seen[key] = self._seen.get(key, 0) + 1
        domain = self.domain
        root_moves = list(domain.moves(pos))
        if not root_moves:
            end = domain.outcome(pos, 0)
            score = scores.mated_in(0) if end is None else end
            return Report(None, score, 0, 0, clock.elapsed())
        best = Report(root_moves[0], 0, 0, 0, 0.0)
        for depth in range(1, clock.max_depth + 1):
            try:
                previous = best.move if best.depth else None
                score, move = self._root(pos, root_moves, depth, previous)
            except Stopped:
                # A move that beat the previous best at this depth is the better choice.
                partial = self._partial
                if partial is not None:
                    best = Report(partial[1], partial[0], best.depth, 0, 0.0, [partial[1]])
                elif best.depth == 0:
                    best.move = root_moves[0]  # ordered by now: captures first
                break
            best = Report(move, score, depth, clock.nodes, clock.elapsed())
            best.pv = self._principal_variation(pos, move, depth)
            if on_iteration is not None:
                on_iteration(best)
            if len(root_moves) == 1 and limits.depth is None and limits.nodes is None:
                break  # a forced move: thinking longer changes nothing
            if scores.is_mate(score) and scores.MATE - abs(score) <= depth:
                break  # the mate lies inside the searched horizon, so it is exact
            if not clock.may_deepen():
                break
        best.nodes = clock.nodes
        best.seconds = clock.elapsed()
        return best

    # -- root -------------------------------------------------------------------------------

    def _root(self, pos: P, root_moves: list[M], depth: int, previous: M | None) -> tuple[int, M]:
        domain = self.domain
        key = domain.key(pos)
        if previous is None:
            # First iteration: captures first, then the table's move from earlier searches.
            root_moves.sort(key=lambda m: domain.capture_score(pos, m), reverse=True)
            entry = self.table.get(key) if self.settings.use_table else None
            previous = None if entry is None else entry.move
        if previous is not None and previous in root_moves:
            root_moves.remove(previous)
            root_moves.insert(0, previous)
        self._partial = None
        self._seen[key] = self._seen.get(key, 0) + 1
        alpha, beta = -INF, INF
        best_move = root_moves[0]
        try:
            for index, move in enumerate(root_moves):
                domain.push(pos, move)
                try:
                    if index == 0:
                        score = -self._negamax(pos, depth - 1, -beta, -alpha, 1)
                    else:
                        score = -self._negamax(pos, depth - 1, -alpha - 1, -alpha, 1)
                        if score > alpha:
                            score = -self._negamax(pos, depth - 1, -beta, -alpha, 1)
                finally:
                    domain.pop(pos)
                if score > alpha:
                    alpha = score
                    best_move = move
                    self._partial = (score, move)
        finally:
            self._forget(key)
        self.table.put(key, depth, EXACT, scores.to_table(alpha, 0), best_move)
        return alpha, best_move

    # -- interior nodes ---------------------------------------------------------------------

    def _negamax(self, pos: P, depth: int, alpha: int, beta: int, ply: int) -> int:
        domain = self.domain
        self._clock.tick()
        key = domain.key(pos)
        if key in self._seen:
            return 0  # a repetition: either side could choose to repeat again
        end = domain.outcome(pos, ply)
        if end is not None:
            return end
        in_check = domain.in_check(pos)
        if in_check and self.settings.check_extension and ply < 2 * depth + 8:
            depth += 1
        if depth <= 0:
            if not self.settings.quiescence:
                return domain.evaluate(pos)
            return self._quiesce(pos, alpha, beta, ply, 0, in_check)

        hash_move: M | None = None
        use_table = self.settings.use_table
        if use_table:
            entry = self.table.get(key)
            if entry is not None:
                hash_move = entry.move
                if entry.depth >= depth:
                    score = scores.from_table(entry.score, ply)
                    flag = entry.flag
                    if (
                        flag == EXACT
                        or (flag == LOWER and score >= beta)
                        or (flag == UPPER and score <= alpha)
                    ):
                        return score

        moves = domain.moves(pos)
        if not moves:
            return scores.mated_in(ply)
        ordered = self._order(pos, moves, hash_move, ply)

        original_alpha = alpha
        best = -INF
        best_move: M | None = None
        reduce_ok = self.settings.reductions and depth >= 3 and not in_check
        self._seen[key] = 1
        try:
            for index, (order, move) in enumerate(ordered):
                domain.push(pos, move)
                try:
                    if index == 0:
                        score = -self._negamax(pos, depth - 1, -beta, -alpha, ply + 1)
                    else:
                        # Late quiet moves are rarely best: look at them shallower first.
                        r = 1 if reduce_ok and index >= 3 and order < KILLER - 1 else 0
                        score = -self._negamax(pos, depth - 1 - r, -alpha - 1, -alpha, ply + 1)
                        if score > alpha and (r or score < beta):
                            score = -self._negamax(pos, depth - 1, -beta, -alpha, ply + 1)
                finally:
                    domain.pop(pos)
                if score > best:
                    best = score
                    best_move = move
                    if score > alpha:
                        alpha = score
                        if score >= beta:
                            if order < CAPTURE:
                                self.ordering.reward(move, ply, depth)
                            break
        finally:
            del self._seen[key]

        if use_table:
            if best >= beta:
                flag = LOWER
            elif best > original_alpha:
                flag = EXACT
            else:
                flag = UPPER
            self.table.put(key, depth, flag, scores.to_table(best, ply), best_move)
        return best

    def _order(
        self, pos: P, moves: Sequence[M], hash_move: M | None, ply: int
    ) -> list[tuple[int, M]]:
        capture_score = self.domain.capture_score
        killers = self.ordering.killers[min(ply, len(self.ordering.killers) - 1)]
        first, second = killers
        history = self.ordering.history
        keyed = []
        for move in moves:
            if move == hash_move:
                order = HASH_MOVE
            else:
                value = capture_score(pos, move)
                if value:
                    order = CAPTURE + value
                elif move == first:
                    order = KILLER
                elif move == second:
                    order = KILLER - 1
                else:
                    order = history.get(move, 0)
            keyed.append((order, move))
        keyed.sort(key=_first, reverse=True)
        return keyed

    # -- quiescence -------------------------------------------------------------------------

    def _quiesce(
        self, pos: P, alpha: int, beta: int, ply: int, qply: int, in_check: bool | None = None
    ) -> int:
        domain = self.domain
        if qply:
            self._clock.tick()
            end = domain.outcome(pos, ply)
            if end is not None:
                return end
        if qply >= MAX_QUIESCENCE:
            # Also under attack: evasions that attack back could otherwise go on forever.
            return domain.evaluate(pos)
        if in_check if in_check is not None else domain.in_check(pos):
            # Standing pat is unsafe under attack: every evasion counts, and none means mate.
            moves = domain.moves(pos)
            if not moves:
                return scores.mated_in(ply)
            best = -INF
            hopeless = -INF
        else:
            best = domain.evaluate(pos)
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
            moves = domain.noisy_moves(pos)
            # Delta pruning: a capture whose whole gain cannot lift the score to alpha.
            hopeless = alpha - best - DELTA_MARGIN
        capture_score = domain.capture_score
        gain = domain.gain
        for move in sorted(moves, key=lambda m: capture_score(pos, m), reverse=True):
            if gain(pos, move) < hopeless:
                continue
            domain.push(pos, move)
            try:
                score = -self._quiesce(pos, -beta, -alpha, ply + 1, qply + 1)
            finally:
                domain.pop(pos)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best

    # -- principal variation ----------------------------------------------------------------

    def _principal_variation(self, pos: P, first: M, depth: int) -> list[M]:
        """The expected line: the root's best move, then hash moves while they are legal."""
        domain = self.domain
        line = [first]
        seen = {domain.key(pos)}
        domain.push(pos, first)
        pushed = 1
        try:
            while len(line) < depth:
                key = domain.key(pos)
                if key in seen:
                    break
                seen.add(key)
                entry = self.table.get(key)
                if entry is None or entry.move is None or entry.move not in domain.moves(pos):
                    break
                line.append(entry.move)
                domain.push(pos, entry.move)
                pushed += 1
        finally:
            for _ in range(pushed):
                domain.pop(pos)
        return line

    def _forget(self, key: int) -> None:
        count = self._seen.get(key, 0) - 1
        if count > 0:
            self._seen[key] = count
        else:
            self._seen.pop(key, None)


def _first(item: tuple[int, object]) -> int:
    return item[0]
