"""A table in memory: the game state, its seats and its event log.

`apply` is the only thing that changes a table (the one reducer), and it is also how a
table is rebuilt from its stored log; `preview` says what status and result a batch of
drafts would leave, by the same transitions. What a command causes is decided elsewhere
(`decide` and `policies/`); who is connected is live state its Round keeps. Nothing here
does I/O or reads a clock.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from regalia.core.game import Game, Outcome, Result, Seat, State
from regalia.protocol import EventKind, MessageType, SeatKind, TableStatus
from regalia.tables.events import Draft, Event, iso_time
from regalia.tables.timing import Timing

# Conditional moves: lines of actions in machine form (`policies/conditionals.py`).
Lines = tuple[tuple[str, ...], ...]


@dataclass(slots=True)
class SeatInfo:
    kind: str  # a SeatKind; an open seat becomes human when someone takes it
    level: str | None = None
    name: str | None = None
    joined: bool = False
    resigned: bool = False
    player: str | None = None  # a signed-in player (or a bot's rated player)
    bot_account: bool = False  # that player is a BOT account (it plays through the Bot API)
    # A human seat's actions: its player's own, and a stand-in's (while away or out of time).
    own_actions: int = 0
    stand_in_actions: int = 0

    @property
    def human(self) -> bool:
        return self.kind in (SeatKind.HUMAN, SeatKind.OPEN)


class Table:
    def __init__(
        self,
        table_id: str,
        game: Game[Any],
        players: int,
        options: Mapping[str, Any],
        seed: int,
        seats: list[SeatInfo],
        created_at: str,
    ) -> None:
        self.id = table_id
        self.game = game
        self.players = players
        self.options = dict(options)
        self.seed = seed
        self.seats = seats
        self.created_at = created_at
        self.seat_names = game.seat_names(players)
        # Where the game starts: the deal, or a position set up by hand (`created`'s
        # "position", read by the game's own rules).
        self.position: str | None = None
        self.start: State[Any] = game.new(seed, players, **options)
        self.state: State[Any] = self.start
        self.status: str = TableStatus.WAITING
        self.seq = 0
        self.events: list[Event] = []
        self.result: Result | None = None
        self.draw_offer: Seat | None = None
        self.draw_accepted: set[Seat] = set()
        self.takeback_offer: Seat | None = None
        self.takeback_accepted: set[Seat] = set()
        # The level of the bot playing each human seat now (its takeover's).
        self.stand_ins: dict[Seat, str] = {}
        self.rematch_votes: set[Seat] = set()
        self.rematch_id: str | None = None
        self.actions: list[tuple[Seat, str]] = []  # every applied action, in machine form
        self._by_stand_in: list[bool] = []  # per action: a stand-in's for a human seat
        self.timing = Timing(players)
        self.rated = False
        self.chat = True  # false: created with `"chat": false`, chat lines are refused
        self.rating_changes: list[dict[str, Any]] | None = None  # once a rated game is rated
        # Views of the current seq: many spectators (or one seat's several tabs) share one.
        self._views: dict[Seat | None, dict[str, Any]] = {}
        self.conditionals: dict[Seat, Lines] = {}  # each seat's queued lines, never shown

    # ----------------------------------------------------------------------------- queries

    def to_act(self) -> list[Seat]:
        return sorted(self.state.to_act()) if self.status == TableStatus.PLAYING else []

    @property
    def turn_based(self) -> bool:
        """Played across days (`"clock": {"days_per_move": N}`)."""
        clock = self.timing.rules.clock
        return clock is not None and clock.turn_based

    def bots_to_act(self) -> list[tuple[Seat, str]]:
        """(seat, level) for each seat a machine must move now."""
        out = []
        for seat in self.to_act():
            info = self.seats[seat]
            if info.resigned:
                out.append((seat, self.game.resigned_stand_in().name))
            elif not info.human:
                out.append((seat, info.level or self.game.resigned_stand_in().name))
            elif seat in self.timing.bot_playing:
                out.append((seat, self.stand_ins.get(seat) or self.stand_in_level(seat)))
        return out

    def human_plays(self, seat: Seat) -> bool:
        info = self.seats[seat]
        return info.human and not info.resigned and seat not in self.timing.bot_playing

    def stand_in_level(self, seat: Seat) -> str:
        """The bot that plays `seat` while its human is away or out of time: as strong as
        the strongest bot it plays against (the table's level), or the game's stand-in when
        every opponent is human."""
        team = self.team_of(seat)
        levels = [
            info.level or self.game.resigned_stand_in().name
            for s, info in enumerate(self.seats)
            if s not in team and not info.human
        ]
        if not levels:
            return self.game.stand_in().name
        return max(levels, key=self.game.strength)

    def team_of(self, seat: Seat) -> frozenset[Seat]:
        for team in self.game.teams(self.players):
            if seat in team:
                return team
        return frozenset({seat})

    def draw_opponents(self) -> set[Seat]:
        """Seats whose agreement the pending draw offer needs."""
        if self.draw_offer is None:
            return set()
        team = self.team_of(self.draw_offer)
        return {s for s in range(self.players) if s not in team and not self.seats[s].resigned}

    def takeback_opponents(self) -> set[Seat]:
        """Seats whose agreement the pending takeback request needs: every other seat still
        standing (a teammate's moves are undone too)."""
        if self.takeback_offer is None:
            return set()
        asker = self.takeback_offer
        return {s for s in range(self.players) if s != asker and not self.seats[s].resigned}

    def summary(self, now: float, connected: Mapping[Seat, int] | None = None) -> dict[str, Any]:
        connected = connected or {}
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "options": self.options,
            "status": self.status,
            "seq": self.seq,
            "created_at": self.created_at,
            "seats": [
                {
                    "seat": s,
                    "seat_name": self.seat_names[s],
                    "name": info.name,
                    "kind": info.kind,
                    "level": info.level,
                    "joined": info.joined,
                    "connected": not info.human or connected.get(s, 0) > 0,
                    "bot_playing": s in self.timing.bot_playing,
                    "player": info.player,
                    "bot": info.kind == SeatKind.BOT or info.bot_account,
                    "vacation_until": self._vacation(s, now),
                }
                for s, info in enumerate(self.seats)
            ],
            **self.timing.rules.to_json(),
            "turn_based": self.turn_based,
            "rated": self.rated,
            "chat": self.chat,
            "clocks": self.timing.clock_json(now),
            "to_act": self.to_act(),
            "result": self.result.to_json() if self.result else None,
            "rematch": self.rematch_id,
            "position": self.position,
        }

    def view_core(self, viewer: Seat | None) -> dict[str, Any]:
        """The `view` message for one seat (None: spectators) but its live parts (clocks,
        presence), built once per seq and shared by every connection of that seat."""
        cached = self._views.get(viewer)
        if cached is None:
            cached = self._views[viewer] = self._view_message(viewer)
        return cached

    def _view_message(self, viewer: Seat | None) -> dict[str, Any]:
        to_act = self.to_act()
        legal: list[dict[str, str]] = []
        if viewer is not None and viewer in to_act and not self.seats[viewer].resigned:
            legal = [{"action": a, "text": t} for a, t in self.state.legal_texts(viewer)]
        return {
            "type": MessageType.VIEW,
            "seq": self.seq,
            "status": self.status,
            "view": self.state.view(viewer),
            "to_act": to_act,
            "legal": legal,
            "result": self.result.to_json() if self.result else None,
            "draw_offer": self.draw_offer,
            "takeback_offer": self.takeback_offer,
        }

    def events_after(
        self, seq: int, viewer: Seat | None, chat_lines: int | None = None
    ) -> list[dict[str, Any]]:
        """Events after `seq` as `viewer` sees them; with `chat_lines`, only that many of
        the newest chat lines among them (a flood of chat must not flood a reconnection)."""
        events = self.events[max(0, seq) :]
        if chat_lines is not None:
            chats = [e.seq for e in events if e.kind == EventKind.CHAT and e.shown_to(viewer)]
            dropped = set(chats[: max(0, len(chats) - chat_lines)])
            events = [e for e in events if e.seq not in dropped]
        return [e.visible_to(viewer) for e in events if e.shown_to(viewer)]

    def chat_before(self, seq: int, lines: int, viewer: Seat | None) -> list[dict[str, Any]]:
        """Up to `lines` chat events before `seq`, oldest first (history on request)."""
        chats = [
            e for e in self.events[: max(0, seq - 1)]
            if e.kind == EventKind.CHAT and e.shown_to(viewer)
        ]  # fmt: skip
        return [e.visible_to(viewer) for e in chats[-lines:]] if lines > 0 else []

    # ----------------------------------------------------------------------------- apply

    def replayed(self, actions: Sequence[tuple[Seat, str]]) -> State[Any]:
        """The game from its start through `actions` (machine form): what a takeback keeps."""
        state = self.start
        for seat, text in actions:
            state = state.apply(seat, state.parse(seat, text))
        return state

    def preview(self, drafts: Sequence[Draft]) -> tuple[str, dict[str, Any] | None]:
        """The status and result (if one is decided) once `drafts` are applied."""
        status: str = self.status
        result = None
        for draft in drafts:
            status = _status_after(status, draft.kind)
            if draft.kind == EventKind.FINISHED:
                result = draft.data["result"]
        return status, result

    def apply(self, event: Event, state: State[Any] | None = None) -> None:
        """Advance the table by one stored event (`state`: an action's precomputed result)."""
        if event.seq != self.seq + 1:
            raise ValueError(f"table {self.id}: event {event.seq} after {self.seq}")
        kind, seat, data = event.kind, event.seat, event.data
        if kind == EventKind.CREATED:
            self.timing.configure(data)
            self.rated = bool(data.get("rated"))
            self.chat = data.get("chat", True) is not False
            if data.get("position"):
                self.position = str(data["position"])
                self.start = self.state = self.game.from_position(self.position, self.seed)
        elif kind == EventKind.JOINED and seat is not None:
            self.seats[seat].joined = True
            self.seats[seat].name = str(data["name"])
            if data.get("player"):
                self.seats[seat].player = str(data["player"])
                self.seats[seat].bot_account = bool(data.get("bot"))
            if data.get("sat"):
                self.seats[seat].kind = SeatKind.HUMAN
        elif kind == EventKind.ACTION and seat is not None:
            if state is None:
                state = self.state.apply(seat, self.state.parse(seat, str(data["action"])))
            self.state = state
            self.actions.append((seat, str(data["action"])))
            info = self.seats[seat]
            own = self.human_plays(seat)
            self._by_stand_in.append(info.human and not own)
            if own:
                info.own_actions += 1
            elif info.human:
                info.stand_in_actions += 1
        elif kind == EventKind.DRAW_OFFERED:
            self.draw_offer, self.draw_accepted = seat, set()
        elif kind == EventKind.DRAW_ACCEPTED and seat is not None:
            self.draw_accepted.add(seat)
        elif kind == EventKind.DRAW_DECLINED:
            self.draw_offer, self.draw_accepted = None, set()
        elif kind == EventKind.TAKEOVER and seat is not None:
            self.stand_ins[seat] = str(data["level"])
        elif kind == EventKind.RETURNED and seat is not None:
            self.stand_ins.pop(seat, None)
        elif kind == EventKind.TAKEBACK_OFFERED:
            self.takeback_offer, self.takeback_accepted = seat, set()
        elif kind == EventKind.TAKEBACK_ACCEPTED and seat is not None:
            self.takeback_accepted.add(seat)
        elif kind == EventKind.TAKEBACK_DECLINED:
            self.takeback_offer, self.takeback_accepted = None, set()
        elif kind == EventKind.TAKEBACK:
            self.takeback_offer, self.takeback_accepted = None, set()
            kept = len(self.actions) - int(data["plies"])
            for (mover, _), by_stand_in in zip(
                self.actions[kept:], self._by_stand_in[kept:], strict=True
            ):  # the undone actions count for nobody
                if by_stand_in:
                    self.seats[mover].stand_in_actions -= 1
                elif self.seats[mover].human:
                    self.seats[mover].own_actions -= 1
            self.actions, self._by_stand_in = self.actions[:kept], self._by_stand_in[:kept]
            self.state = state if state is not None else self.replayed(self.actions)
        elif kind == EventKind.RESIGNED and seat is not None:
            self.seats[seat].resigned = True
        elif kind == EventKind.LEFT and seat is not None and self.status == TableStatus.WAITING:
            self.seats[seat].joined = False
        elif kind == EventKind.FINISHED:
            self.draw_offer = self.takeback_offer = None
            result = data["result"]
            self.result = Result(tuple(Outcome(o) for o in result["outcomes"]), result["reason"])
        elif kind == EventKind.REMATCH_OFFERED and seat is not None:
            self.rematch_votes.add(seat)
        elif kind == EventKind.REMATCH:
            self.rematch_id = str(data["table_id"])
        elif kind == EventKind.TIMEOUT and seat is not None and data.get("rule") == "lose":
            self.seats[seat].resigned = True
        if self.conditionals or kind == EventKind.CONDITIONAL:
            self._follow_conditionals(kind, seat, data)
        self.status = _status_after(self.status, kind)
        self.timing.after(kind, seat, data, event.at, self.to_act())
        self.events.append(event)
        self.seq = event.seq
        self._views.clear()

    def _vacation(self, seat: Seat, now: float) -> str | None:
        """When the seat's vacation ends (ISO), while it lasts: its clock stands still."""
        clocks = self.timing.clocks
        until = clocks.vacation_until.get(seat, 0.0) if clocks is not None else 0.0
        return iso_time(until) if until > now else None

    def _follow_conditionals(self, kind: str, seat: Seat | None, data: Mapping[str, Any]) -> None:
        """A seat's lines are set by its `conditional` event; an action keeps only the lines
        it matches (any other move cancels them); a takeback or the end clears them all."""
        if kind == EventKind.CONDITIONAL and seat is not None:
            lines = tuple(tuple(str(a) for a in line) for line in data.get("lines", ()))
            if lines:
                self.conditionals[seat] = lines
            else:
                self.conditionals.pop(seat, None)
        elif kind == EventKind.ACTION:
            code = str(data["action"])
            for holder, lines in list(self.conditionals.items()):
                kept = advanced(lines, [code])
                if kept:
                    self.conditionals[holder] = kept
                else:
                    del self.conditionals[holder]
        elif kind in _CLEARS_CONDITIONALS:
            self.conditionals.clear()
        elif kind in (EventKind.RESIGNED, EventKind.TAKEOVER) and seat is not None:
            self.conditionals.pop(seat, None)


# A takeback (its event kind "takeback") rewinds the position the lines start from.
_CLEARS_CONDITIONALS = {"takeback", EventKind.FINISHED, EventKind.EXPIRED}


def advanced(lines: Lines, codes: Sequence[str]) -> Lines:
    """The lines still standing after `codes` were played, each without them."""
    for code in codes:
        lines = tuple(line[1:] for line in lines if line and line[0] == code)
    return tuple(line for line in lines if line)


def _status_after(status: str, kind: str) -> str:
    """The one place a table's status changes: by the kind of an event."""
    if kind == EventKind.STARTED:
        return TableStatus.PLAYING
    if kind == EventKind.FINISHED:
        return TableStatus.FINISHED
    if kind == EventKind.EXPIRED:
        return TableStatus.EXPIRED
    return status
