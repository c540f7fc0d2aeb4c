"""Regicida's public situation as a seat sees it, and what each action is worth to each House.

Everything here is rebuilt from a seat's view (H2): the placed tokens, the pile tops, and the
history of actions. Pile tops of the past are not in the view, but they follow from it: a
pile's top stays put until someone takes it (a split keeps the source pile's top), so the top
of pile p at any moment is the next token later taken from p, or p's top now.

Scores are *expected* Objective scores. While Expansion grows the grid its final 6×6 frame is
not known yet, so the inner 4×4 and the border ring are read as the chance that a cell ends up
there, with every frame that still fits the placed tokens equally likely.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from regalia.games.regicida.board import CANVAS, CENTRE, GRID, parse_cell

Cell = tuple[int, int]
HOUSES = (1, 2, 3, 4, 5, 6)
TOKENS = 36
PILE_SIZE = 12
# Light tokens only break ties (H7): worth a tenth of a point, so never more than a point.
LIGHT_WEIGHT = 0.1


def _neighbours(cell: Cell, size: int) -> Iterator[Cell]:
    row, col = cell
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < size and 0 <= c < size:
            yield r, c


def _components(cells: Sequence[Cell]) -> list[int]:
    """Sizes of the orthogonally joined groups among `cells`."""
    left = set(cells)
    sizes = []
    while left:
        stack = [left.pop()]
        size = 0
        while stack:
            r, c = stack.pop()
            size += 1
            for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nxt in left:
                    left.remove(nxt)
                    stack.append(nxt)
        sizes.append(size)
    return sizes


@dataclass
class Table:
    """The placed tokens: the 11×11 canvas during Expansion, the 6×6 grid afterwards."""

    size: int = CANVAS
    house: dict[Cell, int] = field(default_factory=dict)
    dark: set[Cell] = field(default_factory=set)

    def copy(self) -> Table:
        return Table(self.size, dict(self.house), set(self.dark))

    def cells_of(self, house: int) -> list[Cell]:
        return [cell for cell, h in self.house.items() if h == house]

    def bounds(self) -> tuple[int, int, int, int] | None:
        if not self.house:
            return None
        rows = [r for r, _ in self.house]
        cols = [c for _, c in self.house]
        return min(rows), min(cols), max(rows), max(cols)

    def placement_cells(self) -> list[Cell]:
        """H3: empty cells next to a token that keep every token inside 6×6."""
        box = self.bounds()
        if box is None:
            return [CENTRE]
        top, left, bottom, right = box
        out = set()
        for cell in self.house:
            for r, c in _neighbours(cell, self.size):
                if (r, c) in self.house:
                    continue
                if max(bottom, r) - min(top, r) < GRID and max(right, c) - min(left, c) < GRID:
                    out.add((r, c))
        return sorted(out)

    def swap_pairs(self) -> list[tuple[Cell, Cell]]:
        """H5: adjacent pairs of light tokens, each pair once (reading order)."""
        pairs = []
        for cell in sorted(self.house):
            if cell in self.dark:
                continue
            for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
                if other in self.house and other not in self.dark:
                    pairs.append((cell, other))
        return pairs

    def place(self, cell: Cell, house: int) -> None:
        self.house[cell] = house
        if len(self.house) == TOKENS:
            self._crop()

    def swap(self, a: Cell, b: Cell, flip: Cell) -> None:
        self.house[a], self.house[b] = self.house[b], self.house[a]
        self.dark.add(flip)

    def _crop(self) -> None:
        top, left, _, _ = self.bounds() or (0, 0, 0, 0)
        self.house = {(r - top, c - left): h for (r, c), h in self.house.items()}
        self.dark = {(r - top, c - left) for r, c in self.dark}
        self.size = GRID


class Scorer:
    """Expected Objective scores per House, plus light-only scores as a small tie-break."""

    def __init__(self, objective: str) -> None:
        self.objective = objective
        self.area = objective in ("central", "borders")

    def inner_odds(self, table: Table, extra: Cell | None = None) -> dict[Cell, float]:
        """Chance that each placed cell (and `extra`) ends in the inner 4×4."""
        cells = list(table.house)
        if extra is not None:
            cells.append(extra)
        if table.size == GRID:
            return {c: 1.0 if 1 <= c[0] <= 4 and 1 <= c[1] <= 4 else 0.0 for c in cells}
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        row_odds = _axis_odds(min(rows), max(rows), table.size)
        col_odds = _axis_odds(min(cols), max(cols), table.size)
        return {cell: row_odds[cell[0]] * col_odds[cell[1]] for cell in cells}

    def house_value(
        self, cells: Sequence[Cell], dark: set[Cell], odds: dict[Cell, float] | None
    ) -> float:
        """Score + LIGHT_WEIGHT × light-only score of one House's tokens."""
        light = [c for c in cells if c not in dark]
        return self._score(cells, odds) + LIGHT_WEIGHT * self._score(light, odds)

    def _score(self, cells: Sequence[Cell], odds: dict[Cell, float] | None) -> float:
        if not cells:
            return 0.0
        if self.objective == "united":
            return float(max(_components(cells)))
        if self.objective == "divide":
            return float(len(_components(cells)))
        assert odds is not None
        inner = sum(odds[c] for c in cells)
        return inner if self.objective == "central" else len(cells) - inner

    def values(self, table: Table) -> list[float]:
        """Value of each House 1..6 (index h - 1)."""
        odds = self.inner_odds(table) if self.area and table.house else None
        by_house: dict[int, list[Cell]] = {h: [] for h in HOUSES}
        for cell, h in table.house.items():
            by_house[h].append(cell)
        return [self.house_value(by_house[h], table.dark, odds) for h in HOUSES]


def _axis_odds(low: int, high: int, size: int) -> dict[int, float]:
    """Per line index on one axis: the share of fitting frames that put it in the inner four."""
    starts = range(max(0, high - GRID + 1), min(low, size - GRID) + 1)
    count = len(starts)
    return {
        x: sum(1 for s in starts if s + 1 <= x <= s + GRID - 2) / count
        for x in range(low, high + 1)
    }


@dataclass(frozen=True)
class Option:
    """One thing the acting player could do, and every House's value after it."""

    key: tuple[Any, ...]  # ("place", house, cell) or ("swap", first, second, flip)
    values: tuple[float, ...]


def place_options(table: Table, scorer: Scorer, tops: Sequence[int]) -> list[Option]:
    """Every distinct placement: a House among the pile tops on a placement cell."""
    base = scorer.values(table)
    box = table.bounds()
    out = []
    houses = sorted(set(tops))
    by_house = {h: table.cells_of(h) for h in houses}
    for cell in table.placement_cells():
        inside = box is not None and box[0] <= cell[0] <= box[2] and box[1] <= cell[1] <= box[3]
        odds = scorer.inner_odds(table, cell) if scorer.area else None
        shifted = base
        if scorer.area and not inside:
            # The frame's possible places change: every House's expected area score moves.
            shifted = [scorer.house_value(table.cells_of(h), table.dark, odds) for h in HOUSES]
        for h in houses:
            values = list(shifted)
            values[h - 1] = scorer.house_value([*by_house[h], cell], table.dark, odds)
            out.append(Option(("place", h, cell), tuple(values)))
    return out


def swap_options(table: Table, scorer: Scorer) -> list[Option]:
    """Every swap of two adjacent light tokens, with either one turned dark."""
    base = scorer.values(table)
    odds = scorer.inner_odds(table) if scorer.area else None
    out = []
    for a, b in table.swap_pairs():
        ha, hb = table.house[a], table.house[b]
        for flip in (a, b):
            dark = table.dark | {flip}
            values = list(base)
            for h in {ha, hb}:
                cells = [c for c in table.cells_of(h) if c not in (a, b)]
                cells += [c for c, was in ((a, hb), (b, ha)) if was == h]
                values[h - 1] = scorer.house_value(cells, dark, odds)
            out.append(Option(("swap", a, b, flip), tuple(values)))
    return out


@dataclass(frozen=True)
class Decision:
    """One observed choice: who chose, among which options, which one, and the values before."""

    seat: int
    options: tuple[Option, ...]
    chosen: int
    before: tuple[float, ...]


@dataclass
class Replay:
    """The public story so far, rebuilt from a view."""

    scorer: Scorer
    table: Table
    decisions: list[Decision]
    tops: list[int | None]  # current pile tops
    phase: str
    entries: int  # how many history entries this replay covers


def replay(view: dict[str, Any], start: Replay | None = None, upto: int | None = None) -> Replay:
    """Rebuild the table and every past decision from the view's history.

    `start` is an earlier replay of a prefix of the same history; only newer entries are
    replayed then (its table and decisions are copied, never changed).
    """
    scorer = start.scorer if start else Scorer(view["objective"]["key"])
    history = view["history"] if upto is None else view["history"][:upto]
    tops_now = [p["top"] for p in view["piles"]]
    table = start.table.copy() if start else _first_table(view)
    decisions = list(start.decisions) if start else []
    done = start.entries if start else 0
    sizes = _pile_sizes(history[:done])
    upcoming = _next_takes(history, tops_now)
    for index in range(done, len(history)):
        entry = history[index]
        words = entry["action"].split()
        seat = int(entry["seat"])
        if words[0] == "place":
            pile = int(words[1]) - 1
            cell = parse_cell(words[2], table.size)
            house = int(entry["house"])
            tops = [upcoming[index][p] for p in range(3) if sizes[p] > 0]
            options = place_options(table, scorer, [t for t in tops if t is not None])
            chosen = _index(options, ("place", house, cell))
            if len(options) > 1 and chosen is not None:
                decisions.append(
                    Decision(seat, tuple(options), chosen, tuple(scorer.values(table)))
                )
            table.place(cell, house)
            sizes[pile] -= 1
        elif words[0] == "split":
            _split(sizes, int(words[1]) - 1)
        elif words[0] == "swap":
            a, b, flip = (parse_cell(words[i], GRID) for i in (1, 2, 4))
            options = swap_options(table, scorer)
            chosen = _index(options, ("swap", a, b, flip))
            if len(options) > 1 and chosen is not None:
                decisions.append(
                    Decision(seat, tuple(options), chosen, tuple(scorer.values(table)))
                )
            table.swap(a, b, flip)
    return Replay(scorer, table, decisions, tops_now, view["phase"], len(history))


def _first_table(view: dict[str, Any]) -> Table:
    """The table a game began with: an empty canvas, or, for a game started after
    Expansion from a position (no placement in its history, as in `regalia.env`'s reduced
    configuration), its grid: the view's grid with every swap so far taken back (a swap
    needs two light tokens, so the flipped one was light before)."""
    history = view["history"]
    if view["grid"]["rows"] is None or any(e["action"].startswith("place") for e in history):
        return Table()
    table = Table(GRID)
    for item in view["grid"]["cells"]:
        cell = parse_cell(item["cell"], GRID)
        table.house[cell] = int(item["house"])
        if item["side"] == "dark":
            table.dark.add(cell)
    for entry in reversed(history):
        words = entry["action"].split()
        if words[0] == "swap":
            a, b, flip = (parse_cell(words[i], GRID) for i in (1, 2, 4))
            table.dark.discard(flip)
            table.house[a], table.house[b] = table.house[b], table.house[a]
    return table


def _index(options: Sequence[Option], key: tuple[Any, ...]) -> int | None:
    for i, option in enumerate(options):
        if option.key == key:
            return i
    return None


def _pile_sizes(history: Sequence[dict[str, Any]]) -> list[int]:
    sizes = [PILE_SIZE] * 3
    for entry in history:
        words = entry["action"].split()
        if words[0] == "place":
            sizes[int(words[1]) - 1] -= 1
        elif words[0] == "split":
            _split(sizes, int(words[1]) - 1)
    return sizes


def _split(sizes: list[int], pile: int) -> None:
    """H4: the lower half (rounded down) of `pile` becomes the empty pile."""
    empty = sizes.index(0)
    half = sizes[pile] // 2
    sizes[empty], sizes[pile] = half, sizes[pile] - half


def _next_takes(
    history: Sequence[dict[str, Any]], tops_now: Sequence[int | None]
) -> list[list[int | None]]:
    """For each history index, each pile's top then: the next token taken from it."""
    ahead = list(tops_now)
    out: list[list[int | None]] = [[] for _ in history]
    for index in range(len(history) - 1, -1, -1):
        entry = history[index]
        words = entry["action"].split()
        if words[0] == "place":
            ahead[int(words[1]) - 1] = int(entry["house"])
        out[index] = list(ahead)
    return out
