"""Rematch: once every seated human asks, a `rematch` event names the new table; the
Round creates that table only after the event is stored (a failed store leaves no orphan),
and creating it again after a restart finds it already made."""

from __future__ import annotations

from collections.abc import Sequence

from regalia.core.game import Seat
from regalia.protocol import ErrorCode, EventKind, SeatKind, TableStatus
from regalia.tables.errors import TableError
from regalia.tables.events import Draft
from regalia.tables.store import SeatSpec
from regalia.tables.table import Table


def decide_rematch(table: Table, seat: Seat, new_id: str, seed: int) -> list[Draft]:
    if table.status != TableStatus.FINISHED:
        raise TableError(ErrorCode.NOT_STARTED, "a rematch can be asked once the game is over")
    if table.rematch_id is not None or seat in table.rematch_votes:
        return []
    drafts = [Draft(EventKind.REMATCH_OFFERED, seat)]
    humans = {s for s, info in enumerate(table.seats) if info.human and info.joined}
    if humans <= table.rematch_votes | {seat}:
        # Seats rotate by one so colours and turn order change.
        mapping = {str(s): (s + 1) % table.players for s in range(table.players)}
        data = {"table_id": new_id, "seats": mapping, "seed": seed}
        drafts.append(Draft(EventKind.REMATCH, None, data))
    return drafts


def rematch_seats(
    table: Table, hashes: Sequence[str | None], sources: Sequence[str | None]
) -> tuple[list[SeatSpec], dict[Seat, str]]:
    """The new table's seats (rotated by one; joined humans keep their tokens, players and
    where they sat down from) and names."""
    n = table.players
    specs: list[SeatSpec] = [SeatSpec(SeatKind.BOT, None, None)] * n
    names: dict[Seat, str] = {}
    for seat, info in enumerate(table.seats):
        new = (seat + 1) % n
        specs[new] = SeatSpec(info.kind, info.level, hashes[seat], info.player, sources[seat])
        if info.human and info.joined and info.name:
            names[new] = info.name
    return specs, names
