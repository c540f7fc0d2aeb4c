import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.ai import openings
from regalia.ai.arena import PLY_LIMIT_REASON, MatchSpec, budget_of, plan, run_match
from regalia.ai.base import Budget
from regalia.ai.sprt import Sprt
from regalia.cli import build
from regalia.core.errors import BadNotation
from regalia.core.registry import get_game


def test_two_player_games_alternate_colours_and_share_each_deal() -> None:
    jobs = plan(MatchSpec("regulator", ("greedy", "random"), 4, seed=7))
    assert [j.seats for j in jobs] == [("greedy", "random"), ("random", "greedy")] * 2
    assert jobs[0].seed == jobs[1].seed != jobs[2].seed


def test_regicide_teams_swap_every_game() -> None:
    jobs = plan(MatchSpec("regicide", ("strong", "random"), 2))
    assert jobs[0].seats == ("strong", "random", "strong", "random")  # Yellow+Red, Green+Blue
    assert jobs[1].seats == ("random", "strong", "random", "strong")
    assert [label for label, _ in jobs[0].entries] == ["strong", "random"]


def test_regicida_hero_visits_every_seat_and_the_rest_fill_the_table() -> None:
    jobs = plan(MatchSpec("regicida", ("strong", "random"), 4, players=4))
    assert [j.seats.index("strong") for j in jobs] == [0, 1, 2, 3]
    assert all(j.seats.count("random") == 3 for j in jobs)
    with pytest.raises(BadNotation, match="one per seat"):
        plan(MatchSpec("regicida", ("random", "greedy", "strong"), 1, players=4))


def test_a_match_replays_identically_and_tallies_every_seat() -> None:
    spec = MatchSpec("regicida", ("random", "greedy", "random"), 3, seed=11)
    first, second = run_match(spec), run_match(spec)
    assert first.reports == second.reports
    greedy = first.tallies["greedy"]
    assert greedy.games == 3 and first.tallies["random"].games == 6
    assert greedy.wins + greedy.draws + greedy.losses == 3


def test_ply_guard_ends_a_game_as_a_reported_draw() -> None:
    result = run_match(MatchSpec("regulator", ("random", "random"), 2, max_plies=6))
    assert result.capped == 2
    assert all(r.reason == PLY_LIMIT_REASON and r.plies == 6 for r in result.reports)
    assert result.tallies["random"].draws == 4


def test_cli_json_is_one_object_per_agent_and_parallel_runs_agree(tmp_path: Path) -> None:
    args = ["arena", "regicida", "--agents", "random,random", "--players", "3", "--games", "3"]
    one = CliRunner().invoke(build(), [*args, "--json", "--seed", "5"])
    assert one.exit_code == 0, one.output
    data = json.loads(one.stdout)
    assert set(data) == {"random"}
    assert set(data["random"]) == {"games", "wins", "draws", "losses", "score", "distinct"}
    assert data["random"]["games"] == 9
    two = CliRunner().invoke(
        build(), [*args, "--json", "--seed", "5", "--jobs", "2", "--save", str(tmp_path)]
    )
    assert two.exit_code == 0, two.output
    assert json.loads(two.stdout) == data
    records = sorted(tmp_path.glob("regicida-*.txt"))
    assert len(records) == 3
    replayed = get_game("regicida").from_record(records[0].read_text())
    assert replayed.is_over()


def test_cli_table_reports_scores_and_elo() -> None:
    result = CliRunner().invoke(
        build(), ["arena", "regulator", "--agents", "greedy,random", "--games", "2"]
    )
    assert result.exit_code == 0, result.output
    assert "greedy" in result.stdout and "Elo" in result.stdout


def test_cli_rejects_a_wrong_number_of_agents_or_an_unknown_level() -> None:
    args = ["arena", "regicide", "--games", "1", "--agents"]
    result = CliRunner().invoke(build(), [*args, "random,greedy,strong"])
    assert result.exit_code == 2
    assert "2 teams" in result.stderr
    result = CliRunner().invoke(build(), [*args, "random,wizard"])
    assert result.exit_code == 2
    assert "unknown bot level 'wizard'" in result.stderr


def test_regicide_greedy_team_beats_random_team() -> None:
    result = run_match(MatchSpec("regicide", ("greedy", "random"), 2, seed=1))
    assert result.tallies["greedy"].games == 2  # one entry per team per game
    assert result.tallies["greedy"].wins == 2


def test_each_budget_is_what_the_help_says() -> None:
    # Default: the level's own node bound, its clock dropped (alpha-beta then stops at its
    # own depth), so a seed replays exactly; --nodes bounds every search; --movetime a clock.
    assert budget_of(MatchSpec("regulator", (), 1), "strong") == Budget(seconds=None)
    assert budget_of(MatchSpec("regulator", (), 1), "ismcts") == Budget(seconds=None, nodes=200)
    assert budget_of(MatchSpec("regulator", (), 1, nodes=500), "strong") == Budget(None, None, 500)
    assert budget_of(MatchSpec("regulator", (), 1, movetime_ms=50), "strong") == Budget(0.05)
    assert not MatchSpec("regulator", (), 1, movetime_ms=50).reproducible
    shown = CliRunner().invoke(build(), ["arena", "--help"], terminal_width=200).stdout
    assert "each level's budget" not in shown and "clock dropped" in " ".join(shown.split())
    assert "Not reproducible" in shown


def test_replays_of_one_game_count_once() -> None:
    # Two deterministic searches from the start play the same game every time.
    spec = MatchSpec("regulator", ("strong", "strong"), 4, nodes=60, max_plies=12)
    result = run_match(spec)
    assert result.tallies["strong"].games == 8  # two seats a game
    assert len(result.distinct) == 1
    assert result.interval("strong").games == 2  # one game, its two seats
    assert result.to_json()["strong"]["distinct"] == 2


def test_an_opening_suite_gives_each_pair_its_own_start_from_both_sides(tmp_path: Path) -> None:
    suite = openings.shipped("regulator")
    assert suite is not None and len(openings.read(suite)) >= 40
    assert openings.shipped("regicide") is not None and openings.shipped("regicida") is None
    spec = MatchSpec("regulator", ("strong", "greedy"), 6, nodes=60, max_plies=14,
                     openings=str(suite))  # fmt: skip
    jobs = plan(spec)
    assert jobs[0].opening == jobs[1].opening != jobs[2].opening == jobs[3].opening
    assert jobs[0].seats == jobs[1].seats[::-1]
    result = run_match(spec)
    assert len(result.distinct) == 6
    for job, report in zip(jobs, result.reports, strict=True):
        assert report.plies > len(job.opening)
    bad = tmp_path / "suite.txt"  # a suite with an illegal opening is refused before play
    good = " ".join(openings.read(suite)[0])
    twice = f"{good.split()[0]} {good.split()[0]}"  # White's first move, played by Black
    bad.write_text(f"# one good opening, one bad\n{good}\n{twice}\n")
    with pytest.raises(BadNotation, match=f"opening '{twice}', ply 2"):
        plan(replace(spec, openings=str(bad)))


def test_the_sprt_stops_a_decided_match_at_the_same_game_with_any_jobs(tmp_path: Path) -> None:
    spec = MatchSpec("regulator", ("greedy", "random"), 40, seed=1, sprt=Sprt(0.0, 200.0))
    one = run_match(spec)
    assert one.sprt is not None and one.sprt.decision == "H1"
    assert len(one.reports) == 2 * one.sprt.pairs < 40 and one.planned == 40
    assert one.sprt.llr >= one.sprt.upper
    two = run_match(replace(spec, save_dir=str(tmp_path)), 2)
    assert two.reports == one.reports and two.sprt == one.sprt
    saved = sorted(p.name for p in tmp_path.glob("regulator-*.txt"))  # only the games counted
    assert saved == [f"regulator-{r.index + 1:04d}.txt" for r in one.reports]
    assert Sprt(0.0, 50.0).verdict([0.5] * 40).decision == "H0"  # all draws: not 50 better
    with pytest.raises(BadNotation, match="two different agents"):
        plan(replace(spec, agents=("greedy", "random", "random"), players=3, game="regicida"))


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--movetime", "0"], "--movetime must be at least 1 ms, not 0"),
     (["--movetime", "-5"], "--movetime must be at least 1 ms, not -5"),
     (["--nodes", "0"], "--nodes must be at least 1"),
     (["--jobs", "-1"], "--jobs is 0 (one per CPU) or more, not -1"),
     (["--movetime", "5", "--nodes", "5"], "not both"),
     (["--sprt", "20"], "--sprt wants ELO0,ELO1"),
     (["--sprt", "20,0"], "elo0 below elo1"),
     (["--openings", "/nonexistent/suite.txt"], "cannot read the opening suite")],
)  # fmt: skip
def test_cli_refuses_bad_numbers_with_a_message(args: list[str], message: str) -> None:
    result = CliRunner().invoke(
        build(), ["arena", "regulator", "--agents", "random,random", "--games", "1", *args]
    )
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.stderr.split()) and "Traceback" not in result.output


def test_cli_says_what_a_bad_save_path_is(tmp_path: Path) -> None:
    taken = tmp_path / "file"
    taken.write_text("")
    for path, message in ((taken, "is a file, not a folder"),
                          (taken / "below", "cannot be written")):  # fmt: skip
        result = CliRunner().invoke(build(), ["arena", "regulator", "--agents", "random,random",
                                              "--games", "1", "--save", str(path)])  # fmt: skip
        assert result.exit_code == 2, result.output
        assert message in " ".join(result.stderr.split()), result.stderr
        assert "Traceback" not in result.output


def test_cli_says_whether_the_match_replays() -> None:
    args = ["arena", "regulator", "--agents", "greedy,random", "--games", "2", "--max-plies", "8"]
    fixed = CliRunner().invoke(build(), args, terminal_width=200)
    assert fixed.exit_code == 0, fixed.output
    assert "reproducible: the same command" in fixed.stdout and "regulator.txt" in fixed.stdout
    timed = CliRunner().invoke(build(), [*args, "--movetime", "1"], terminal_width=200)
    assert "not reproducible" in timed.stdout
