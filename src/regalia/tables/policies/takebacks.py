"""Takebacks: a seat asks to take its last move back, undoing it and every action after it.

Every other seat still standing must agree — the whole table, a teammate too, since the
moves of every seat since are undone (Regicide: up to three other armies' moves). A bot
(or a stand-in playing an absent human) agrees at a casual table and never at a rated one.
A move by anyone declines the pending request. Only a game that says so (`takebacks`)
has them.
"""

from __future__ import annotations

from regalia.core.game import Seat
from regalia.protocol import ErrorCode, EventKind
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.table import Table


def decide_offer(table: Table, seat: Seat) -> list[Draft]:
    if not table.game.takebacks:
        raise TableError(ErrorCode.TAKEBACKS_NOT_ALLOWED, f"{table.game.title} has no takebacks")
    if table.takeback_offer is not None:
        if seat in table.takeback_opponents():
            return decide_accept(table, seat)
        raise TableError(ErrorCode.BAD_MESSAGE, "a takeback request is already pending")
    if table.seats[seat].resigned or table.timing.bot_playing.get(seat):
        raise TableError(ErrorCode.FINISHED, "a bot plays this seat now: it takes nothing back")
    plies = plies_back(table, seat)
    drafts = [Draft(EventKind.TAKEBACK_OFFERED, seat, {"plies": plies})]
    others = [s for s in range(table.players) if s != seat and not table.seats[s].resigned]
    bots = [s for s in others if not table.human_plays(s)]
    if bots and table.rated:  # a bot never agrees to undo a rated game's moves
        return [*drafts, Draft(EventKind.TAKEBACK_DECLINED, bots[0])]
    drafts += [Draft(EventKind.TAKEBACK_ACCEPTED, other) for other in bots]
    if len(bots) == len(others):
        drafts.append(_taken(table, plies))
    return drafts


def decide_accept(table: Table, seat: Seat) -> list[Draft]:
    _need_request_to(table, seat)
    drafts = [Draft(EventKind.TAKEBACK_ACCEPTED, seat)]
    if table.takeback_opponents() <= table.takeback_accepted | {seat}:
        offer = table.takeback_offer
        assert offer is not None  # _need_request_to
        drafts.append(_taken(table, plies_back(table, offer)))
    return drafts


def decide_decline(table: Table, seat: Seat) -> list[Draft]:
    _need_request_to(table, seat)
    return [Draft(EventKind.TAKEBACK_DECLINED, seat)]


def declined_by_move(table: Table, seat: Seat) -> list[Draft]:
    """A move while a request is pending declines it (the asker's own move withdraws it)."""
    if table.takeback_offer is not None:
        return [Draft(EventKind.TAKEBACK_DECLINED, seat)]
    return []


def plies_back(table: Table, seat: Seat) -> int:
    """How many actions taking back `seat`'s last one undoes: it and all after it."""
    for back, (mover, _) in enumerate(reversed(table.actions), start=1):
        if mover == seat:
            return back
    raise TableError(ErrorCode.NO_TAKEBACK, "you have no move to take back yet")


def _need_request_to(table: Table, seat: Seat) -> None:
    if table.takeback_offer is None or seat not in table.takeback_opponents():
        raise TableError(ErrorCode.NO_TAKEBACK, "there is no takeback request for you to answer")


def _taken(table: Table, plies: int) -> Draft:
    """The takeback itself, with the position it goes back to."""
    kept = table.actions[: len(table.actions) - plies]
    return Draft(EventKind.TAKEBACK, None, {"plies": plies}, state=table.replayed(kept))
