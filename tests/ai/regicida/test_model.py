"""The public model the Regicida agents rebuild from a view must match the game's own rules."""

from regalia.ai.base import Budget, Observation, RandomAgent
from regalia.ai.regicida.model import replay
from regalia.core.registry import get_game
from regalia.games.regicida.state import RegicidaState


def _random_game(seed: int, objective: str, players: int = 4) -> list[RegicidaState]:
    state = get_game("regicida").new(seed, players, objective=objective)
    agent = RandomAgent(seed)
    states = [state]
    while not state.is_over():
        seat = min(state.to_act())
        state = state.apply(seat, agent.choose(Observation(state, seat), Budget()))
        states.append(state)
    return states


def test_replayed_grid_and_scores_match_the_coronation() -> None:
    for seed, objective in enumerate(("united", "divide", "central", "borders")):
        final = _random_game(seed, objective)[-1]
        view = final.view(1)
        story = replay(view)
        rows = [
            " ".join(
                f"{story.table.house[(r, c)]}{'D' if (r, c) in story.table.dark else 'L'}"
                for c in range(6)
            )
            for r in range(6)
        ]
        assert rows == view["grid"]["rows"]
        values = story.scorer.values(story.table)
        for row in view["coronation"]:
            expected = row["score"] + 0.1 * row["light_score"]
            assert abs(values[row["house"] - 1] - expected) < 1e-9


def test_past_pile_tops_are_rebuilt_from_later_takes() -> None:
    # Every recorded placement must be one of the options the model offered at that time:
    # the option list is built from the reconstructed pile tops.
    states = _random_game(5, "united")
    story = replay(states[-1].view(0))
    places = [e for e in states[-1].view(0)["history"] if e["action"].startswith("place")]
    place_decisions = [d for d in story.decisions if d.options[0].key[0] == "place"]
    # A taken token missing from the offered options would have been dropped.
    assert len(place_decisions) == len(places) - 1  # the first token has a single cell


def test_incremental_replay_equals_a_fresh_one() -> None:
    states = _random_game(9, "central")
    mid = replay(states[30].view(2))
    later = states[-1].view(2)
    assert replay(later, mid).decisions == replay(later).decisions


def test_expected_area_scores_sum_to_the_tokens_placed() -> None:
    # Each token is either inner or border: the two expectations add up to the count.
    state = _random_game(3, "central")[12]
    view = state.view(0)
    central = replay(view).scorer
    border = replay({**view, "objective": {"key": "borders"}}).scorer
    table = replay(view).table
    total = sum(central.values(table)) + sum(border.values(table))
    assert abs(total - 1.1 * len(table.house)) < 1e-9
