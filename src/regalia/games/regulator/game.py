"""Regulator Chess behind the core contract: `GAME` and its immutable `RegulatorState`.

Actions are move ints (see `position.py`); `encode` gives the coordinate form, `describe`
the SAN, `parse` accepts either. Seat 0 is White, seat 1 Black.

`view(seat)` returns (JSON-ready):
    game "regulator"; fen; start_fen; board: 7 strings, rank 7 first, files a..e, a FEN
    piece letter or "." per square; turn (seat to move); regulator (1..7); powers
    {"bishop_knight": bool, "knight_rook": bool}; to_act (list of seats); legal (coordinate
    moves of the seat to act); history (SAN list); last_move ({"san", "coordinate"} or None);
    check (is the side to move in check); halfmove; over; result (Result.to_json() or None).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from regalia.core.errors import BadRecord, IllegalAction
from regalia.core.game import (
    RANDOM_LEVEL,
    BotLevel,
    ClockPreset,
    Game,
    Option,
    Outcome,
    Result,
    Seat,
    State,
    Utility,
    ladder_levels,
)
from regalia.games.regulator import validity
from regalia.games.regulator.board import (
    BISHOP_JUMPS_FROM,
    KNIGHT_SLIDES_FROM,
)
from regalia.games.regulator.fen import board_letters, ranks_down, read_fen, write_fen
from regalia.games.regulator.notation import coordinate, parse_move, san, sans
from regalia.games.regulator.position import Position
from regalia.games.regulator.record import parse_record, write_record

SEAT_NAMES = ("White", "Black")
DRAW_PLIES = 100


def _decisive(loser: Seat, reason: str) -> Result:
    outcomes = [Outcome.WIN, Outcome.WIN]
    outcomes[loser] = Outcome.LOSS
    return Result(tuple(outcomes), reason)


def _draw(reason: str) -> Result:
    return Result((Outcome.DRAW, Outcome.DRAW), reason)


def judge(position: Position, legal: Sequence[int] | None = None) -> Result | None:
    """The result of `position` by R10 and R11, or None while play goes on.

    No legal move is judged first, so a mate given on the 100th quiet ply still wins.
    """
    mover = position.turn
    name = SEAT_NAMES[mover]
    if not (position.legal_moves() if legal is None else legal):
        if position.in_check():
            return _decisive(mover, f"checkmate: {name} is mated")
        return _decisive(mover, f"stalemate: {name} has no legal move and loses")
    if position.repetitions() >= 3:
        return _draw("threefold repetition (same pieces, side to move and regulator space)")
    if position.halfmove >= DRAW_PLIES:
        return _draw(f"{DRAW_PLIES} plies in a row without a pawn move or capture")
    if position.bare_kings():
        return _draw("bare kings")
    return None


def result_token(result: Result | None) -> str:
    if result is None:
        return "*"
    if result.outcomes[0] is Outcome.DRAW:
        return "1/2-1/2"
    return "1-0" if result.outcomes[0] is Outcome.WIN else "0-1"


_SEATS = (frozenset({0}), frozenset({1}))
_NOBODY: frozenset[Seat] = frozenset()


# The SANs of a game line are worked out only when asked for (records, views), once for all
# the states that share them. Each state holds the node of its own last ply, a list
# [node of the ply before or None, SANs of the line so far or None] (a list, not an object:
# it is made on every move); the moves themselves are the position's move stack. A node's
# link back is let go once its SANs are known, and SANs known further back are reused.
_Line = list[Any]
_PREV, _SANS = 0, 1


class RegulatorState(State[int]):
    """One point of a game. Public code never mutates it; `apply` returns a new state.

    `position` holds the whole line (its move stack is `moves`); `moves`, if given, must be
    that stack, and `sans` their SANs (worked out from the position when left out).
    """

    _start_fen: str
    _position: Position
    _line: _Line
    _resigned: Seat | None
    _tags: dict[str, str]
    _legal: list[int]
    _result: Result | None
    _to_act: frozenset[Seat]
    _view: dict[str, Any] | None = None  # made on first asking (`view`)

    def __init__(
        self,
        start_fen: str,
        position: Position,
        moves: tuple[int, ...] = (),
        sans: tuple[str, ...] = (),
        resigned: Seat | None = None,
        tags: Mapping[str, str] | None = None,
    ) -> None:
        known = tuple(sans) if len(sans) == len(position.move_stack) else None
        self._fill(start_fen, position, [None, known], resigned, dict(tags or {}), None)

    # ---------------------------------------------------------------- contract

    @property
    def game(self) -> RegulatorGame:
        return GAME

    @property
    def players(self) -> int:
        return 2

    def to_act(self) -> frozenset[Seat]:
        return self._to_act

    def legal_actions(self, seat: Seat) -> Sequence[int]:
        return list(self._legal) if seat in self._to_act else []

    def apply(self, seat: Seat, action: int) -> RegulatorState:
        if seat not in self._to_act:
            self.require_turn(seat)
        if action not in self._legal:
            raise IllegalAction(f"illegal move {_safe_coordinate(action)}")
        position = self._position.copy()
        position.push(action)
        # `_fill` inlined: this is the hot path of every playout.
        state = _new_state(RegulatorState)
        state._start_fen = self._start_fen
        state._position = position
        state._line = [self._line, None]
        state._resigned = None
        state._tags = self._tags
        state._legal = legal = position.legal_moves()
        if (
            legal
            and position.halfmove < DRAW_PLIES
            and position.repetitions() < 3
            and not position.bare_kings()
        ):
            state._result = None  # what `judge` says then, sooner
            state._to_act = _SEATS[position.turn]
        else:
            state._result = judge(position, legal)
            state._to_act = _NOBODY if state._result is not None else _SEATS[position.turn]
        return state

    def apply_text(self, seat: Seat, text: str) -> RegulatorState:
        return self.apply(seat, self.parse(seat, text))

    def result(self) -> Result | None:
        return self._result

    def is_over(self) -> bool:
        return self._result is not None

    def describe(self, action: int) -> str:
        if action in self._legal:
            return san(self._position, action, self._legal)
        return _safe_coordinate(action)

    def encode(self, action: int) -> str:
        return _safe_coordinate(action)

    def legal_texts(self, seat: Seat) -> list[tuple[str, str]]:
        if seat not in self._to_act:
            return []
        legal = self._legal
        return list(zip(map(_coordinate, legal), sans(self._position, legal), strict=True))

    def parse(self, seat: Seat, text: str) -> int:
        self.require_turn(seat)
        return parse_move(self._position, text)

    def to_record(self, tags: Mapping[str, str] | None = None) -> str:
        """The game as a record; `tags` adds or overrides tag pairs (e.g. White, Event)."""
        all_tags = {**self._tags, **(tags or {})}
        if self._result is not None:
            all_tags["Termination"] = self._result.reason
        return write_record(
            read_fen(self._start_fen),
            self._start_fen,
            self.sans,
            result_token(self._result),
            all_tags,
        )

    def view(self, seat: Seat | None) -> dict[str, Any]:
        """Every seat sees the whole game, so the view is made once per state and shared:
        callers must not change it."""
        view = self._view
        if view is None:
            view = self._view = self._make_view()
        return view

    def _make_view(self) -> dict[str, Any]:
        position = self._position
        board = ranks_down(board_letters(position.board))
        sans = self.sans
        last = None
        if sans:
            last = {"san": sans[-1], "coordinate": _coordinate(position.move_stack[-1])}
        return {
            "game": "regulator",
            "fen": self.fen,
            "start_fen": self._start_fen,
            "board": board,
            "turn": position.turn,
            "regulator": position.regulator,
            "powers": powers(position.regulator),
            "to_act": sorted(self.to_act()),
            "legal": [_coordinate(m) for m in self._legal] if not self._result else [],
            "history": list(sans),
            "last_move": last,
            "check": position.in_check(),
            "halfmove": position.halfmove,
            "over": self._result is not None,
            "result": self._result.to_json() if self._result else None,
        }

    def history(self) -> Sequence[tuple[Seat, int]]:
        moves = self._position.move_stack
        first = (self._position.turn + len(moves)) % 2
        return [((first + ply) % 2, move) for ply, move in enumerate(moves)]

    def initial(self) -> RegulatorState:
        return RegulatorState(self._start_fen, read_fen(self._start_fen), tags=self._tags)

    # ---------------------------------------------------------------- extras

    @property
    def fen(self) -> str:
        return write_fen(self._position)

    @property
    def start_fen(self) -> str:
        return self._start_fen

    @property
    def moves(self) -> tuple[int, ...]:
        return tuple(self._position.move_stack)

    @property
    def sans(self) -> tuple[str, ...]:
        """The SAN of every move so far (worked out on the first call, then kept)."""
        line = self._line
        sans: tuple[str, ...] | None = line[_SANS]
        if sans is None:
            sans = line[_SANS] = _work_out_sans(line, self._position)
            line[_PREV] = None
        return sans

    @property
    def turn(self) -> Seat:
        return self._position.turn

    @property
    def regulator(self) -> int:
        return self._position.regulator

    def position(self) -> Position:
        """A private copy of the engine position (with history), free to push and pop."""
        return self._position.copy()

    def resign(self, seat: Seat) -> RegulatorState:
        """The state after `seat` resigns; only while the game is on."""
        if self._result is not None:
            raise IllegalAction("the game is over")
        state = _new_state(RegulatorState)
        state._fill(self._start_fen, self._position, self._line, seat, self._tags, self._legal)
        return state

    def undo(self) -> RegulatorState:
        """The state before the last move (a resignation is undone first)."""
        state = _new_state(RegulatorState)
        if self._resigned is not None:
            state._fill(self._start_fen, self._position, self._line, None, self._tags, self._legal)
            return state
        if not self._position.move_stack:
            raise IllegalAction("there is no move to undo")
        position = self._position.copy()
        position.pop()
        line = self._line
        before = line[_PREV]
        if before is None:  # this line's SANs are known (and the link let go)
            known = line[_SANS]
            before = [None, None if known is None else known[:-1]]
        state._fill(self._start_fen, position, before, None, self._tags, None)
        return state

    # ---------------------------------------------------------------- internals

    def _fill(
        self,
        start_fen: str,
        position: Position,
        line: _Line,
        resigned: Seat | None,
        tags: dict[str, str],
        legal: list[int] | None,
    ) -> None:
        """Set every field (`legal`: the position's legal moves, if already known). The
        position, the legal list and the tags dict are shared by states: none changes them."""
        self._start_fen = start_fen
        self._position = position
        self._line = line
        self._resigned = resigned
        self._tags = tags
        if legal is None:
            legal = position.legal_moves()
        self._legal = legal
        result = (
            _decisive(resigned, f"{SEAT_NAMES[resigned]} resigns")
            if resigned is not None
            else judge(position, legal)
        )
        self._result = result
        self._to_act = _NOBODY if result is not None else _SEATS[position.turn]


_new_state = object.__new__  # a state without __init__, for `_fill`


def _work_out_sans(line: _Line, position: Position) -> tuple[str, ...]:
    """The SANs of the line ending at `line`, whose moves are `position`'s move stack: those
    known at the nearest node back, then the rest by replaying a copy of `position`."""
    node: _Line | None = line
    known: tuple[str, ...] = ()
    while node is not None:
        if node[_SANS] is not None:
            known = node[_SANS]
            break
        node = node[_PREV]
    moves = position.move_stack
    pending = moves[len(known) :]
    replay = position.copy()
    for _ in pending:
        replay.pop()
    sans = list(known)
    for move in pending:
        sans.append(san(replay, move, replay.legal_moves()))
        replay.push(move)
    return tuple(sans)


def powers(regulator: int) -> dict[str, bool]:
    """Which empowered moves the regulator's space switches on (R5, R6)."""
    return {
        "bishop_knight": regulator >= BISHOP_JUMPS_FROM,
        "knight_rook": regulator >= KNIGHT_SLIDES_FROM,
    }


# Views are built on every move: a move's coordinate text, looked up.
_coordinate = functools.cache(coordinate)


def _safe_coordinate(action: object) -> str:
    if isinstance(action, int) and 0 <= action < 1 << 15:
        return _coordinate(action)
    return repr(action)


@dataclass(frozen=True)
class RegulatorGame(Game[int]):
    options: Mapping[str, Option] = field(
        default_factory=lambda: {
            "regulator": Option("regulator", "regulator start space (1–7)", 1, minimum=1, maximum=7)
        }
    )

    def seat_names(self, players: int) -> tuple[str, ...]:
        return SEAT_NAMES

    def new(self, seed: int = 0, players: int | None = None, **options: object) -> RegulatorState:
        self.check_players(players)
        chosen = self.read_options(options)
        regulator = int(chosen["regulator"] or 1)
        position = Position.start(regulator)
        return RegulatorState(write_fen(position), position)

    def from_fen(self, fen: str) -> RegulatorState:
        """A game starting from the position `fen` (R12); raises BadPosition."""
        position = read_fen(fen)
        return RegulatorState(write_fen(position), position)

    def from_position(self, text: str, seed: int = 0) -> RegulatorState:
        return self.from_fen(text)

    def position_problems(self, text: str) -> tuple[str, ...]:
        return validity.problems(text)

    def from_record(self, text: str) -> RegulatorState:
        parsed = parse_record(text)
        kept = {
            k: v
            for k, v in parsed.tags.items()
            if k not in ("Game", "FEN", "Regulator", "Result", "Termination")
        }
        state = RegulatorState(parsed.start_fen, read_fen(parsed.start_fen), tags=kept)
        for ply, move in enumerate(parsed.moves):
            ended = state.result()
            if ended is not None:
                raise BadRecord(
                    f"record goes on after ply {ply}, where the game ended ({ended.reason})"
                )
            state = state.apply(state.turn, move)
        return _settle(state, parsed.result)


def _settle(state: RegulatorState, token: str) -> RegulatorState:
    """Check the record's result against the replay; a decisive result on a game still
    in progress is read as the loser's resignation."""
    actual = result_token(state.result())
    if token == "*" or token == actual:
        return state
    if actual == "*" and token in ("1-0", "0-1"):
        return state.resign(1 if token == "1-0" else 0)
    raise BadRecord(f"record result {token} does not match the game, which stands at {actual}")


# Titles name each level's strength for players in the measured order (Beginner < Novice <
# Casual < Strong, Level 1 < Level 2 …); the technical name stays the level's name.
# Weakest first; `rating` is the calibrated ladder's, random = 400 (bench/ladder.py,
# docs/engine.md).
LEVELS = (
    replace(RANDOM_LEVEL, title="Beginner", help="plays any legal move at random"),
    BotLevel("ismcts", "regalia.ai.regulator.levels:ismcts", "Novice",
             "Monte Carlo tree search", nodes=200, rating=940),
    BotLevel("greedy", "regalia.ai.regulator.levels:greedy", "Casual",
             "grabs the most material it sees one move ahead", rating=956),
    *ladder_levels("regalia.ai.regulator.ladder", (1202, 1494, 1791, 2068)),
    BotLevel("strong", "regalia.ai.regulator.agent:StrongAgent", "Strong",
             "alpha-beta search: the strongest", seconds=0.3, rating=2277),
)  # fmt: skip

GAME = RegulatorGame(
    name="regulator",
    title="Regulator Chess",
    summary="Chess on 5x7 where a regulator track switches bishop and knight powers on and off.",
    min_players=2,
    max_players=2,
    description=(
        "Chess for two on a 5 × 7 board with a king, two bishops, two knights and five pawns "
        "a side. Beside the board runs a regulator track of seven spaces: every quiet pawn move "
        "pushes the regulator up, every capture by a piece pulls it down. From space 3 bishops "
        "may also leap like knights, and from space 6 knights may also slide like rooks — so "
        "each pawn push changes what every minor piece can do. A player with no legal move "
        "loses, stalemate included."
    ),
    rules_url="rules/regulator.html",
    notation_hint="Nc3 or b1c3",
    max_plies=3000,  # far beyond what R11's draws allow in practice
    bot_levels=LEVELS,
    default_level="greedy",
    stand_in_level="strong",
    takebacks=True,
    utility=Utility.ZERO_SUM,  # one side (team) wins what the other loses
    clock_presets=(
        ClockPreset("3+2", 180, 2),
        ClockPreset("5+3", 300, 3),
        ClockPreset("10+5", 600, 5),
        ClockPreset("15+10", 900, 10),
    ),
    on_timeout="lose",
    conditional_moves=True,
    absence="claim",
    lessons="regalia.games.regulator.lessons:LESSONS",
    endgame="regalia.ai.regulator.tablebase:state_verdict",
    puzzles="regalia.ai.regulator.puzzles:HOOK",
    terminal_view="regalia.terminal.regulator:render_view",
)

__all__ = ["GAME", "RegulatorGame", "RegulatorState", "judge", "powers"]
