"""Regulator Chess in the terminal: a coloured Rich board, the regulator track, a prompt.

The loop reads lines through a `read_line(prompt) -> str | None` callable (None at end of
input) and prints to a Rich `Console`, so tests drive it with scripted lines.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console, Group
from rich.text import Text

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.levels import make_agent
from regalia.core.errors import RegaliaError
from regalia.games.regulator import GAME, RegulatorState
from regalia.games.regulator.board import BISHOP_JUMPS_FROM, KNIGHT_SLIDES_FROM
from regalia.games.regulator.game import SEAT_NAMES, result_token
from regalia.textfile import read_user_text

HUMAN = "human"
LIGHT, DARK = "on #f0d9b5", "on #b58863"
WHITE_PIECE, BLACK_PIECE = "bold #ffffff", "bold #000000"
TRACK_ON, TRACK_OFF = "bold black on #ffd75f", "#808080"

HELP = """\
Moves: SAN (Nc3, Bxd4, b3, axb7=Q) or coordinates (b1c3, a6b7q).
Commands:
  help           this text
  moves          list the legal moves
  board          show the board again
  undo           take back your last move (and the bot's reply)
  save FILE      write the game record (PGN-like) to FILE
  load FILE      continue a game from a record in FILE
  resign         give up the game
  quit           leave (save first if you want to continue later)"""

ReadLine = Callable[[str], str | None]


def render(state: RegulatorState) -> Group:
    """The board (rank 7 at the top) beside the regulator track, and the status lines."""
    view = state.view(None)
    lines: list[Text] = []
    for row, rank_text in enumerate(view["board"]):
        rank = 7 - row
        line = Text(f" {rank} ")
        for file, letter in enumerate(rank_text):
            background = DARK if (file + rank) % 2 == 0 else LIGHT  # a1 is dark
            if letter == ".":
                line.append("   ", style=background)
            else:
                colour = WHITE_PIECE if letter.isupper() else BLACK_PIECE
                line.append(f" {letter} ", style=f"{colour} {background}")
        space = rank  # track spaces 7..1 beside ranks 7..1
        marker = f" {space} " if space != view["regulator"] else f"[{space}]"
        line.append("    ")
        line.append(marker, style=TRACK_ON if space == view["regulator"] else TRACK_OFF)
        line.append(_track_note(space))
        lines.append(line)
    lines.append(Text("    a  b  c  d  e     regulator"))
    powers = view["powers"]
    status = Text("Powers: ")
    status.append(
        f"bishops move as knights too ({BISHOP_JUMPS_FROM}+): "
        + ("on" if powers["bishop_knight"] else "off"),
        style="bold green" if powers["bishop_knight"] else "dim",
    )
    status.append(" | ")
    status.append(
        f"knights move as rooks too ({KNIGHT_SLIDES_FROM}+): "
        + ("on" if powers["knight_rook"] else "off"),
        style="bold green" if powers["knight_rook"] else "dim",
    )
    lines.append(status)
    lines.append(Text(_status(state), style="bold"))
    return Group(*lines)


def _track_note(space: int) -> str:
    if space == KNIGHT_SLIDES_FROM:
        return "  knights + rook moves"
    if space == BISHOP_JUMPS_FROM:
        return "  bishops + knight moves"
    return ""


def _status(state: RegulatorState) -> str:
    view = state.view(None)
    parts = []
    if view["last_move"]:
        parts.append(f"Last move: {view['last_move']['san']}.")
    result = state.result()
    if result is not None:
        parts.append(f"Game over ({result_token(result)}): {result.reason}.")
    else:
        parts.append(f"{SEAT_NAMES[state.turn]} to move{' (in check)' if view['check'] else ''}.")
    return " ".join(parts)


class TerminalGame:
    """One game at the terminal. `players[seat]` is "human" or a bot level name."""

    def __init__(
        self,
        state: RegulatorState,
        players: Sequence[str],
        console: Console,
        read_line: ReadLine,
        seed: int = 0,
        think: float = 1.0,
    ) -> None:
        self.state = state
        self.players = tuple(p.strip().lower() for p in players)
        self.console = console
        self.read_line = read_line
        self.budget = Budget(seconds=think)
        # Built up front so an unknown level fails before play starts.
        self.agents: dict[int, Agent[int]] = {
            seat: make_agent("regulator", level, seed + seat)
            for seat, level in enumerate(self.players)
            if level != HUMAN
        }

    def label(self, seat: int) -> str:
        who = self.players[seat]
        return SEAT_NAMES[seat] + ("" if who == HUMAN else f" ({who})")

    def show(self) -> None:
        self.console.print(render(self.state))

    def error(self, message: str) -> None:
        self.console.print(Text(f"error: {message}", style="bold red"), soft_wrap=True)

    def run(self) -> RegulatorState:
        """Play until the game ends (bots only) or the input ends / a human quits."""
        self.show()
        announced = False
        while True:
            if self.state.is_over():
                if not announced:
                    self.announce()
                    announced = True
                if not any(p == HUMAN for p in self.players):
                    return self.state
            else:
                announced = False
                seat = self.state.turn
                if seat in self.agents:
                    self.bot_move(seat)
                    continue
            prompt = "game over> " if self.state.is_over() else f"{self.label(self.state.turn)}> "
            line = self.read_line(prompt)
            if line is None:
                return self.state
            if not self.command(line.strip()):
                return self.state

    def announce(self) -> None:
        result = self.state.result()
        assert result is not None
        winners = result.winners()
        headline = "Draw" if not winners else f"{SEAT_NAMES[winners[0]]} wins"
        self.console.print(
            Text(f"{headline} ({result_token(result)}): {result.reason}.", style="bold")
        )

    def bot_move(self, seat: int) -> None:
        agent = self.agents[seat]
        move = agent.choose(Observation(self.state, seat), self.budget)
        text = self.state.describe(move)
        self.state = self.state.apply(seat, move)
        self.console.print(f"{self.label(seat)} plays {text}")
        self.show()

    def command(self, line: str) -> bool:
        """Handle one input line; False means leave the loop."""
        if not line:
            return True
        word, _, rest = line.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in ("quit", "exit"):
            return False
        handlers: dict[str, Callable[[str], None]] = {
            "help": lambda _: self.console.print(HELP, markup=False),
            "?": lambda _: self.console.print(HELP, markup=False),
            "moves": lambda _: self.list_moves(),
            "board": lambda _: self.show(),
            "undo": lambda _: self.undo(),
            "save": self.save,
            "load": self.load,
            "resign": lambda _: self.resign(),
        }
        if word in handlers:
            handlers[word](rest)
        else:
            self.move(line)
        return True

    def move(self, text: str) -> None:
        if self.state.is_over():
            self.error("the game is over (undo, save, load or quit)")
            return
        try:
            self.state = self.state.apply_text(self.state.turn, text)
        except RegaliaError as exc:
            self.error(str(exc))
            return
        self.show()

    def list_moves(self) -> None:
        seat = self.state.turn
        moves = self.state.legal_actions(seat)
        if not moves:
            self.console.print("No legal moves.")
            return
        texts = sorted(self.state.describe(m) for m in moves)
        self.console.print("Legal moves: " + " ".join(texts), markup=False, soft_wrap=True)

    def undo(self) -> None:
        """Take back plies until a human is to move again, at least one."""
        try:
            state = self.state.undo()
            while state.moves and self.players[state.turn] != HUMAN:
                state = state.undo()
        except RegaliaError as exc:
            self.error(str(exc))
            return
        if self.players[state.turn] != HUMAN:
            self.error("nothing of yours to take back")
            return
        self.state = state
        self.show()

    def save(self, path: str) -> None:
        if not path:
            self.error("save needs a file name: save FILE")
            return
        tags = {"White": self.label(0), "Black": self.label(1)}
        try:
            Path(path).write_text(self.state.to_record(tags), encoding="utf-8")
        except OSError as exc:
            self.error(f"cannot write {path}: {exc.strerror or exc}")
            return
        self.console.print(f"Saved to {path}.", markup=False)

    def load(self, path: str) -> None:
        if not path:
            self.error("load needs a file name: load FILE")
            return
        try:
            state = load_record(path)
        except RegaliaError as exc:
            self.error(str(exc))
            return
        self.state = state
        self.console.print(f"Loaded {path}.", markup=False)
        self.show()

    def resign(self) -> None:
        if self.state.is_over():
            self.error("the game is over")
            return
        self.state = self.state.resign(self.state.turn)


def load_record(path: str) -> RegulatorState:
    """A game from the record in file `path`; raises RegaliaError with a one-line reason."""
    text = read_user_text(path)
    try:
        return GAME.from_record(text)
    except RegaliaError as exc:
        raise RegaliaError(f"{path}: {exc}") from None
