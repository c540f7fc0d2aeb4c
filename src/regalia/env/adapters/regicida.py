"""Regicida as numbers: action texts and 66 planes of 11 × 11, from a seat's view only,
and the deal (H1) as a sequence of chance choices.

The spatial frame is the 11 × 11 Expansion canvas; once the grid is complete (Intrigue
onwards) the 6 × 6 grid sits in its top-left corner, so cell `a1` is always plane position
(0, 0) and a cell's name matches its place in both phases. Layout in docs/env.md.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from regalia.core.errors import BadNotation
from regalia.core.game import Seat, State
from regalia.env.adapter import Adapter, Deal, Planes
from regalia.env.adapters import regicida_infostate as infostate
from regalia.env.adapters import regicida_reduced as reduced_game
from regalia.env.vocabulary import Vocabulary

CANVAS = 11
GRID = 6
HOUSES = 6
PILES = 3
PILE_TOKENS = 12  # the size of each pile at the start
INTRIGUES = 3
HOUSE_NUMBERS = tuple(range(1, HOUSES + 1))
TOKENS = PILES * PILE_TOKENS
# The most pile splits (H4) any order of play can force, found by search over pile sizes
# (tests/env/test_openspiel.py): with the 36 placements, the Intrigue turns and the vote it
# bounds a game's length.
MAX_SPLITS = 13
OBJECTIVES = ("united", "divide", "central", "borders")
PHASES = ("expansion", "intrigue", "assassination", "over")

# Plane indices (see docs/env.md).
LIGHT = 0  # + House - 1: a light token of that House
DARK = 6  # + House - 1: a dark token of that House
FRAME = 12  # cells of the current board (all 121 in Expansion, the 6 × 6 afterwards)
IDENTITY = 13  # + House - 1: all ones on the observer's own House
OBJECTIVE = 19  # + objective: all ones on the game's Objective
SUCCESSION = 25  # + House - 1: 1 for the first House in line, 5/6 the second, … 1/6 the last
PILE_SIZE = 31  # + pile: tokens left / 12
PILE_TOP = 34  # + 6 * pile + House - 1: that pile's top token is of that House
PHASE = 52  # + phase index
SPLIT_DUE = 56
MY_TURN = 57  # the observer is to act
INTRIGUES_LEFT = 58  # the observer's Intrigue turns left / 3
SEAT = 59  # + seat: all ones on the observer's seat
PLAYERS = 65  # number of players / 6
PLANES = 66


def cell_name(row: int, col: int) -> str:
    return f"{chr(ord('a') + col)}{row + 1}"


def _swaps() -> Iterator[str]:
    for row in range(GRID):
        for col in range(GRID):
            for other in ((row, col + 1), (row + 1, col)):
                if other[0] < GRID and other[1] < GRID:
                    a, b = cell_name(row, col), cell_name(*other)
                    yield f"swap {a} {b} flip {a}"
                    yield f"swap {a} {b} flip {b}"


def vocabulary(players: int) -> Vocabulary:
    cells = [cell_name(r, c) for r in range(CANVAS) for c in range(CANVAS)]
    return Vocabulary(
        [
            *(f"place {pile} {cell}" for pile in range(1, PILES + 1) for cell in cells),
            *(f"split {pile}" for pile in range(1, PILES + 1)),
            *_swaps(),
            "pass",
            *(f"vote {seat}" for seat in range(1, players + 1)),
            "vote neutral",
        ]
    )


def _cell(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, ord(name[0]) - ord("a")


class RegicidaAdapter(Adapter):
    game_name = "regicida"
    default_players = 4
    stateless_encode = True  # an action's text is the action's own (notation.encode)
    parameters: ClassVar[Mapping[str, Any]] = {"reduced": False}

    def __init__(
        self, players: int | None = None, reduced: bool = False, **options: object
    ) -> None:
        """`reduced`: the two-player endgame of `regicida_reduced` instead of the whole game
        (the same rules from a fixed position; off by default)."""
        super().__init__(players, **options)
        self.reduced = bool(reduced)
        if self.reduced:
            if self.players != reduced_game.PLAYERS:
                raise BadNotation(
                    f"the reduced configuration is a two-player game; give players=2, "
                    f"not {self.players}"
                )
            if self.options.get("objective") not in (None, "random", reduced_game.OBJECTIVE):
                raise BadNotation(
                    f"the reduced configuration plays the Objective {reduced_game.OBJECTIVE}; "
                    "leave objective at its default"
                )
        self._vocabulary = vocabulary(self.players)

    @property
    def vocabulary(self) -> Vocabulary:
        return self._vocabulary

    @property
    def obs_shape(self) -> tuple[int, ...]:
        return (PLANES, CANVAS, CANVAS)

    def planes(self, view: Mapping[str, Any], seat: Seat) -> Planes:
        out = np.zeros(self.obs_shape, dtype=np.float32)
        grid = view["grid"]
        for item in grid["cells"]:
            row, col = _cell(item["cell"])
            base = DARK if item["side"] == "dark" else LIGHT
            out[base + item["house"] - 1, row, col] = 1.0
        size = grid["size"]
        out[FRAME, :size, :size] = 1.0
        out[IDENTITY + view["identity"] - 1] = 1.0
        out[OBJECTIVE + OBJECTIVES.index(view["objective"]["key"])] = 1.0
        for place, house in enumerate(view["succession"]):
            out[SUCCESSION + house - 1] = 1.0 - place / HOUSES
        for pile, item in enumerate(view["piles"]):
            out[PILE_SIZE + pile] = item["size"] / PILE_TOKENS
            if item["top"] is not None:
                out[PILE_TOP + HOUSES * pile + item["top"] - 1] = 1.0
        out[PHASE + PHASES.index(view["phase"])] = 1.0
        out[SPLIT_DUE] = float(view["split_due"])
        out[MY_TURN] = float(seat in view["to_act"])
        out[INTRIGUES_LEFT] = view["intrigues_left"][seat] / INTRIGUES
        out[SEAT + seat] = 1.0
        out[PLAYERS] = view["players"] / HOUSES
        return out

    def observe(self, state: State[Any], seat: Seat) -> Planes:
        """`planes(state.view(seat), seat)` from the part of the view the planes read
        (`RegicidaState.board_view`, the same keys and values): not the legal-action texts,
        history and scoring the whole view also builds."""
        return self.planes(state.board_view(seat), seat)  # type: ignore[attr-defined]

    def observation_text(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """The present in a few `;`-separated fields: phase, Objective, Line of Succession,
        the observer's seat and House, the tokens, the piles, whose turn, Intrigue turns
        left, who has voted and the observer's vote, and the reveal once over."""
        grid = view["grid"]
        if grid["rows"] is not None:
            board = "grid " + " / ".join(grid["rows"])
        else:
            cells = (f"{c['cell']} {c['house']}{c['side'][0].upper()}" for c in grid["cells"])
            board = "canvas " + (", ".join(cells) or "empty")
        piles = ", ".join(f"{p['size']}/{p['top'] or '-'}" for p in view["piles"])
        fields = [
            view["phase"],
            f"objective {view['objective']['key']}",
            "succession " + " ".join(str(h) for h in view["succession"]),
        ]
        if seat is not None:
            fields.append(f"P{seat + 1} " + self.private_text(view, seat))
        fields += [
            board,
            f"piles {piles}",
            "to act " + (" ".join(f"P{s + 1}" for s in view["to_act"]) or "-"),
        ]
        if view["split_due"]:
            fields.append("split due")
        fields.append("intrigues left " + " ".join(str(n) for n in view["intrigues_left"]))
        if view["votes_cast"]:
            fields.append("voted " + " ".join(f"P{s + 1}" for s in view["votes_cast"]))
        reveal = view["reveal"]
        if reveal is not None:
            votes = " ".join(
                "neutral" if v == "neutral" else f"P{int(v) + 1}" for v in reveal["votes"]
            )
            fields.append("identities " + " ".join(str(h) for h in reveal["identities"]))
            fields.append(f"votes {votes}")
            fields.append(
                "winners " + (" ".join(f"P{s + 1}" for s in reveal["verdict"]["winners"]) or "none")
            )
        return "; ".join(fields)

    def history_text(self, view: Mapping[str, Any], seat: Seat | None) -> str:
        """Each action as `P<seat> <action>`, a placed token's House in brackets; others'
        votes read just `vote` until all are in."""
        return ", ".join(
            f"P{item['seat'] + 1} {item['action']}"
            + (f" [{item['house']}]" if "house" in item else "")
            for item in view["history"]
        )

    def private_text(self, view: Mapping[str, Any], seat: Seat) -> str:
        """The observer's House and, once cast, its vote."""
        text = f"House {view['identity']}"
        if view["your_vote"] is not None:
            text += f", {view['your_vote']}"
        return text

    def deal(self) -> Deal:
        if self.reduced:
            return reduced_game.ReducedDeal()
        objective = self.options.get("objective")
        fixed = None if objective in (None, "random") else str(objective)
        return RegicidaDeal.start(self.players, fixed)

    def new_state(self, seed: int) -> State[Any]:
        if self.reduced:
            return reduced_game.new_state(seed)
        return super().new_state(seed)

    def max_decisions(self) -> int:
        """Every token placed, every split forced, every Intrigue turn, one vote."""
        if self.reduced:
            return reduced_game.MAX_DECISIONS
        return TOKENS + MAX_SPLITS + INTRIGUES * self.players + 1

    def history_slots(self) -> int:
        """The most actions a seat's view may list: each voter's vote apart."""
        if self.reduced:
            return reduced_game.MAX_ENTRIES
        return TOKENS + MAX_SPLITS + INTRIGUES * self.players + self.players

    @property
    def info_state_shape(self) -> tuple[int, ...]:
        return (infostate.size(self.history_slots()),)

    def info_state(self, view: Mapping[str, Any], seat: Seat) -> Planes:
        """The seat's perfect-recall tensor (`regicida_infostate`), from its view alone."""
        return infostate.from_view(view, seat, self.history_slots())

    def deal_info_state(self, deal: Deal, seat: Seat) -> Planes:
        """The tensor while the deal goes on: what is dealt and seen so far."""
        assert isinstance(deal, RegicidaDeal | reduced_game.ReducedDeal)
        identities = deal.identities
        return infostate.encode(
            np.zeros(infostate.size(self.history_slots()), np.float32),
            seat,
            self.players,
            identity=identities[seat] if seat < len(identities) else None,
            objective=deal.objective,
            succession=deal.succession,
        )

    def render(self, view: Mapping[str, Any]) -> str:
        grid = view["grid"]
        size = grid["size"]
        cells = {item["cell"]: item for item in grid["cells"]}
        lines = [f"Regicida — {view['phase']}, objective: {view['objective']['title']}"]
        lines.append("succession: " + " ".join(str(h) for h in view["succession"]))
        for row in range(size):
            marks = []
            for col in range(size):
                item = cells.get(cell_name(row, col))
                side = "" if item is None else ("D" if item["side"] == "dark" else "L")
                marks.append(" ." if item is None else f"{item['house']}{side}")
            lines.append(f"{row + 1:>2} " + " ".join(marks))
        lines.append("   " + " ".join(f" {chr(ord('a') + c)}" for c in range(size)))
        piles = ", ".join(
            f"{p['pile']}: {p['size']} (top {p['top'] or '-'})" for p in view["piles"]
        )
        lines.append(f"piles {piles}")
        if view["result"] is not None:
            lines.append(f"result: {view['result']['reason']}")
        else:
            lines.append("to act: " + ", ".join(view["seats"][s] for s in view["to_act"]))
        return "\n".join(lines)


@dataclass(frozen=True)
class RegicidaDeal(Deal):
    """H1's setup, one random choice at a time, in this order: the Objective (unless an
    option fixes it), the Line of Succession (first House first), each seat's House (seat 1
    first), the first player, then the 36 tokens of the piles (pile 1 bottom to top, then
    piles 2 and 3). Every arrangement is as likely as in `Game.new`: each choice is uniform
    among what is left, a token's House in proportion to the tokens of it left.

    Outcomes: the Objective's index in `OBJECTIVES`, a House's number minus one, or a seat.
    Public: the Objective, the succession, the first player. Private: a seat's own House.
    Seen by nobody: the unused Houses and the piles below their tops (shown as they rise).
    """

    players: int
    objective: str | None
    succession: tuple[int, ...] = ()
    identities: tuple[int, ...] = ()
    first: Seat | None = None
    tokens: tuple[int, ...] = ()

    max_outcomes = HOUSES
    # Objective, five Houses of the succession (the sixth is forced), one House per seat,
    # the first player, 35 tokens (the last is forced).
    max_choices = 1 + (HOUSES - 1) + HOUSES + 1 + (TOKENS - 1)

    @classmethod
    def start(cls, players: int, objective: str | None = None) -> RegicidaDeal:
        return cls(players, objective).settled()

    # --- what comes next ---------------------------------------------------------------
    def _stage(self) -> str:
        if self.objective is None:
            return "objective"
        if len(self.succession) < HOUSES:
            return "succession"
        if len(self.identities) < self.players:
            return "identity"
        if self.first is None:
            return "first"
        if len(self.tokens) < TOKENS:
            return "token"
        return "done"

    def _left(self) -> Counter[int]:
        """Tokens not yet dealt, by House."""
        left = Counter({h: PILES * PILE_TOKENS // HOUSES for h in HOUSE_NUMBERS})
        left.subtract(self.tokens)
        return +left

    def outcomes(self) -> list[tuple[int, float]]:
        stage = self._stage()
        if stage == "objective":
            return [(i, 1 / len(OBJECTIVES)) for i in range(len(OBJECTIVES))]
        if stage in ("succession", "identity"):
            taken = self.succession if stage == "succession" else self.identities
            free = [h for h in HOUSE_NUMBERS if h not in taken]
            return [(h - 1, 1 / len(free)) for h in free]
        if stage == "first":
            return [(s, 1 / self.players) for s in range(self.players)]
        if stage == "token":
            left = self._left()
            total = sum(left.values())
            return [(h - 1, left[h] / total) for h in sorted(left)]
        return []

    def choose(self, outcome: int) -> RegicidaDeal:
        if outcome not in {o for o, _ in self.outcomes()}:
            raise ValueError(f"{outcome} is not a possible outcome of the deal here")
        return self._chosen(outcome).settled()

    def _chosen(self, outcome: int) -> RegicidaDeal:
        stage = self._stage()
        if stage == "objective":
            return replace(self, objective=OBJECTIVES[outcome])
        if stage == "succession":
            return replace(self, succession=(*self.succession, outcome + 1))
        if stage == "identity":
            return replace(self, identities=(*self.identities, outcome + 1))
        if stage == "first":
            return replace(self, first=outcome)
        return replace(self, tokens=(*self.tokens, outcome + 1))

    def settled(self) -> RegicidaDeal:
        """Make every choice that has a single possibility."""
        deal = self
        while len(options := deal.outcomes()) == 1:
            deal = deal._chosen(options[0][0])
        return deal

    def describe(self, outcome: int) -> str:
        stage = self._stage()
        if stage == "objective":
            return f"Objective {OBJECTIVES[outcome]}"
        if stage == "succession":
            return f"succession {len(self.succession) + 1}: House {outcome + 1}"
        if stage == "identity":
            return f"P{len(self.identities) + 1} holds House {outcome + 1}"
        if stage == "first":
            return f"P{outcome + 1} plays first"
        pile, place = divmod(len(self.tokens), PILE_TOKENS)
        return f"pile {pile + 1} token {place + 1}: House {outcome + 1}"

    def choices_to(self, other: Deal) -> list[int]:
        if not isinstance(other, RegicidaDeal) or other._stage() != "done":
            raise ValueError("a Regicida deal leads only to a complete Regicida deal")
        deal, out = self, []
        while (stage := deal._stage()) != "done":
            if stage == "objective":
                assert other.objective is not None
                outcome = OBJECTIVES.index(other.objective)
            elif stage == "succession":
                outcome = other.succession[len(deal.succession)] - 1
            elif stage == "identity":
                outcome = other.identities[len(deal.identities)] - 1
            elif stage == "first":
                assert other.first is not None
                outcome = other.first
            else:
                outcome = other.tokens[len(deal.tokens)] - 1
            deal = deal.choose(outcome)
            out.append(outcome)
        if deal != other:
            raise ValueError("this deal cannot become that one")
        return out

    def resample(self, seat: Seat, actions: Sequence[str], rng: random.Random) -> RegicidaDeal:
        """Other seats' Houses dealt again from the Houses `seat` does not hold, and the
        tokens no pile has shown on top so far shuffled among their places. Which places
        have shown follows H4 as docs/rules/regicida.md fixes it: a placement takes a pile's
        top; a split moves the lower half (rounded down) into the empty pile's slot."""
        if self._stage() != "done":
            raise ValueError("a deal is resampled only once complete")
        own = self.identities[seat]
        others = rng.sample([h for h in HOUSE_NUMBERS if h != own], self.players - 1)
        identities = (*others[:seat], own, *others[seat:])
        piles = [list(range(i * PILE_TOKENS, (i + 1) * PILE_TOKENS)) for i in range(PILES)]
        seen = {pile[-1] for pile in piles}
        for text in actions:
            verb, _, rest = text.partition(" ")
            if verb == "place":
                piles[int(rest.split()[0]) - 1].pop()
            elif verb == "split":
                source = int(rest) - 1
                half = len(piles[source]) // 2
                empty = next(i for i, pile in enumerate(piles) if not pile)
                piles[empty], piles[source] = piles[source][:half], piles[source][half:]
            seen.update(pile[-1] for pile in piles if pile)
        hidden = [i for i in range(TOKENS) if i not in seen]
        tokens = list(self.tokens)
        shuffled = rng.sample([tokens[i] for i in hidden], len(hidden))
        for place, house in zip(hidden, shuffled, strict=True):
            tokens[place] = house
        return replace(self, identities=identities, tokens=tuple(tokens))

    # --- the game it deals -------------------------------------------------------------
    def state(self) -> State[Any]:
        if self._stage() != "done" or self.objective is None or self.first is None:
            raise ValueError("the deal is not complete")
        # The contract has no "new game from these setup choices", so the state is built
        # the way `Game.new` builds it (rules.deal) and the random parts replaced.
        from regalia.core.registry import get_game
        from regalia.games.regicida import rules
        from regalia.games.regicida.state import RegicidaState

        game = get_game("regicida")
        position = rules.deal(0, self.players, self.objective)
        unused = tuple(sorted(set(HOUSE_NUMBERS) - set(self.identities)))
        piles = tuple(self.tokens[i * PILE_TOKENS : (i + 1) * PILE_TOKENS] for i in range(PILES))
        position = replace(
            position,
            succession=self.succession,
            identities=self.identities,
            unused=unused,
            piles=piles,
            current=self.first,
        )
        return RegicidaState(game, None, position, ())  # type: ignore[arg-type]

    # --- what a seat knows of it -------------------------------------------------------
    def text(self, seat: Seat | None) -> str:
        fields = [
            "dealing",
            f"objective {self.objective or '?'}",
            "succession " + (" ".join(str(h) for h in self.succession) or "?"),
        ]
        if seat is not None:
            fields.append(f"P{seat + 1} {self.private_text(seat) or 'House ?'}")
        fields.append("first " + ("?" if self.first is None else f"P{self.first + 1}"))
        fields.append(f"tokens dealt {len(self.tokens)}/{TOKENS}")
        return "; ".join(fields)

    def private_text(self, seat: Seat) -> str:
        return f"House {self.identities[seat]}" if seat < len(self.identities) else ""

    def planes(self, seat: Seat) -> Planes:
        """Only what is dealt and seen: the Objective, the succession so far, the seat's own
        House once dealt, its seat and the number of players. Phase planes stay zero."""
        out = np.zeros((PLANES, CANVAS, CANVAS), dtype=np.float32)
        if self.objective is not None:
            out[OBJECTIVE + OBJECTIVES.index(self.objective)] = 1.0
        for place, house in enumerate(self.succession):
            out[SUCCESSION + house - 1] = 1.0 - place / HOUSES
        if seat < len(self.identities):
            out[IDENTITY + self.identities[seat] - 1] = 1.0
        out[SEAT + seat] = 1.0
        out[PLAYERS] = self.players / HOUSES
        return out

    def summary(self) -> str:
        piles = " | ".join(
            "".join(str(h) for h in self.tokens[i * PILE_TOKENS : (i + 1) * PILE_TOKENS])
            for i in range(PILES)
        )
        return (
            "deal: identities "
            + (" ".join(str(h) for h in self.identities) or "-")
            + f"; piles bottom to top {piles or '-'}"
        )
