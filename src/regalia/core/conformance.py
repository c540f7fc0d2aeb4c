"""Checks every game must pass, by seeded random playouts (after OpenSpiel's random_sim_test).

`check_game(game)` plays `playouts` games with random legal actions and, at every step,
checks what the rest of Regalia relies on:

- `apply` leaves the state it was given unchanged (views, record, legal actions);
- every legal action comes back from `parse` of its `encode` and of its `describe` forms;
- every view is JSON, the same after a JSON round trip;
- a state agreeing with all a seat may know (`sample_hidden`) shows that seat the same view:
  no secret leaks into it;
- `to_record` / `from_record`, and `initial` replayed through `history`, reach the same state;
- the same seed gives the same game.

Each failure is a `ConformanceError` naming the game, the seed, the ply and what differed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from regalia.core.game import Game, Seat, State
from regalia.core.seeds import Rng, derive

DEFAULT_MAX_PLIES = 300


class ConformanceError(AssertionError):
    """A game breaks the contract; the message says where and how."""


@dataclass(frozen=True, slots=True)
class Report:
    game: str
    playouts: int
    plies: int
    finished: int
    checks: tuple[str, ...]


def check_game(
    game: Game[Any],
    playouts: int = 5,
    seed: int = 0,
    max_plies: int = DEFAULT_MAX_PLIES,
    on_playout: Callable[[int], None] | None = None,
) -> Report:
    """Play `playouts` seeded random games of `game` checking the contract at every step.

    Player counts cycle through those the game allows; a game still going at `max_plies`
    is checked as it stands."""
    plies = finished = 0
    checks: set[str] = set()
    counts = range(game.min_players, game.max_players + 1)
    for number in range(playouts):
        players = counts[number % len(counts)]
        deal = derive(seed, f"conformance:{game.name}:{number}") & 0xFFFF_FFFF
        where = f"{game.name}, {players} players, seed {deal}"
        state = _playout(game, players, deal, max_plies, checks, where)
        again = _playout(game, players, deal, max_plies, None, where)
        if _fingerprint(again) != _fingerprint(state):
            raise ConformanceError(f"{where}: the same seed and actions gave another game")
        checks.add("the same seed gives the same game")
        _check_views(state, f"{where}, end", checks)
        _check_replays(game, state, where, checks)
        plies += len(state.history() or ())
        finished += state.is_over()
        if on_playout is not None:
            on_playout(number + 1)
    return Report(game.name, playouts, plies, finished, tuple(sorted(checks)))


def _playout(
    game: Game[Any],
    players: int,
    deal: int,
    max_plies: int,
    checks: set[str] | None,
    where: str,
) -> State[Any]:
    """A random game; with `checks`, the contract is checked before every action."""
    state = game.new(deal, players)
    rng = Rng(derive(deal, "conformance:moves"))
    for ply in range(max_plies):
        if state.is_over():
            break
        at = f"{where}, ply {ply}"
        seats = sorted(state.to_act())
        if not seats:
            raise ConformanceError(f"{at}: no seat is to act but the game has no result")
        if checks is not None:
            _check_views(state, at, checks)
            for seat in seats:
                _check_notation(state, seat, at, checks)
        seat = rng.choice(seats)
        legal = list(state.legal_actions(seat))
        if not legal:
            raise ConformanceError(f"{at}: seat {seat} is to act with no legal action")
        action = rng.choice(legal)
        if checks is None:
            state = state.apply(seat, action)
            continue
        before = _fingerprint(state)
        after = state.apply(seat, action)
        if _fingerprint(state) != before:
            raise ConformanceError(f"{at}: apply changed the state it was given")
        checks.add("apply leaves its input unchanged")
        state = after
    return state


def _fingerprint(state: State[Any]) -> str:
    seats: list[Seat | None] = [None, *range(state.players)]
    views = [state.view(s) for s in seats]
    legal = [[state.encode(a) for a in state.legal_actions(s)] for s in range(state.players)]
    return json.dumps([views, legal, state.to_record()], sort_keys=True, default=str)


def _check_notation(state: State[Any], seat: Seat, at: str, checks: set[str]) -> None:
    legal = list(state.legal_actions(seat))
    if not legal:
        raise ConformanceError(f"{at}: seat {seat} is to act with no legal action")
    for action in legal:
        for form, text in (("encode", state.encode(action)), ("describe", state.describe(action))):
            try:
                back = state.parse(seat, text)
            except Exception as exc:
                raise ConformanceError(
                    f"{at}: {form} gives {text!r}, which parse refuses: {exc}"
                ) from None
            if back != action:
                raise ConformanceError(
                    f"{at}: parse({text!r}) from {form} gives {back!r}, not {action!r}"
                )
    checks.add("encode/parse and describe/parse give back every legal action")
    texts = [(state.encode(a), state.describe(a)) for a in legal]
    if state.legal_texts(seat) != texts:
        raise ConformanceError(
            f"{at}: legal_texts({seat}) is not (encode, describe) of each legal action"
        )
    checks.add("legal_texts agrees with encode and describe")


def _check_views(state: State[Any], at: str, checks: set[str]) -> None:
    seats: list[Seat | None] = [None, *range(state.players)]
    for seat in seats:
        view = state.view(seat)
        try:
            text = json.dumps(view)
        except (TypeError, ValueError) as exc:
            raise ConformanceError(f"{at}: the view of seat {seat} is not JSON: {exc}") from None
        if json.loads(text) != view:
            raise ConformanceError(f"{at}: the view of seat {seat} changes in a JSON round trip")
    checks.add("views are JSON")
    if state.game.perfect_information:
        return
    sampler = getattr(state, "sample_hidden", None)
    if sampler is None:
        raise ConformanceError(
            f"{at}: a game of hidden information needs sample_hidden(seat, seed) to prove its "
            "views keep secrets"
        )
    for seat in range(state.players):
        for trial in range(2):
            other = sampler(seat, derive(trial, f"conformance:hidden:{seat}"))
            if json.dumps(other.view(seat), sort_keys=True) != json.dumps(
                state.view(seat), sort_keys=True
            ):
                raise ConformanceError(
                    f"{at}: seat {seat}'s view changes when only what it cannot see changes "
                    "(sample_hidden): the view leaks a secret, or sample_hidden changes more "
                    "than the hidden parts"
                )
    checks.add("hidden parts change no other seat's view")


def _check_replays(game: Game[Any], state: State[Any], where: str, checks: set[str]) -> None:
    record = state.to_record()
    try:
        again = game.from_record(record)
    except Exception as exc:
        raise ConformanceError(
            f"{where}: from_record refuses what to_record wrote: {exc}"
        ) from None
    if _fingerprint(again) != _fingerprint(state):
        raise ConformanceError(f"{where}: from_record(to_record()) is a different state")
    checks.add("to_record/from_record replay")
    start, history = state.initial(), state.history()
    if start is not None and history is not None:
        replayed = start
        for step, (seat, action) in enumerate(history):
            try:
                replayed = replayed.apply(seat, action)
            except Exception as exc:
                raise ConformanceError(
                    f"{where}: initial() replayed through history() fails at step {step}: {exc}"
                ) from None
        if _fingerprint(replayed) != _fingerprint(state):
            raise ConformanceError(f"{where}: initial() replayed through history() differs")
        checks.add("initial + history replay")
