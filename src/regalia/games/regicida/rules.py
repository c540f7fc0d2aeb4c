"""The rules of Regicida as pure functions over an immutable `Position` (H1, H3–H5, H8).

Coronation (H6, H7) has no actions: it is read off the grid when Intrigue ends.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from regalia.core.game import Seat
from regalia.core.seeds import Rng, derive
from regalia.games.regicida.actions import Action, Pass, Place, Split, Swap, Vote, make_swap
from regalia.games.regicida.board import CANVAS, CENTRE, GRID, Board, Cell, Token, neighbours
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
    """H3: empty cells next to a placed token keeping everything inside 6×6."""
    box = board.bounds()
    if box is None:
        return [CENTRE]
    top, left, bottom, right = box
    cells = set()
    for cell, _ in board.tokens():
        for r, c in neighbours(cell, board.size):
            if board.get((r, c)) is not None:
                continue
            if max(bottom, r) - min(top, r) < GRID and max(right, c) - min(left, c) < GRID:
                cells.add((r, c))
    return sorted(cells)


def swap_pairs(board: Board) -> list[tuple[Cell, Cell]]:
    """H5: pairs of orthogonally adjacent tokens that are both light side up."""
    pairs = []
    for cell, token in board.tokens():
        if token.dark:
            continue
        for other in ((cell[0], cell[1] + 1), (cell[0] + 1, cell[1])):
            if other[0] < board.size and other[1] < board.size:
                neighbour = board.get(other)
                if neighbour is not None and not neighbour.dark:
                    pairs.append((cell, other))
    return pairs


def legal_actions(pos: Position, seat: Seat) -> list[Action]:
    if seat not in to_act(pos):
        return []
    if pos.phase is Phase.EXPANSION:
        if pos.split_due:
            return [Split(i) for i, pile in enumerate(pos.piles) if len(pile) >= 2]
        cells = placement_cells(pos.board)
        return [Place(i, cell) for i, pile in enumerate(pos.piles) if pile for cell in cells]
    if pos.phase is Phase.INTRIGUE:
        pairs = swap_pairs(pos.board)
        if not pairs:
            return [Pass()]
        return [make_swap(a, b, flip) for a, b in pairs for flip in (a, b)]
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
