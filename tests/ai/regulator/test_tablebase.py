"""Regulator Chess endgame tablebases of three men (issue 31): solved by retrograde analysis,
checked against the reference move generation, probed by the search and the CLI."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.ai.regulator import retrograde, tablebase, tbcheck
from regalia.ai.regulator.domain import RegulatorDomain
from regalia.ai.search import Limits, Searcher, scores
from regalia.cli import build as cli
from regalia.games.regulator.board import BISHOP, KNIGHT
from regalia.games.regulator.fen import read_fen
from tests.games.paths import needs_compiled, run_interpreted

# Black Ka7 boxed in by the queen on b5, not in check: Black has no move and has lost (R10).
STALEMATED = "k4/5/1Q3/5/5/5/2K2 b 1 0 1"
# The same, colours turned (Black's queen, White's king on a1).
STALEMATED_TURNED = "2k2/5/5/5/1q3/5/K4 w 1 0 1"
# One ply earlier: Qb4-b5 stalemates.
STALEMATE_IN_ONE = "k4/5/5/5/1Q3/5/2K2 w 1 {clock} 1"
# A lone knight wins by driving the king into a stalemate or a mate: 43 plies (mate in 22).
KNIGHT_WINS = "5/5/5/2k2/5/5/N1K2 w 1 0 1"


@pytest.fixture(scope="module")
def tables() -> tablebase.Tablebase:
    return tablebase.Tablebase(tablebase.build())


def small_tables() -> list[list[object]]:
    """Two pawnless sections in which the regulator gives powers, solved on this path."""
    out: list[list[object]] = []
    for kind, power in ((BISHOP, 1), (KNIGHT, 2)):
        values = bytearray(retrograde.size(kind))
        longest = retrograde.build(kind, b"", power, power + 1, values)
        out.append([kind, power, longest, hashlib.sha256(values).hexdigest()])
    return out


@needs_compiled
def test_both_paths_solve_the_same_tables() -> None:
    assert run_interpreted("tests.ai.regulator.test_tablebase:small_tables") == small_tables()


def test_every_probed_value_follows_from_its_children_by_the_rules(
    tables: tablebase.Tablebase,
) -> None:
    report = tbcheck.check(tables, list(tablebase.ORDER), 300, seed=31)
    assert report.problems == []
    assert report.checked > 1000 and report.illegal > 100


def test_r10_a_stalemated_king_has_lost(tables: tablebase.Tablebase) -> None:
    for fen in (STALEMATED, STALEMATED_TURNED):
        pos = read_fen(fen)
        assert pos.legal_moves() == [] and not pos.in_check()
        assert tables.probe(pos) == tablebase.Verdict("loss", 0)


def test_r11_the_clock_turns_a_win_past_it_into_a_draw(tables: tablebase.Tablebase) -> None:
    assert tables.probe(read_fen(STALEMATE_IN_ONE.format(clock=99))) == tablebase.Verdict("win", 1)
    late = tables.probe(read_fen(STALEMATE_IN_ONE.format(clock=100)))
    assert late == tablebase.Verdict("draw", None, clock=True)
    # A pawn push resets the clock on the way: no verdict the table cannot vouch for.
    assert tables.probe(read_fen("5/5/5/2k2/5/P4/2K2 w 1 0 1")) is not None
    assert tables.probe(read_fen("5/5/5/2k2/5/P4/2K2 w 1 90 1")) is None


def test_regulator_powers_change_the_distance(tables: tablebase.Tablebase) -> None:
    # R6: from space 6 the knight also moves as a rook, and mates far sooner.
    plain = tables.probe(read_fen(KNIGHT_WINS))
    rook_like = tables.probe(read_fen(KNIGHT_WINS.replace(" w 1 ", " w 6 ")))
    assert plain == tablebase.Verdict("win", 43)
    assert rook_like is not None and rook_like.result == "win"
    assert rook_like.plies is not None and rook_like.plies < 43


def test_the_search_plays_the_tables(
    tables: tablebase.Tablebase, monkeypatch: pytest.MonkeyPatch
) -> None:
    def search() -> tuple[int, int]:
        pos = read_fen(KNIGHT_WINS)
        report = Searcher(RegulatorDomain()).search(pos, Limits(depth=2))
        assert report.move is not None
        pos.push(report.move)
        after = tables.probe(pos)
        return report.score, after.plies if after is not None else -1

    monkeypatch.setattr(tablebase, "default", lambda: None)
    score, _ = search()
    assert not scores.is_mate(score)  # two plies see no mate 43 plies away
    monkeypatch.setattr(tablebase, "default", lambda: tables)
    score, after = search()
    assert scores.describe(score) == "mate 22"
    assert after == 42  # the move played keeps to the shortest win


def test_files_are_compact_and_read_back(tables: tablebase.Tablebase, tmp_path: Path) -> None:
    files = tablebase.save(tables.tables, tmp_path)
    assert sum(path.stat().st_size for path in files) < 100 * 1024
    found = tablebase.load(tmp_path)
    assert found is not None and found.tables == tables.tables
    (tmp_path / "KQK.rtb").write_bytes(b"not a table")
    damaged = tablebase.load(tmp_path)
    # A damaged file is left out, and with it the pawn table that promotes into it.
    assert damaged is not None and sorted(damaged.tables) == [2, 3, 4]


def test_the_cli_builds_checks_and_probes(tmp_path: Path) -> None:
    runner = CliRunner()
    built = runner.invoke(cli(), ["tablebase", "build", "--men", "3", "--data-dir", str(tmp_path)])
    assert built.exit_code == 0, built.output
    assert "KNK" in built.output and "longest 60 plies" in built.output
    checked = runner.invoke(
        cli(), ["tablebase", "check", "--probes", "50", "--data-dir", str(tmp_path)]
    )
    assert checked.exit_code == 0 and " 0 problems" in checked.output
    probed = runner.invoke(cli(), ["tablebase", "probe", KNIGHT_WINS, "--data-dir", str(tmp_path)])
    assert probed.output.strip() == "win: mate in 22 (43 plies)"
    four = runner.invoke(cli(), ["tablebase", "build", "--men", "4", "--data-dir", str(tmp_path)])
    assert four.exit_code == 2


def test_the_built_tables_in_the_data_directory_follow_the_rules() -> None:
    found = tablebase.default()
    if found is None:
        pytest.skip("no tables built in the data directory (regalia tablebase build --men 3)")
    report = tbcheck.check(found, sorted(found.tables), 200, seed=7)
    assert report.problems == []


def test_what_the_tables_found(tables: tablebase.Tablebase) -> None:
    # docs/engine.md's table (regalia tablebase stats): R10 makes every piece a win, and
    # the lone king wins where the pawn's side is left without a move.
    minor = tablebase.Tablebase({k: tables.tables[k] for k in (KNIGHT, BISHOP)})
    rows = {(row.name, row.spaces): row for row in tablebase.census(minor)}
    assert all(row.weak_wins == 0 for row in rows.values())
    assert rows["KNK", "1-2"].longest == 59 and rows["KNK", "6-7"].longest == 13
    assert rows["KBK", "1-2"].longest == 45 and rows["KBK", "3-5"].longest == 17
    assert rows["KBK", "6-7"].draws == rows["KNK", "6-7"].draws == 5204
    lost = read_fen("K1k2/P4/5/5/5/5/5 w 1 0 1")
    assert lost.legal_moves() == [] and tables.probe(lost) == tablebase.Verdict("loss", 0)
