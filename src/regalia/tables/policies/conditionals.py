"""Conditional moves (lichess's conditional premoves in correspondence): while the others
are to move, a seat queues lines of play from the position as it is — the others' actions
and its own replies, in the order they would come ("if Nc3 then e5, then if Nf3 then Nc6").

A line is the actions in machine form, each by whoever would act then (in Regicide, three
seats move between two of the seat's own); the seat's own actions in it are its replies,
and it ends with one. Lines are stored as the seat's secret `conditional` event
(only that seat ever hears of it: `Event.shown_to`), kept by the table's reducer
(`Table.conditionals`): every action moves each seat's lines on, keeping only the lines it
matches, so any other move cancels them. When an action leaves the seat to act at the head
of one of its lines, the reply is decided at once, in the same batch as the move it answers
(`replies`). Only games whose descriptor says `conditional_moves` have them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.core.errors import RegaliaError
from regalia.core.game import Seat, State
from regalia.protocol import ErrorCode, EventKind, TableStatus
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.policies.finish import finish, with_resignations
from regalia.tables.table import Lines, Table, advanced

MAX_LINES = 32
MAX_PLIES = 24  # actions in one line
# Replies one move may set off in a row (several seats' lines answering each other).
MAX_CHAIN = 8


def check(table: Table, seat: Seat, lines: Sequence[Sequence[str]]) -> Lines:
    """The lines a seat asks for, in machine form, played out from the position now;
    TableError for anything a player must fix."""
    if not table.game.conditional_moves:
        raise TableError(ErrorCode.NO_CONDITIONALS, f"{table.game.title} has no conditional moves")
    if table.status != TableStatus.PLAYING or not table.human_plays(seat):
        raise TableError(ErrorCode.NO_CONDITIONALS, "conditional moves need a game you play")
    if seat in table.to_act():
        raise TableError(
            ErrorCode.NO_CONDITIONALS, "it is your turn: play your move instead of queueing one"
        )
    if len(lines) > MAX_LINES or any(len(line) > MAX_PLIES for line in lines):
        raise TableError(
            ErrorCode.TOO_LARGE,
            f"at most {MAX_LINES} lines of at most {MAX_PLIES} actions each",
        )
    out: list[tuple[str, ...]] = []
    replies: dict[tuple[str, ...], str] = {}
    for line in lines:
        codes, mine = _play_out(table.state, seat, line)
        for i in mine:
            if replies.setdefault(codes[:i], codes[i]) != codes[i]:
                raise TableError(
                    ErrorCode.ILLEGAL, "two lines answer the same moves with different replies"
                )
        out.append(codes)
    return tuple(out)


def _play_out(
    state: State[Any], seat: Seat, line: Sequence[str]
) -> tuple[tuple[str, ...], list[int]]:
    """A line's actions in machine form, each by whoever acts then, and where the seat's
    own replies are; TableError unless it is legal throughout and ends with a reply."""
    codes: list[str] = []
    mine: list[int] = []
    for text in line:
        acting = sorted(state.to_act())
        if state.is_over() or len(acting) != 1:
            raise TableError(ErrorCode.ILLEGAL, f"the game is over before {text!r}")
        if acting[0] == seat:
            mine.append(len(codes))
        try:
            action = state.parse(acting[0], text)
            codes.append(state.encode(action))
            state = state.apply(acting[0], action)
        except RegaliaError as exc:
            raise TableError(ErrorCode.ILLEGAL, f"{text!r}: {exc}") from None
    if not mine or mine[-1] != len(codes) - 1:
        raise TableError(ErrorCode.ILLEGAL, "a line ends with your reply")
    return tuple(codes), mine


def decide_set(table: Table, seat: Seat, lines: Sequence[Sequence[str]]) -> list[Draft]:
    """The seat's lines from now on (none: cancelled)."""
    checked = check(table, seat, lines) if lines else ()
    data = {"lines": [list(line) for line in checked]}
    return [Draft(EventKind.CONDITIONAL, seat, data, secret=True)]


def described(table: Table, seat: Seat) -> list[list[dict[str, str]]]:
    """The seat's lines as it may read them: each action in machine form and as text."""
    out = []
    for line in table.conditionals.get(seat, ()):
        state, steps = table.state, []
        for code in line:
            acting = sorted(state.to_act())[0]
            action = state.parse(acting, code)
            steps.append({"action": code, "text": state.describe(action)})
            state = state.apply(acting, action)
        out.append(steps)
    return out


def replies(table: Table, moves: Sequence[tuple[Seat, str]], state: State[Any]) -> list[Draft]:
    """The replies queued for what `moves` (seat, machine form) lead to, from `state` (the
    position after them): actions of the seats whose lines they match, in turn."""
    lines = {s: advanced(ls, [code for _, code in moves]) for s, ls in table.conditionals.items()}
    drafts: list[Draft] = []
    for _ in range(MAX_CHAIN):
        acting = sorted(state.to_act())
        if state.is_over() or len(acting) != 1:
            break
        seat = acting[0]
        queued = [line for line in lines.get(seat, ()) if line]
        if not queued or not table.human_plays(seat):
            break
        code = queued[0][0]
        try:
            action = state.parse(seat, code)
            after = state.apply(seat, action)
        except RegaliaError:
            break  # cannot happen (checked when queued); the seat then simply moves
        data = {"action": code, "text": state.describe(action)}
        drafts.append(Draft(EventKind.ACTION, seat, data, state=after))
        lines = {s: advanced(ls, [code]) for s, ls in lines.items()}
        state = after
        result = after.result()
        if result is not None:
            drafts.append(finish(table, with_resignations(table, result), after))
            break
    return drafts
