"""The engine position: a mutable board with make/unmake, for search and perft.

>>> pos = Position.start()
>>> len(pos.legal_moves())
20
>>> pos.push(pos.legal_moves()[0])
>>> pos.turn
1
>>> _ = pos.pop()
>>> pos.turn
0

Public surface (used by the State wrapper and by the AI):

- `board`: list of 196 piece codes (see `moves.py`), indexed by square (`board.py`);
  squares of the missing corners stay 0 and are never produced by a table.
- `pieces[seat]`: set of the squares holding that seat's pieces.
- `turn`: seat to move (0 Yellow, 1 Green, 2 Red, 3 Blue); `team_of(seat)` is `seat & 1`.
- `kings[seat]`: the king's square, -1 once captured; `king_captured[seat]` likewise as bool.
- `castling`: bit `seat * 2 + side` per right (`board.CASTLES` gives each right's squares).
- `ep`: the square a two-step pawn passed over on the last move (-1 if none), `ep_pawn`
  the square of that pawn; `halfmove`: plies since the last capture or pawn move;
  `round`: the number of the current round of four moves.
- `key`: Zobrist hash of pieces (pawn state included), turn, en passant and castling.
- `legal_moves()`, `push(move)`, `pop()`, `is_capture(move)`, `winner_team()`,
  `count_moves()` (== len(legal_moves()), faster), `attacks(seat, square)`.

No check rules (C10): every pseudo-legal move is legal. A seat whose king was captured may
only capture or pass (C12), and for it `PASS` is always among the legal moves. A seat with a
king and no move has exactly one legal move, `PASS` (C13); the State wrapper plays it
automatically. A won position (C14) has no legal moves; draws are the State's business.
"""

from __future__ import annotations

from regalia.core.seeds import Rng
from regalia.games.regicide import board as B
from regalia.games.regicide.moves import (
    BISHOP,
    CASTLE,
    DOUBLE,
    EN_PASSANT,
    KIND_OF_LETTER,
    KING,
    KNIGHT,
    LAST_PAWN,
    PASS,
    PAWN,
    PAWN0,
    PAWN1,
    PROMOTIONS,
    QUEEN,
    ROOK,
    SWAP,
    TURN,
    TURNED,
    make,
)

# ENEMY[team][code]: the code is a piece of the other team. OPEN[team][code]: empty or enemy.
ENEMY = tuple(tuple(code != 0 and (code >> 4) & 1 != team for code in range(64)) for team in (0, 1))
OPEN = tuple(tuple(code == 0 or (code >> 4) & 1 != team for code in range(64)) for team in (0, 1))


def _advanced(code: int) -> int:
    kind = code & 15
    return code + 1 if kind in (PAWN0, PAWN1) else code


# ADVANCE[code]: the piece after it moves (a pawn's move count goes up; C5, C7).
ADVANCE = tuple(_advanced(code) for code in range(64))
PROMO_STEPS = tuple(p << 19 for p in PROMOTIONS)

_rng = Rng(0x5EED_12E6_1C1D)
Z_PIECE = tuple(tuple(_rng.next64() for _ in range(B.NSQ)) for _ in range(64))
Z_TURN = tuple(_rng.next64() for _ in range(4))
Z_EP = tuple(_rng.next64() for _ in range(B.NSQ))
Z_CASTLE = tuple(_rng.next64() for _ in range(256))
ALL_CASTLING = 255

# Per-seat views of the tables, so the generator indexes once per call.
_FORWARD = tuple(B.STEP[B.FORWARD_DIR[s]] for s in range(4))
_MATE_FORWARD = tuple(_FORWARD[s ^ 2] for s in range(4))
_SLIDER_RAYS = {BISHOP: B.BISHOP_RAYS, ROOK: B.ROOK_RAYS, QUEEN: B.QUEEN_RAYS}

CASTLE_RIGHT = {move: right for right, move in enumerate(B.CASTLE_MOVES)}

Undo = tuple[int, int, int, int, int, int, int, int, int, int]


class Position:
    """A Regicide position with `push`/`pop`; see the module docstring."""

    __slots__ = (
        "_undo",
        "board",
        "castling",
        "ep",
        "ep_pawn",
        "halfmove",
        "key",
        "king_captured",
        "kings",
        "pieces",
        "round",
        "turn",
    )

    def __init__(
        self,
        board: list[int],
        turn: int = 0,
        castling: int = 0,
        ep: int = -1,
        ep_pawn: int = -1,
        halfmove: int = 0,
        round: int = 1,
    ) -> None:
        self.board = list(board)
        self.turn = turn
        self.castling = castling
        self.ep = ep
        self.ep_pawn = ep_pawn
        self.halfmove = halfmove
        self.round = round
        self.pieces: list[set[int]] = [set(), set(), set(), set()]
        self.kings = [-1, -1, -1, -1]
        key = Z_TURN[turn] ^ Z_CASTLE[castling] ^ (Z_EP[ep] if ep >= 0 else 0)
        for sq in B.SQUARES:
            code = self.board[sq]
            if code:
                self.pieces[code >> 4].add(sq)
                key ^= Z_PIECE[code][sq]
                if code & 15 == KING:
                    self.kings[code >> 4] = sq
        self.king_captured = [k < 0 for k in self.kings]
        self.key = key
        self._undo: list[Undo] = []

    @classmethod
    def start(cls) -> Position:
        """C2's setup, Yellow to move, every castling right."""
        board = [0] * B.NSQ
        for seat in range(4):
            for name, letter in zip(
                B.BACK_RANK_SQUARES[seat], B.BACK_RANK_PIECES[seat], strict=True
            ):
                sq = B.parse_square(name)
                assert sq is not None
                board[sq] = seat << 4 | KIND_OF_LETTER[letter]
            for name in B.PAWN_RANK_SQUARES[seat]:
                sq = B.parse_square(name)
                assert sq is not None
                board[sq] = seat << 4 | PAWN0
        return cls(board, castling=ALL_CASTLING)

    def copy(self) -> Position:
        other = Position(
            self.board, self.turn, self.castling, self.ep, self.ep_pawn, self.halfmove, self.round
        )
        other._undo = list(self._undo)
        return other

    # ----------------------------------------------------------------------------- queries

    @staticmethod
    def team_of(seat: int) -> int:
        return seat & 1

    def winner_team(self) -> int | None:
        """C14: the team (0 light, 1 dark) whose opponents have both lost their kings."""
        captured = self.king_captured
        if captured[1] and captured[3]:
            return 0
        if captured[0] and captured[2]:
            return 1
        return None

    def is_capture(self, move: int) -> bool:
        if move == PASS:
            return False
        flag = (move >> 16) & 7
        if flag == EN_PASSANT:
            return True
        return flag not in (SWAP, CASTLE) and self.board[(move >> 8) & 255] != 0

    def noisy_moves(self) -> list[int]:
        """Legal captures, en passant and promotions: what a quiescence search looks at."""
        # `is_capture` inlined: a move onto an occupied square captures unless it is a
        # teammate swap (castling always lands on empty squares).
        board = self.board
        return [
            m
            for m in self.legal_moves()
            if m >> 19
            or (board[(m >> 8) & 255] and (m >> 16) & 7 != SWAP)
            or (m >> 16) & 7 == EN_PASSANT
        ]

    def captured_kind(self, move: int) -> int:
        """The kind of piece `move` takes (a pawn kind for en passant); 0 when none."""
        if move == PASS:
            return 0
        if (move >> 16) & 7 == EN_PASSANT:
            return PAWN0
        code = self.board[(move >> 8) & 255]
        # A swap or castling lands on an own piece: not a capture.
        return code & 15 if code and (code >> 4) & 1 != self.turn & 1 else 0

    def moving_kind(self, move: int) -> int:
        """The kind of piece `move` moves (0 for a pass)."""
        return self.board[move & 255] & 15

    def attacks(self, seat: int, sq: int) -> bool:
        """Whether a piece of `seat` could capture on `sq` (turned pawns never can)."""
        board = self.board
        for t, _ in B.KNIGHT[sq]:
            if board[t] == seat << 4 | KNIGHT:
                return True
        for t, _ in B.KING[sq]:
            if board[t] == seat << 4 | KING:
                return True
        for src in B.PAWN_CAPTURERS[seat][sq]:
            code = board[src]
            if code >> 4 == seat and 1 <= code & 15 <= PAWN:
                return True
        for rays, kinds in ((B.BISHOP_RAYS, (BISHOP, QUEEN)), (B.ROOK_RAYS, (ROOK, QUEEN))):
            for ray in rays[sq]:
                for t, _ in ray:
                    code = board[t]
                    if code:
                        if code >> 4 == seat and code & 15 in kinds:
                            return True
                        break
        return False

    # ------------------------------------------------------------------------ generation

    def legal_moves(self) -> list[int]:
        """Every legal move of the seat to move (C3–C13); empty once a team has won."""
        captured = self.king_captured
        if (captured[1] and captured[3]) or (captured[0] and captured[2]):
            return []
        seat = self.turn
        moves = self._pseudo_moves(seat)
        if captured[seat]:
            # C12: without a king a seat may only capture, or pass.
            moves = [m for m in moves if self.is_capture(m)]
            moves.append(PASS)
        elif not moves:
            moves.append(PASS)  # C13: no legal move, so the seat passes.
        return moves

    def count_moves(self) -> int:
        """`len(self.legal_moves())`, for perft's bulk counting."""
        captured = self.king_captured
        if captured[self.turn] or (captured[1] and captured[3]) or (captured[0] and captured[2]):
            return len(self.legal_moves())
        return len(self._pseudo_moves(self.turn)) or 1  # C13: no move means one pass

    def _pseudo_moves(self, seat: int) -> list[int]:
        board = self.board
        team = seat & 1
        enemy = ENEMY[team]
        open_ = OPEN[team]
        moves: list[int] = []
        add = moves.append
        forward = _FORWARD[seat]
        promotes = B.PROMOTES[seat]
        for sq in self.pieces[seat]:
            kind = board[sq] & 15
            if kind >= KNIGHT:
                if kind in (KNIGHT, KING):
                    for t, mv in (B.KNIGHT if kind == KNIGHT else B.KING)[sq]:
                        if open_[board[t]]:
                            add(mv)
                    continue
                for ray in _SLIDER_RAYS[kind][sq]:
                    for t, mv in ray:
                        code = board[t]
                        if code:
                            if enemy[code]:
                                add(mv)
                            break
                        add(mv)
                continue
            # Pawns: kinds 1-3 move along the seat's direction, 4-7 are turned (C9).
            t = forward[sq] if kind <= PAWN else B.STEP[kind - 4][sq]
            if t >= 0:
                code = board[t]
                if not code:
                    mv = sq | t << 8
                    if promotes[t]:
                        moves.extend(mv | p for p in PROMO_STEPS)
                    else:
                        add(mv)
                    if kind < PAWN:
                        dm = B.DOUBLE_MOVE[seat][sq]
                        if dm >= 0 and not board[(dm >> 8) & 255]:
                            if promotes[(dm >> 8) & 255]:
                                moves.extend(dm | p for p in PROMO_STEPS)
                            else:
                                add(dm)
                elif code >> 4 == seat ^ 2 and code & 15 <= LAST_PAWN:
                    # C7: a teammate's pawn whose forward square is ours can swap with us.
                    mate_kind = code & 15
                    back = _MATE_FORWARD[seat][t] if mate_kind <= PAWN else B.STEP[mate_kind - 4][t]
                    if back == sq:
                        add(make(sq, t, SWAP))
            elif kind <= PAWN:
                tm = B.TURN_MOVE[seat][sq]
                if tm >= 0 and not board[(tm >> 8) & 255]:
                    if promotes[(tm >> 8) & 255]:
                        moves.extend(tm | p for p in PROMO_STEPS)
                    else:
                        add(tm)
            if kind <= PAWN:
                for t, mv in B.PAWN_CAPTURES[seat][sq]:
                    if enemy[board[t]]:
                        if promotes[t]:
                            moves.extend(mv | p for p in PROMO_STEPS)
                        else:
                            add(mv)
        ep = self.ep
        if ep >= 0:
            for src in B.PAWN_CAPTURERS[seat][ep]:
                code = board[src]
                if code >> 4 == seat and 1 <= code & 15 <= PAWN:
                    add(make(src, ep, EN_PASSANT))
        castling = self.castling
        if castling >> (seat * 2) & 3:
            for side in (0, 1):
                right = seat * 2 + side
                if castling >> right & 1:
                    spec = B.CASTLES[right]
                    if all(not board[s] for s in spec[4]):
                        add(B.CASTLE_MOVES[right])
        return moves

    # ------------------------------------------------------------------------ make/unmake

    def push(self, move: int) -> None:
        """Make `move` (assumed legal); `pop` undoes it."""
        board = self.board
        seat = self.turn
        key = self.key
        ep, ep_pawn, castling, halfmove = self.ep, self.ep_pawn, self.castling, self.halfmove
        if ep >= 0:
            key ^= Z_EP[ep]
            self.ep = self.ep_pawn = -1
        self.turn = nxt = (seat + 1) & 3
        key ^= Z_TURN[seat] ^ Z_TURN[nxt]
        if nxt == 0:
            self.round += 1
        if move == PASS:
            self._undo.append((move, 0, -1, 0, 0, ep, ep_pawn, castling, halfmove, self.key))
            self.halfmove = halfmove + 1
            self.key = key
            return
        frm = move & 255
        to = (move >> 8) & 255
        flag = (move >> 16) & 7
        piece = board[frm]
        mine = self.pieces[seat]
        captured = other = 0
        capsq = -1
        if flag == SWAP:
            other = board[to]
            moved, swapped = ADVANCE[piece], ADVANCE[other]
            board[to], board[frm] = moved, swapped
            mine.discard(frm)
            mine.add(to)
            mates = self.pieces[seat ^ 2]
            mates.discard(to)
            mates.add(frm)
            key ^= Z_PIECE[piece][frm] ^ Z_PIECE[moved][to]
            key ^= Z_PIECE[other][to] ^ Z_PIECE[swapped][frm]
        elif flag == CASTLE:
            _, _, rook_from, rook_to, _ = B.CASTLES[CASTLE_RIGHT[move]]
            rook = board[rook_from]
            board[frm] = board[rook_from] = 0
            board[to] = piece
            board[rook_to] = rook
            mine.difference_update((frm, rook_from))
            mine.update((to, rook_to))
            key ^= Z_PIECE[piece][frm] ^ Z_PIECE[piece][to]
            key ^= Z_PIECE[rook][rook_from] ^ Z_PIECE[rook][rook_to]
            self.kings[seat] = to
        else:
            capsq = ep_pawn if flag == EN_PASSANT else (to if board[to] else -1)
            if capsq >= 0:
                captured = board[capsq]
                board[capsq] = 0
                self.pieces[captured >> 4].discard(capsq)
                key ^= Z_PIECE[captured][capsq]
                if captured & 15 == KING:
                    self.kings[captured >> 4] = -1
                    self.king_captured[captured >> 4] = True
            promo = move >> 19
            if promo:
                moved = seat << 4 | promo
            elif flag == TURN:
                moved = seat << 4 | TURNED[B.turn_direction(seat, frm)]
            else:
                moved = ADVANCE[piece]
            board[frm] = 0
            board[to] = moved
            mine.discard(frm)
            mine.add(to)
            key ^= Z_PIECE[piece][frm] ^ Z_PIECE[moved][to]
            if piece & 15 == KING:
                self.kings[seat] = to
            elif flag == DOUBLE:
                self.ep = (frm + to) >> 1
                self.ep_pawn = to
                key ^= Z_EP[self.ep]
        # C14's clock counts plies since the last capture or pawn move.
        self.halfmove = 0 if captured or (piece & 15) <= LAST_PAWN else halfmove + 1
        new_castling = castling & B.CASTLE_KEEP[frm] & B.CASTLE_KEEP[to]
        if new_castling != castling:
            key ^= Z_CASTLE[castling] ^ Z_CASTLE[new_castling]
            self.castling = new_castling
        self._undo.append(
            (move, piece, capsq, captured, other, ep, ep_pawn, castling, halfmove, self.key)
        )
        self.key = key

    def pop(self) -> int:
        """Undo the last `push`; returns the move undone."""
        move, piece, capsq, captured, other, ep, ep_pawn, castling, halfmove, key = self._undo.pop()
        seat = (self.turn - 1) & 3
        if self.turn == 0:
            self.round -= 1
        self.turn = seat
        self.ep, self.ep_pawn, self.castling, self.halfmove, self.key = (
            ep,
            ep_pawn,
            castling,
            halfmove,
            key,
        )
        if move == PASS:
            return move
        board = self.board
        frm = move & 255
        to = (move >> 8) & 255
        flag = (move >> 16) & 7
        mine = self.pieces[seat]
        mine.discard(to)
        mine.add(frm)
        if flag == SWAP:
            board[frm], board[to] = piece, other
            mates = self.pieces[seat ^ 2]
            mates.discard(frm)
            mates.add(to)
            return move
        board[to] = 0
        board[frm] = piece
        if flag == CASTLE:
            _, _, rook_from, rook_to, _ = B.CASTLES[CASTLE_RIGHT[move]]
            board[rook_from] = board[rook_to]
            board[rook_to] = 0
            mine.discard(rook_to)
            mine.add(rook_from)
        if captured:
            board[capsq] = captured
            self.pieces[captured >> 4].add(capsq)
            if captured & 15 == KING:
                self.kings[captured >> 4] = capsq
                self.king_captured[captured >> 4] = False
        if piece & 15 == KING:
            self.kings[seat] = frm
        return move

    @property
    def history(self) -> list[int]:
        """Moves pushed so far (oldest first)."""
        return [entry[0] for entry in self._undo]
