"""A full Regicida state built from one seat's view alone (`RegicidaGame.seat_state`).

A bot that hears only what its seat may know (the Bot API's `gameState` carries the seat's
`view`) still needs a `State` to think with. This one holds everything the view says —
the board, the pile tops and sizes, the Objective, the Line of Succession, whose turn, the
Intrigues left, the history with each placed token's House, the seat's own Identity and
vote — and fills what the seat cannot see with a placeholder: the other seats' Identities
and the unused Houses from the Houses it does not hold, the tokens below each pile's top from
the tokens nobody has seen, another seat's cast vote with its first legal vote. Nothing else
is read, so nothing another seat holds can reach it; an agent searching over deals
resamples the placeholders (`RegicidaState.sample_hidden`) as it would on the true state.

    >>> from regalia.games.regicida.game import GAME
    >>> true = GAME.new(7, 3)
    >>> seat = sorted(true.to_act())[0]
    >>> GAME.seat_state(true.view(seat), seat).view(seat) == true.view(seat)
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regalia.core.errors import BadPosition
from regalia.core.game import Seat
from regalia.games.regicida import actions as notation
from regalia.games.regicida import rules
from regalia.games.regicida.actions import Action, Vote
from regalia.games.regicida.board import CANVAS, GRID, Board, Token, parse_cell
from regalia.games.regicida.houses import HOUSE_NUMBERS, TOKENS_PER_HOUSE
from regalia.games.regicida.rules import INTRIGUES_PER_PLAYER, Phase, Position
from regalia.games.regicida.state import RegicidaState
from regalia.games.regicida.views import Entry

if TYPE_CHECKING:
    from regalia.games.regicida.game import RegicidaGame


def seat_state(game: RegicidaGame, view: Mapping[str, Any], seat: Seat) -> RegicidaState:
    """The state of `view` (what `seat` sees); BadPosition if the view does not read."""
    try:
        return _build(game, view, seat)
    except (KeyError, TypeError, ValueError) as exc:
        raise BadPosition(f"not a Regicida seat's view: {exc!r}") from None


def _build(game: RegicidaGame, view: Mapping[str, Any], seat: Seat) -> RegicidaState:
    players = int(view["players"])
    own = int(view["identity"])
    grid = view["grid"]
    board = Board.empty(int(grid["size"]))
    for cell in grid["cells"]:
        token = Token(int(cell["house"]), cell["side"] == "dark")
        board = board.put(parse_cell(cell["cell"], board.size), token)
    tops = [p["top"] for p in view["piles"]]
    unseen = Counter({h: TOKENS_PER_HOUSE for h in HOUSE_NUMBERS})
    unseen.subtract([t.house for _, t in board.tokens()] + [t for t in tops if t is not None])
    hidden = sorted(unseen.elements())  # placeholders for the tokens below the tops
    piles = []
    for pile in view["piles"]:
        count = max(0, int(pile["size"]) - 1)
        below, hidden = hidden[:count], hidden[count:]
        piles.append((*below, int(pile["top"])) if pile["size"] else ())
    others = [h for h in HOUSE_NUMBERS if h != own]
    identities = others[: players - 1]
    identities.insert(seat, own)
    phase = Phase(view["phase"])
    votes: list[Vote | None] = [None] * players
    for other in view["votes_cast"]:
        votes[other] = rules.vote_options(players, other)[0]
    if view.get("your_vote"):
        mine = notation.parse(view["your_vote"], GRID, players)
        assert isinstance(mine, Vote)
        votes[seat] = mine
    pos = Position(
        players=players,
        objective=str(view["objective"]["key"]),
        succession=tuple(int(h) for h in view["succession"]),
        identities=tuple(identities),
        unused=tuple(sorted(others[players - 1 :])),
        piles=tuple(piles),
        board=board,
        phase=phase,
        current=view["turn"] if view["turn"] is not None else 0,
        split_due=bool(view["split_due"]),
        intrigues=tuple(INTRIGUES_PER_PLAYER - int(n) for n in view["intrigues_left"]),
        votes=tuple(votes),
    )
    history = tuple(_entry(item, players, votes) for item in view["history"])
    return RegicidaState(game, None, pos, history)


def _entry(item: Mapping[str, Any], players: int, votes: list[Vote | None]) -> Entry:
    who = int(item["seat"])
    text = str(item["action"])
    action: Action | None
    if text == "vote":  # another seat's secret vote: its placeholder
        action = votes[who]
        if action is None:
            raise ValueError(f"seat {who + 1} voted but its vote is not counted as cast")
    else:  # a placement's cell is on the canvas of Expansion, a swap's on the final grid
        action = notation.parse(text, CANVAS if text.startswith("place") else GRID, players)
    return Entry(who, action, item.get("house"))
