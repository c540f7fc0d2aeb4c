"""The miner on one short self-play game: every puzzle reads back and its solution is the
only decisive move by a search with other settings (no reductions, no table, fixed depth)."""

from __future__ import annotations

from regalia.ai.levels import make_agent
from regalia.ai.search import Limits, Searcher, Settings
from regalia.ai.search.agent import SearchAgent
from regalia.core.registry import get_game
from regalia.puzzles.mine import DECISIVE, mine_states
from regalia.puzzles.selfplay import selfplay


def test_mined_puzzles_read_back_and_their_first_move_is_the_only_win() -> None:
    game = get_game("regulator")
    puzzles = list(mine_states(selfplay(game, 1, 2000), "selfplay:1", 20000))
    assert puzzles, "seed 1 has a puzzle at 2000/20000 nodes"
    agent = make_agent(game, "strong", 0)
    assert isinstance(agent, SearchAgent)
    for puzzle in puzzles:
        state = game.from_position(puzzle.position)
        assert sorted(state.to_act())[0] == puzzle.to_move
        first = state.parse(puzzle.to_move, puzzle.moves[0])
        searcher = Searcher(agent.searcher.domain, Settings(use_table=False, reductions=False))
        pos = agent.position(state)
        lines = []
        searcher.search(pos, Limits(depth=4), on_iteration=lines.append, multipv=2)
        deepest = [r for r in lines if r.depth == max(x.depth for x in lines)]
        deepest.sort(key=lambda r: r.line)
        assert deepest[0].move == first
        assert deepest[0].score >= DECISIVE
        assert len(deepest) == 1 or deepest[1].score < deepest[0].score
