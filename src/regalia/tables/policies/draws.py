"""Draw offers: a seat offers, every opponent still standing must agree; a move declines."""

from __future__ import annotations

from regalia.core.game import Outcome, Result, Seat
from regalia.protocol import EventKind
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.policies.finish import finish
from regalia.tables.table import Table


def decide_offer(table: Table, seat: Seat) -> list[Draft]:
    if not table.game.draw_offers:
        raise TableError("draws_not_allowed", f"{table.game.title} has no draw offers")
    if table.draw_offer is not None:
        if seat in table.draw_opponents():
            return decide_accept(table, seat)
        raise TableError("bad_message", "a draw offer is already pending")
    drafts = [Draft(EventKind.DRAW_OFFERED, seat)]
    team = table.team_of(seat)
    for other in range(table.players):
        info = table.seats[other]
        if other not in team and not info.resigned and not info.human:
            # Bots decline draw offers: a bot level has no draw policy yet.
            drafts.append(Draft(EventKind.DRAW_DECLINED, other))
            break
    return drafts


def decide_accept(table: Table, seat: Seat) -> list[Draft]:
    if table.draw_offer is None or seat not in table.draw_opponents():
        raise TableError("no_draw_offer", "there is no draw offer for you to answer")
    drafts = [Draft(EventKind.DRAW_ACCEPTED, seat)]
    if table.draw_opponents() <= table.draw_accepted | {seat}:
        outcomes = tuple(Outcome.DRAW for _ in range(table.players))
        drafts.append(finish(table, Result(outcomes, "draw agreed")))
    return drafts


def decide_decline(table: Table, seat: Seat) -> list[Draft]:
    if table.draw_offer is None or seat not in table.draw_opponents():
        raise TableError("no_draw_offer", "there is no draw offer for you to answer")
    return [Draft(EventKind.DRAW_DECLINED, seat)]


def declined_by_move(table: Table, seat: Seat) -> list[Draft]:
    """An opponent who moves instead of answering declines the pending offer."""
    if table.draw_offer is not None and seat not in table.team_of(table.draw_offer):
        return [Draft(EventKind.DRAW_DECLINED, seat)]
    return []
