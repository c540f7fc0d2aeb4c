"""The Universal Chess Interface (UCI) over Regalia's search, for any game that gives a `GameUci`.

docs/engine.md ("The engine protocol") documents the commands; `regalia engine regulator`
and `regalia engine regicide` run a `Session` over stdin and stdout.

Two threads. The reader (whoever calls `handle`, line by line) answers `stop`, `ponderhit`,
`register` and `quit` at once, and `isready` at once whenever a search is running or waiting;
every other command goes into a queue that one worker thread carries out in order, a `go`
there running its whole search. The search polls a stop flag (`Flag`), so the reader's
answers never wait for it. Every `go` ends in a `bestmove`, whatever else it said.
"""

from __future__ import annotations

import queue
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, TextIO

from regalia.ai.base import Observation
from regalia.ai.levels import budget_for, make_agent
from regalia.ai.ratings import ladder
from regalia.ai.search import Limits, Report, Searcher, scores
from regalia.ai.search.alphabeta import TABLE_CAPACITY
from regalia.ai.search.domain import Domain
from regalia.core.errors import RegaliaError
from regalia.core.registry import get_game

# `go wtime/btime`: spend 1/CLOCK_SHARE of the mover's clock (or of it over `movestogo`
# moves, when fewer) plus the increment, never more than CLOCK_CAP of what is left.
CLOCK_SHARE = 30
CLOCK_CAP = 0.8
SLOT_BYTES = 18  # one transposition-table slot (regalia.ai.search.table)
DEFAULT_HASH_MB = 8  # 2**18 slots: the table the bots search with
MAX_HASH_MB = 1024
MAX_MULTIPV = 256
SKILL_MAX = 20
# `info currmove` lines start once a search has run this long (seconds).
CURRMOVE_AFTER = 1.0
# The keywords of `go`; `searchmoves` takes the moves up to the next one.
GO_NUMBERS = ("depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate")
GO_FLAGS = ("infinite", "ponder")


class UciError(Exception):
    """A command the session cannot carry out; answered as `info string error: ...`."""


class GameUci(ABC):
    """What the protocol needs from one game: positions, moves, clocks, variants."""

    game: str  # the registry name, for the levels and their ratings
    engine_name: str
    variants: tuple[str, ...]  # UCI_Variant values, the default first

    @abstractmethod
    def domain(self) -> Domain[Any, int]: ...

    @abstractmethod
    def start(self, variant: str) -> Any:
        """The start position (`position startpos`)."""

    @abstractmethod
    def read(self, text: str, variant: str) -> Any:
        """The position of a `position fen` text; raises RegaliaError or UciError."""

    @abstractmethod
    def write(self, pos: Any) -> str:
        """Our position text (the game's own notation)."""

    @abstractmethod
    def parse_move(self, pos: Any, text: str) -> int: ...

    @abstractmethod
    def coordinate(self, move: int) -> str: ...

    @abstractmethod
    def history(self, pos: Any) -> list[int]:
        """Keys of the earlier positions a repetition could return to."""

    @abstractmethod
    def clock(self, pos: Any) -> str:
        """Whose clock runs in `go`: "w" (wtime, winc) or "b" (btime, binc)."""

    def variant_line(self, variant: str) -> str | None:
        """The `info string` a variant GUI reads after `setoption name UCI_Variant`."""
        return None


class Flag:
    """The stop signal a search polls: set by `stop`, or by the clock once `deadline`
    (a `time.perf_counter()` value, set at `ponderhit`) has passed."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self.deadline: float | None = None

    def set(self) -> None:
        self._event.set()

    def is_set(self) -> bool:
        if self._event.is_set():
            return True
        deadline = self.deadline
        return deadline is not None and time.perf_counter() >= deadline


@dataclass
class Job:
    """One `go`: its words, its stop flag and what the reader has said about it since."""

    args: list[str]
    stop: Flag = field(default_factory=Flag)
    wake: threading.Event = field(default_factory=threading.Event)  # stop or ponderhit
    ponder: bool = False
    infinite: bool = False
    seconds: float | None = None  # a ponder search's own time, counted from ponderhit
    hit: bool = False


@dataclass(frozen=True)
class Spin:
    default: int
    low: int
    high: int


class Session:
    """The protocol state: options, the position (start and moves), the engine."""

    def __init__(self, game: GameUci, out: TextIO) -> None:
        self.game = game
        self._out = out
        self._lock = threading.Lock()
        self.ladder = ladder(game.game)
        self.spins: dict[str, Spin] = {
            "Hash": Spin(DEFAULT_HASH_MB, 1, MAX_HASH_MB),
            "Threads": Spin(1, 1, 1),
            "MultiPV": Spin(1, 1, MAX_MULTIPV),
            "Skill Level": Spin(SKILL_MAX, 0, SKILL_MAX),
        }
        if self.ladder:
            low, high = self.ladder[0][1], self.ladder[-1][1]
            self.spins["UCI_Elo"] = Spin(high, low, high)
        self.options: dict[str, Any] = {name: spin.default for name, spin in self.spins.items()}
        self.options.update(Ponder=False, UCI_LimitStrength=False, UCI_Variant=game.variants[0])
        self.searcher: Searcher[Any, int] = Searcher(game.domain(), table_capacity=TABLE_CAPACITY)
        self.position = game.start(game.variants[0])
        self.currmove_after = CURRMOVE_AFTER
        self.debug = False
        self._jobs: list[Job] = []  # gos queued or running
        self._queue: queue.Queue[tuple[Callable[..., None], tuple[Any, ...]] | None]
        self._queue = queue.Queue()
        self._worker = threading.Thread(target=self._work, daemon=True)
        self._worker.start()

    # -- the reader -------------------------------------------------------------------------

    def run(self, lines: Iterable[str]) -> None:
        """Serve commands until `quit` or the end of input, then finish what was queued
        (at the end of input an infinite or pondering search is stopped, as by `stop`)."""
        for line in lines:
            if not self.handle(line):
                break
        else:
            self._stop_jobs(lambda job: job.infinite or (job.ponder and not job.hit))
        self.wait()
        self._queue.put(None)
        self._worker.join()

    def handle(self, line: str) -> bool:
        """Take one command line; False after `quit`. Unknown words before a command are
        skipped (as UCI asks: `joho debug on` is `debug on`)."""
        words = line.split()
        known = {"quit", *self._commands(), *self._at_once()}
        while words and words[0] not in known:
            words.pop(0)
        if not words:
            if line.strip():
                self.send(f"info string error: unknown command {line.split()[0]!r}")
            return True
        command, args = words[0], words[1:]
        if command == "quit":
            self._stop_jobs(lambda job: True)
            return False
        at_once = self._at_once().get(command)
        if at_once is not None and (command != "isready" or self._searching()):
            at_once(args)
            return True
        if command == "go":
            job = Job(args, ponder="ponder" in args, infinite="infinite" in args)
            with self._lock:
                self._jobs.append(job)
            self._queue.put((self._go, (job,)))
        else:
            self._queue.put((self._commands()[command], (args,)))
        return True

    def _at_once(self) -> dict[str, Callable[[list[str]], None]]:
        return {
            "isready": lambda args: self.send("readyok"),
            "stop": lambda args: self._stop_jobs(lambda job: True),
            "ponderhit": self._ponderhit,
            "register": lambda args: None,  # no registration is needed
        }

    def _searching(self) -> bool:
        with self._lock:
            return bool(self._jobs)

    def _stop_jobs(self, which: Callable[[Job], bool]) -> None:
        """Stop the gos sent so far that `which` picks; each still sends its `bestmove`."""
        with self._lock:
            for job in self._jobs:
                if which(job):
                    job.stop.set()
                    job.wake.set()

    def _ponderhit(self, args: list[str]) -> None:
        """The move pondered on was played: the pondering search now runs on its own
        limits, its time counted from now."""
        with self._lock:
            for job in self._jobs:
                if job.ponder and not job.hit:
                    job.hit = True
                    if job.seconds is not None:
                        job.stop.deadline = time.perf_counter() + job.seconds
                    job.wake.set()

    def _debug(self, args: list[str]) -> None:
        self.debug = args[:1] != ["off"]

    def stop(self) -> None:
        """End every search sent so far at once, and wait for their `bestmove`."""
        self._stop_jobs(lambda job: True)
        self.wait()

    def wait(self) -> None:
        """Block until every queued command is carried out (an infinite search waits for
        `stop`)."""
        self._queue.join()

    def send(self, text: str) -> None:
        with self._lock:
            self._out.write(text + "\n")
            self._out.flush()

    # -- the worker -------------------------------------------------------------------------

    def _work(self) -> None:
        while True:
            item = self._queue.get()
            try:
                if item is None:
                    return
                handler, args = item
                try:
                    handler(*args)
                except (UciError, RegaliaError) as exc:
                    self.send(f"info string error: {exc}")
            finally:
                self._queue.task_done()

    def _commands(self) -> dict[str, Callable[[list[str]], None]]:
        return {
            "uci": self._uci,
            "isready": lambda args: self.send("readyok"),
            "ucinewgame": self._new_game,
            "setoption": self._setoption,
            "debug": self._debug,
            "position": self._position,
            "go": lambda args: None,  # queued as a Job by `handle`
            "d": lambda args: self.send(f"info string fen {self.game.write(self.position)}"),
        }

    def _uci(self, args: list[str]) -> None:
        self.send(f"id name {self.game.engine_name}")
        self.send("id author the Regalia authors")
        for name, spin in self.spins.items():
            self.send(
                f"option name {name} type spin default {spin.default} min {spin.low} "
                f"max {spin.high}"
            )
        self.send("option name Clear Hash type button")
        self.send("option name Ponder type check default false")
        if self.ladder:
            self.send("option name UCI_LimitStrength type check default false")
        choices = " ".join(f"var {name}" for name in self.game.variants)
        self.send(f"option name UCI_Variant type combo default {self.game.variants[0]} {choices}")
        self.send("uciok")

    def _new_game(self, args: list[str]) -> None:
        self.searcher.new_game()
        self.position = self.game.start(self.options["UCI_Variant"])

    def _setoption(self, args: list[str]) -> None:
        text = " ".join(args)
        if not text.startswith("name "):
            raise UciError("setoption needs: name <id> [value <x>]")
        name, _, value = text[len("name ") :].partition(" value ")
        name = name.strip()
        value = value.strip()
        known = {key.lower(): key for key in [*self.options, "Clear Hash"]}
        key = known.get(name.lower())
        if key is None:
            raise UciError(f"no option named {name!r}")
        if key == "Clear Hash":
            self.searcher.new_game()
        elif key in self.spins:
            spin = self.spins[key]
            try:
                number = int(value)
            except ValueError:
                raise UciError(f"{key} needs a whole number, not {value!r}") from None
            if not spin.low <= number <= spin.high:
                raise UciError(f"{key} {number} is outside {spin.low}..{spin.high}")
            self.options[key] = number
            if key == "Hash":
                capacity = number * 2**20 // SLOT_BYTES
                self.searcher = Searcher(self.game.domain(), table_capacity=capacity)
        elif key == "UCI_Variant":
            if value not in self.game.variants:
                raise UciError(
                    f"UCI_Variant {value!r} is not one of {', '.join(self.game.variants)}"
                )
            self.options[key] = value
            self.position = self.game.start(value)
            line = self.game.variant_line(value)
            if line is not None:
                self.send(f"info string {line}")
        else:  # the checks
            if value.lower() not in ("true", "false"):
                raise UciError(f"{key} is true or false, not {value!r}")
            self.options[key] = value.lower() == "true"

    def _position(self, args: list[str]) -> None:
        if not args:
            raise UciError("position needs startpos or fen")
        if "moves" in args:
            at = args.index("moves")
            setup, moves = args[:at], args[at + 1 :]
        else:
            setup, moves = args, []
        variant = self.options["UCI_Variant"]
        if setup[0] == "startpos" and len(setup) == 1:
            position = self.game.start(variant)
        elif setup[0] == "fen" and len(setup) > 1:
            position = self.game.read(" ".join(setup[1:]), variant)
        else:
            raise UciError("position needs startpos or fen <position>")
        for text in moves:
            try:
                position.push(self.game.parse_move(position, text))
            except RegaliaError as exc:
                raise UciError(f"move {text!r}: {exc}") from None
        # Only a fully read command replaces the position.
        self.position = position

    # -- go ---------------------------------------------------------------------------------

    def _go(self, job: Job) -> None:
        """Search, and always end in `bestmove`: a word `go` cannot read is reported and
        left out, and anything else that goes wrong still answers with a legal move."""
        pos = self.position.copy()
        try:
            limits = self._limits(job, pos)
            if self.debug:
                self.send(f"info string go read as {limits}")
            report = self._think(job, pos, limits)
        except Exception as exc:  # a GUI waits for bestmove whatever happened
            self.send(f"info string error: {type(exc).__name__}: {exc}")
            moves = list(self.searcher.domain.moves(pos))
            report = Report(moves[0] if moves else None, 0, 0, 0, 0.0)
        # An infinite or pondering search answers only once told to (stop, ponderhit).
        if job.infinite or job.ponder:
            job.wake.wait()
        with self._lock:
            self._jobs.remove(job)
        if report.move is None:
            self.send(f"info depth 0 score {scores.describe(report.score)}")
            self.send("bestmove (none)")
            return
        best = f"bestmove {self.game.coordinate(report.move)}"
        if len(report.pv) >= 2 and report.pv[0] == report.move:
            best += f" ponder {self.game.coordinate(report.pv[1])}"
        self.send(best)

    def _limits(self, job: Job, pos: Any) -> Limits:
        values: dict[str, int] = {}
        searchmoves: list[int] | None = None
        args = job.args
        index = 0
        while index < len(args):
            word = args[index]
            index += 1
            if word in GO_FLAGS:
                pass  # read by `handle`, so that the reader knows them from the start
            elif word == "searchmoves":
                searchmoves = []
                while index < len(args) and args[index] not in (*GO_NUMBERS, *GO_FLAGS):
                    text = args[index]
                    index += 1
                    try:
                        searchmoves.append(self.game.parse_move(pos, text))
                    except RegaliaError as exc:
                        self.send(f"info string error: go searchmoves {text}: {exc}; left out")
            elif word in GO_NUMBERS:
                number = _number(args[index]) if index < len(args) else None
                if number is None:
                    self.send(f"info string error: go {word} needs a whole number; left out")
                    continue
                values[word] = number
                index += 1
            else:
                if index < len(args) and _number(args[index]) is not None:
                    word, index = f"{word} {args[index]}", index + 1  # and its value
                self.send(f"info string error: go: unknown word {word!r}; left out")
        seconds = self._seconds(values, pos)
        depth = values.get("depth")
        nodes = values.get("nodes")
        mate = values.get("mate")
        if job.infinite:
            seconds = None
        elif depth is None and nodes is None and mate is None and seconds is None:
            # Nothing bounds it: the strongest level's time per move.
            seconds = budget_for(self.game.game, self.ladder[-1][0]).seconds
        if job.ponder:
            with self._lock:
                job.seconds, seconds = seconds, None
                if job.hit and job.seconds is not None:  # ponderhit came before this line
                    job.stop.deadline = time.perf_counter() + job.seconds
        return Limits(
            depth=None if depth is None else max(depth, 1),
            nodes=None if nodes is None else max(nodes, 1),
            seconds=seconds,
            moves=tuple(searchmoves) if searchmoves else None,
            mate=None if mate is None else max(mate, 1),
        )

    def _seconds(self, values: dict[str, int], pos: Any) -> float | None:
        if "movetime" in values:
            return max(values["movetime"], 1) / 1000
        side = self.game.clock(pos)
        if f"{side}time" not in values:
            return None
        left = max(values[f"{side}time"], 0)
        moves = min(max(values.get("movestogo", CLOCK_SHARE), 1), CLOCK_SHARE)
        budget = min(left / moves + max(values.get(f"{side}inc", 0), 0), left * CLOCK_CAP)
        return max(budget, 1) / 1000

    def _level(self) -> str | None:
        """The level to play with UCI_LimitStrength or Skill Level, None at full strength
        (the top level is the engine itself)."""
        names = [name for name, _ in self.ladder]
        if not names:
            return None
        if self.options["UCI_LimitStrength"]:
            elo = self.options["UCI_Elo"]
            fitting = [name for name, rating in self.ladder if rating <= elo]
            chosen = fitting[-1] if fitting else names[0]
        else:
            chosen = names[self.options["Skill Level"] * (len(names) - 1) // SKILL_MAX]
        return None if chosen == names[-1] else chosen

    def _think(self, job: Job, pos: Any, limits: Limits) -> Report[int]:
        level = self._level()
        if level is not None:
            return self._play_level(level, pos)
        started = time.perf_counter()

        def on_root_move(move: int, number: int, depth: int) -> None:
            if time.perf_counter() - started >= self.currmove_after:
                self.send(
                    f"info depth {depth} currmove {self.game.coordinate(move)} "
                    f"currmovenumber {number}"
                )

        last: list[tuple[int, int]] = []  # the last line sent: its nodes and seldepth

        def on_iteration(report: Report[int]) -> None:
            last[:] = [(report.nodes, report.seldepth)]
            self.send(self._info(report))

        report = self.searcher.search(
            pos,
            limits,
            self.game.history(pos),
            on_iteration,
            job.stop,
            multipv=self.options["MultiPV"],
            on_root_move=on_root_move,
        )
        if report.move is not None and (not last or last[0][0] != report.nodes):
            # Stopped inside an iteration: the totals, and the move it chose.
            final = replace(report, pv=report.pv or [report.move], line=1)
            final.seldepth = max(final.seldepth, last[0][1] if last else 0)
            self.send(self._info(final))
        return report

    def _info(self, report: Report[int]) -> str:
        pv = " ".join(self.game.coordinate(move) for move in report.pv)
        return (
            f"info depth {report.depth} seldepth {report.seldepth} multipv {report.line} "
            f"score {scores.describe(report.score)} nodes {report.nodes} nps {report.nps} "
            f"hashfull {self.searcher.table.hashfull()} time {int(report.seconds * 1000)} pv {pv}"
        )

    def _play_level(self, level: str, pos: Any) -> Report[int]:
        """A move of the game's `level` bot, as it plays at a table (its own budget)."""
        state = get_game(self.game.game).from_position(self.game.write(pos))
        if state.is_over() or not state.to_act():
            report: Report[int] = self.searcher.search(pos, Limits(depth=1))
            return report
        seat = min(state.to_act())
        agent = make_agent(self.game.game, level, seed=self.searcher.domain.key(pos) & 0xFFFF)
        self.send(f"info string playing as the {level} level")
        move = agent.choose(Observation(state, seat), budget_for(self.game.game, level))
        return Report(int(move), 0, 0, 0, 0.0)


def serve(session: Session, lines: Iterable[str]) -> None:
    """Run `session` over `lines` (stdin); Ctrl-C ends it as `quit` would, quietly."""
    try:
        session.run(lines)
    except KeyboardInterrupt:
        session.stop()


def _number(text: str) -> int | None:
    """A whole number of `go` (clocks may be negative when a GUI is late)."""
    try:
        return int(text)
    except ValueError:
        return None
