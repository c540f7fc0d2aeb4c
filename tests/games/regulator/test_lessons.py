"""The Regulator Chess lessons: every step is sound, and each solution shows its rule."""

from __future__ import annotations

import pytest

from regalia.core.errors import RegaliaError
from regalia.core.game import Outcome
from regalia.core.lessons import Lesson, LessonStep
from regalia.games.regulator import GAME, RegulatorState, coordinate, read_fen
from regalia.games.regulator.board import BLACK
from regalia.games.regulator.lessons import LESSONS
from tests.games.lesson_checks import check_descriptor_names, check_step_sound

STEPS = [(lesson.key, i) for lesson in LESSONS for i in range(len(lesson.steps))]


def lesson(key: str) -> Lesson:
    return next(found for found in LESSONS if found.key == key)


def start(key: str, index: int) -> tuple[LessonStep, RegulatorState]:
    step = lesson(key).steps[index]
    state = step.state(GAME)
    assert isinstance(state, RegulatorState)
    return step, state


def after(state: RegulatorState, text: str) -> RegulatorState:
    return state.apply(state.turn, state.parse(state.turn, text))


def solved(key: str, index: int) -> list[tuple[str, RegulatorState, RegulatorState]]:
    """(solution, start, after) for every solution of the step."""
    step, state = start(key, index)
    return [(text, state, after(state, text)) for text in step.solutions]


def square(state: RegulatorState, name: str) -> str:
    """The FEN letter on square `name` ("." when empty)."""
    file, rank = ord(name[0]) - ord("a"), int(name[1])
    return str(state.view(None)["board"][7 - rank][file])


def test_the_descriptor_names_these_lessons() -> None:
    check_descriptor_names(GAME, LESSONS)


@pytest.mark.parametrize(("key", "index"), STEPS)
def test_R12_R13_every_step_starts_sound_and_its_solutions_solve_it(key: str, index: int) -> None:
    check_step_sound(GAME, lesson(key).steps[index])


def test_R7_a_pawn_push_raises_the_regulator() -> None:
    [(_, before, state)] = solved("track", 0)
    assert (before.regulator, state.regulator) == (2, 3)
    assert state.view(None)["powers"]["bishop_knight"]


def test_R7_blacks_pushes_move_the_same_regulator() -> None:
    [(_, before, state)] = solved("track", 1)
    assert before.turn == 1
    assert (before.regulator, state.regulator) == (6, 7)


def test_R7_the_regulator_never_goes_past_7() -> None:
    [(_, before, state)] = solved("track", 2)
    assert before.regulator == state.regulator == 7
    assert square(state, "b4") == "P"


def test_R4_R7_a_promoting_push_raises_the_regulator() -> None:
    results = solved("track", 3)
    assert {square(state, "a7") for _, _, state in results} == {"Q", "R", "B", "N"}
    assert {state.regulator for _, _, state in results} == {4}


def test_R7_a_piece_capture_pulls_the_regulator_down() -> None:
    [(_, before, state)] = solved("captures", 0)
    assert (before.regulator, state.regulator) == (4, 3)
    assert square(before, "b5") == "n" and square(state, "b5") == "N"


def test_R7_a_pawn_capture_leaves_the_regulator() -> None:
    [(_, before, state)] = solved("captures", 1)
    assert before.regulator == state.regulator == 4
    assert square(state, "c4") == "P"
    assert after(before, "Nxc4").regulator == 3  # the wrong capture pulls it down


def test_R7_a_king_capture_pulls_the_regulator_down() -> None:
    [(_, before, state)] = solved("captures", 2)
    assert (before.regulator, state.regulator) == (2, 1)
    assert square(state, "d2") == "K"


def test_R5_a_bishop_captures_with_a_knights_leap_from_space_3() -> None:
    [(text, before, state)] = solved("bishops", 0)
    move = coordinate(before.parse(0, text))
    assert move == "d3c5"  # one file and two ranks: a knight's jump
    assert square(state, "c5") == "B" and state.regulator == 2
    on_two = GAME.from_fen(before.fen.replace(" w 3 ", " w 2 "))
    assert "d3c5" not in on_two.view(None)["legal"]


def test_R5_bishops_leap_over_their_own_pawns() -> None:
    step, before = start("bishops", 1)
    moves = {coordinate(before.parse(0, text)) for text in step.solutions}
    assert moves == {"a1b3", "d1c3", "d1e3"}
    assert all(square(before, m[:2]) == "B" for m in moves)
    boxed = GAME.from_fen(before.fen.replace(" w 3 ", " w 2 "))
    assert not moves & set(boxed.view(None)["legal"])


def test_R9_a_capture_that_takes_the_power_away_answers_check() -> None:
    [(_, before, state)] = solved("bishops", 2)
    assert before.view(None)["check"]
    assert state.regulator == 2
    king = state.position().kings[0]
    assert not state.position().attacked(king, BLACK)
    with pytest.raises(RegaliaError):
        before.parse(0, "e3")  # a push keeps the leap (space 4): still check


def test_R6_a_knight_slides_like_a_rook_from_space_6() -> None:
    [(text, before, state)] = solved("knights", 0)
    assert coordinate(before.parse(0, text)) == "a1a7"
    assert square(state, "a7") == "N" and state.regulator == 5


def test_R6_R7_a_push_to_space_6_gives_check_along_a_file() -> None:
    [(_, before, state)] = solved("knights", 1)
    assert not before.view(None)["check"]
    assert state.regulator == 6 and state.view(None)["check"]
    assert square(state, "c3") == "N"


def test_R9_a_push_that_lets_an_enemy_knight_slide_onto_the_king_is_illegal() -> None:
    step, before = start("knights", 2)
    with pytest.raises(RegaliaError):
        before.parse(0, "a3")
    for text in step.solutions:
        state = after(before, text)
        king = state.position().kings[0]
        assert king % 5 != 2  # off the c-file
        # with the king off the file, the same push would be legal
        assert not read_fen(state.fen).attacked(king, BLACK, regulator=6)


def test_R8_the_capture_of_the_last_pawn_still_pulls_the_regulator_down() -> None:
    [(_, before, state)] = solved("last-pawn", 0)
    assert before.position().pawns == 1 and state.position().pawns == 0
    assert (before.regulator, state.regulator) == (4, 3)


def test_R8_without_pawns_captures_leave_the_regulator() -> None:
    [(_, before, state)] = solved("last-pawn", 1)
    assert before.position().pawns == 0
    assert before.regulator == state.regulator == 6
    assert square(state, "a4") == "N"


def test_R10_stalemate_loses() -> None:
    [(_, _, state)] = solved("stalemate", 0)
    result = state.result()
    assert result is not None and result.outcomes == (Outcome.WIN, Outcome.LOSS)
    assert "stalemate" in result.reason and not state.view(None)["check"]


def test_R10_R5_a_push_stalemates_by_lending_the_bishop_its_leap() -> None:
    [(_, _, state)] = solved("stalemate", 1)
    result = state.result()
    assert state.regulator == 3
    assert result is not None and result.outcomes == (Outcome.WIN, Outcome.LOSS)
    assert "stalemate" in result.reason
    # on space 2 the black king would still have b7
    fen = state.fen.replace(" b 3 ", " b 2 ")
    assert {coordinate(m) for m in read_fen(fen).legal_moves()} == {"a7b7"}
