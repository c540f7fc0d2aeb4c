"""The alpha-beta search loop: negamax, quiescence, move ordering, the table and repetitions.

`alphabeta.Searcher` drives it (iterative deepening, reports); this module is the part that
runs at every node. Compiled (`core.pxd`), every call it makes into the game goes straight
to the domain's C methods (`native.NativeDomain`), move lists live in one typed buffer that
grows with the line, and killers, history and the repetition filter are typed arrays.
Interpreted, the same code runs on lists.

What it does at a node (see alphabeta.py for the whole method):
- negamax with principal variation search; late quiet moves one ply shallower first;
  a move into check one ply deeper; the table's bound or exact score when deep enough;
- moves tried in order: hash move, captures by MVV-LVA, two killers, history; the order is
  a stable sort by those keys, taken one move at a time (a cut-off leaves the rest unsorted);
- quiescence over noisy moves (every move when standing pat is unsafe), delta pruning;
- a position already on the line, or in the game since its last irreversible move, is a
  draw (a filter of key bits makes the common "not seen" answer a single lookup).
"""

from __future__ import annotations

import time
from typing import Any

try:
    import cython
except ImportError:  # the interpreted path runs without Cython installed
    globals()["cython"] = type("cython", (), {"compiled": False})

if not cython.compiled:  # names of C functions the compiled module calls (core.pxd)
    from regalia.native import c_only

    free = realloc = c_only

from regalia.ai.search import scores
from regalia.ai.search.limits import Stopped
from regalia.ai.search.native import NO_END, NativeDomain
from regalia.ai.search.ordering import (
    CAPTURE,
    COUNTER,
    HASH_MOVE,
    HISTORY_CAP,
    KILLER,
    KILLER_PLIES,
)
from regalia.ai.search.table import EXACT, LOWER, NO_MOVE, UPPER, Table

MATE = scores.MATE
MATE_BOUND = scores.MATE_BOUND
INF = scores.INFINITY
# Quiescence stops here even if captures remain: a safety net for capture-rich boards.
MAX_QUIESCENCE = 12
# Delta pruning keeps a capture unless even this much beyond its material gain falls short.
DELTA_MARGIN = 200
# Look at the clock, the node limit and the stop flag every this many nodes.
CHECK_EVERY = 32
HISTORY_SIZE = 1 << 16  # history is kept per `move & 0xFFFF`
FILTER_SIZE = 1 << 14  # repetition filter slots, per `key & (FILTER_SIZE - 1)`
# Aspiration: from depth ASPIRATION_DEPTH on, the root first searches within this much of the
# previous iteration's score, and again with the open window if the score falls outside.
ASPIRATION_DEPTH = 4
ASPIRATION_WINDOW = 40
NO_GUESS = scores.NO_GUESS
# Futility: at FUTILITY_DEPTH plies or fewer left, a quiet move that gives no check is not
# searched when the static evaluation plus the margin of its depth stays at or below alpha.
FUTILITY_DEPTH = 2
FUTILITY_MARGIN = 150  # per ply left


class Core:
    """Per searcher: ordering memory, buffers and the clock of the search under way."""

    def __init__(
        self,
        domain: NativeDomain,
        table: Table,
        use_table: bool,
        reductions: bool,
        check_extension: bool,
        quiescence: bool,
    ) -> None:
        self.domain = domain
        self.table = table
        self.use_table = use_table
        self.reductions = reductions
        self.check_extension = check_extension
        self.quiescence = quiescence
        self._max_moves = domain.max_moves()
        self._cap = 0
        self._top = 0
        self._path_cap = 0
        self._path_len = 0
        if not cython.compiled:
            self._moves: list[int] = []
            self._orders: list[int] = []
            self._path: list[int] = []
            self._killers = [NO_MOVE] * (2 * KILLER_PLIES)
            self._played = [NO_MOVE] * KILLER_PLIES
            self._counter = [NO_MOVE] * HISTORY_SIZE
            self._history = [0] * HISTORY_SIZE
            self._filter = [0] * FILTER_SIZE
        else:
            for i in range(2 * KILLER_PLIES):
                self._killers[i] = NO_MOVE
            for i in range(KILLER_PLIES):
                self._played[i] = NO_MOVE
            for i in range(HISTORY_SIZE):
                self._counter[i] = NO_MOVE
        self._reserve(8 * self._max_moves)
        self._reserve_path(256)
        self.nodes = 0
        self.seldepth = 0
        self._next_check = CHECK_EVERY
        self._node_limit = -1
        self._deadline = 0.0
        self._has_deadline = False
        self._stop: Any = None
        self.partial: tuple[int, int] | None = None
        # Called with (move, its number) as each root move is searched (UCI `currmove`).
        self.on_root_move: Any = None

    def __dealloc__(self) -> None:
        if cython.compiled:
            free(self._moves)
            free(self._orders)
            free(self._path)

    def _reserve(self, need: int) -> int:
        """Room in the move buffer for `need` moves (the deeper the line, the more)."""
        if need <= self._cap:
            return 0
        cap = max(need, 2 * self._cap)
        if cython.compiled:
            moves = cython.cast(cython.p_int, realloc(self._moves, cap * cython.sizeof(cython.int)))
            if not moves:
                raise MemoryError()
            self._moves = moves
            orders = cython.cast(
                cython.p_longlong, realloc(self._orders, cap * cython.sizeof(cython.longlong))
            )
            if not orders:
                raise MemoryError()
            self._orders = orders
        else:
            self._moves.extend([0] * (cap - self._cap))
            self._orders.extend([0] * (cap - self._cap))
        self._cap = cap
        return 0

    def _reserve_path(self, need: int) -> int:
        if need <= self._path_cap:
            return 0
        cap = max(need, 2 * self._path_cap)
        if cython.compiled:
            path = cython.cast(
                cython.p_ulonglong, realloc(self._path, cap * cython.sizeof(cython.ulonglong))
            )
            if not path:
                raise MemoryError()
            self._path = path
        else:
            self._path.extend([0] * (cap - self._path_cap))
        self._path_cap = cap
        return 0

    # -- between searches -------------------------------------------------------------------

    def new_game(self) -> None:
        """Forget killers and history (the table is the searcher's to clear)."""
        for i in range(2 * KILLER_PLIES):
            self._killers[i] = NO_MOVE
        for i in range(HISTORY_SIZE):
            self._history[i] = 0
            self._counter[i] = NO_MOVE

    def begin(
        self,
        nodes: int | None,
        seconds: float | None,
        stop: Any,
        history: list[int],
    ) -> None:
        """Set the limits of a new search, age the ordering memory and load the game's
        earlier positions (their keys) for repetitions."""
        self.nodes = 0
        self.seldepth = 0
        self._node_limit = -1 if nodes is None else nodes
        self._next_check = self._checkpoint()
        self._has_deadline = seconds is not None
        self._deadline = time.perf_counter() + seconds if seconds is not None else 0.0
        self._stop = stop
        self.partial = None
        # Between searches: forget killers, keep a faded history.
        for i in range(2 * KILLER_PLIES):
            self._killers[i] = NO_MOVE
        for i in range(HISTORY_SIZE):
            self._history[i] = self._history[i] // 8
        for i in range(FILTER_SIZE):
            self._filter[i] = 0
        self._path_len = 0
        self._top = 0
        for key in history:
            self._enter(key & 0xFFFF_FFFF_FFFF_FFFF)

    def _checkpoint(self) -> int:
        """The node count of the next look at the limits: CHECK_EVERY nodes on, or the node
        limit if that comes first (so a search stops at exactly its node limit)."""
        at = self.nodes + CHECK_EVERY
        if 0 <= self._node_limit < at:
            at = self._node_limit
        return at

    def _check(self) -> int:
        """A look at the limits (see `_checkpoint`); Stopped when one is reached."""
        self._next_check = self._checkpoint()
        if self._node_limit >= 0 and self.nodes >= self._node_limit:
            raise Stopped
        if self._has_deadline and time.perf_counter() >= self._deadline:
            raise Stopped
        if self._stop is not None and self._stop.is_set():
            raise Stopped
        return 0

    # -- repetitions ------------------------------------------------------------------------

    def _enter(self, key: int) -> int:
        if self._path_len >= self._path_cap:
            self._reserve_path(self._path_len + 1)
        self._path[self._path_len] = key
        self._path_len += 1
        self._filter[key & (FILTER_SIZE - 1)] += 1
        return 0

    def _leave(self) -> None:
        self._path_len -= 1
        self._filter[self._path[self._path_len] & (FILTER_SIZE - 1)] -= 1

    def _repeated(self, key: int) -> bool:
        if not self._filter[key & (FILTER_SIZE - 1)]:
            return False
        for i in range(self._path_len):  # noqa: SIM110 - a C loop when compiled, not any()
            if self._path[i] == key:
                return True
        return False

    # -- ordering ---------------------------------------------------------------------------

    def _pick(self, k: int, end: int) -> None:
        """Bring the best remaining move (the first of equals) to index k, keeping the
        others in their order: a stable sort, done one move at a time."""
        best = k
        top = self._orders[k]
        for i in range(k + 1, end):
            if self._orders[i] > top:
                top = self._orders[i]
                best = i
        if best != k:
            move = self._moves[best]
            for i in range(best, k, -1):
                self._moves[i] = self._moves[i - 1]
                self._orders[i] = self._orders[i - 1]
            self._moves[k] = move
            self._orders[k] = top

    def _reward(self, move: int, ply: int, depth: int, start: int, k: int) -> None:
        """A quiet `move` (at index k of the node's moves from `start`) caused a beta cut-off
        at `ply` with `depth` plies left: it becomes a killer and the countermove of the move
        before it, gains history, and the quiet moves tried before it lose some."""
        slot = 2 * min(ply, KILLER_PLIES - 1)
        if self._killers[slot] != move:
            self._killers[slot + 1] = self._killers[slot]
            self._killers[slot] = move
        before = self._played[min(ply - 1, KILLER_PLIES - 1)]
        if before != NO_MOVE:
            self._counter[before & (HISTORY_SIZE - 1)] = move
        for i in range(start, k):
            if self._orders[i] < CAPTURE:
                index = self._moves[i] & (HISTORY_SIZE - 1)
                value = self._history[index] - depth * depth
                self._history[index] = value if value > 0 else 0
        index = move & (HISTORY_SIZE - 1)
        value = self._history[index] + depth * depth
        self._history[index] = value
        if value >= HISTORY_CAP:
            # Age everything so the table keeps favouring recent cut-offs.
            for i in range(HISTORY_SIZE):
                self._history[i] = self._history[i] // 2

    # -- the root ---------------------------------------------------------------------------

    def root_moves(self, pos: Any) -> list[int]:
        """The legal moves of the root."""
        self._reserve(self._max_moves)
        end = self.domain.c_moves(pos, self._moves, 0)
        return [self._moves[i] for i in range(end)]

    def root(
        self, pos: Any, moves: list[int], depth: int, previous: int, guess: int = NO_GUESS
    ) -> tuple[int, int]:
        """One iteration at the root: (score, best move). `moves` is reordered in place:
        captures first on the first iteration, then the previous best move first. With a
        `guess` (the previous iteration's score) the first try is an aspiration window."""
        domain = self.domain
        key = domain.c_key(pos)
        if previous < 0:
            # First iteration: captures first, then the table's move from earlier searches.
            order = [domain.c_capture_score(pos, move) for move in moves]
            ranked = sorted(range(len(moves)), key=order.__getitem__, reverse=True)
            moves[:] = [moves[i] for i in ranked]
            if self.use_table:
                slot = self.table.probe(key)
                if slot >= 0:
                    previous = self.table.move_at(slot)
        if previous >= 0 and previous in moves:
            moves.remove(previous)
            moves.insert(0, previous)
        self.partial = None
        self._enter(key)
        low = -INF
        high = INF
        if guess != NO_GUESS and depth >= ASPIRATION_DEPTH and -MATE_BOUND < guess < MATE_BOUND:
            low = guess - ASPIRATION_WINDOW
            high = guess + ASPIRATION_WINDOW
        alpha = low
        best_move = moves[0]
        try:
            while True:
                alpha = low
                beta = high
                best_move = moves[0]
                for index in range(len(moves)):
                    move = moves[index]
                    if self.on_root_move is not None:
                        self.on_root_move(move, index + 1)
                    self._played[0] = move
                    domain.c_push(pos, move)
                    try:
                        if index == 0:
                            score = -self._negamax(pos, depth - 1, -beta, -alpha, 1)
                        else:
                            score = -self._negamax(pos, depth - 1, -alpha - 1, -alpha, 1)
                            if alpha < score < beta:
                                score = -self._negamax(pos, depth - 1, -beta, -alpha, 1)
                    finally:
                        domain.c_pop(pos)
                    if score > alpha:
                        alpha = score
                        best_move = move
                        self.partial = (score, move)
                        if score >= beta:
                            break
                if alpha <= low and low > -INF:
                    low = -INF  # failed low: every move again, with the open window
                elif alpha >= high and high < INF:
                    high = INF  # failed high: the move that did it first, open window
                    moves.remove(best_move)
                    moves.insert(0, best_move)
                else:
                    break
        finally:
            self._leave()
        self.table.store(key, depth, EXACT, _to_table(alpha, 0), best_move)
        return alpha, best_move

    # -- interior nodes ---------------------------------------------------------------------

    def _negamax(self, pos: Any, depth: int, alpha: int, beta: int, ply: int) -> int:
        domain = self.domain
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()
        if ply > self.seldepth:
            self.seldepth = ply
        key = domain.c_key(pos)
        if self._repeated(key):
            return 0  # a repetition: either side could choose to repeat again
        end = domain.c_outcome(pos, ply)
        if end != NO_END:
            return end
        in_check = domain.c_in_check(pos)
        if in_check and self.check_extension and ply < 2 * depth + 8:
            depth += 1
        if depth <= 0:
            if not self.quiescence:
                return domain.c_evaluate(pos)
            return self._quiesce(pos, alpha, beta, ply, 0, in_check)

        hash_move = NO_MOVE
        if self.use_table:
            slot = self.table.probe(key)
            if slot >= 0:
                hash_move = self.table.move_at(slot)
                if self.table.depth_at(slot) >= depth:
                    score = _from_table(self.table.score_at(slot), ply)
                    flag = self.table.flag_at(slot)
                    if (
                        flag == EXACT
                        or (flag == LOWER and score >= beta)
                        or (flag == UPPER and score <= alpha)
                    ):
                        return score

        start = self._top
        if start + self._max_moves > self._cap:
            self._reserve(start + self._max_moves)
        end = domain.c_moves(pos, self._moves, start)
        if end == start:
            return -MATE + ply
        killer = 2 * min(ply, KILLER_PLIES - 1)
        first = self._killers[killer]
        second = self._killers[killer + 1]
        counter = NO_MOVE
        before = self._played[min(ply - 1, KILLER_PLIES - 1)]
        if before != NO_MOVE:
            counter = self._counter[before & (HISTORY_SIZE - 1)]
        for i in range(start, end):
            move = self._moves[i]
            if move == hash_move:
                order = HASH_MOVE
            else:
                value = domain.c_capture_score(pos, move)
                if value:
                    order = CAPTURE + value
                elif move == first:
                    order = KILLER
                elif move == second:
                    order = KILLER - 1
                elif move == counter:
                    order = COUNTER
                else:
                    order = self._history[move & (HISTORY_SIZE - 1)]
            self._orders[i] = order

        original_alpha = alpha
        best = -INF
        best_move = NO_MOVE
        reduce_ok = self.reductions and depth >= 3 and not in_check
        # Futility: far enough below alpha, a quiet move this near the horizon cannot help.
        futile = False
        if (
            self.reductions
            and depth <= FUTILITY_DEPTH
            and not in_check
            and -MATE_BOUND < alpha < MATE_BOUND
        ):
            futile = domain.c_evaluate(pos) + FUTILITY_MARGIN * depth <= alpha
        here = min(ply, KILLER_PLIES - 1)
        self._top = end
        self._enter(key)
        try:
            for k in range(start, end):
                self._pick(k, end)
                move = self._moves[k]
                order = self._orders[k]
                self._played[here] = move
                domain.c_push(pos, move)
                try:
                    if futile and k > start and order < COUNTER and not domain.c_in_check(pos):
                        continue
                    if k == start:
                        score = -self._negamax(pos, depth - 1, -beta, -alpha, ply + 1)
                    else:
                        # Late quiet moves are rarely best: look at them shallower first,
                        # the later and the deeper the more so.
                        r = 0
                        if reduce_ok and k - start >= 3 and order < COUNTER:
                            r = 1
                            if depth >= 5 and k - start >= 6:
                                r = 2
                            if depth >= 8 and k - start >= 12:
                                r = 3
                        score = -self._negamax(pos, depth - 1 - r, -alpha - 1, -alpha, ply + 1)
                        if score > alpha and (r or score < beta):
                            score = -self._negamax(pos, depth - 1, -beta, -alpha, ply + 1)
                finally:
                    domain.c_pop(pos)
                if score > best:
                    best = score
                    best_move = move
                    if score > alpha:
                        alpha = score
                        if score >= beta:
                            if order < CAPTURE:
                                self._reward(move, ply, depth, start, k)
                            break
        finally:
            self._leave()
            self._top = start

        if self.use_table:
            if best >= beta:
                flag = LOWER
            elif best > original_alpha:
                flag = EXACT
            else:
                flag = UPPER
            self.table.store(key, depth, flag, _to_table(best, ply), best_move)
        return best

    # -- quiescence -------------------------------------------------------------------------

    def _quiesce(self, pos: Any, alpha: int, beta: int, ply: int, qply: int, in_check: int) -> int:
        """`in_check` is 1 or 0 when the caller knows it, -1 when it does not."""
        domain = self.domain
        if qply:
            self.nodes += 1
            if self.nodes >= self._next_check:
                self._check()
            if ply > self.seldepth:
                self.seldepth = ply
            end = domain.c_outcome(pos, ply)
            if end != NO_END:
                return end
        if qply >= MAX_QUIESCENCE:
            # Also under attack: evasions that attack back could otherwise go on forever.
            return domain.c_evaluate(pos)
        if in_check < 0:
            in_check = domain.c_in_check(pos)
        start = self._top
        if start + self._max_moves > self._cap:
            self._reserve(start + self._max_moves)
        if in_check:
            # Standing pat is unsafe under attack: every evasion counts, and none means mate.
            end = domain.c_moves(pos, self._moves, start)
            if end == start:
                return -MATE + ply
            best = -INF
            hopeless = -INF
        else:
            best = domain.c_evaluate(pos)
            if best >= beta:
                return best
            if best > alpha:
                alpha = best
            end = domain.c_noisy(pos, self._moves, start)
            # Delta pruning: a capture whose whole gain cannot lift the score to alpha.
            hopeless = alpha - best - DELTA_MARGIN
        for i in range(start, end):
            self._orders[i] = domain.c_capture_score(pos, self._moves[i])
        self._top = end
        try:
            for k in range(start, end):
                self._pick(k, end)
                move = self._moves[k]
                if domain.c_gain(pos, move) < hopeless:
                    continue
                domain.c_push(pos, move)
                try:
                    score = -self._quiesce(pos, -beta, -alpha, ply + 1, qply + 1, -1)
                finally:
                    domain.c_pop(pos)
                if score > best:
                    best = score
                    if score > alpha:
                        alpha = score
                        if score >= beta:
                            break
        finally:
            self._top = start
        return best


def _to_table(score: int, ply: int) -> int:
    """Make a mate score relative to this node before storing it (independent of path)."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    """Inverse of `_to_table` at the node where the entry is used."""
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score
