"""The engine position of Regulator Chess: a mutable board with make/unmake.

This is the fast layer search code builds on (the public, immutable `State` wraps it).

Attributes (read them, change them only through `push` / `pop`):
    board      list of 35 ints, `board[rank * 5 + file]`; + White, - Black, 0 empty
               (piece types PAWN=1 KNIGHT=2 BISHOP=3 ROOK=4 QUEEN=5 KING=6, see `board.py`)
    turn       0 White to move, 1 Black
    regulator  the regulator's space, 1..7
    halfmove   plies since the last pawn move or capture (R11)
    fullmove   move number, starts at 1, grows after Black moves
    key        64-bit Zobrist key of pieces, side to move and regulator space (R11)
    kings      [white king square, black king square]
    pawns      number of pawns of both sides on the board (R8)
    bb         13 bitboards indexed by signed piece code (`bb[-KNIGHT]`: Black's knights;
               negative codes wrap around the list), bit `s` set when the piece is on `s`

Moves are ints: `from | to << 6 | promotion << 12` (see `make_move`, `move_from`, ...).

    >>> pos = Position.start()
    >>> len(pos.legal_moves())
    8
    >>> pos.push(make_move(7, 12)); pos.regulator   # c2-c3 advances the regulator (R7)
    2
    >>> pos.pop(); pos.regulator
    1

Methods: `legal_moves()`, `push(move)`, `pop()`, `in_check()`, `is_capture(move)`,
`is_pawn_move(move)`, `regulator_after(move)`, `gives_check(move)`,
`attacked(square, by, regulator=None)`, `repetitions()` (R11: count of the current key
since the last irreversible move), `bare_kings()`, `piece_squares(colour)`, `copy()`;
`keys` lists every key since construction (current last), `move_stack` the moves.

Legal moves (R9) are found without making them: for each power range a move may leave
the regulator in (the same space, one up after a push, one down after a piece capture)
we compute checkers and pins from the king once, then filter; king steps are tested with
the king lifted off its square.
"""

from __future__ import annotations

from typing import NamedTuple

from regalia.games.regulator.board import (
    ALL_SQUARES,
    BETWEEN,
    BISHOP,
    BIT,
    BLACK,
    DIAGONAL_MOVES,
    DIAGONAL_RAYS_MASKED,
    IS_ENEMY,
    KING,
    KING_MASK,
    KING_STEPS,
    KNIGHT,
    KNIGHT_MASK,
    KNIGHT_MOVES,
    ORTHOGONAL_MOVES,
    ORTHOGONAL_RAYS_MASKED,
    OWN_KIND,
    PAWN,
    PAWN_ATTACKER_MASK,
    PAWN_CAPTURES,
    PAWN_PUSH,
    PROMOTION_RANK,
    QUEEN,
    REGULATOR_MAX,
    REGULATOR_MIN,
    ROOK,
    WHITE,
    ZOBRIST_BLACK,
    ZOBRIST_PIECE,
    ZOBRIST_REGULATOR,
    power_range,
)

START_BOARD = (
    [BISHOP, KNIGHT, KING, BISHOP, KNIGHT]
    + [PAWN] * 5
    + [0] * 15
    + [-PAWN] * 5
    + [-BISHOP, -KNIGHT, -KING, -BISHOP, -KNIGHT]
)


def make_move(frm: int, to: int, promotion: int = 0) -> int:
    return frm | to << 6 | promotion << 12


def move_from(move: int) -> int:
    return move & 63


def move_to(move: int) -> int:
    return move >> 6 & 63


def move_promotion(move: int) -> int:
    return move >> 12


class _Undo(NamedTuple):
    move: int
    captured: int
    regulator: int
    halfmove: int
    key: int


class Position:
    __slots__ = (
        "_stack",
        "bb",
        "board",
        "fullmove",
        "halfmove",
        "key",
        "keys",
        "kings",
        "pawns",
        "regulator",
        "turn",
    )

    def __init__(
        self,
        board: list[int],
        turn: int = WHITE,
        regulator: int = 1,
        halfmove: int = 0,
        fullmove: int = 1,
    ) -> None:
        """A position from raw fields; the caller vouches that it is valid (see `fen.py`)."""
        self.board = list(board)
        self.turn = turn
        self.regulator = regulator
        self.halfmove = halfmove
        self.fullmove = fullmove
        self.kings = [self.board.index(KING), self.board.index(-KING)]
        self.pawns = sum(1 for p in self.board if p in (PAWN, -PAWN))
        self.bb = [0] * 13
        for square, piece in enumerate(self.board):
            if piece:
                self.bb[piece] |= 1 << square
        self.key = self._compute_key()
        # Keys of every position since construction, the current one last (repetitions).
        self.keys: list[int] = [self.key]
        self._stack: list[_Undo] = []

    @classmethod
    def start(cls, regulator: int = 1) -> Position:
        return cls(START_BOARD, WHITE, regulator)

    def _compute_key(self) -> int:
        key = ZOBRIST_REGULATOR[self.regulator]
        for square, piece in enumerate(self.board):
            if piece:
                key ^= ZOBRIST_PIECE[piece][square]
        return key ^ ZOBRIST_BLACK if self.turn == BLACK else key

    def copy(self) -> Position:
        """An independent position with the same history (so repetitions still count)."""
        other = Position.__new__(Position)
        other.board = self.board.copy()
        other.turn = self.turn
        other.regulator = self.regulator
        other.halfmove = self.halfmove
        other.fullmove = self.fullmove
        other.kings = self.kings.copy()
        other.pawns = self.pawns
        other.bb = self.bb.copy()
        other.key = self.key
        other.keys = self.keys.copy()
        other._stack = self._stack.copy()
        return other

    # ----------------------------------------------------------------- make / unmake

    def push(self, move: int) -> None:
        """Make a move (assumed legal) and update the regulator (R7, R8)."""
        board = self.board
        frm = move & 63
        to = move >> 6 & 63
        promotion = move >> 12
        piece = board[frm]
        captured = board[to]
        old_regulator = regulator = self.regulator
        self._stack.append(_Undo(move, captured, regulator, self.halfmove, self.key))
        key = self.key ^ ZOBRIST_PIECE[piece][frm]
        bb = self.bb
        bb[piece] ^= BIT[frm]
        is_pawn = piece == PAWN or piece == -PAWN
        if captured:
            key ^= ZOBRIST_PIECE[captured][to]
            bb[captured] ^= BIT[to]
            # R8: the test is made before the move, so taking the last pawn still retreats.
            if not is_pawn and self.pawns and regulator > REGULATOR_MIN:
                regulator -= 1
            if captured == PAWN or captured == -PAWN:
                self.pawns -= 1
            self.halfmove = 0
        elif is_pawn:
            if regulator < REGULATOR_MAX:
                regulator += 1
            self.halfmove = 0
        else:
            self.halfmove += 1
        if promotion:
            piece = promotion if piece > 0 else -promotion
            self.pawns -= 1
        board[to] = piece
        board[frm] = 0
        bb[piece] ^= BIT[to]
        key ^= ZOBRIST_PIECE[piece][to]
        if regulator != old_regulator:
            key ^= ZOBRIST_REGULATOR[old_regulator] ^ ZOBRIST_REGULATOR[regulator]
            self.regulator = regulator
        if piece == KING or piece == -KING:
            self.kings[self.turn] = to
        self.key = key ^ ZOBRIST_BLACK
        self.turn ^= 1
        if self.turn == WHITE:
            self.fullmove += 1
        self.keys.append(self.key)

    def pop(self) -> None:
        """Unmake the last pushed move."""
        move, captured, regulator, halfmove, key = self._stack.pop()
        board = self.board
        frm = move & 63
        to = move >> 6 & 63
        piece = board[to]
        bb = self.bb
        bb[piece] ^= BIT[to]
        if captured:
            bb[captured] ^= BIT[to]
        self.turn ^= 1
        if self.turn == BLACK:
            self.fullmove -= 1
        if move >> 12:
            piece = PAWN if piece > 0 else -PAWN
            self.pawns += 1
        if captured == PAWN or captured == -PAWN:
            self.pawns += 1
        board[frm] = piece
        board[to] = captured
        bb[piece] ^= BIT[frm]
        if piece == KING or piece == -KING:
            self.kings[self.turn] = frm
        self.regulator = regulator
        self.halfmove = halfmove
        self.key = key
        self.keys.pop()

    @property
    def move_stack(self) -> list[int]:
        """Moves pushed since construction, oldest first."""
        return [undo.move for undo in self._stack]

    # ----------------------------------------------------------------- attacks

    def attacked(self, square: int, by: int, regulator: int | None = None) -> bool:
        """Is `square` attacked by side `by`, with powers read from `regulator` (R5, R6)?"""
        rng = power_range(self.regulator if regulator is None else regulator)
        return self._attacked(square, by ^ 1, rng)

    def _attacked(self, square: int, us: int, rng: int) -> bool:
        """Is `square` attacked by the opponent of `us` under power range `rng`?"""
        bb = self.bb
        sign = -1 if us == WHITE else 1  # the attacker's sign
        if PAWN_ATTACKER_MASK[us][square] & bb[sign]:
            return True
        bishops = bb[BISHOP * sign]
        knights = bb[KNIGHT * sign]
        if KNIGHT_MASK[square] & (knights | bishops if rng else knights):
            return True
        if KING_MASK[square] & bb[KING * sign]:
            return True
        board = self.board
        queens = bb[QUEEN * sign]
        # Walk only the rays that hold a possible attacker; a blocker may still stop it.
        sliders = bishops | queens
        if sliders:
            for ray, mask in DIAGONAL_RAYS_MASKED[square]:
                if mask & sliders:
                    for s in ray:
                        if board[s]:
                            if sliders >> s & 1:
                                return True
                            break
        sliders = bb[ROOK * sign] | queens
        if rng == 2:
            sliders |= knights
        if sliders:
            for ray, mask in ORTHOGONAL_RAYS_MASKED[square]:
                if mask & sliders:
                    for s in ray:
                        if board[s]:
                            if sliders >> s & 1:
                                return True
                            break
        return False

    def in_check(self) -> bool:
        """Is the side to move attacked on its king square under the current regulator?"""
        return self._attacked(self.kings[self.turn], self.turn, power_range(self.regulator))

    def _guard(self, us: int, rng: int) -> tuple[int, dict[int, int]]:
        """Where a non-king move of `us` may go, if made under power range `rng`.

        Returns (target mask, pins): the mask is every square when not in check, the
        checker and the squares between when in single check, empty in double check; pins
        maps each pinned piece's square to the line it may move along.
        """
        bb = self.bb
        board = self.board
        king_square = self.kings[us]
        sign = -1 if us == WHITE else 1  # the enemy's sign
        checks = 0
        mask = ALL_SQUARES
        pawns = PAWN_ATTACKER_MASK[us][king_square] & bb[sign]
        if pawns:
            checks += 1 if pawns & (pawns - 1) == 0 else 2
            mask = pawns
        bishops = bb[BISHOP * sign]
        knights = bb[KNIGHT * sign]
        jumpers = KNIGHT_MASK[king_square] & (knights | bishops if rng else knights)
        if jumpers:
            checks += 1 if jumpers & (jumpers - 1) == 0 else 2
            mask = jumpers
        pins: dict[int, int] = {}
        between = BETWEEN[king_square]
        queens = bb[QUEEN * sign]
        sliders = bishops | queens
        for rays, lines in (
            (DIAGONAL_RAYS_MASKED[king_square], sliders),
            (
                ORTHOGONAL_RAYS_MASKED[king_square],
                bb[ROOK * sign] | queens | (knights if rng == 2 else 0),
            ),
        ):
            if not lines:
                continue
            for ray, ray_mask in rays:
                if not ray_mask & lines:
                    continue
                blocker = -1
                for s in ray:
                    piece = board[s]
                    if not piece:
                        continue
                    if piece * sign < 0:
                        if blocker >= 0:
                            break
                        blocker = s
                        continue
                    if lines >> s & 1:
                        if blocker < 0:
                            checks += 1
                            mask = between[s]
                        else:
                            pins[blocker] = between[s]
                    break
        return (0 if checks > 1 else mask), pins

    # ----------------------------------------------------------------- move generation

    def legal_moves(self) -> list[int]:
        """Every legal move (R2–R9), in a fixed order (board scan, then king moves)."""
        board = self.board
        us = self.turn
        sign = 1 if us == WHITE else -1
        regulator = self.regulator
        rng = power_range(regulator)
        # R9: legality is judged after the regulator update, which depends on the move kind.
        rng_push = power_range(regulator + 1) if regulator < REGULATOR_MAX else rng
        rng_capture = (
            power_range(regulator - 1) if self.pawns and regulator > REGULATOR_MIN else rng
        )
        quiet_mask, quiet_pins = self._guard(us, rng)
        if rng_push == rng:
            push_mask, push_pins = quiet_mask, quiet_pins
        else:
            push_mask, push_pins = self._guard(us, rng_push)
        if rng_capture == rng:
            capture_mask, capture_pins = quiet_mask, quiet_pins
        else:
            capture_mask, capture_pins = self._guard(us, rng_capture)

        moves: list[int] = []
        append = moves.append
        king_square = self.kings[us]
        if quiet_mask or push_mask or capture_mask:
            own = OWN_KIND[us]
            enemy = IS_ENEMY[us]
            last_rank = PROMOTION_RANK[us]
            pushes = PAWN_PUSH[us]
            pawn_captures = PAWN_CAPTURES[us]
            # No check and no pin under a range: skip its mask tests.
            quiet_free = quiet_mask == ALL_SQUARES and not quiet_pins
            push_free = push_mask == ALL_SQUARES and not push_pins
            free = quiet_free and capture_mask == ALL_SQUARES and not capture_pins
            bb = self.bb
            pieces = bb[sign] | bb[2 * sign] | bb[3 * sign] | bb[4 * sign] | bb[5 * sign]
            while pieces:  # our pieces but the king, lowest square first
                low = pieces & -pieces
                pieces ^= low
                frm = low.bit_length() - 1
                kind = own[board[frm]]
                if kind == PAWN:
                    to = pushes[frm]
                    if not board[to] and (
                        push_free or (push_mask & push_pins.get(frm, ALL_SQUARES)) >> to & 1
                    ):
                        if to // 5 == last_rank:
                            for promotion in (QUEEN, ROOK, BISHOP, KNIGHT):
                                append(frm | to << 6 | promotion << 12)
                        else:
                            append(frm | to << 6)
                    # A pawn capture leaves the regulator where it is (R7).
                    for to in pawn_captures[frm]:
                        if enemy[board[to]] and (
                            quiet_free or (quiet_mask & quiet_pins.get(frm, ALL_SQUARES)) >> to & 1
                        ):
                            if to // 5 == last_rank:
                                for promotion in (QUEEN, ROOK, BISHOP, KNIGHT):
                                    append(frm | to << 6 | promotion << 12)
                            else:
                                append(frm | to << 6)
                    continue
                if free:
                    if kind == KNIGHT or (kind == BISHOP and rng):
                        for to, move in KNIGHT_MOVES[frm]:
                            target = board[to]
                            if not target or enemy[target]:
                                append(move)
                    if kind in (BISHOP, QUEEN):
                        for ray in DIAGONAL_MOVES[frm]:
                            for to, move in ray:
                                target = board[to]
                                if not target:
                                    append(move)
                                    continue
                                if enemy[target]:
                                    append(move)
                                break
                    if kind in (ROOK, QUEEN) or (kind == KNIGHT and rng == 2):
                        for ray in ORTHOGONAL_MOVES[frm]:
                            for to, move in ray:
                                target = board[to]
                                if not target:
                                    append(move)
                                    continue
                                if enemy[target]:
                                    append(move)
                                break
                    continue
                quiet = quiet_mask
                if frm in quiet_pins:
                    quiet &= quiet_pins[frm]
                capture = capture_mask
                if frm in capture_pins:
                    capture &= capture_pins[frm]
                if not (quiet or capture):
                    continue
                if kind == KNIGHT or (kind == BISHOP and rng):
                    for to, move in KNIGHT_MOVES[frm]:
                        target = board[to]
                        if not target:
                            if quiet >> to & 1:
                                append(move)
                        elif enemy[target] and capture >> to & 1:
                            append(move)
                if kind in (BISHOP, QUEEN):
                    for ray in DIAGONAL_MOVES[frm]:
                        for to, move in ray:
                            target = board[to]
                            if not target:
                                if quiet >> to & 1:
                                    append(move)
                                continue
                            if enemy[target] and capture >> to & 1:
                                append(move)
                            break
                if kind in (ROOK, QUEEN) or (kind == KNIGHT and rng == 2):
                    for ray in ORTHOGONAL_MOVES[frm]:
                        for to, move in ray:
                            target = board[to]
                            if not target:
                                if quiet >> to & 1:
                                    append(move)
                                continue
                            if enemy[target] and capture >> to & 1:
                                append(move)
                            break

        # King moves: test the target square with the king lifted (it must not shade itself).
        king = board[king_square]
        board[king_square] = 0
        attacked = self._attacked
        for to in KING_STEPS[king_square]:
            target = board[to]
            if target * sign > 0:
                continue
            if not attacked(to, us, rng_capture if target else rng):
                append(king_square | to << 6)
        board[king_square] = king
        return moves

    # ----------------------------------------------------------------- queries

    def is_capture(self, move: int) -> bool:
        return self.board[move >> 6 & 63] != 0

    def noisy_moves(self) -> list[int]:
        """Legal captures and promotions: what a quiescence search looks at."""
        board = self.board
        return [m for m in self.legal_moves() if board[m >> 6 & 63] or m >> 12]

    def captured_piece(self, move: int) -> int:
        """The type of piece `move` takes (PAWN … KING); 0 when none."""
        return abs(self.board[move >> 6 & 63])

    def moving_piece(self, move: int) -> int:
        """The type of piece `move` moves (PAWN … KING)."""
        return abs(self.board[move & 63])

    def is_pawn_move(self, move: int) -> bool:
        return self.board[move & 63] in (PAWN, -PAWN)

    def regulator_after(self, move: int) -> int:
        """The regulator space after `move` (R7, R8), without making it."""
        regulator = self.regulator
        if self.is_capture(move):
            if not self.is_pawn_move(move) and self.pawns and regulator > REGULATOR_MIN:
                return regulator - 1
            return regulator
        if self.is_pawn_move(move) and regulator < REGULATOR_MAX:
            return regulator + 1
        return regulator

    def gives_check(self, move: int) -> bool:
        self.push(move)
        try:
            return self.in_check()
        finally:
            self.pop()

    def repetitions(self) -> int:
        """How often the current position (pieces, side, regulator) has occurred so far.

        Only positions since the last pawn move or capture can repeat: those moves are
        irreversible, and they are also the only ones that move the regulator.
        """
        recent = self.keys[-(self.halfmove + 1) :]
        return recent.count(self.key)

    def bare_kings(self) -> bool:
        return all(piece in (0, KING, -KING) for piece in self.board)

    def piece_squares(self, colour: int) -> list[int]:
        """Squares holding a piece of `colour` (0 White, 1 Black)."""
        sign = 1 if colour == WHITE else -1
        return [s for s, piece in enumerate(self.board) if piece * sign > 0]
