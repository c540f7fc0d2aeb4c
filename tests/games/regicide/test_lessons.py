"""The Regicide lessons: every step is sound, and each solution shows its rule."""

from __future__ import annotations

import pytest

from regalia.core.errors import RegaliaError
from regalia.core.game import Outcome
from regalia.core.lessons import Lesson, LessonStep
from regalia.games.regicide import GAME, RegicideState
from regalia.games.regicide.board import parse_square
from regalia.games.regicide.lessons import LESSONS
from regalia.games.regicide.moves import PASS
from tests.games.lesson_checks import check_descriptor_names, check_step_sound

STEPS = [(lesson.key, i) for lesson in LESSONS for i in range(len(lesson.steps))]
YELLOW, GREEN, RED, BLUE = range(4)


def lesson(key: str) -> Lesson:
    return next(found for found in LESSONS if found.key == key)


def start(key: str, index: int) -> tuple[LessonStep, RegicideState]:
    step = lesson(key).steps[index]
    state = step.state(GAME)
    assert isinstance(state, RegicideState)
    return step, state


def solved(key: str, index: int) -> list[tuple[RegicideState, RegicideState]]:
    """(start, after) for every solution of the step."""
    step, state = start(key, index)
    seat = step.actor(state)
    return [(state, state.apply(seat, state.parse(seat, text))) for text in step.solutions]


def piece(state: RegicideState, square: str) -> tuple[int, str] | None:
    """(seat, piece letter) on `square`, None when empty."""
    for found in state.view(None)["pieces"]:
        if found["square"] == square:
            return found["seat"], found["piece"]
    return None


def pawn_token(state: RegicideState, seat_letter: str, square: str) -> str:
    """The pawn's token in the position text (`Pf6:1`), which carries its state."""
    text: str = state.view(None)["position"]
    group = next(g for g in text.split()[0].split("/") if g.startswith(f"{seat_letter}:"))
    return next(t for t in group[2:].split(",") if t.split(":")[0] == f"P{square}")


def test_the_descriptor_names_these_lessons() -> None:
    check_descriptor_names(GAME, LESSONS)


@pytest.mark.parametrize(("key", "index"), STEPS)
def test_C15_every_step_starts_sound_and_its_solutions_solve_it(key: str, index: int) -> None:
    check_step_sound(GAME, lesson(key).steps[index])


def test_C10_C12_a_king_is_captured_like_any_piece_and_play_goes_on() -> None:
    [(_, state)] = solved("kings", 0)
    view = state.view(None)
    assert view["kings_captured"] == [GREEN]
    assert not view["over"]
    assert piece(state, "g1") == (YELLOW, "N")
    assert view["history"][-1] == "pass"  # Green, kingless and without a capture, passed
    assert view["turn"] == RED


def test_C10_C14_capturing_the_last_enemy_king_wins_even_with_your_king_attacked() -> None:
    [(before, state)] = solved("kings", 1)
    square = parse_square("a7")
    assert square is not None and before.position.attacks(GREEN, square)
    result = state.result()
    assert result is not None
    assert result.outcomes == (Outcome.WIN, Outcome.LOSS, Outcome.WIN, Outcome.LOSS)


def test_C4_C5_a_pawns_first_move_may_be_two_squares() -> None:
    [(before, state)] = solved("double-steps", 0)
    assert pawn_token(before, "Y", "d6") == "Pd6:0"
    assert pawn_token(state, "Y", "f6") == "Pf6:1"  # one double step left


def test_C5_a_pawns_second_move_may_be_two_squares_too() -> None:
    [(_, state)] = solved("double-steps", 1)
    assert pawn_token(state, "Y", "h6") == "Ph6"  # two moves made: single steps from now
    fields = state.view(None)["position"].split()
    fields[1], fields[4] = "Y", "-"  # Yellow to move again: one square only
    again = GAME.from_position(" ".join(fields))
    assert [m for m in again.view(None)["legal"] if m.startswith("h6")] == ["h6j6"]


def test_C5_a_capture_counts_as_one_of_the_pawns_moves() -> None:
    [(_, state)] = solved("double-steps", 2)
    assert pawn_token(state, "Y", "e7") == "Pe7:1"


def test_C6_en_passant_the_seed_example() -> None:
    [(_, state)] = solved("en-passant", 0)
    assert piece(state, "m10") == (BLUE, "P")
    assert piece(state, "l10") is None and piece(state, "l11") is None


def test_C6_en_passant_is_for_the_next_player_only() -> None:
    step, before = start("en-passant", 1)
    assert before.turn == GREEN
    with pytest.raises(RegaliaError):
        before.parse(GREEN, "l9m10")  # Green's pawn could have, but the right was Blue's
    # one move after the double step, Blue did have it
    record = step.start.replace("1. RP-l10 BK-h13\n2. YK-a6\n", "1. RP-l10\n")
    blue = GAME.from_record(record)
    assert blue.turn == BLUE and blue.view(None)["position"].split()[4] == "m10"
    [(_, state)] = solved("en-passant", 1)
    assert piece(state, "l10") == (GREEN, "N")


def test_C7_yellow_swaps_with_its_teammate_red() -> None:
    [(before, state)] = solved("swap", 0)
    assert piece(before, "f7") == (YELLOW, "P") and piece(before, "g7") == (RED, "P")
    assert piece(state, "f7") == (RED, "P") and piece(state, "g7") == (YELLOW, "P")


def test_C7_blue_swaps_with_its_teammate_green() -> None:
    [(_, state)] = solved("swap", 1)
    assert piece(state, "e9") == (BLUE, "P") and piece(state, "e10") == (GREEN, "P")


def test_C9_a_pawn_at_a_dead_end_turns_toward_the_nearest_back_rank() -> None:
    [(before, state)] = solved("dead-end", 0)
    assert parse_square("m12") is None  # the cut-off corner
    assert pawn_token(before, "Y", "l12") == "Pl12"
    assert pawn_token(state, "Y", "l13") == "Pl13:N"  # north for good


def test_C9_a_pawn_at_a_dead_end_may_still_capture_diagonally_forward() -> None:
    [(_, state)] = solved("dead-end", 1)
    assert piece(state, "m11") == (YELLOW, "P")


def test_C8_C9_a_turned_pawn_never_captures_and_promotes_on_its_new_back_rank() -> None:
    _, before = start("dead-end", 2)
    with pytest.raises(RegaliaError):
        before.parse(YELLOW, "l13k14")
    results = solved("dead-end", 2)
    assert {piece(state, "l14") for _, state in results} == {(YELLOW, letter) for letter in "QRBN"}
    assert all(piece(state, "k14") == (BLUE, "N") for _, state in results)


def test_C8_a_pawn_promotes_on_the_back_rank_ahead() -> None:
    results = solved("promotion", 0)
    assert {piece(state, "g14") for _, state in results} == {(GREEN, letter) for letter in "QRBN"}


def test_C8_a_capture_onto_an_opponents_back_rank_promotes() -> None:
    results = solved("promotion", 1)
    assert {piece(state, "l14") for _, state in results} == {(YELLOW, letter) for letter in "QRBN"}


def test_C12_a_seat_without_a_king_only_captures_or_passes() -> None:
    _, before = start("no-king", 0)
    position = before.position
    assert all(m == PASS or position.is_capture(m) for m in before.legal_actions(YELLOW))
    with pytest.raises(RegaliaError):
        before.parse(YELLOW, "f5e3")  # a quiet knight move
    [(_, state)] = solved("no-king", 0)
    assert piece(state, "d4") == (YELLOW, "N")


def test_C12_a_seat_without_a_king_may_pass() -> None:
    [(before, state)] = solved("no-king", 1)
    assert len(before.legal_actions(YELLOW)) == 2  # the capture and the pass
    assert state.view(None)["history"] == ["pass"]
    assert state.view(None)["pieces"] == before.view(None)["pieces"]
    assert state.turn == GREEN
