"""Fixed numberings of action texts: every text a game may ever encode gets one index.

A number then means the same action in every state, which is what a policy network's output
layer needs; the legal ones are picked out by the action mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


class Vocabulary:
    """A bijection between a fixed list of action texts and `0..size-1`."""

    def __init__(self, texts: Iterable[str]) -> None:
        self.texts: tuple[str, ...] = tuple(texts)
        self._index = {text: i for i, text in enumerate(self.texts)}
        if len(self._index) != len(self.texts):
            raise ValueError("a vocabulary lists each text once")

    @property
    def size(self) -> int:
        return len(self.texts)

    def index(self, text: str) -> int:
        try:
            return self._index[text]
        except KeyError:
            raise ValueError(f"{text!r} has no action number") from None

    def text(self, index: int) -> str:
        if not 0 <= index < len(self.texts):
            raise ValueError(f"action {index} is outside 0..{len(self.texts) - 1}")
        return self.texts[index]


Square = tuple[str, int, int]  # name, file, rank (any integer grid coordinates)


def chess_moves(
    squares: Sequence[Square], promotes_on: Iterable[str], extra: Sequence[str] = ()
) -> Vocabulary:
    """Coordinate moves `<from><to>[q|r|b|n]` of a chess-like board, then `extra` texts.

    A from-to pair is listed when some piece could ever make it: along a line (file, rank
    or diagonal, however far, which also covers castling and the Regulator's empowered
    pieces) or a knight's jump. Promotions are one-square steps onto a square of
    `promotes_on`, each with the four pieces.
    """
    promoting = set(promotes_on)
    texts: list[str] = []
    for name, file, rank in squares:
        for to, to_file, to_rank in squares:
            df, dr = abs(to_file - file), abs(to_rank - rank)
            if (df, dr) == (0, 0):
                continue
            if df == 0 or dr == 0 or df == dr or {df, dr} == {1, 2}:
                texts.append(name + to)
    for name, file, rank in squares:
        for to, to_file, to_rank in squares:
            step = max(abs(to_file - file), abs(to_rank - rank)) == 1
            if step and to in promoting:
                texts.extend(name + to + piece for piece in "qrbn")
    texts.extend(extra)
    return Vocabulary(texts)
