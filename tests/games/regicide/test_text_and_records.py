"""The position text format and game records: round trips over random games, and errors."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from regalia.core.errors import BadPosition, BadRecord
from regalia.core.seeds import Rng
from regalia.games.regicide import GAME, RegicideState
from regalia.games.regicide.position import Position
from regalia.games.regicide.text import START_TEXT, from_text, to_text

from .helpers import state, text

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_position(seed: int, plies: int) -> Position:
    pos, rng = Position.start(), Rng(seed)
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves:
            break
        pos.push(rng.choice(moves))
    return pos


def random_game(seed: int, plies: int, start: RegicideState | None = None) -> RegicideState:
    s, rng = start or GAME.new(seed), Rng(seed)
    for _ in range(plies):
        if s.is_over():
            break
        s = s.apply(s.turn, rng.choice(list(s.legal_actions(s.turn))))
    return s


@FAST
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 400))
def test_position_text_round_trip(seed: int, plies: int) -> None:
    pos = random_position(seed, plies)
    written = to_text(pos)
    again = from_text(written)
    assert to_text(again) == written
    assert again.key == pos.key
    assert sorted(again.legal_moves()) == sorted(pos.legal_moves())
    assert again.king_captured == pos.king_captured and again.halfmove == pos.halfmove


def test_position_text_keeps_pawn_state_and_en_passant() -> None:
    pos = Position.start()
    for move in ("b4d4", "g2g3"):
        pos.push(next(m for m in pos.legal_moves() if _coord(m) == move))
    written = to_text(pos)
    assert "Pd4:1" in written and "Pg3:1" in written and "Pb5:0" in written
    pos.push(next(m for m in pos.legal_moves() if _coord(m) == "n10l10"))
    fields = to_text(pos).split()
    assert fields[1] == "B" and fields[4] == "m10"  # Blue may take on m10 this move only
    assert fields[5] == "0" and fields[6] == "1"


def _coord(move: int) -> str:
    from regalia.games.regicide.notation import coordinate

    return coordinate(move)


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("nonsense", "7 fields"),
        (START_TEXT.replace("/B:", "/X:"), "must start with 'B:'"),
        (START_TEXT.replace("Ka7", "Ka1"), "not a square"),
        (START_TEXT.replace("Ka7", "Kb4"), "two pieces on b4"),
        (START_TEXT.replace("Pb4:0", "Pa3:0"), "not a square"),
        (text(Y="Ka7,Pa9"), "back rank"),
        (text(Y="Ka7,Pe5:E"), "cannot turn"),
        (text(Y="Ka7,Ka8"), "2 kings"),
        (text(Y="Ka7,Ne5:1"), "only pawns"),
        (text(turn="X"), "seat letter"),
        (text(castling="a4"), "castling"),
        (text(ep="e5"), "en passant"),
        (text(clock=-1), "clock"),
        (START_TEXT.replace(" - - 0 1", " G - 0 1"), "kings captured"),
        (START_TEXT.replace(" 0 1", " 0 0"), "round"),
    ],
)
def test_bad_position_texts_say_which_field(bad: str, message: str) -> None:
    with pytest.raises(BadPosition, match=message):
        from_text(bad)


@FAST
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 500))
def test_records_of_random_games_replay(seed: int, plies: int) -> None:
    game = random_game(seed, plies)
    record = game.to_record()
    again = GAME.from_record(record)
    assert again.short_history == game.short_history
    assert again.view(None)["position"] == game.view(None)["position"]
    assert again.result() == game.result()
    assert again.to_record() == record


def test_record_layout_one_line_per_round() -> None:
    game = random_game(7, 9)
    record = game.to_record()
    lines = record.splitlines()
    assert lines[0] == '[Game "regicide"]'
    assert '[Result "*"]' in lines
    body = lines[lines.index("") + 1 :]
    assert body[0].startswith("1. ") and len(body[0].split()) == 5
    assert body[1].startswith("2. ") and len(body[1].split()) == 5
    assert body[2].startswith("3. ") and len(body[2].split()) == 2
    assert body[-1] == "*"


def test_record_from_a_custom_position_keeps_it() -> None:
    start = state(turn="G", G="Kg1,Nd4", Y="Ka7,Pe6,Qf6")
    game = random_game(3, 30, start)
    record = game.to_record()
    assert "[Position " in record
    assert record.splitlines()[record.splitlines().index("") + 1].startswith("1. G")
    again = GAME.from_record(record)
    assert again.short_history == game.short_history


def test_hand_written_record_and_its_errors() -> None:
    record = '[Game "regicide"]\n\n1. YP-d4 GP-e4 RP-l7 BP-g11\n2. b8c8 {a comment} e1f3 *\n'
    game = GAME.from_record(record)
    assert game.short_history[-1] == "GN-f3" and game.turn == 2
    with pytest.raises(BadRecord, match=r"move 2 \(GP-e9\)"):
        GAME.from_record('[Game "regicide"]\n\n1. YP-d4 GP-e9 *\n')
    with pytest.raises(BadRecord, match="not regicide"):
        GAME.from_record('[Game "regulator"]\n\n*\n')
    with pytest.raises(BadRecord, match="Position"):
        GAME.from_record('[Game "regicide"]\n[Position "junk"]\n\n*\n')


def test_record_may_leave_out_automatic_passes() -> None:
    # Green's king is boxed in by Blue's knights: Green passes automatically.
    start_text = text(G="Kd1", B="Kh14,Ne1,Nd2,Ne2")
    with_pass = f'[Game "regicide"]\n[Position "{start_text}"]\n\n1. YK-a6 pass RK-o9 *\n'
    without = f'[Game "regicide"]\n[Position "{start_text}"]\n\n1. YK-a6 RK-o9 *\n'
    assert GAME.from_record(with_pass).short_history == GAME.from_record(without).short_history
    assert GAME.from_record(without).short_history == ("YK-a6", "pass", "RK-o9")


def test_resignation_is_recorded() -> None:
    game = GAME.new(5).resign(1)
    result = game.result()
    assert result is not None and result.winners() == (0, 2)
    again = GAME.from_record(game.to_record())
    assert again.result() == result
