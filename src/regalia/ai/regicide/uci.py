"""`regalia engine regicide`: the Regicide engine over UCI (docs/engine.md, "Regicide").

Regicide has four seats in two teams that alternate every ply (Yellow, Green, Red, Blue;
Yellow and Red against Green and Blue), so one two-sided search serves it as it serves
chess. How UCI maps onto it:

- `position startpos | fen <position text> [moves ...]`: the position text of
  docs/rules/regicide.md (one line of seven fields) and coordinate moves (`b4d4`, `l13l14q`,
  `pass`; the short form is read too);
- `go` searches for the seat to move and answers `bestmove` in coordinates (`pass` when that
  is the move); `wtime`/`winc` are the clock of the team of Yellow and Red, `btime`/`binc`
  that of Green and Blue;
- `UCI_Variant` has the one value `regicide`; no other engine knows this board, so there is
  no other position text to accept.
"""

from __future__ import annotations

from typing import TextIO

from regalia.ai.regicide.agent import recent_keys
from regalia.ai.regicide.domain import RegicideDomain
from regalia.ai.uci import GameUci, Session
from regalia.games.regicide.notation import coordinate, parse
from regalia.games.regicide.position import Position
from regalia.games.regicide.text import from_text, to_text

ENGINE_NAME = "Regalia Regicide"


class RegicideUci(GameUci):
    game = "regicide"
    engine_name = ENGINE_NAME
    variants = ("regicide",)

    def domain(self) -> RegicideDomain:
        return RegicideDomain()

    def start(self, variant: str) -> Position:
        return Position.start()

    def read(self, text: str, variant: str) -> Position:
        return from_text(text)

    def write(self, pos: Position) -> str:
        return to_text(pos)

    def parse_move(self, pos: Position, text: str) -> int:
        return parse(pos, text)

    def coordinate(self, move: int) -> str:
        return coordinate(move)

    def history(self, pos: Position) -> list[int]:
        return recent_keys(pos)

    def clock(self, pos: Position) -> str:
        return "w" if pos.turn % 2 == 0 else "b"


class UciSession(Session):
    """A Regicide session writing to `out`."""

    def __init__(self, out: TextIO) -> None:
        super().__init__(RegicideUci(), out)
