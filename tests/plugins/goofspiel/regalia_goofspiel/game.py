"""Goofspiel rules: every seat bids a card in secret for a prize turned up from a shuffled deck.

Written only against Regalia's documented game contract (docs/design.md, "Adding a game").
Pure and deterministic: the one random choice, the prize order, comes from the seed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regalia.core.errors import BadNotation, BadRecord, IllegalAction, NotYourTurn, RegaliaError
from regalia.core.game import BotLevel, Chance, Dynamics, Game, Option, Outcome, Result, Seat, State
from regalia.core.records import format_tags, parse_tags
from regalia.core.seeds import Rng, derive

Card = int

# "bid 3" or just "3"; three digits at most, so no giant number is ever converted.
_BID = re.compile(r"(?:bid\s*)?([0-9]{1,3})")
_RECORD_LINE = re.compile(r"P([0-9]{1,3})\s+(.+)")


@dataclass(frozen=True, slots=True)
class Round:
    """A finished round; all of it is public once the last bid is in."""

    prize: Card
    bids: tuple[Card, ...]
    winner: Seat | None  # None: the top bid was tied and the prize is discarded

    def to_json(self) -> dict[str, Any]:
        return {"prize": self.prize, "bids": list(self.bids), "winner": self.winner}


@dataclass(frozen=True)
class Goofspiel(Game[Card]):
    """The game's static facts; `new` deals the prize deck from the seed."""

    def seat_names(self, players: int) -> tuple[str, ...]:
        return tuple(f"Player {n}" for n in range(1, players + 1))

    def new(self, seed: int, players: int | None = None, **options: object) -> GoofspielState:
        count = self.check_players(players)
        cards = _cards(self.read_options(options)["cards"])
        return GoofspielState.start(self, count, seed, deal_prizes(seed, cards))

    def from_record(self, text: str) -> GoofspielState:
        try:
            return self._read_record(text)
        except BadRecord:
            raise
        except RegaliaError as exc:  # a tag's value refused by the game's own checks
            raise BadRecord(str(exc)) from None

    def _read_record(self, text: str) -> GoofspielState:
        tags, body = parse_tags(text)
        name = tags.get("Game", self.name)
        if name.strip().lower() != self.name:
            raise BadRecord(f"this is a record of {name[:40]!r}, not of {self.title}")
        players = self.check_players(_int_tag(tags, "Players", self.players_by_default()))
        try:
            cards = _cards(self.read_options({"cards": tags.get("Cards")})["cards"])
        except BadNotation as exc:
            raise BadRecord(f"the Cards tag: {exc}") from None
        state = GoofspielState.start(self, players, *_deck(tags, cards))
        lines = [line.strip() for line in body.splitlines() if line.strip()]
        for number, line in enumerate(lines, start=1):
            match = _RECORD_LINE.fullmatch(line)
            if match is None:
                raise BadRecord(f"action {number}: {line[:40]!r} is not written 'P<n> bid K'")
            seat = int(match[1]) - 1
            if not 0 <= seat < players:
                raise BadRecord(f"action {number}: there is no P{seat + 1} among {players} players")
            try:
                state = state.apply(seat, state.parse(seat, match[2]))
            except RegaliaError as exc:
                raise BadRecord(f"action {number} ({line[:40]}): {exc}") from None
        claimed = tags.get("Result", "*").strip()
        result = state.result()
        if claimed != "*" and (result is None or claimed != result.reason):
            actual = result.reason if result else "the game is not over"
            raise BadRecord(f"the Result tag says {claimed[:60]!r}, but the bids give: {actual}")
        return state


def deal_prizes(seed: int, cards: int) -> tuple[Card, ...]:
    """The prize deck of a game seeded by `seed`, top card first."""
    return tuple(Rng(derive(seed, "goofspiel:prizes")).shuffled(range(1, cards + 1)))


def _cards(value: object) -> int:
    # `read_options` has already checked the range; this only narrows the type.
    if not isinstance(value, int):
        raise BadNotation(f"option cards: {value!r} is not a whole number")
    return value


def _int_tag(tags: dict[str, str], key: str, default: int | None = None) -> int:
    text = tags.get(key)
    if text is None:
        if default is None:
            raise BadRecord(f"the record has no {key} tag")
        return default
    try:
        return int(text.strip())
    except ValueError:
        raise BadRecord(f"the {key} tag must be a whole number, not {text[:40]!r}") from None


def _deck(tags: dict[str, str], cards: int) -> tuple[int | None, tuple[Card, ...]]:
    """The seed and prize deck a record names: a Seed normally, an explicit Prizes order for
    a state made by `sample_hidden` (which no seed deals)."""
    if "Prizes" not in tags:
        seed = _int_tag(tags, "Seed")
        return seed, deal_prizes(seed, cards)
    if "Seed" in tags:
        raise BadRecord("a record gives its Seed or its Prizes, not both")
    words = tags["Prizes"].split()
    if sorted(words) != sorted(str(c) for c in range(1, cards + 1)):
        raise BadRecord(f"the Prizes tag must list each card from 1 to {cards} once")
    return None, tuple(int(w) for w in words)


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _points(value: int) -> str:
    return f"{value} point" if value == 1 else f"{value} points"


def final_result(names: Sequence[str], scores: Sequence[int]) -> Result:
    """The single top total wins; tied top totals draw; everyone else loses."""
    top = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == top]
    rest = [str(v) for v in sorted((v for v in scores if v != top), reverse=True)]
    if len(leaders) == 1:
        outcomes = tuple(Outcome.WIN if s in leaders else Outcome.LOSS for s in range(len(names)))
        return Result(outcomes, f"{names[leaders[0]]} wins with {_points(top)} to {_and(rest)}")
    outcomes = tuple(Outcome.DRAW if s in leaders else Outcome.LOSS for s in range(len(names)))
    reason = f"{_and([names[s] for s in leaders])} tie with {_points(top)} each"
    return Result(outcomes, f"{reason}, to {_and(rest)}" if rest else reason)


class GoofspielState(State[Card]):
    """One point in play. Immutable: `apply` builds a new state."""

    __slots__ = (
        "_bids",
        "_game",
        "_hands",
        "_history",
        "_players",
        "_prizes",
        "_result",
        "_rounds",
        "_scores",
        "_seed",
    )

    def __init__(
        self,
        game: Goofspiel,
        players: int,
        seed: int | None,
        prizes: tuple[Card, ...],
        hands: tuple[tuple[Card, ...], ...],
        bids: tuple[Card | None, ...],
        scores: tuple[int, ...],
        rounds: tuple[Round, ...],
        history: tuple[tuple[Seat, Card], ...],
    ) -> None:
        self._game = game
        self._players = players
        self._seed = seed  # None for a state of `sample_hidden`: its prizes are in the record
        self._prizes = prizes
        self._hands = hands  # cards not yet played in a finished round: public
        self._bids = bids  # this round's bids so far: each one secret to the other seats
        self._scores = scores
        self._rounds = rounds
        self._history = history
        over = len(rounds) == len(prizes)
        self._result = final_result(game.seat_names(players), scores) if over else None

    @classmethod
    def start(
        cls, game: Goofspiel, players: int, seed: int | None, prizes: tuple[Card, ...]
    ) -> GoofspielState:
        hand = tuple(range(1, len(prizes) + 1))
        empty = (None,) * players
        return cls(game, players, seed, prizes, (hand,) * players, empty, (0,) * players, (), ())

    # ------------------------------------------------------------------ the contract

    @property
    def game(self) -> Goofspiel:
        return self._game

    @property
    def players(self) -> int:
        return self._players

    @property
    def cards(self) -> int:
        return len(self._prizes)

    def to_act(self) -> frozenset[Seat]:
        if self._result is not None:
            return frozenset()
        return frozenset(s for s, bid in enumerate(self._bids) if bid is None)

    def legal_actions(self, seat: Seat) -> Sequence[Card]:
        return self._hands[seat] if seat in self.to_act() else ()

    def action_is_secret(self, seat: Seat) -> bool:
        # Every bid is secret until the game ends, the round's last one too.
        return self._result is None

    def apply(self, seat: Seat, action: Card) -> GoofspielState:
        self.require_turn(seat)
        card = self._check_card(seat, action)
        bids = tuple(card if s == seat else b for s, b in enumerate(self._bids))
        history = (*self._history, (seat, card))
        done = tuple(b for b in bids if b is not None)
        if len(done) < self._players:
            return self._with(bids=bids, history=history)
        return self._settle(done, history)

    def result(self) -> Result | None:
        return self._result

    def view(self, seat: Seat | None) -> dict[str, Any]:
        if seat is not None:
            self._check_seat(seat)
        played = len(self._rounds)
        over = self._result is not None
        out: dict[str, Any] = {
            "game": self._game.name,
            "seat": seat,
            "seat_names": list(self._game.seat_names(self._players)),
            "round": min(played + 1, self.cards),
            "rounds": self.cards,
            "prize": None if over else self._prizes[played],
            # Which prizes are still to come is public; only their order is hidden.
            "prizes_left": sorted(self._prizes[played + 1 :]),
            "scores": list(self._scores),
            "hands": [list(hand) for hand in self._hands],
            "has_bid": [bid is not None for bid in self._bids],
            "history": [r.to_json() for r in self._rounds],
            "to_act": sorted(self.to_act()),
            "over": over,
            "result": self._result.to_json() if self._result else None,
        }
        if seat is not None:
            out["your_bid"] = self._bids[seat]
        return out

    def describe(self, action: Card) -> str:
        return f"bid {action}"

    def parse(self, seat: Seat, text: str) -> Card:
        match = _BID.fullmatch(text.strip().lower())
        if match is None:
            raise BadNotation(
                f"{text.strip()[:40]!r} is not a bid: write bid and a card, e.g. bid 3"
            )
        self._check_seat(seat)
        return self._check_card(seat, int(match[1]))

    def to_record(self) -> str:
        tags: dict[str, object] = {"Game": self._game.name}
        if self._seed is not None:
            tags["Seed"] = self._seed
        else:
            tags["Prizes"] = " ".join(str(p) for p in self._prizes)
        tags |= {"Players": self._players, "Cards": self.cards}
        if self._result is not None:
            tags["Result"] = self._result.reason
        body = "\n".join(f"P{seat + 1} {self.describe(card)}" for seat, card in self._history)
        return f"{format_tags(tags)}\n\n{body}\n" if body else f"{format_tags(tags)}\n"

    def require_turn(self, seat: Seat) -> None:
        # Overridden because tables call it before `apply`: a seat that has bid is told so.
        self._check_seat(seat)
        if self._result is None and self._bids[seat] is not None:
            waiting = _and(self._names(sorted(self.to_act())))
            raise NotYourTurn(
                f"{self._name(seat)} has already bid this round; waiting for {waiting}"
            )
        super().require_turn(seat)

    # ------------------------------------------------------------- optional contract

    def history(self) -> Sequence[tuple[Seat, Card]]:
        return self._history

    def initial(self) -> GoofspielState:
        return GoofspielState.start(self._game, self._players, self._seed, self._prizes)

    def sample_hidden(self, seat: Seat, seed: int) -> GoofspielState:
        """A state `seat` cannot tell from this one: the prizes still face down shuffled
        afresh, and the other seats' bids of this round drawn afresh from their hands."""
        self._check_seat(seat)
        if self._result is not None:
            return self  # every prize is turned up and every bid revealed
        rng = Rng(derive(seed, "goofspiel:sample"))
        shown = len(self._rounds) + 1
        prizes = (*self._prizes[:shown], *rng.shuffled(self._prizes[shown:]))
        bids = tuple(
            b if b is None or s == seat else rng.choice(self._hands[s])
            for s, b in enumerate(self._bids)
        )
        cut = len(self._rounds) * self._players  # the history of finished rounds is public
        history = list(self._history[:cut])
        for s, card in self._history[cut:]:
            fresh = bids[s]
            history.append((s, card if fresh is None else fresh))
        # A seed deals only its own deck: a reshuffled one is kept in the record instead.
        seed_kept = self._seed if prizes == self._prizes else None
        return self._with(seed=seed_kept, prizes=prizes, bids=bids, history=tuple(history))

    # --------------------------------------------------------------------- helpers

    def _settle(
        self, bids: tuple[Card, ...], history: tuple[tuple[Seat, Card], ...]
    ) -> GoofspielState:
        """The last bid is in: the single highest bid takes the prize, a tie discards it."""
        prize = self._prizes[len(self._rounds)]
        top = max(bids)
        leaders = [s for s, b in enumerate(bids) if b == top]
        winner = leaders[0] if len(leaders) == 1 else None
        scores = tuple(v + (prize if s == winner else 0) for s, v in enumerate(self._scores))
        hands = tuple(tuple(c for c in hand if c != bids[s]) for s, hand in enumerate(self._hands))
        return self._with(
            hands=hands,
            bids=(None,) * self._players,
            scores=scores,
            rounds=(*self._rounds, Round(prize, bids, winner)),
            history=history,
        )

    def _with(self, **changes: Any) -> GoofspielState:
        fields: dict[str, Any] = {
            "seed": self._seed,
            "prizes": self._prizes,
            "hands": self._hands,
            "bids": self._bids,
            "scores": self._scores,
            "rounds": self._rounds,
            "history": self._history,
        } | changes
        return GoofspielState(self._game, self._players, **fields)

    def _name(self, seat: Seat) -> str:
        return self._game.seat_names(self._players)[seat]

    def _names(self, seats: Sequence[Seat]) -> list[str]:
        return [self._name(s) for s in seats]

    def _check_seat(self, seat: Seat) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._players:
            raise NotYourTurn(f"there is no seat {seat!r} among {self._players} players")

    def _check_card(self, seat: Seat, card: object) -> Card:
        """`card` as a legal bid of `seat`, or IllegalAction saying what it may bid."""
        if isinstance(card, bool) or not isinstance(card, int):
            raise IllegalAction(f"{card!r} is not a card: bid a number, e.g. bid 3")
        if not 1 <= card <= self.cards:
            raise IllegalAction(f"there is no card {card}: the cards run from 1 to {self.cards}")
        hand = self._hands[seat]
        if card not in hand:
            left = ", ".join(str(c) for c in hand)
            raise IllegalAction(
                f"{self._name(seat)} has already played the {card}; bid one of {left}"
            )
        return card


GAME = Goofspiel(
    name="goofspiel",
    title="Goofspiel",
    summary="Bid a card in secret for each prize; the single highest bid takes it.",
    description=(
        "The Game of Pure Strategy. Every player holds the cards 1 to N, and a shuffled prize "
        "deck of 1 to N is turned up one card at a time. For each prize all players bid one of "
        "their remaining cards at once, in secret; the single highest bid wins the prize's "
        "value, and a tied top bid wins nothing. Played cards are shown once every bid is in. "
        "After N rounds the highest total wins."
    ),
    min_players=2,
    max_players=4,
    default_players=2,
    options={
        "cards": Option(
            "cards", "cards in each hand and in the prize deck", 6, minimum=3, maximum=13
        )
    },
    perfect_information=False,
    dynamics=Dynamics.SIMULTANEOUS,  # every round's bids
    chance=Chance.SEEDED,  # the prize order
    # Utility stays general-sum: with three or four players one wins and the rest lose.
    notation_hint="bid 3",
    max_plies=200,  # 13 cards x 4 seats is 52 bids: the guard is never reached in play
    bot_levels=(
        BotLevel("random", "regalia.ai.base:RandomAgent", "Random", "bids any card at random"),
        BotLevel(
            "match",
            "regalia_goofspiel.bots:MatchAgent",
            "Match",
            "bids the card closest to the prize's value",
        ),
        BotLevel(
            "ismcts",
            "regalia.ai.ismcts:IsmctsAgent",
            "ISMCTS",
            "searches games consistent with what it has seen",
            nodes=200,
        ),
    ),
)
