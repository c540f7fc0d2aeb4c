"""Game records (PGN-like): written, read and replayed; random games survive the trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from regalia.core.errors import BadRecord
from regalia.core.game import Outcome
from regalia.core.seeds import Rng
from regalia.games.regulator import GAME, RegulatorState, read_fen, write_fen
from tests.games.regulator.helpers import from_fen, play


def random_game(seed: int, plies: int, regulator: int) -> RegulatorState:
    rng = Rng(seed)
    state = GAME.new(seed, regulator=regulator)
    for _ in range(plies):
        if state.is_over():
            break
        state = state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
    return state


def test_R13_record_has_tags_numbered_san_and_result() -> None:
    state = play(GAME.new(0, regulator=2), "c3", "b5", "Nd3")
    text = state.to_record({"White": "Ana", "Black": "Bruno"})
    assert '[Game "regulator"]' in text
    assert '[Regulator "2"]' in text
    assert '[FEN "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 2 0 1"]' in text
    assert '[White "Ana"]' in text
    assert text.rstrip().endswith("1. c3 b5 2. Nd3 *")


def test_R12_record_from_a_black_to_move_position_numbers_with_ellipsis() -> None:
    state = play(from_fen("2k2/5/5/5/5/5/2K1B b 1 0 30"), "Kb7", "Kd2")
    assert state.to_record().rstrip().endswith("30... Kb7 31. Kd2 *")
    assert GAME.from_record(state.to_record()).fen == state.fen


def test_R10_finished_game_record_carries_result_and_reason() -> None:
    state = play(from_fen("k4/5/1K3/5/5/5/4Q w 1 0 1"), "Qe7#")
    text = state.to_record()
    assert '[Result "1-0"]' in text and "checkmate" in text
    assert text.rstrip().endswith("1. Qe7# 1-0")
    replayed = GAME.from_record(text)
    assert replayed.result() == state.result()


def test_record_decisive_result_on_unfinished_game_reads_as_resignation() -> None:
    state = play(GAME.new(0), "c3").resign(1)
    text = state.to_record()
    assert '[Result "1-0"]' in text
    replayed = GAME.from_record(text)
    result = replayed.result()
    assert result is not None and result.outcomes == (Outcome.WIN, Outcome.LOSS)
    assert "resigns" in result.reason


def test_record_comments_and_annotation_glyphs_are_skipped() -> None:
    text = "1. c3 {a quiet start} b5 $1 2.Nd3 ; to d3\n*"
    assert GAME.from_record(text).sans == ("c3", "b5", "Nd3")


def test_record_without_tags_starts_from_the_start_position() -> None:
    assert GAME.from_record("1. c3 b5 2. Nd3 *").fen == play(GAME.new(0), "c3", "b5", "Nd3").fen
    assert GAME.from_record('[Regulator "4"]\n\n1. c3 *').regulator == 5


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("1. c3 c4 *", "record move 1... 'c4'"),
        ("1. c3 b5 2. Nz9 *", "record move 2. 'Nz9': cannot read move"),
        ('[FEN "bnkbn/ppppp/5/5/PPPPP/BNKBN w 1 0 1"]\n\n*', "FEN tag: bad position"),
        ('[Regulator "9"]\n\n*', "Regulator tag"),
        ('[Regulator "3"]\n[FEN "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"]\n\n*', "disagrees"),
        ('[Game "regicide"]\n\n*', "not regulator"),
        ("[Game regulator]\n\n*", "line 1: not a tag pair"),
        ("1. c3 b5 1/2-1/2", "does not match"),
        ('[FEN "k4/5/1K3/5/5/5/4Q w 1 0 1"]\n\n1. Qe7# Kb7 1-0', "ended"),
    ],
)
def test_unreadable_records_say_what_and_where(text: str, words: str) -> None:
    with pytest.raises(BadRecord) as info:
        GAME.from_record(text)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    plies=st.integers(0, 160),
    regulator=st.integers(1, 7),
)
def test_R12_R13_random_games_survive_record_parse_replay(
    seed: int, plies: int, regulator: int
) -> None:
    state = random_game(seed, plies, regulator)
    replayed = GAME.from_record(state.to_record())
    assert replayed.moves == state.moves
    # Identical positions all the way, compared move by move through FEN.
    a, b = GAME.from_fen(state.start_fen), GAME.from_fen(replayed.start_fen)
    for move in state.moves:
        assert a.fen == b.fen
        a, b = a.apply(a.turn, move), b.apply(b.turn, move)
    assert replayed.fen == state.fen
    assert replayed.result() == state.result()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 120), regulator=st.integers(1, 7))
def test_R12_fen_round_trips_on_random_positions(seed: int, plies: int, regulator: int) -> None:
    state = random_game(seed, plies, regulator)
    fen = state.fen
    position = read_fen(fen)
    assert write_fen(position) == fen
    original = state.position()
    assert position.board == original.board
    assert position.key == original.key
    assert (position.turn, position.regulator, position.halfmove, position.fullmove) == (
        original.turn,
        original.regulator,
        original.halfmove,
        original.fullmove,
    )


def test_R11_record_going_on_after_a_draw_is_refused() -> None:
    moves = "1. Nc3 Nc5 2. Nb1 Nb7 3. Nc3 Nc5 4. Nb1 Nb7 5. c3"
    with pytest.raises(BadRecord, match=r"after ply 8, where the game ended .*repetition"):
        GAME.from_record(moves)
