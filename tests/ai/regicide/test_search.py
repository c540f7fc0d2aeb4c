"""Regicide search: king captures, team wins, kingless seats, and the evaluation."""

from __future__ import annotations

from regalia.ai.regicide.domain import RegicideDomain
from regalia.ai.regicide.evaluation import KING_VALUE, evaluate
from regalia.ai.search import Limits, Searcher, Settings, scores
from regalia.core.seeds import Rng
from regalia.games.regicide.moves import PASS, TURNED
from regalia.games.regicide.notation import short
from regalia.games.regicide.position import Position
from regalia.games.regicide.text import from_text


def best(text: str, depth: int, settings: Settings | None = None) -> tuple[str, int]:
    pos = from_text(text)
    report = Searcher(RegicideDomain(), settings).search(pos, Limits(depth=depth))
    assert report.move is not None
    return short(pos, report.move, pos.legal_moves()), report.score


def test_takes_a_king_when_it_can() -> None:
    # Yellow's queen on g5 sees Green's king down the g-file.
    move, score = best("Y:Ka7,Qg5/G:Kg1,Pe2/R:Ko8/B:Kh14 Y - - - 0 1", 3)
    assert move == "YQxg1"
    assert score > 1000


def test_c14_second_king_wins_the_game_for_the_team() -> None:
    # Green's king is gone already; taking Blue's king ends the game for light.
    move, score = best("Y:Ka7,Qh5/G:Pe2/R:Ko8/B:Kh14 Y - G - 0 1", 3)
    assert move == "YQxh14"
    assert score == scores.MATE - 1


def test_c10_king_attacked_by_the_next_seat_steps_away() -> None:
    # No check rule, but Green's rook would take the king on a7 next ply.
    move, _ = best("Y:Ka7,Pb5/G:Kg1,Rd7/R:Ko8/B:Kh14 Y - - - 0 1", 3)
    assert move.startswith("YK")


def test_c12_kingless_seat_captures_or_passes_in_search() -> None:
    # Yellow has no king: its only moves are the capture of the rook and a pass.
    pos = from_text("Y:Pb5/G:Kg1,Rc6/R:Ko8/B:Kh14 Y - Y - 0 1")
    assert sorted(pos.legal_moves())[0] == PASS
    move, _ = best("Y:Pb5/G:Kg1,Rc6/R:Ko8/B:Kh14 Y - Y - 0 1", 3)
    assert move == "YPxc6"


def test_lost_team_scores_as_mated() -> None:
    # Light to move but Yellow and Red have both lost their kings: the game is over.
    pos = from_text("Y:Pb5/G:Kg1/R:Pn5/B:Kh14 Y - YR - 0 1")
    assert RegicideDomain().outcome(pos, 0) == scores.mated_in(0)


def test_table_does_not_change_the_answer() -> None:
    text = "Y:Ka7,Qg5,Pb5/G:Kg1,Pe2,Rd3/R:Ko8,Nn6/B:Kh14,Bf12 Y - - - 0 1"
    exact = Settings(use_table=False, reductions=False)
    assert best(text, 3, exact) == best(text, 3, Settings(reductions=False))


def test_evaluation_is_symmetric_at_the_start_and_counts_material() -> None:
    pos = Position.start()
    assert evaluate(pos) == 10
    before = evaluate(pos)
    text = "Y:Ka7,Qg5/G:Kg1/R:Ko8/B:Kh14 G - - - 0 1"
    # Green to move, Yellow has an extra queen: bad for Green's team.
    assert evaluate(from_text(text)) < before - 500


def test_search_restores_the_position() -> None:
    pos = Position.start()
    key, board = pos.key, list(pos.board)
    Searcher(RegicideDomain()).search(pos, Limits(nodes=1500))
    assert (pos.key, pos.board, pos.turn) == (key, board, 0)


def test_noisy_moves_are_the_captures_and_promotions() -> None:
    pos = Position.start()
    domain = RegicideDomain()
    for _ in range(40):
        moves = pos.legal_moves()
        expected = {m for m in moves if m != PASS and (m >> 19 or pos.is_capture(m))}
        assert set(domain.noisy_moves(pos)) == expected
        pos.push(max(moves, key=lambda m: domain.capture_score(pos, m) * 1000 + m % 997))


def test_gain_of_a_king_capture_is_the_king_value() -> None:
    pos = from_text("Y:Ka7,Qg5/G:Kg1,Pe2/R:Ko8/B:Kh14 Y - - - 0 1")
    domain = RegicideDomain()
    assert [domain.gain(pos, m) for m in domain.noisy_moves(pos)] == [KING_VALUE]


def test_evaluation_is_unchanged_by_a_quarter_turn_of_the_board() -> None:
    # Turning the board a quarter (a-file to rank 1) makes each seat the next one in turn
    # order, so the team to move and its prospects stay the same.
    rng = Rng(9)
    for _ in range(12):
        pos = Position.start()
        for _ in range(rng.below(80)):
            moves = pos.legal_moves()
            if not moves:
                break
            pos.push(rng.choice(moves))
        board = [0] * len(pos.board)
        for square, code in enumerate(pos.board):
            if code:
                file, rank = square % 14, square // 14
                kind = code & 15
                if kind in TURNED:  # a turned pawn's direction (N, E, S, W) turns too
                    kind = TURNED[(TURNED.index(kind) + 3) % 4]
                board[file * 14 + 13 - rank] = ((code >> 4) + 1) % 4 << 4 | kind
        turned = Position(board, (pos.turn + 1) % 4)
        assert evaluate(turned) == evaluate(pos)
