"""A slow, plain second move generator written straight from RULES.md C3–C13.

It shares no code with the engine (not even the board tables), so perft counts that agree
between the two are evidence for both. Squares are (file, rank) pairs counted from 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FILES = "abcdefghjklmno"
FORWARD = {0: (1, 0), 1: (0, 1), 2: (-1, 0), 3: (0, -1)}  # C4
COMPASS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
Sq = tuple[int, int]


def on_board(s: Sq) -> bool:
    f, r = s
    if not (0 <= f < 14 and 0 <= r < 14):
        return False
    return not ((f < 3 or f > 10) and (r < 3 or r > 10))


def back_rank_owner(s: Sq) -> set[int]:
    f, r = s
    return {seat for seat, hit in enumerate((f == 0, r == 0, f == 13, r == 13)) if hit}


def add(s: Sq, d: tuple[int, int], n: int = 1) -> Sq:
    return (s[0] + d[0] * n, s[1] + d[1] * n)


@dataclass
class Piece:
    seat: int
    kind: str  # K Q R B N P
    moved: int = 2  # pawns: 0, 1, or 2 for "twice or more"
    turned: str | None = None  # pawns: compass letter after a dead-end turn


@dataclass
class Ref:
    board: dict[Sq, Piece]
    turn: int
    castle_rooks: set[Sq] = field(default_factory=set)
    ep: Sq | None = None

    @staticmethod
    def parse(text: str) -> Ref:
        pieces, turn, castling, _kingless, ep, _clock, _round = text.split()
        board: dict[Sq, Piece] = {}
        for seat, group in enumerate(pieces.split("/")):
            for token in filter(None, group.split(":", 1)[1].split(",")):
                name, _, suffix = token.partition(":")
                s = (FILES.index(name[1]), int(name[2:]) - 1)
                p = Piece(seat, name[0])
                if suffix in ("0", "1"):
                    p.moved = int(suffix)
                elif suffix:
                    p.turned = suffix
                board[s] = p
        rooks = {(FILES.index(n[0]), int(n[1:]) - 1) for n in castling.split(",") if n != "-"}
        eps = None if ep == "-" else (FILES.index(ep[0]), int(ep[1:]) - 1)
        return Ref(board, "YGRB".index(turn), rooks, eps)

    def king(self, seat: int) -> Sq | None:
        return next((s for s, p in self.board.items() if p.seat == seat and p.kind == "K"), None)

    def won(self) -> bool:
        gone = [self.king(s) is None for s in range(4)]
        return (gone[0] and gone[2]) or (gone[1] and gone[3])

    def enemy(self, s: Sq, seat: int) -> bool:
        return s in self.board and self.board[s].seat % 2 != seat % 2

    def moves(self) -> list[tuple[object, ...]]:
        if self.won():
            return []
        seat = self.turn
        out: list[tuple[object, ...]] = []
        for s, p in list(self.board.items()):
            if p.seat == seat:
                out += self.piece_moves(s, p)
        out += self.castles(seat)
        if self.king(seat) is None:
            out = [m for m in out if m[2] in ("capture", "ep")] + [("pass",)]
        elif not out:
            out = [("pass",)]
        return out

    def promo(self, seat: int, s: Sq, to: Sq, kind: str) -> list[tuple[object, ...]]:
        if back_rank_owner(to) - {seat}:
            return [(s, to, kind, q) for q in "QRBN"]
        return [(s, to, kind, None)]

    def piece_moves(self, s: Sq, p: Piece) -> list[tuple[object, ...]]:
        out: list[tuple[object, ...]] = []
        if p.kind == "P":
            return self.pawn_moves(s, p)
        steps = {
            "N": [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)],
            "K": [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)],
            "B": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
            "R": [(1, 0), (-1, 0), (0, 1), (0, -1)],
        }
        steps["Q"] = steps["B"] + steps["R"]
        slide = p.kind in "BRQ"
        for d in steps[p.kind]:
            t = add(s, d)
            while on_board(t):
                if t in self.board:
                    if self.enemy(t, p.seat):
                        out.append((s, t, "capture", None))
                    break
                out.append((s, t, "quiet", None))
                if not slide:
                    break
                t = add(t, d)
        return out

    def pawn_moves(self, s: Sq, p: Piece) -> list[tuple[object, ...]]:
        out: list[tuple[object, ...]] = []
        d = COMPASS[p.turned] if p.turned else FORWARD[p.seat]
        one = add(s, d)
        if on_board(one):
            if one not in self.board:
                out += self.promo(p.seat, s, one, "quiet")
                two = add(s, d, 2)
                if not p.turned and p.moved < 2 and on_board(two) and two not in self.board:
                    out += self.promo(p.seat, s, two, "double")
            else:
                q = self.board[one]
                qd = COMPASS[q.turned] if q.turned else FORWARD[q.seat]
                facing = q.kind == "P" and q.seat == (p.seat + 2) % 4 and add(one, qd) == s
                if facing and self.king(p.seat) is not None:  # C12: no swap without a king
                    out.append((s, one, "swap", None))
        elif not p.turned:
            f, r = s
            if p.seat in (0, 2):
                way = (0, -1) if r < 7 else (0, 1)
            else:
                way = (-1, 0) if f < 7 else (1, 0)
            t = add(s, way)
            if on_board(t) and t not in self.board:
                out += self.promo(p.seat, s, t, "turn")
        if not p.turned:
            side = (d[1], d[0])
            for t in (add(add(s, d), side), add(add(s, d), side, -1)):
                if on_board(t) and self.enemy(t, p.seat):
                    out += self.promo(p.seat, s, t, "capture")
                if t == self.ep:
                    out.append((s, t, "ep", None))
        return out

    def castles(self, seat: int) -> list[tuple[object, ...]]:
        king = self.king(seat)
        out: list[tuple[object, ...]] = []
        for rook in self.castle_rooks:
            if self.board.get(rook) is None or self.board[rook].seat != seat or king is None:
                continue
            d = (
                (rook[0] > king[0]) - (rook[0] < king[0]),
                (rook[1] > king[1]) - (rook[1] < king[1]),
            )
            between, t = [], add(king, d)
            while t != rook:
                between.append(t)
                t = add(t, d)
            if all(b not in self.board for b in between):
                out.append((king, add(king, d, 2), "castle", rook))
        return out

    def play(self, m: tuple[object, ...]) -> Ref:
        board = {s: Piece(p.seat, p.kind, p.moved, p.turned) for s, p in self.board.items()}
        nxt = Ref(board, (self.turn + 1) % 4, set(self.castle_rooks), None)
        if m[0] == "pass":
            return nxt
        s, t, kind, extra = m
        assert isinstance(s, tuple) and isinstance(t, tuple)
        p = board.pop(s)
        if kind == "castle":
            assert isinstance(extra, tuple)
            board[((s[0] + t[0]) // 2, (s[1] + t[1]) // 2)] = board.pop(extra)
        elif kind == "swap":
            q = board.pop(t)
            q.moved = min(2, q.moved + 1)
            board[s] = q
        if kind == "ep":
            d = FORWARD[(self.turn + 3) % 4]
            board.pop(add(t, d))
        if p.kind == "P":
            p.moved = min(2, p.moved + 1)
            if kind == "turn":
                f, r = s
                letter = ("S" if r < 7 else "N") if p.seat in (0, 2) else ("W" if f < 7 else "E")
                p.turned = letter
        if isinstance(extra, str):
            p = Piece(p.seat, extra)
        board[t] = p
        if kind == "double":
            nxt.ep = ((s[0] + t[0]) // 2, (s[1] + t[1]) // 2)
        # Castling rights go with the king's and the rooks' first moves and with captures.
        for r in list(nxt.castle_rooks):
            owner = self.board[r].seat
            king_home = {0: (0, 6), 1: (6, 0), 2: (13, 7), 3: (7, 13)}[owner]
            if r in (s, t) or king_home in (s, t):
                nxt.castle_rooks.discard(r)
        return nxt


def perft(ref: Ref, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(ref.play(m), depth - 1) for m in ref.moves())
