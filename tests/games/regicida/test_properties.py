"""Properties over random legal games for 2–6 players (hypothesis), read from the views."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from regalia.games.regicida import GAME

# The checks below re-derive each rule from the public views, independently of the rules code.
GAMES = {
    "seed": st.integers(0, 2**32),
    "players": st.integers(2, 6),
    "data": st.data(),
}


def play(seed: int, players: int, data: st.DataObject) -> list[dict[str, Any]]:
    """Spectator views of one game whose every choice hypothesis draws."""
    state = GAME.new(seed, players)
    views = [state.view(None)]
    while not state.is_over():
        acting = sorted(state.to_act())
        seat = acting[data.draw(st.integers(0, len(acting) - 1))]
        legal = list(state.legal_actions(seat))
        state = state.apply(seat, legal[data.draw(st.integers(0, len(legal) - 1))])
        views.append(state.view(None))
    return views


def cells(view: dict[str, Any]) -> dict[str, tuple[int, str]]:
    return {c["cell"]: (c["house"], c["side"]) for c in view["grid"]["cells"]}


def rc(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, ord(name[0]) - ord("a")


@settings(max_examples=15, deadline=None)
@given(**GAMES)
def test_H3_H4_expansion_properties(seed: int, players: int, data: st.DataObject) -> None:
    views = play(seed, players, data)
    expansion = [v for v in views if v["phase"] == "expansion"]
    for before, after in itertools.pairwise(expansion):
        old, new = cells(before), cells(after)
        added = set(new) - set(old)
        if not added:
            continue  # a split
        (cell,) = added
        r, c = rc(cell)
        if old:  # H3: next to a placed token
            assert any(abs(r - r2) + abs(c - c2) == 1 for r2, c2 in map(rc, old))
        rows = [rc(x)[0] for x in new]
        cols = [rc(x)[1] for x in new]
        assert max(rows) - min(rows) < 6 and max(cols) - min(cols) < 6
    first_intrigue = next(v for v in views if v["phase"] != "expansion")
    grid = first_intrigue["grid"]
    assert grid["size"] == 6 and len(grid["cells"]) == 36  # H4: a full 6×6
    assert {rc(x) for x in cells(first_intrigue)} == {(r, c) for r in range(6) for c in range(6)}


@settings(max_examples=15, deadline=None)
@given(**GAMES)
def test_H5_dark_tokens_only_increase_and_never_move(
    seed: int, players: int, data: st.DataObject
) -> None:
    views = [v for v in play(seed, players, data) if v["grid"]["coords"] == "grid"]
    for before, after in itertools.pairwise(views):
        old, new = cells(before), cells(after)
        dark_before = {k: v for k, v in old.items() if v[1] == "dark"}
        dark_after = {k: v for k, v in new.items() if v[1] == "dark"}
        assert dark_before.items() <= dark_after.items()
        assert len(dark_after) - len(dark_before) in (0, 1)
    darks = sum(side == "dark" for _, side in cells(views[-1]).values())
    assert darks <= 3 * players
    assert views[-1]["intrigues_left"] == [0] * players


@settings(max_examples=15, deadline=None)
@given(**GAMES)
def test_H7_H9_every_verdict_follows_the_rules(
    seed: int, players: int, data: st.DataObject
) -> None:
    final = play(seed, players, data)[-1]
    reveal = final["reveal"]
    ranking = [r["house"] for r in reveal["ranking"]]
    place = {h: i for i, h in enumerate(final["succession"])}
    expected = sorted(
        reveal["ranking"], key=lambda r: (-r["score"], -r["light_score"], place[r["house"]])
    )
    assert [r["house"] for r in expected] == ranking  # H7
    identities, votes = reveal["identities"], reveal["votes"]
    regent = ranking[0]
    target = identities.index(regent) if regent in identities else "neutral"
    count = votes.count(target)
    needed = 1 if players <= 3 else 2
    verdict = reveal["verdict"]
    assert (verdict["regent"], verdict["target"], verdict["votes_for_target"]) == (
        regent,
        target,
        count,
    )
    assert all(v != s for s, v in enumerate(votes))  # H8: no self-votes
    if count < needed:
        assert verdict["winners"] == ([] if target == "neutral" else [target])
    else:
        voters = [s for s, v in enumerate(votes) if v == target]
        best = min(voters, key=lambda s: ranking.index(identities[s]))
        assert verdict["winners"] == [best]
    outcomes = final["result"]["outcomes"]
    assert [s for s, o in enumerate(outcomes) if o == "win"] == verdict["winners"]
