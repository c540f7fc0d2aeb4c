"""Draw offers: a seat offers, every opponent still standing must agree; a move declines."""

from __future__ import annotations

from regalia.core.game import Outcome, Result, Seat
from regalia.protocol import ErrorCode, EventKind
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.policies.finish import finish
from regalia.tables.table import Table


def decide_offer(table: Table, seat: Seat) -> list[Draft]:
    if not table.game.draw_offers:
        raise TableError(ErrorCode.DRAWS_NOT_ALLOWED, f"{table.game.title} has no draw offers")
    if table.draw_offer is not None:
        if seat in table.draw_opponents():
            return decide_accept(table, seat)
        raise TableError(ErrorCode.BAD_MESSAGE, "a draw offer is already pending")
    drafts = [Draft(EventKind.DRAW_OFFERED, seat)]
    team = table.team_of(seat)
    others = [s for s in range(table.players) if s not in team and not table.seats[s].resigned]
    bots = [s for s in others if not table.seats[s].human]
    for other in bots:  # each bot answers as its game's draw policy says
        if not table.game.bot_accepts_draw(table.state, other):
            return [*drafts, Draft(EventKind.DRAW_DECLINED, other)]
    drafts += [Draft(EventKind.DRAW_ACCEPTED, other) for other in bots]
    if bots and len(bots) == len(others):
        drafts.append(_agreed(table))
    return drafts


def decide_accept(table: Table, seat: Seat) -> list[Draft]:
    _need_offer_to(table, seat)
    drafts = [Draft(EventKind.DRAW_ACCEPTED, seat)]
    if table.draw_opponents() <= table.draw_accepted | {seat}:
        drafts.append(_agreed(table))
    return drafts


def decide_decline(table: Table, seat: Seat) -> list[Draft]:
    _need_offer_to(table, seat)
    return [Draft(EventKind.DRAW_DECLINED, seat)]


def _need_offer_to(table: Table, seat: Seat) -> None:
    if table.draw_offer is None or seat not in table.draw_opponents():
        raise TableError(ErrorCode.NO_DRAW_OFFER, "there is no draw offer for you to answer")


def _agreed(table: Table) -> Draft:
    outcomes = tuple(Outcome.DRAW for _ in range(table.players))
    return finish(table, Result(outcomes, "draw agreed"))


def declined_by_move(table: Table, seat: Seat) -> list[Draft]:
    """An opponent who moves instead of answering declines the pending offer."""
    if table.draw_offer is not None and seat not in table.team_of(table.draw_offer):
        return [Draft(EventKind.DRAW_DECLINED, seat)]
    return []
