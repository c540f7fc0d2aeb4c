"""The Regicida lessons: every step is sound, and each solution shows its rule."""

from __future__ import annotations

from typing import Any

import pytest

from regalia.core.errors import RegaliaError
from regalia.core.lessons import Lesson, LessonStep
from regalia.games.regicida import GAME, RegicidaState
from regalia.games.regicida.board import parse_board
from regalia.games.regicida.lessons import LESSONS
from regalia.games.regicida.scoring import cluster_sizes, objective_score
from tests.games.lesson_checks import check_descriptor_names, check_step_sound

STEPS = [(lesson.key, i) for lesson in LESSONS for i in range(len(lesson.steps))]
DRAVE, HALVERN, BEARTH, GANTIS, NAGHAR, AVONDALE = range(1, 7)


def lesson(key: str) -> Lesson:
    return next(found for found in LESSONS if found.key == key)


def start(key: str, index: int) -> tuple[LessonStep, RegicidaState, int]:
    step = lesson(key).steps[index]
    state = step.state(GAME)
    assert isinstance(state, RegicidaState)
    return step, state, step.actor(state)


def solved(key: str, index: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """The learner's view before and after each solution of the step."""
    step, state, seat = start(key, index)
    return [
        (state.view(seat), state.apply(seat, state.parse(seat, text)).view(seat))
        for text in step.solutions
    ]


def cells(view: dict[str, Any]) -> dict[str, tuple[int, str]]:
    return {c["cell"]: (c["house"], c["side"]) for c in view["grid"]["cells"]}


def darks(view: dict[str, Any]) -> int:
    return sum(side == "dark" for _, side in cells(view).values())


def test_the_descriptor_names_these_lessons() -> None:
    check_descriptor_names(GAME, LESSONS)


@pytest.mark.parametrize(("key", "index"), STEPS)
def test_H1_every_step_replays_from_its_record_and_its_solutions_solve_it(
    key: str, index: int
) -> None:
    check_step_sound(GAME, lesson(key).steps[index])


def test_H3_a_token_goes_next_to_a_placed_one() -> None:
    for before, after in solved("placing", 0):
        assert before["identity"] is not None and before["piles"][0]["top"] == DRAVE
        new = {cell: token for cell, token in cells(after).items() if cell not in cells(before)}
        [(cell, token)] = new.items()
        assert token == (DRAVE, "light") and cells(before)["f6"][0] == DRAVE
        assert cell in ("e6", "f5", "f7")  # orthogonally next to f6


def test_H3_the_realm_stays_within_six_columns() -> None:
    step, state, seat = start("placing", 1)
    for text in step.solutions:
        after = state.apply(seat, state.parse(seat, text))
        nxt = min(after.to_act())
        columns = {cell[0] for cell in cells(after.view(nxt))}
        assert len(columns) == 6
        # no placement may widen the row any further
        targets = {action.split()[2] for action in after.view(nxt)["legal"]}
        assert not {t for t in targets if t[0] not in columns}
    after = state.apply(seat, state.parse(seat, "place 1 c6"))
    with pytest.raises(RegaliaError, match="6 rows × 6 columns"):
        after.parse(min(after.to_act()), "place 1 b6")  # next to c6, but a seventh column


def test_H4_taking_a_piles_last_token_makes_a_split_due() -> None:
    _, _, seat = start("splitting", 0)
    for before, after in solved("splitting", 0):
        assert before["piles"][0]["size"] == 1 and not before["split_due"]
        assert after["piles"][0]["size"] == 0
        assert after["split_due"] and after["to_act"] == [seat]
        assert all(action.startswith("split") for action in after["legal"])


def test_H4_a_split_moves_the_lower_half_into_the_empty_pile() -> None:
    [(before, after)] = solved("splitting", 1)
    assert [p["size"] for p in before["piles"]] == [0, 9, 12]
    assert [p["size"] for p in after["piles"]] == [6, 9, 6]
    assert after["piles"][2]["top"] == before["piles"][2]["top"]  # the upper half stays
    assert not after["split_due"] and after["turn"] != before["turn"]


def test_H5_an_intrigue_swaps_two_light_tokens_and_darkens_one() -> None:
    [(before, after)] = solved("intrigue", 0)
    assert before["phase"] == "intrigue" and before["identity"] == NAGHAR
    assert darks(after) == darks(before) + 1
    assert cells(before)["b2"] == (NAGHAR, "light") and cells(before)["c2"] == (HALVERN, "light")
    assert cells(after)["b2"] == (HALVERN, "dark") and cells(after)["c2"] == (NAGHAR, "light")
    grid = parse_board("\n".join(after["grid"]["rows"]))
    old = parse_board("\n".join(before["grid"]["rows"]))
    assert max(cluster_sizes(old, NAGHAR)) == 3
    assert max(cluster_sizes(grid, NAGHAR)) == max(cluster_sizes(grid, NAGHAR, True)) == 4


def test_H5_H6_dark_tokens_are_never_picked_again() -> None:
    _, state, seat = start("intrigue", 1)
    view = state.view(seat)
    assert view["identity"] == DRAVE and view["objective"]["key"] == "central"
    assert cells(view)["e1"] == (DRAVE, "light") and cells(view)["e2"][1] == "dark"
    with pytest.raises(RegaliaError):
        state.parse(seat, "swap e1 e2 flip e1")
    for before, after in solved("intrigue", 1):
        old = parse_board("\n".join(before["grid"]["rows"]))
        new = parse_board("\n".join(after["grid"]["rows"]))
        assert objective_score(new, DRAVE, "central") == objective_score(old, DRAVE, "central") + 1
        assert cells(after)["b4"][0] == DRAVE and darks(after) == darks(before) + 1


def test_H7_a_tie_on_score_goes_to_the_light_only_score() -> None:
    [(before, after)] = solved("coronation", 0)
    first, second, third = before["coronation"][:3]
    assert (first["house"], second["house"]) == (HALVERN, BEARTH)
    assert first["score"] == second["score"] > third["score"]
    assert first["light_score"] > second["light_score"]
    verdict = after["reveal"]["verdict"]
    assert verdict["regent"] == HALVERN and verdict["target"] == "neutral"
    assert verdict["assassinated"] and verdict["winners"] == [0]
    assert HALVERN in after["reveal"]["unused"]


def test_H7_a_full_tie_goes_to_the_line_of_succession() -> None:
    [(before, after)] = solved("coronation", 1)
    first, second = before["coronation"][:2]
    assert (first["house"], second["house"]) == (NAGHAR, HALVERN)
    assert (first["score"], first["light_score"]) == (second["score"], second["light_score"])
    succession = before["succession"]
    assert succession.index(NAGHAR) < succession.index(HALVERN)
    verdict = after["reveal"]["verdict"]
    assert verdict["regent"] == NAGHAR and verdict["target"] == 1
    assert after["reveal"]["identities"][1] == NAGHAR
    assert verdict["assassinated"] and verdict["winners"] == [0]


def test_H9_a_wrong_reading_lets_the_neutral_player_keep_the_crown() -> None:
    _, state, seat = start("coronation", 0)
    after = state.apply(seat, state.parse(seat, "vote 2")).view(seat)
    verdict = after["reveal"]["verdict"]
    assert not verdict["assassinated"] and verdict["winners"] == []


def test_H8_H9_two_votes_assassinate_and_the_best_ranked_voter_wins() -> None:
    _, state, seat = start("vote", 0)
    assert seat == 0 and state.view(seat)["votes_cast"] == [1, 2, 3]
    with pytest.raises(RegaliaError):
        state.parse(seat, "vote 1")  # no one votes for themselves
    [(before, after)] = solved("vote", 0)
    assert before["reveal"] is None
    reveal = after["reveal"]
    assert reveal["identities"] == [HALVERN, NAGHAR, DRAVE, GANTIS]
    assert reveal["votes"] == [2, 2, 1, 1]
    assert reveal["verdict"] == {
        "regent": DRAVE,
        "target": 2,
        "votes_for_target": 2,
        "assassinated": True,
        "winners": [0],
    }
    assert after["result"]["outcomes"] == ["win", "loss", "loss", "loss"]


def test_H9_a_neutral_target_falls_to_the_best_ranked_neutral_voter() -> None:
    [(before, after)] = solved("vote", 1)
    assert before["coronation"][0]["house"] == BEARTH
    reveal = after["reveal"]
    assert BEARTH in reveal["unused"]
    assert reveal["verdict"]["target"] == "neutral" and reveal["verdict"]["assassinated"]
    assert reveal["verdict"]["winners"] == [1]  # Halvern ranks above Drave
    ranks = {row["house"]: row["rank"] for row in reveal["ranking"]}
    assert ranks[HALVERN] < ranks[DRAVE]
