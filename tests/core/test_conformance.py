"""The conformance check passes a sound game and names each way a broken one breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from regalia.core.conformance import ConformanceError, check_game
from regalia.core.game import Seat
from tests.core.secretsum import SumGame, SumState


def test_a_sound_game_passes_every_check() -> None:
    report = check_game(SumGame(), playouts=4)
    assert report.finished == 4 and report.plies > 4 * 2
    assert "hidden parts change no other seat's view" in report.checks
    assert "initial + history replay" in report.checks


class Leaky(SumState):
    def view(self, seat: Seat | None) -> dict[str, Any]:
        return {**super().view(seat), "all": list(self.digits)}


class Mutating(SumState):
    def apply(self, seat: Seat, action: int) -> SumState:
        after = super().apply(seat, action)
        object.__setattr__(self, "counter", after.counter)  # changes its input
        return after


class Misread(SumState):
    def parse(self, seat: Seat, text: str) -> int:
        return 3 - super().parse(seat, text)  # "add 1" reads as 2


class NotJson(SumState):
    def view(self, seat: Seat | None) -> dict[str, Any]:
        return {**super().view(seat), "seen": {self.counter}}


class ForgetfulRecord(SumState):
    def to_record(self) -> str:
        return replace(self, moves=self.moves[:-1]).to_record() if self.moves else ""


class ShortHistory(SumState):
    def history(self) -> Sequence[tuple[Seat, int]]:
        return list(super().history())[1:]


@dataclass(frozen=True)
class BrokenGame(SumGame):
    broken: type[SumState] = SumState

    def new(self, seed: int, players: int | None = None, **options: object) -> SumState:
        count = self.check_players(players)
        return self.broken(self, seed, self.deal(seed, count), 0, ())


_draws = iter(range(10**9))


@dataclass(frozen=True)
class Unseeded(SumGame):
    def deal(self, seed: int, players: int) -> tuple[int, ...]:
        return super().deal(next(_draws), players)  # ignores the seed


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (BrokenGame(broken=Leaky), "view changes when only what it cannot see changes"),
        (BrokenGame(broken=Mutating), "apply changed the state it was given"),
        (BrokenGame(broken=Misread), "parse"),
        (BrokenGame(broken=NotJson), "is not JSON"),
        (BrokenGame(broken=ForgetfulRecord), "from_record"),
        (BrokenGame(broken=ShortHistory), "history"),
        (Unseeded(), "same seed"),
    ],
)
def test_each_broken_game_is_named_with_what_broke(game: SumGame, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_game(game, playouts=2)
