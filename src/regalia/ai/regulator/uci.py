"""A UCI-like text protocol for the Regulator Chess engine (documented in docs/engine.md).

One command per line in, one reply per line out. The search runs in a thread so that `stop`,
`isready` and `quit` are answered while it thinks. A bad command is answered with
`info string error: ...` and never ends the session.

    >>> import io
    >>> out = io.StringIO()
    >>> session = UciSession(out)
    >>> for line in ["isready", "position startpos moves c2c3", "go depth 2"]:
    ...     _ = session.handle(line)
    >>> session.wait()
    >>> out.getvalue().splitlines()[0], out.getvalue().splitlines()[-1].split()[0]
    ('readyok', 'bestmove')
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import TextIO

from regalia.ai.regulator.domain import RegulatorDomain
from regalia.ai.search import Limits, Report, Searcher, scores
from regalia.core.errors import RegaliaError
from regalia.games.regulator.fen import START_FEN, read_fen, write_fen
from regalia.games.regulator.notation import coordinate, parse_move
from regalia.games.regulator.position import Position

ENGINE_NAME = "Regalia Regulator"
# `go` with wtime/btime: spend this share of the remaining clock (plus the increment).
CLOCK_SHARE = 30


class UciError(Exception):
    """A command the session cannot carry out; answered as `info string error: ...`."""


class UciSession:
    """The protocol state: the current position, the engine, the running search if any."""

    def __init__(self, out: TextIO) -> None:
        self._out = out
        self._lock = threading.Lock()
        self.searcher: Searcher[Position, int] = Searcher(RegulatorDomain())
        self.position = Position.start()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._infinite = False

    # -- input ------------------------------------------------------------------------------

    def run(self, lines: Iterable[str]) -> None:
        """Serve commands until `quit` or the end of input."""
        for line in lines:
            if not self.handle(line):
                return
        # End of input: a bounded search may finish (so `echo ... | regalia engine` works).
        if self._infinite:
            self.stop()
        self.wait()

    def handle(self, line: str) -> bool:
        """Carry out one command line; False after `quit`."""
        words = line.split()
        if not words:
            return True
        command, args = words[0], words[1:]
        try:
            if command == "quit":
                self.stop()
                return False
            handler = self._commands().get(command)
            if handler is None:
                raise UciError(f"unknown command {command!r}")
            handler(args)
        except (UciError, RegaliaError) as exc:
            self.send(f"info string error: {exc}")
        return True

    def _commands(self) -> dict[str, Callable[[list[str]], None]]:
        return {
            "uci": self._uci,
            "isready": lambda args: self.send("readyok"),
            "ucinewgame": self._new_game,
            "position": self._position,
            "go": self._go,
            "stop": lambda args: self.stop(),
            "d": lambda args: self.send(f"info string fen {write_fen(self.position)}"),
        }

    # -- commands ---------------------------------------------------------------------------

    def _uci(self, args: list[str]) -> None:
        self.send(f"id name {ENGINE_NAME}")
        self.send("id author the Regalia authors")
        self.send("uciok")

    def _new_game(self, args: list[str]) -> None:
        self._require_idle()
        self.searcher.new_game()
        self.position = Position.start()

    def _position(self, args: list[str]) -> None:
        self._require_idle()
        if not args:
            raise UciError("position needs startpos or fen")
        if "moves" in args:
            at = args.index("moves")
            setup, moves = args[:at], args[at + 1 :]
        else:
            setup, moves = args, []
        if setup[0] == "startpos" and len(setup) == 1:
            position = read_fen(START_FEN)
        elif setup[0] == "fen" and len(setup) > 1:
            position = read_fen(" ".join(setup[1:]))
        else:
            raise UciError("position needs startpos or fen <position>")
        for text in moves:
            try:
                position.push(parse_move(position, text))
            except RegaliaError as exc:
                raise UciError(f"move {text!r}: {exc}") from None
        # Only a fully read command replaces the position.
        self.position = position

    def _go(self, args: list[str]) -> None:
        self._require_idle()
        limits = self._limits(args)
        pos = self.position.copy()
        history = pos.keys[-(pos.halfmove + 1) : -1]
        self._infinite = limits == Limits()
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._think, args=(pos, limits, history), daemon=True
        )
        self._thread.start()

    def _limits(self, args: list[str]) -> Limits:
        values: dict[str, int] = {}
        infinite = False
        index = 0
        while index < len(args):
            name = args[index]
            if name == "infinite":
                infinite = True
                index += 1
                continue
            if name not in {"depth", "movetime", "nodes", "wtime", "btime", "winc", "binc"}:
                raise UciError(f"go: unknown limit {name!r}")
            if index + 1 >= len(args) or not args[index + 1].isdigit():
                raise UciError(f"go: {name} needs a whole number")
            values[name] = int(args[index + 1])
            index += 2
        seconds: float | None = None
        if "movetime" in values:
            seconds = values["movetime"] / 1000
        elif not infinite:
            side = "w" if self.position.turn == 0 else "b"
            if f"{side}time" in values:
                budget = values[f"{side}time"] / CLOCK_SHARE + values.get(f"{side}inc", 0)
                seconds = max(budget, 10) / 1000
        bounded = values.get("depth") or values.get("nodes") or seconds is not None
        if not bounded and not infinite:
            raise UciError("go needs depth, movetime, nodes, wtime/btime or infinite")
        return Limits(depth=values.get("depth"), nodes=values.get("nodes"), seconds=seconds)

    # -- the search thread ------------------------------------------------------------------

    def _think(self, pos: Position, limits: Limits, history: list[int]) -> None:
        report = self.searcher.search(pos, limits, history, self._info, self._stop)
        if report.move is None:
            self.send(f"info depth 0 score {scores.describe(report.score)}")
            self.send("bestmove (none)")
        else:
            self.send(f"bestmove {coordinate(report.move)}")

    def _info(self, report: Report[int]) -> None:
        pv = " ".join(coordinate(m) for m in report.pv)
        self.send(
            f"info depth {report.depth} score {scores.describe(report.score)} "
            f"nodes {report.nodes} nps {report.nps} time {int(report.seconds * 1000)} pv {pv}"
        )

    def stop(self) -> None:
        """End a running search at once; its `bestmove` is still sent."""
        self._stop.set()
        self.wait()

    def wait(self) -> None:
        """Block until a running search has sent its `bestmove`."""
        thread = self._thread
        if thread is not None:
            thread.join()
            self._thread = None
            self._infinite = False

    def _require_idle(self) -> None:
        """Commands that change the position or start a search wait for the running
        search's `bestmove` first, so piped scripts behave the same at any speed."""
        if self._infinite:
            raise UciError("the engine is searching without limit; send stop first")
        self.wait()

    def send(self, text: str) -> None:
        with self._lock:
            self._out.write(text + "\n")
            self._out.flush()
