import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.ai.arena import PLY_LIMIT_REASON, MatchSpec, plan, run_match
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
    assert set(data["random"]) == {"games", "wins", "draws", "losses", "score"}
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
