"""Terminal play of Regicide: any mix of humans and bots across the four seats.

The loop reads lines from any iterator and writes to any Rich console, so tests drive it
with scripted input and read the captured output.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from rich.console import Console
from rich.text import Text

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.levels import make_agent
from regalia.core.errors import BadNotation, RegaliaError
from regalia.core.seeds import derive
from regalia.games.regicide import GAME, RegicideState
from regalia.games.regicide import board as B
from regalia.textfile import read_user_text

SEAT_STYLES = ("bold yellow1", "bold green3", "bold red1", "bold dodger_blue1")
LIGHT, DARK, LAST = "on grey42", "on grey23", "on dark_cyan"
HUMAN = "human"

HELP = """\
Commands:
  <move>        a move: coordinates (b4d4, l13l14q, a7a5 castles), short form (YP-d4, GKxg2)
                or pass (only without a king, or with no move at all)
  moves         list the legal moves of the seat to move
  board         draw the board again
  undo          take back your last move (and the bots' moves after it)
  save FILE     write the game record to FILE
  load FILE     continue the game recorded in FILE
  resign        give up: your team loses
  help          this text
  quit          leave without finishing"""


def draw_board(state: RegicideState) -> Text:
    """The cross board, Blue's rank 14 on top, pieces in their seat's colour."""
    view = state.view(None)
    pieces = {p["square"]: (p["seat"], p["piece"]) for p in view["pieces"]}
    last = view["last_move"]
    marked = {last["from"], last["to"]} if last else set()
    text = Text()
    for rank in range(B.SIZE, 0, -1):
        text.append(f"{rank:>2} ")
        for file in range(B.SIZE):
            sq = (rank - 1) * B.SIZE + file
            if not B.VALID[sq]:
                text.append("   ")
                continue
            name = B.square_name(sq)
            background = LAST if name in marked else LIGHT if B.is_light(sq) else DARK
            if name in pieces:
                seat, piece = pieces[name]
                # The seat letter keeps pieces apart where the terminal shows no colour.
                cell = f"{B.SEAT_LETTERS[seat].lower()}{piece} "
                text.append(cell, style=f"{SEAT_STYLES[seat]} {background}")
            else:
                text.append("   ", style=background)
        text.append("\n")
    text.append("   " + "".join(f" {f} " for f in B.FILES) + "\n")
    return text


def status(state: RegicideState, kinds: list[str]) -> Text:
    view = state.view(None)
    text = Text()
    for team, members in enumerate(view["teams"]):
        text.append("light: " if team == 0 else " | dark: ")
        for number, seat in enumerate(members):
            style = SEAT_STYLES[seat] + (" strike" if seat in view["kings_captured"] else "")
            text.append(", " if number else "")
            text.append(f"{B.SEAT_NAMES[seat]} ({kinds[seat]})", style=style)
    captured = [B.SEAT_NAMES[s] for s in view["kings_captured"]]
    text.append(f"\nkings captured: {', '.join(captured) or 'none'}")
    if view["history"]:
        text.append(f"   last move: {view['history'][-1]}")
    return text


class TerminalGame:
    """One game at the terminal. `kinds[seat]` is "human" or a bot level name."""

    def __init__(
        self, kinds: list[str], seed: int, console: Console, state: RegicideState | None = None
    ) -> None:
        self.kinds = [k.strip().lower() for k in kinds]
        self.console = console
        self.bots: dict[int, Agent[int]] = {
            seat: make_agent("regicide", kind, derive(seed, f"regicide-bot-{seat}"))
            for seat, kind in enumerate(self.kinds)
            if kind != HUMAN
        }
        if state is None:
            names = {B.SEAT_NAMES[seat]: kind for seat, kind in enumerate(self.kinds)}
            state = GAME.new(seed).named(names)
        self.states = [state]
        self.finished = False

    @property
    def state(self) -> RegicideState:
        return self.states[-1]

    def run(self, lines: Iterator[str] | None = None) -> RegicideState:
        """Play until the game ends, the input ends, or someone quits."""
        read: Callable[[str], str | None] = (
            self._scripted(lines) if lines is not None else self._ask
        )
        self.show()
        while not self.finished:
            if self.state.is_over():
                self._announce()
                break
            seat = self.state.turn
            if seat in self.bots:
                self._bot_move(seat)
                continue
            line = read(f"{B.SEAT_NAMES[seat]}> ")
            if line is None:
                break
            self.handle(seat, line.strip())
        return self.state

    def show(self) -> None:
        self.console.print(draw_board(self.state))
        self.console.print(status(self.state, self.kinds))

    def handle(self, seat: int, line: str) -> None:
        """One line of human input: a command or a move; errors leave the game unchanged."""
        word, _, rest = line.partition(" ")
        command = word.lower()
        try:
            if not line:
                return
            if command == "help":
                self.console.print(HELP, markup=False)
            elif command == "quit":
                self.finished = True
            elif command == "board":
                self.show()
            elif command == "moves":
                legal = sorted(self.state.describe(m) for m in self.state.legal_actions(seat))
                self.console.print(" ".join(legal), markup=False)
            elif command == "undo":
                self._undo()
            elif command == "save":
                self._save(rest.strip())
            elif command == "load":
                self._load(rest.strip())
            elif command == "resign":
                self.states.append(self.state.resign(seat))
                self.console.print(f"{B.SEAT_NAMES[seat]} resigns.")
            else:
                self._human_move(seat, line)
        except RegaliaError as exc:
            self.console.print(f"error: {exc}", markup=False, highlight=False)

    def _human_move(self, seat: int, text: str) -> None:
        state = self.state
        move = state.parse(seat, text)
        self._record(state, state.apply(seat, move), seat, state.describe(move))

    def _bot_move(self, seat: int) -> None:
        state = self.state
        move = self.bots[seat].choose(Observation(state, seat), Budget(seconds=1.0))
        self._record(state, state.apply(seat, move), seat, state.describe(move))

    def _record(self, before: RegicideState, after: RegicideState, seat: int, text: str) -> None:
        self.states.append(after)
        self.console.print(Text(f"{B.SEAT_NAMES[seat]} plays {text}", style=SEAT_STYLES[seat]))
        forced = len(after.short_history) - len(before.short_history) - 1
        for offset in range(1, forced + 1):
            self.console.print(f"{B.SEAT_NAMES[(seat + offset) & 3]} cannot move and passes.")
        if self.kinds[after.turn] == HUMAN or after.is_over():
            self.show()

    def _undo(self) -> None:
        # Back to just before the last human move, dropping the bots' replies after it.
        humans = [i for i in range(1, len(self.states)) if self._mover(i) not in self.bots]
        if not humans:
            raise BadNotation("nothing to undo: no human move has been made")
        del self.states[humans[-1] :]
        self.console.print("Move taken back.")
        self.show()

    def _mover(self, index: int) -> int:
        """The seat whose action led from states[index - 1] to states[index]."""
        return self.states[index - 1].turn

    def _save(self, path: str) -> None:
        if not path:
            raise BadNotation("save needs a file name: save FILE")
        try:
            Path(path).write_text(self.state.to_record(), encoding="utf-8")
        except OSError as exc:
            raise BadNotation(f"cannot write {path}: {exc.strerror}") from None
        self.console.print(f"Saved to {path}.")

    def _load(self, path: str) -> None:
        if not path:
            raise BadNotation("load needs a file name: load FILE")
        self.states = [GAME.from_record(read_user_text(path))]
        self.console.print(f"Loaded {path}.")
        self.show()

    def _announce(self) -> None:
        result = self.state.result()
        assert result is not None
        self.console.print(f"Game over: {result.reason}.")
        self.finished = True

    def _scripted(self, lines: Iterator[str]) -> Callable[[str], str | None]:
        def read(prompt: str) -> str | None:
            line = next(lines, None)
            if line is not None:
                self.console.print(f"{prompt}{line}", markup=False)  # a readable transcript
            return line

        return read

    def _ask(self, prompt: str) -> str | None:
        try:
            return self.console.input(prompt)
        except EOFError:
            return None
