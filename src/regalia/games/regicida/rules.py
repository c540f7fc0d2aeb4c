"""The rules of Regicida as pure functions over an immutable `Position` (H1, H3–H5, H8).

Coronation (H6, H7) has no actions: it is read off the grid when Intrigue ends.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from regalia.core.game import Seat
from regalia.core.seeds import Rng, derive
from regalia.games.regicida.actions import Action, Pass, Place, Split, Swap, Vote
from regalia.games.regicida.board import CANVAS, CENTRE, GRID, Board, Cell, Token
from regalia.games.regicida.houses import HOUSE_NUMBERS, OBJECTIVE_KEYS, TOKENS_PER_HOUSE
from regalia.games.regicida.scoring import coronation
from regalia.games.regicida.verdict import Verdict, check_vote, decide

INTRIGUES_PER_PLAYER = 3
PILES = 3


class Phase(enum.Enum):
    EXPANSION = "expansion"
    INTRIGUE = "intrigue"
    ASSASSINATION = "assassination"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Position:
    """Everything about one moment of a game, secrets included."""

    players: int
    objective: str
    succession: tuple[int, ...]  # the Line of Succession, first House first
    identities: tuple[int, ...]  # each seat's House
    unused: tuple[int, ...]  # Houses no player holds, unseen by all
    piles: tuple[tuple[int, ...], ...]  # Houses of each pile's tokens, bottom first
    board: Board  # the canvas during Expansion, the 6×6 grid afterwards
    phase: Phase
    current: Seat  # whose turn in Expansion and Intrigue
    split_due: bool  # H4: the current player must split a pile before the turn passes
    intrigues: tuple[int, ...]  # Intrigue turns taken per seat
    votes: tuple[Vote | None, ...]  # None: not voted yet

    def next_seat(self) -> Seat:
        return (self.current + 1) % self.players


def deal(seed: int, players: int, objective: str | None) -> Position:
    """H1: every random choice of the setup comes from `seed`, each from its own sub-seed."""
    if objective is None:
        objective = Rng(derive(seed, "objective")).choice(OBJECTIVE_KEYS)
    succession = tuple(Rng(derive(seed, "succession")).shuffled(HOUSE_NUMBERS))
    houses = Rng(derive(seed, "identities")).shuffled(HOUSE_NUMBERS)
    tokens = Rng(derive(seed, "tokens")).shuffled(
        [h for h in HOUSE_NUMBERS for _ in range(TOKENS_PER_HOUSE)]
    )
    size = len(tokens) // PILES
    piles = tuple(tuple(tokens[i * size : (i + 1) * size]) for i in range(PILES))
    return Position(
        players=players,
        objective=objective,
        succession=succession,
        identities=tuple(houses[:players]),
        unused=tuple(sorted(houses[players:])),
        piles=piles,
        board=Board.empty(CANVAS),
        phase=Phase.EXPANSION,
        current=Rng(derive(seed, "first")).below(players),
        split_due=False,
        intrigues=(0,) * players,
        votes=(None,) * players,
    )


def to_act(pos: Position) -> frozenset[Seat]:
    if pos.phase is Phase.OVER:
        return frozenset()
    if pos.phase is Phase.ASSASSINATION:
        return frozenset(s for s, v in enumerate(pos.votes) if v is None)
    return frozenset({pos.current})


def placement_cells(board: Board) -> list[Cell]:
    """H3: empty cells next to a placed token keeping everything inside 6×6, in reading order."""
    indices = _placement_indices(board)
    if indices is None:
        return [CENTRE]
    size = board.size
    return [divmod(index, size) for index in indices]


def _placement_indices(board: Board) -> list[int] | None:
    """The cells of `placement_cells` as row-major indices; None on an empty board.

    One pass over the cells finds the frame, a second marks each empty neighbour that keeps
    the frame within 6×6 (the hot path of Expansion: compiled, rules.pxd).
    """
    cells = board.cells
    size = board.size
    total = size * size
    top = size
    left = size
    bottom = -1
    right = -1
    for index in range(total):
        if cells[index] is not None:
            row = index // size
            col = index - row * size
            top = min(top, row)
            bottom = max(bottom, row)
            left = min(left, col)
            right = max(right, col)
    if bottom < 0:
        return None
    if bottom - top >= GRID or right - left >= GRID:  # never in play: no cell keeps 6×6
        return []
    # A row r (column c) keeps the frame within 6×6 when it lies in [low, high].
    row_low = bottom - GRID + 1
    row_high = top + GRID - 1
    col_low = right - GRID + 1
    col_high = left + GRID - 1
    marked = [False] * total
    for index in range(total):
        if cells[index] is None:
            continue
        row = index // size
        col = index - row * size
        if row > 0 and row - 1 >= row_low and cells[index - size] is None:
            marked[index - size] = True
        if row + 1 < size and row + 1 <= row_high and cells[index + size] is None:
            marked[index + size] = True
        if col > 0 and col - 1 >= col_low and cells[index - 1] is None:
            marked[index - 1] = True
        if col + 1 < size and col + 1 <= col_high and cells[index + 1] is None:
            marked[index + 1] = True
    found: list[int] = []
    for index in range(total):
        if marked[index]:
            found.append(index)
    return found


# Actions are immutable values: the Expansion canvas's and the final grid's are made once and
# shared (`_PLACES[pile][index]`; `_SWAPS[index]`: the pair with the right neighbour flipping
# the first then the second token, then the pair with the one below, likewise).
_CANVAS_CELLS = tuple(divmod(index, CANVAS) for index in range(CANVAS * CANVAS))
_PLACES = tuple(tuple(Place(pile, cell) for cell in _CANVAS_CELLS) for pile in range(PILES))


def _swaps_at(index: int) -> tuple[Swap, Swap, Swap, Swap]:
    row, col = divmod(index, GRID)
    here, right, below = (row, col), (row, col + 1), (row + 1, col)
    return (
        Swap(here, right, here),
        Swap(here, right, right),
        Swap(here, below, here),
        Swap(here, below, below),
    )


_SWAPS = tuple(_swaps_at(index) for index in range(GRID * GRID))


def _grid_swaps(cells: tuple[Token | None, ...]) -> list[Action]:
    """The Swap actions of `legal_actions` on the final 6×6 grid, from `_SWAPS`."""
    found: list[Action] = []
    for index in range(GRID * GRID):
        token = cells[index]
        if token is None or token.dark:
            continue
        col = index % GRID
        if col + 1 < GRID:
            other = cells[index + 1]
            if other is not None and not other.dark:
                found.append(_SWAPS[index][0])
                found.append(_SWAPS[index][1])
        if index + GRID < GRID * GRID:
            other = cells[index + GRID]
            if other is not None and not other.dark:
                found.append(_SWAPS[index][2])
                found.append(_SWAPS[index][3])
    return found


def swap_pairs(board: Board) -> list[tuple[Cell, Cell]]:
    """H5: pairs of orthogonally adjacent tokens that are both light side up.

    In reading order of the first token, its right neighbour before the one below.
    """
    cells = board.cells
    size = board.size
    pairs: list[tuple[Cell, Cell]] = []
    for index in range(size * size):
        token = cells[index]
        if token is None or token.dark:
            continue
        row = index // size
        col = index - row * size
        if col + 1 < size:
            other = cells[index + 1]
            if other is not None and not other.dark:
                pairs.append(((row, col), (row, col + 1)))
        if row + 1 < size:
            other = cells[index + size]
            if other is not None and not other.dark:
                pairs.append(((row, col), (row + 1, col)))
    return pairs


def legal_actions(pos: Position, seat: Seat) -> list[Action]:
    if seat not in to_act(pos):
        return []
    if pos.phase is Phase.EXPANSION:
        if pos.split_due:
            return [Split(i) for i, pile in enumerate(pos.piles) if len(pile) >= 2]
        board = pos.board
        if board.size == CANVAS:
            indices = _placement_indices(board)
            if indices is not None:
                return [
                    _PLACES[i][index]
                    for i, pile in enumerate(pos.piles)
                    if pile
                    for index in indices
                ]
        cells = placement_cells(board)
        return [Place(i, cell) for i, pile in enumerate(pos.piles) if pile for cell in cells]
    if pos.phase is Phase.INTRIGUE:
        if pos.board.size == GRID:
            swaps = _grid_swaps(pos.board.cells)
            if swaps:
                return swaps
            return [Pass()]
        pairs = swap_pairs(pos.board)
        if not pairs:
            return [Pass()]
        # Each pair is in reading order already, as make_swap would sort it.
        return [Swap(a, b, flip) for a, b in pairs for flip in (a, b)]
    return list(vote_options(pos.players, seat))


def vote_options(players: int, seat: Seat) -> list[Vote]:
    """H8: a vote for any other seat, or for the Neutral Player below six players."""
    targets: list[Seat | None] = [None, *range(players)]
    return [Vote(t) for t in targets if check_vote(players, seat, t) is None]


def why_illegal(pos: Position, seat: Seat, action: Action) -> str | None:
    """A player-facing reason why `action` is not legal now, or None when it is."""
    phase = pos.phase
    if isinstance(action, Place | Split) and not 0 <= action.pile < PILES:
        return f"there is no pile {action.pile + 1}; piles are 1-{PILES}"
    if isinstance(action, Place):
        if phase is not Phase.EXPANSION:
            return "tokens are placed only during Expansion"
        if pos.split_due:
            return "first split a pile (a pile has just run out)"
        if not pos.piles[action.pile]:
            return f"pile {action.pile + 1} is empty"
        if action.cell not in placement_cells(pos.board):
            return "a token goes on an empty cell next to a placed one, inside 6 rows × 6 columns"
        return None
    if isinstance(action, Split):
        if not pos.split_due:
            return "a pile is split only right after a pile has run out"
        if len(pos.piles[action.pile]) < 2:
            return f"pile {action.pile + 1} has fewer than 2 tokens"
        return None
    if isinstance(action, Swap | Pass):
        if phase is not Phase.INTRIGUE:
            return "swaps and passes happen only during Intrigue"
        pairs = swap_pairs(pos.board)
        if isinstance(action, Pass):
            return "you may pass only when no two adjacent tokens are light" if pairs else None
        if (action.first, action.second) not in pairs:
            return "swap two orthogonally adjacent tokens that are both light side up"
        if action.flip not in (action.first, action.second):
            return "turn dark one of the two swapped tokens"
        return None
    if phase is not Phase.ASSASSINATION:
        return "votes are cast only in the Assassination"
    return check_vote(pos.players, seat, action.target)


def placed_house(pos: Position, action: Place) -> int:
    return pos.piles[action.pile][-1]


def _apply_place(pos: Position, action: Place) -> Position:
    piles = list(pos.piles)
    top = piles[action.pile][-1]
    piles[action.pile] = piles[action.pile][:-1]
    board = pos.board.put(action.cell, Token(top))
    if board.count() == GRID * GRID:
        return replace(
            pos,
            piles=tuple(piles),
            board=board.cropped(),
            phase=Phase.INTRIGUE,
            current=pos.next_seat(),
        )
    split_due = any(not p for p in piles) and any(len(p) >= 2 for p in piles)
    current = pos.current if split_due else pos.next_seat()
    return replace(pos, piles=tuple(piles), board=board, split_due=split_due, current=current)


def _apply_split(pos: Position, action: Split) -> Position:
    piles = list(pos.piles)
    source = piles[action.pile]
    half = len(source) // 2
    empty = next(i for i, p in enumerate(piles) if not p)
    piles[empty], piles[action.pile] = source[:half], source[half:]
    return replace(pos, piles=tuple(piles), split_due=False, current=pos.next_seat())


def _apply_intrigue(pos: Position, action: Swap | Pass) -> Position:
    board = pos.board
    if isinstance(action, Swap):
        a, b = board.get(action.first), board.get(action.second)
        board = board.put(action.first, b).put(action.second, a)
        flipped = board.get(action.flip)
        assert flipped is not None
        board = board.put(action.flip, Token(flipped.house, dark=True))
    intrigues = list(pos.intrigues)
    intrigues[pos.current] += 1
    done = sum(intrigues) == INTRIGUES_PER_PLAYER * pos.players
    return replace(
        pos,
        board=board,
        intrigues=tuple(intrigues),
        phase=Phase.ASSASSINATION if done else Phase.INTRIGUE,
        current=pos.next_seat(),
    )


def _apply_vote(pos: Position, seat: Seat, action: Vote) -> Position:
    votes = list(pos.votes)
    votes[seat] = action
    over = all(v is not None for v in votes)
    return replace(pos, votes=tuple(votes), phase=Phase.OVER if over else pos.phase)


def apply(pos: Position, seat: Seat, action: Action) -> Position:
    """The next position; the caller has checked `why_illegal` and the turn."""
    if isinstance(action, Place):
        return _apply_place(pos, action)
    if isinstance(action, Split):
        return _apply_split(pos, action)
    if isinstance(action, Swap | Pass):
        return _apply_intrigue(pos, action)
    return _apply_vote(pos, seat, action)


def ranking_houses(pos: Position) -> tuple[int, ...]:
    return tuple(s.house for s in coronation(pos.board, pos.objective, pos.succession))


def verdict(pos: Position) -> Verdict | None:
    if pos.phase is not Phase.OVER:
        return None
    targets = [v.target for v in pos.votes if v is not None]
    return decide(pos.identities, targets, ranking_houses(pos))
