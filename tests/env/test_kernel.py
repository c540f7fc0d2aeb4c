"""The env's compiled loops (`regalia.env.kernel`) against NumPy, on both paths.

`paint` and `mark` are checked on random boards, tables and action lists against the same
writes made with NumPy's fancy indexing; the interpreted path (a subprocess with
REGALIA_PURE_PYTHON=1) must give the same answers, and whole PettingZoo episodes must hash
alike on both paths.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from regalia.env.kernel import mark, paint
from tests.env.test_fast_observe import GAMES, _episode_digest
from tests.games.paths import needs_compiled, run_interpreted


def _paint_case(rng: random.Random) -> tuple[Any, ...]:
    """codes, table, layers, shift, area, planes, cells and the array's size."""
    squares, shift, area = rng.randint(1, 40), rng.randint(0, 6), rng.randint(1, 30)
    layers, count = rng.randint(1, 3), rng.randint(1, 8)
    size = area * count
    codes = [rng.randint(-shift, 6) for _ in range(squares)]
    entries = (7 + shift) * squares * layers
    table = np.array([rng.choice([-1, rng.randrange(size)]) for _ in range(entries)], np.intp)
    planes = [(rng.randrange(count), rng.choice([1.0, 0.25, 0.5])) for _ in range(3)]
    cells = [rng.randrange(size) for _ in range(rng.randint(0, 3))]
    return codes, table, layers, shift, area, planes, cells, size


def _mark_case(rng: random.Random) -> tuple[list[int], dict[int, int]]:
    actions = rng.sample(range(100), rng.randint(0, 20))
    numbers = {a: i for i, a in enumerate(rng.sample(range(60), 60))}
    numbers.update({a: rng.randrange(60) for a in range(60, 100) if rng.random() < 0.8})
    return actions, numbers


def _cases(seed: int, count: int) -> Any:
    rng = random.Random(seed)
    for _ in range(count):
        yield _paint_case(rng), _mark_case(rng)


def kernel_answers(seed: int, cases: int) -> list[Any]:
    """`paint` and `mark` on seeded random inputs: what they return and write."""
    answers: list[Any] = []
    for (codes, table, layers, shift, area, planes, cells, size), (actions, numbers) in _cases(
        seed, cases
    ):
        out = np.zeros(size, dtype=np.float32)
        lit = paint(out, codes, table, layers, shift, area, planes, cells)
        mask = np.zeros(60, dtype=np.int8)
        marked = mark(mask, actions, numbers)
        answers.append([lit, out.tolist(), marked, mask.tolist() if marked >= 0 else None])
    return answers


def reference_answers(seed: int, cases: int) -> list[Any]:
    """The same, written with NumPy and plain Python."""
    answers: list[Any] = []
    for (codes, table, layers, shift, area, planes, cells, size), (actions, numbers) in _cases(
        seed, cases
    ):
        out = np.zeros(size, dtype=np.float32)
        rows = (np.array(codes) + shift) * len(codes) + np.arange(len(codes))
        hit = table.reshape(-1, layers)[rows].reshape(-1)
        out[hit[hit >= 0]] = 1.0
        for plane, value in planes:
            out[plane * area : (plane + 1) * area] = value
        out[cells] = 1.0
        lit = int((hit >= 0).sum())
        indices = [numbers.get(a, -1) for a in actions]
        if -1 in indices or len(set(indices)) < len(indices):
            answers.append([lit, out.tolist(), -1, None])
            continue
        mask = np.zeros(60, dtype=np.int8)
        mask[indices] = 1
        answers.append([lit, out.tolist(), len(indices), mask.tolist()])
    return answers


def test_kernel_writes_what_numpy_writes() -> None:
    assert kernel_answers(1, 300) == reference_answers(1, 300)


def test_mark_refuses_an_unknown_action_and_a_shared_index() -> None:
    mask = np.zeros(4, dtype=np.int8)
    assert mark(mask, [5, 6], {5: 0, 6: 3}) == 2 and mask.tolist() == [1, 0, 0, 1]
    assert mark(np.zeros(4, dtype=np.int8), [5, 7], {5: 0}) == -1
    assert mark(np.zeros(4, dtype=np.int8), [5, 6], {5: 1, 6: 1}) == -1


def out_of_range_answers() -> list[str]:
    """What each call with an index outside its array raises (the compiled kernel writes
    through C pointers, so it checks every bound itself)."""
    planes = np.zeros(6, dtype=np.float32)
    table = np.array([7, -1, 2, 5], dtype=np.intp)  # a 2-square board of codes 0..1
    calls = [
        lambda: paint(planes, [0, 0], table, 1, 0, 3, [], []),  # table lights cell 7 of 6
        lambda: paint(planes, [2, 0], table, 1, 0, 3, [], []),  # code 2: past the table
        lambda: paint(planes, [-1, 0], table, 1, 0, 3, [], []),  # code -1: before it
        lambda: paint(planes, [1, 1], table, 2, 0, 3, [], []),  # 2 layers: past the table
        lambda: paint(planes, [], table, 1, 0, 3, [(2, 1.0)], []),  # plane 2 of 2
        lambda: paint(planes, [], table, 1, 0, 3, [(-1, 1.0)], []),
        lambda: paint(planes, [], table, 1, 0, 3, [], [6]),
        lambda: paint(planes, [], table, 1, 0, 3, [], [-1]),
        lambda: mark(np.zeros(4, dtype=np.int8), [5], {5: 4}),
    ]
    answers = []
    for call in calls:
        try:
            call()
            answers.append("no error")
        except IndexError as error:
            answers.append(f"IndexError: {error}")
    return answers


def test_paint_and_mark_refuse_an_index_outside_their_arrays() -> None:
    answers = out_of_range_answers()
    assert all(answer.startswith("IndexError") for answer in answers), answers


@needs_compiled
def test_the_interpreted_kernel_refuses_the_same_indices() -> None:
    assert run_interpreted("tests.env.test_kernel:out_of_range_answers") == out_of_range_answers()


@needs_compiled
def test_the_compiled_kernel_refuses_arrays_of_another_layout() -> None:
    table = np.array([-1], dtype=np.intp)
    for out, bad_table in [
        (np.zeros(3, dtype=np.float64), table),  # not float32
        (np.zeros((1, 3), dtype=np.float32), table),  # not flat
        (np.zeros(3, dtype=np.float32), table.astype(np.int32)),  # not the platform's index
    ]:
        with pytest.raises(TypeError):
            paint(out, [0], bad_table, 1, 0, 3, [], [])
    with pytest.raises(ValueError):  # a strided view is not contiguous
        paint(np.zeros(6, dtype=np.float32)[::2], [0], table, 1, 0, 3, [], [])
    with pytest.raises(TypeError):
        mark(np.zeros(4, dtype=np.int16), [5], {5: 1})


@needs_compiled
def test_the_interpreted_kernel_answers_the_same() -> None:
    assert run_interpreted("tests.env.test_kernel:kernel_answers", 2, 200) == kernel_answers(2, 200)


@needs_compiled
@pytest.mark.parametrize("name", GAMES)
def test_episodes_hash_alike_on_both_paths(name: str) -> None:
    ref = "tests.env.test_fast_observe:_episode_digest"
    assert run_interpreted(ref, name, 3, False) == _episode_digest(name, 3, False)


def test_regulator_planes_refuse_an_array_of_another_size() -> None:
    from regalia.env.adapters.regulator_planes import SIZE, write_planes
    from regalia.games.regulator.position import Position

    for size in (SIZE - 1, SIZE + 1):
        with pytest.raises(ValueError, match=f"take {SIZE} cells, not {size}"):
            write_planes(np.zeros(size, dtype=np.float32), Position.start(), 0, True)
    out = np.zeros(SIZE, dtype=np.float32)
    write_planes(out, Position.start(), 0, True)
    assert out.sum() > 0
