"""The facts and hooks a game declares about itself, checked against how it plays, and the
shared layers asking the game instead of deciding for it (docs/design.md, "Adding a game")."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import tests.tables.toygame  # noqa: F401  (registers the toy game)
from regalia.core.game import RANDOM_LEVEL, Chance, Dynamics, Game, Outcome, Seat, State, Utility
from regalia.core.referee import RefereeField
from regalia.core.registry import available_games, get_game, load_ref
from regalia.tables.commands import Command
from regalia.tables.decide import decide
from regalia.tables.events import Draft
from regalia.tables.policies.absence import takeover_drafts
from regalia.tables.table import SeatInfo, Table
from tests.tables.toygame import ToyGame

RETURN = {Outcome.WIN: 1, Outcome.LOSS: -1, Outcome.DRAW: 0}
PLIES = 400  # enough for Regicida and Goofspiel to end; the chess games end or stop here
GAMES = available_games()


def _playout(game: Game[Any], seed: int) -> list[State[Any]]:
    """Every state of a random game (a sequential one stopped after PLIES)."""
    rng = random.Random(seed)
    state = game.new(seed)
    seen = [state]
    for _ in range(PLIES):
        acting = sorted(state.to_act())
        if not acting:
            break
        seat = rng.choice(acting)
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        seen.append(state)
    return seen


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_games_dynamics_utility_and_secrets_hold_in_play(game: Game[Any]) -> None:
    together = False
    for seed in range(3):
        states = _playout(game, seed)
        for state in states:
            acting = state.to_act()
            if game.dynamics is Dynamics.SEQUENTIAL:
                assert len(acting) <= 1, f"{game.name} is sequential, yet {sorted(acting)} act"
            if len(acting) > 1:
                together = True
                # Seats acting at once must not see one another's action.
                assert all(state.action_is_secret(s) for s in acting)
        result = states[-1].result()
        if result is not None and game.utility is Utility.ZERO_SUM:
            assert sum(RETURN[o] for o in result.outcomes) == 0, result
    assert together or game.dynamics is Dynamics.SEQUENTIAL


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_deterministic_game_deals_the_same_game_from_every_seed(game: Game[Any]) -> None:
    def dealt(seed: int) -> list[Any]:
        state = game.new(seed)
        seats: list[Seat | None] = [None, *range(state.players)]
        return [state.view(seat) for seat in seats]

    same = all(dealt(seed) == dealt(0) for seed in range(1, 6))
    assert same == (game.chance is Chance.DETERMINISTIC)


def test_the_built_in_games_declare_their_own_facts() -> None:
    regulator, regicide, regicida = (get_game(n) for n in ("regulator", "regicide", "regicida"))
    for game in (regulator, regicide):
        assert (game.dynamics, game.utility, game.chance) == (
            Dynamics.SEQUENTIAL,
            Utility.ZERO_SUM,
            Chance.DETERMINISTIC,
        )
    assert (regicida.dynamics, regicida.utility, regicida.chance) == (
        Dynamics.SIMULTANEOUS,
        Utility.GENERAL_SUM,
        Chance.SEEDED,
    )
    for game in (regulator, regicide, regicida):
        assert (game.stand_in().name, game.resigned_stand_in().name) == ("strong", "random")
    assert [title for title, _ in regicida.catalogue_texts()][:1] == ["United we are strong"]
    assert not list(regulator.catalogue_texts())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_stand_ins_are_levels_of_the_game(game: Game[Any]) -> None:
    assert game.stand_in() in game.bot_levels
    assert game.resigned_stand_in() in game.bot_levels
    assert not game.bot_accepts_draw(game.new(0), 0)  # every game here keeps the default


def test_without_a_declaration_the_last_level_stands_in_and_the_first_plays_resigned() -> None:
    toy = get_game("toy")  # random, then its not-inline twin "worker"
    assert toy.resigned_stand_in() == toy.bot_levels[0] == RANDOM_LEVEL
    assert toy.stand_in() == toy.bot_levels[-1] != RANDOM_LEVEL
    levels = {g.name: g for g in GAMES}
    if "goofspiel" in levels:  # the plug-in, installed by `make test`
        goofspiel = levels["goofspiel"]
        assert goofspiel.stand_in() == goofspiel.bot_levels[-1]
        assert goofspiel.resigned_stand_in() == goofspiel.bot_levels[0]


def test_a_simultaneous_round_is_secret_to_its_last_action_in_regicida() -> None:
    state = get_game("regicida").new(3, 3)
    rng = random.Random(3)
    while len(state.to_act()) < 2:
        seat = min(state.to_act())
        state = state.apply(seat, rng.choice(list(state.legal_actions(seat))))
    while state.to_act():
        seat = min(state.to_act())
        assert state.action_is_secret(seat)
        state = state.apply(seat, state.legal_actions(seat)[0])


# --- the tables ask the game ----------------------------------------------------------


@dataclass(frozen=True)
class AgreeableToy(ToyGame):
    """The toy game with draw offers, whose bots accept a draw once the bids are in."""

    def bot_accepts_draw(self, state: State[Any], seat: Seat) -> bool:
        return len(state.to_act()) == 1


def _table(game: Game[Any], levels: tuple[str | None, ...]) -> Table:
    seats = [
        SeatInfo("human" if level is None else "bot", level, joined=level is not None)
        for level in levels
    ]
    options = {"rounds": 2} if "rounds" in game.options else {}
    return Table("t1", game, len(levels), options, 7, seats, "now")


def _run(table: Table, seat: int | None, cmd: Command) -> list[Draft]:
    drafts = decide(table, seat, cmd, {})
    for draft in drafts:
        table.apply(draft.numbered(table.seq + 1, 0.0), draft.state)
    return drafts


def _offer_after_the_bids(game: Game[Any]) -> list[str]:
    table = _table(game, (None, "random"))
    _run(table, 0, Command("join", name="Ann"))
    _run(table, 0, Command("action", action="bid 2", seq=table.seq))
    _run(table, 1, Command("action", action="bid 0", seq=table.seq, by_bot=True))
    return [d.kind for d in _run(table, 0, Command("offer_draw"))]


def test_a_bot_answers_a_draw_offer_as_its_game_says() -> None:
    toy = get_game("toy")
    assert isinstance(toy, ToyGame)
    fields = {f: getattr(toy, f) for f in ("name", "title", "summary")}
    declining = ToyGame(**fields, min_players=2, max_players=3, options=toy.options)
    agreeable = AgreeableToy(**fields, min_players=2, max_players=3, options=toy.options)
    assert _offer_after_the_bids(declining) == ["draw_offered", "draw_declined"]
    assert _offer_after_the_bids(agreeable) == ["draw_offered", "draw_accepted", "finished"]


def test_a_table_stands_in_with_the_levels_the_game_names() -> None:
    game = get_game("regicida")
    # Against a bot, the stand-in plays at the table's level: its strongest opponent's.
    table = _table(game, (None, "greedy", None))
    assert [d.data["level"] for d in takeover_drafts(table, 0)] == ["greedy"]
    table = _table(game, (None, None, None))
    assert table.stand_in_level(0) == game.stand_in().name
    assert [d.data["level"] for d in takeover_drafts(table, 0)] == [game.stand_in().name]


# --- the referee's request -------------------------------------------------------------


def test_the_referee_declares_the_fields_its_requests_hold(tmp_path: Path) -> None:
    from tests.server.conftest import make_client

    module = load_ref(get_game("regicida").referee.rpartition(":")[0])
    fields: tuple[RefereeField, ...] = module.FIELDS
    names = [f.name for f in fields if f.required]
    assert names == ["board", "objective", "succession"]
    given = {f.name: "x" for f in fields if f.required}
    with make_client(tmp_path) as client:
        for body, where in (
            ({**given, "colour": "red"}, "colour"),  # a field the referee does not read
            ({k: v for k, v in given.items() if k != "board"}, "board"),  # a required one gone
            ({**given, "objective": "x" * 41}, "objective"),  # longer than declared
        ):
            reply = client.post("/api/referee/regicida", json=body)
            assert reply.status_code == 422, body
            assert reply.json()["error"]["message"].startswith(f"{where}:"), reply.json()
        reply = client.post("/api/referee/regicida", json=given)
        assert reply.status_code == 422 and reply.json()["error"]["code"] == "bad_notation"
