"""A table in memory: the game state, its seats and its event log.

`decide` checks a command against the current table and returns the events it causes;
`apply` is the only thing that changes the table, and it is also how a table is rebuilt
from its stored log. Nothing here does I/O.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from regalia.core.errors import BadNotation, IllegalAction, NotYourTurn, RegaliaError
from regalia.core.game import Game, Outcome, Result, Seat, State
from regalia.protocol import EventKind, MessageType, SeatKind, TableStatus
from regalia.tables.commands import Command
from regalia.tables.errors import TableError
from regalia.tables.events import Draft, Event
from regalia.tables.timing import Timing, epoch


@dataclass(slots=True)
class SeatInfo:
    kind: str  # a SeatKind; an open seat becomes human when someone takes it
    level: str | None = None
    name: str | None = None
    joined: bool = False
    resigned: bool = False
    player: str | None = None  # a signed-in player (or a bot's rated player)

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
        self.state: State[Any] = game.new(seed, players, **options)
        self.status = TableStatus.WAITING
        self.seq = 0
        self.events: list[Event] = []
        self.result: Result | None = None
        self.draw_offer: Seat | None = None
        self.draw_accepted: set[Seat] = set()
        self.rematch_votes: set[Seat] = set()
        self.rematch_id: str | None = None
        self.actions: list[tuple[Seat, str]] = []  # every applied action, in machine form
        self.timing = Timing(players)
        self.rated = False
        self.rating_changes: list[dict[str, Any]] | None = None  # once a rated game is rated
        # Live, not in the log: since when each human seat has had no connection (epoch
        # seconds; absent: connected). The service keeps it; absence rules read it.
        self.absent_since: dict[Seat, float] = {}
        # Views of the current seq: many spectators (or one seat's several tabs) share one.
        self._views: dict[Seat | None, dict[str, Any]] = {}

    # ----------------------------------------------------------------------------- queries

    def to_act(self) -> list[Seat]:
        return sorted(self.state.to_act()) if self.status == TableStatus.PLAYING else []

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
                out.append((seat, self.stand_in_level()))
        return out

    def _human_plays(self, seat: Seat) -> bool:
        info = self.seats[seat]
        return info.human and not info.resigned and seat not in self.timing.bot_playing

    def stand_in_level(self) -> str:
        """The bot that plays an absent or timed-out human: the game says which."""
        return self.game.stand_in().name

    def presence(self) -> list[dict[str, bool]]:
        """Per seat: a live connection (bots always), and whether a bot plays it now."""
        return [
            {
                "connected": not info.human or (info.joined and s not in self.absent_since),
                "bot": not info.human or s in self.timing.bot_playing,
            }
            for s, info in enumerate(self.seats)
        ]

    def absent_to_act(self, now: float) -> list[tuple[Seat, float]]:
        """Human seats to act with no connection, each with when its grace runs out."""
        grace = self.timing.rules.absence.grace_s
        out = []
        for seat in self.to_act():
            info = self.seats[seat]
            gone = self.absent_since.get(seat)
            if not info.human or info.resigned or gone is None or seat in self.timing.bot_playing:
                continue
            since = max(gone, self.timing.turn_since.get(seat, gone))
            out.append((seat, since + grace))
        return out

    def claimable_by(self, seat: Seat, now: float) -> bool:
        """Whether `seat` may claim the win now: an opponent to act has been away too long."""
        if self.timing.rules.absence.then != "claim" or self.status != TableStatus.PLAYING:
            return False
        if not self.seats[seat].human or seat in self.absent_since:
            return False
        team = self.team_of(seat)
        return any(s not in team and due <= now for s, due in self.absent_to_act(now))

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

    def summary(self, connected: Mapping[Seat, int] | None = None) -> dict[str, Any]:
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
                }
                for s, info in enumerate(self.seats)
            ],
            **self.timing.rules.to_json(),
            "rated": self.rated,
            "clocks": self.timing.clock_json(time.time()),
            "to_act": self.to_act(),
            "result": self.result.to_json() if self.result else None,
            "rematch": self.rematch_id,
        }

    def view_message(self, viewer: Seat | None) -> dict[str, Any]:
        """The `view` message for one seat (None: spectators), with clocks as of now."""
        cached = self._views.get(viewer)
        if cached is None:
            cached = self._views[viewer] = self._view_message(viewer)
        now = time.time()
        return cached | {
            "clocks": self.timing.clock_json(now),
            "presence": self.presence(),
            "claimable": viewer is not None and self.claimable_by(viewer, now),
            "ratings": self.rating_changes,
        }

    def _view_message(self, viewer: Seat | None) -> dict[str, Any]:
        to_act = self.to_act()
        legal: list[dict[str, str]] = []
        if viewer is not None and viewer in to_act and not self.seats[viewer].resigned:
            legal = [
                {"action": self.state.encode(a), "text": self.state.describe(a)}
                for a in self.state.legal_actions(viewer)
            ]
        return {
            "type": MessageType.VIEW,
            "seq": self.seq,
            "status": self.status,
            "view": self.state.view(viewer),
            "to_act": to_act,
            "legal": legal,
            "result": self.result.to_json() if self.result else None,
            "draw_offer": self.draw_offer,
        }

    def events_after(
        self, seq: int, viewer: Seat | None, chat_lines: int | None = None
    ) -> list[dict[str, Any]]:
        """Events after `seq` as `viewer` sees them; with `chat_lines`, only that many of
        the newest chat lines among them (a flood of chat must not flood a reconnection)."""
        events = self.events[max(0, seq) :]
        if chat_lines is not None:
            chats = [e.seq for e in events if e.kind == EventKind.CHAT]
            dropped = set(chats[: max(0, len(chats) - chat_lines)])
            events = [e for e in events if e.seq not in dropped]
        return [e.visible_to(viewer) for e in events]

    def chat_before(self, seq: int, lines: int, viewer: Seat | None) -> list[dict[str, Any]]:
        """Up to `lines` chat events before `seq`, oldest first (history on request)."""
        chats = [e for e in self.events[: max(0, seq - 1)] if e.kind == EventKind.CHAT]
        return [e.visible_to(viewer) for e in chats[-lines:]] if lines > 0 else []

    # ----------------------------------------------------------------------------- decide

    def decide(self, seat: Seat | None, cmd: Command) -> list[Draft]:
        """The events `cmd` from `seat` causes; raises TableError and changes nothing."""
        handler = getattr(self, f"_decide_{cmd.type}", None)
        if handler is None:
            raise TableError("bad_message", f"unknown command {cmd.type!r}")
        if seat is None:
            raise TableError("not_seated", "spectators can only watch and read the chat")
        drafts: list[Draft] = handler(seat, cmd)
        return drafts

    def _need_playing(self) -> None:
        if self.status == TableStatus.WAITING:
            raise TableError("not_started", "the game starts when every seat is filled")
        if self.status == TableStatus.FINISHED:
            raise TableError("finished", "the game is over")
        if self.status == TableStatus.EXPIRED:
            raise TableError("finished", "this table expired: nobody took every seat in time")

    def _decide_join(self, seat: Seat, cmd: Command) -> list[Draft]:
        if self.status == TableStatus.EXPIRED:
            raise TableError("finished", "this table expired: nobody took every seat in time")
        info = self.seats[seat]
        player = cmd.player or info.player
        self._check_player(seat, player)
        name = (cmd.name or "").strip() or info.name or self.seat_names[seat]
        if info.joined and info.name == name and info.player == player:
            return []
        data: dict[str, Any] = {"name": name}
        if player is not None:
            data["player"] = player
        return [Draft(EventKind.JOINED, seat, data), *self._start_if_ready(seat)]

    def _check_player(self, seat: Seat, player: str | None) -> None:
        """A rated table seats only signed-in players, each at one seat."""
        if not self.rated:
            return
        if player is None:
            raise TableError(
                "player_required", "a rated table needs you signed in (send X-Player-Key)"
            )
        if any(i != seat and s.player == player for i, s in enumerate(self.seats)):
            raise TableError("already_seated", "you already play another seat of this table")
        mine = self.seats[seat].player
        if mine is not None and mine != player:
            raise TableError("bad_token", "this seat belongs to another player")

    def _start_if_ready(self, seat: Seat) -> list[Draft]:
        """`started`, if `seat` is the last human seat the table waited for."""
        if self.status != TableStatus.WAITING:
            return []
        others = [s for i, s in enumerate(self.seats) if i != seat]
        if all(s.joined or not s.human for s in others):
            return [Draft(EventKind.STARTED)]
        return []

    def _decide_action(self, seat: Seat, cmd: Command) -> list[Draft]:
        self._need_playing()
        if cmd.seq != self.seq:
            raise TableError(
                "stale",
                f"the table has moved on (seq {self.seq}, you sent {cmd.seq}); "
                "look at the new position and try again",
            )
        if self.seats[seat].resigned:
            raise TableError("finished", "you resigned; a stand-in plays this seat")
        back: list[Draft] = []
        if seat in self.timing.bot_playing and not cmd.by_bot:
            if self.timing.bot_playing[seat]:
                raise TableError("finished", "your time ran out: a bot plays this seat now")
            back = [Draft(EventKind.RETURNED, seat)]  # the human takes the seat back
        elif cmd.by_bot and self._human_plays(seat):
            raise TableError("stale", "the player is back; the bot stands down")
        state = self.state
        try:
            state.require_turn(seat)
            action = state.parse(seat, cmd.action or "")
            after = state.apply(seat, action)
        except NotYourTurn as exc:
            raise TableError("not_your_turn", str(exc)) from None
        except BadNotation as exc:
            raise TableError("bad_notation", str(exc)) from None
        except IllegalAction as exc:
            raise TableError("illegal", str(exc)) from None
        except RegaliaError as exc:
            raise TableError("illegal", str(exc)) from None
        data = {"action": state.encode(action), "text": state.describe(action)}
        secret = state.action_is_secret(seat)
        drafts = [*back, Draft(EventKind.ACTION, seat, data, secret=secret, state=after)]
        if self.draw_offer is not None and seat not in self.team_of(self.draw_offer):
            drafts.append(Draft(EventKind.DRAW_DECLINED, seat))
        result = after.result()
        if result is not None:
            drafts.append(self._finish(self._with_resignations(result), after))
        return drafts

    def _with_resignations(self, result: Result) -> Result:
        """A seat that resigned never wins, even if its stand-in did."""
        outcomes = tuple(
            Outcome.LOSS if self.seats[s].resigned else o for s, o in enumerate(result.outcomes)
        )
        return Result(outcomes, result.reason)

    def _finish(self, result: Result, state: State[Any] | None = None) -> Draft:
        record = (state or self.state).to_record()
        return Draft(EventKind.FINISHED, None, {"result": result.to_json(), "record": record})

    def _decide_chat(self, seat: Seat, cmd: Command) -> list[Draft]:
        info = self.seats[seat]
        text = (cmd.text or "").strip()
        return [
            Draft(EventKind.CHAT, seat, {"name": info.name or self.seat_names[seat], "text": text})
        ]

    def _decide_resign(self, seat: Seat, cmd: Command) -> list[Draft]:
        self._need_playing()
        if not self.game.resignation:
            raise TableError(
                "resign_not_allowed", f"{self.game.title} has no resigning: play it to the end"
            )
        if self.seats[seat].resigned:
            raise TableError("finished", "you have already resigned")
        return [Draft(EventKind.RESIGNED, seat), *self._after_resign(seat)]

    def _after_resign(self, seat: Seat, timed_out: bool = False) -> list[Draft]:
        """Finish the game if only one team is left standing once `seat`'s team resigns
        (or its clock ran out: `timed_out`)."""
        losing = self.team_of(seat)
        standing = [
            team
            for team in self.game.teams(self.players)
            if team != losing and any(not self.seats[s].resigned for s in team)
        ]
        if len(standing) != 1:
            return []
        outcomes = tuple(
            Outcome.WIN if s in standing[0] else Outcome.LOSS for s in range(self.players)
        )
        name = self.seat_names[seat]
        # Whole sentences, so the catalogue holds each as a template of its own.
        reason = f"{name} ran out of time" if timed_out else f"{name} resigned"
        return [self._finish(Result(outcomes, reason))]

    def _decide_offer_draw(self, seat: Seat, cmd: Command) -> list[Draft]:
        self._need_playing()
        if not self.game.draw_offers:
            raise TableError("draws_not_allowed", f"{self.game.title} has no draw offers")
        if self.draw_offer is not None:
            if seat in self.draw_opponents():
                return self._decide_accept_draw(seat, cmd)
            raise TableError("bad_message", "a draw offer is already pending")
        drafts = [Draft(EventKind.DRAW_OFFERED, seat)]
        team = self.team_of(seat)
        others = [s for s in range(self.players) if s not in team and not self.seats[s].resigned]
        bots = [s for s in others if not self.seats[s].human]
        for other in bots:  # each bot answers as its game's draw policy says
            if not self.game.bot_accepts_draw(self.state, other):
                return [*drafts, Draft(EventKind.DRAW_DECLINED, other)]
        drafts += [Draft(EventKind.DRAW_ACCEPTED, other) for other in bots]
        if bots and len(bots) == len(others):
            outcomes = tuple(Outcome.DRAW for _ in range(self.players))
            drafts.append(self._finish(Result(outcomes, "draw agreed")))
        return drafts

    def _decide_accept_draw(self, seat: Seat, cmd: Command) -> list[Draft]:
        self._need_playing()
        if self.draw_offer is None or seat not in self.draw_opponents():
            raise TableError("no_draw_offer", "there is no draw offer for you to answer")
        drafts = [Draft(EventKind.DRAW_ACCEPTED, seat)]
        if self.draw_opponents() <= self.draw_accepted | {seat}:
            outcomes = tuple(Outcome.DRAW for _ in range(self.players))
            drafts.append(self._finish(Result(outcomes, "draw agreed")))
        return drafts

    def _decide_decline_draw(self, seat: Seat, cmd: Command) -> list[Draft]:
        self._need_playing()
        if self.draw_offer is None or seat not in self.draw_opponents():
            raise TableError("no_draw_offer", "there is no draw offer for you to answer")
        return [Draft(EventKind.DRAW_DECLINED, seat)]

    def _decide_rematch(self, seat: Seat, cmd: Command) -> list[Draft]:
        if self.status != TableStatus.FINISHED:
            raise TableError("not_started", "a rematch can be asked once the game is over")
        if self.rematch_id is not None or seat in self.rematch_votes:
            return []
        drafts = [Draft(EventKind.REMATCH_OFFERED, seat)]
        humans = {s for s, info in enumerate(self.seats) if info.human and info.joined}
        if humans <= self.rematch_votes | {seat}:
            # Seats rotate by one so colours and turn order change; the service fills the id.
            mapping = {str(s): (s + 1) % self.players for s in range(self.players)}
            drafts.append(Draft(EventKind.REMATCH, None, {"table_id": None, "seats": mapping}))
        return drafts

    def _decide_leave(self, seat: Seat, cmd: Command) -> list[Draft]:
        drafts = [Draft(EventKind.LEFT, seat)]
        if self.status == TableStatus.PLAYING and not self.seats[seat].resigned:
            drafts = [Draft(EventKind.RESIGNED, seat), *self._after_resign(seat), *drafts]
        return drafts

    def _decide_claim(self, seat: Seat, cmd: Command) -> list[Draft]:
        self._need_playing()
        if not self.claimable_by(seat, cmd.at):
            grace = self.timing.rules.absence.grace_s
            raise TableError(
                "not_claimable",
                "you may claim the win only when an opponent to move has been away for "
                f"{grace} s, at a table whose absence rule is 'claim'",
            )
        team = self.team_of(seat)
        gone = next(s for s, due in self.absent_to_act(cmd.at) if s not in team and due <= cmd.at)
        outcomes = tuple(Outcome.WIN if s in team else Outcome.LOSS for s in range(self.players))
        reason = f"{self.seat_names[gone]} left the game; {self.seat_names[seat]} claimed the win"
        return [Draft(EventKind.CLAIMED, seat), self._finish(Result(outcomes, reason))]

    def sit_drafts(self, seat: Seat, name: str, player: str | None = None) -> list[Draft]:
        """Someone takes open seat `seat`; the table starts when none is left to fill."""
        if not 0 <= seat < self.players:
            raise TableError("bad_message", f"there is no seat {seat}")
        if self.status != TableStatus.WAITING:
            raise TableError("seat_taken", "this table is no longer waiting for players")
        info = self.seats[seat]
        if info.kind != SeatKind.OPEN or info.joined:
            raise TableError("seat_taken", f"{self.seat_names[seat]} is not an open seat")
        self._check_player(seat, player)
        name = name.strip() or self.seat_names[seat]
        data: dict[str, Any] = {"name": name, "sat": True}
        if player is not None:
            data["player"] = player
        return [Draft(EventKind.JOINED, seat, data), *self._start_if_ready(seat)]

    def timeout_drafts(self, seat: Seat) -> list[Draft]:
        """`seat`'s clock ran out: it loses (its team, or it alone and a stand-in plays on),
        or a bot plays it from now on, as the table's rule says."""
        rule = self.timing.rules.on_timeout
        drafts = [Draft(EventKind.TIMEOUT, seat, {"rule": rule})]
        if rule == "bot":
            level = self.stand_in_level()
            return [*drafts, Draft(EventKind.TAKEOVER, seat, {"level": level, "for_good": True})]
        self.seats[seat].resigned = True  # as it will be once applied: who is left standing?
        try:
            return [*drafts, *self._after_resign(seat, timed_out=True)]
        finally:
            self.seats[seat].resigned = False

    def takeover_drafts(self, seat: Seat) -> list[Draft]:
        """An absent human's seat: a bot plays it until the human is back."""
        level = self.stand_in_level()
        return [Draft(EventKind.TAKEOVER, seat, {"level": level, "for_good": False})]

    # ----------------------------------------------------------------------------- apply

    def apply(self, event: Event, state: State[Any] | None = None) -> None:
        """Advance the table by one stored event (`state`: an action's precomputed result)."""
        if event.seq != self.seq + 1:
            raise ValueError(f"table {self.id}: event {event.seq} after {self.seq}")
        kind, seat, data = event.kind, event.seat, event.data
        if kind == EventKind.CREATED:
            self.timing.configure(data)
            self.rated = bool(data.get("rated"))
        elif kind == EventKind.JOINED and seat is not None:
            self.seats[seat].joined = True
            self.seats[seat].name = str(data["name"])
            if data.get("player"):
                self.seats[seat].player = str(data["player"])
            if data.get("sat"):
                self.seats[seat].kind = SeatKind.HUMAN
        elif kind == EventKind.STARTED:
            self.status = TableStatus.PLAYING
        elif kind == EventKind.ACTION and seat is not None:
            if state is None:
                state = self.state.apply(seat, self.state.parse(seat, str(data["action"])))
            self.state = state
            self.actions.append((seat, str(data["action"])))
        elif kind == EventKind.DRAW_OFFERED:
            self.draw_offer, self.draw_accepted = seat, set()
        elif kind == EventKind.DRAW_ACCEPTED and seat is not None:
            self.draw_accepted.add(seat)
        elif kind == EventKind.DRAW_DECLINED:
            self.draw_offer, self.draw_accepted = None, set()
        elif kind == EventKind.RESIGNED and seat is not None:
            self.seats[seat].resigned = True
        elif kind == EventKind.LEFT and seat is not None and self.status == TableStatus.WAITING:
            self.seats[seat].joined = False
        elif kind == EventKind.FINISHED:
            self.status = TableStatus.FINISHED
            self.draw_offer = None
            result = data["result"]
            self.result = Result(tuple(Outcome(o) for o in result["outcomes"]), result["reason"])
        elif kind == EventKind.REMATCH_OFFERED and seat is not None:
            self.rematch_votes.add(seat)
        elif kind == EventKind.REMATCH:
            self.rematch_id = str(data["table_id"])
        elif kind == EventKind.EXPIRED:
            self.status = TableStatus.EXPIRED
        elif kind == EventKind.TIMEOUT and seat is not None and data.get("rule") == "lose":
            self.seats[seat].resigned = True
        self.timing.after(kind, seat, data, epoch(event.at), self.to_act())
        self.events.append(event)
        self.seq = event.seq
        self._views.clear()
