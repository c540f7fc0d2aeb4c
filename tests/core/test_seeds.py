from hypothesis import given
from hypothesis import strategies as st

from regalia.core.seeds import Rng, derive


def test_same_seed_same_sequence() -> None:
    assert [Rng(42).next64() for _ in range(3)] == [Rng(42).next64() for _ in range(3)]
    first, second = Rng(42), Rng(42)
    assert [first.next64() for _ in range(5)] == [second.next64() for _ in range(5)]


def test_different_seeds_differ() -> None:
    assert Rng(1).next64() != Rng(2).next64()
    assert derive(7, "piles") != derive(7, "identities")


@given(st.integers(min_value=0, max_value=2**64), st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    assert sorted(Rng(seed).shuffled(items)) == sorted(items)


@given(st.integers(min_value=0), st.integers(min_value=1, max_value=1000))
def test_below_stays_in_range(seed: int, bound: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.below(bound) < bound for _ in range(20))


def test_below_is_roughly_uniform() -> None:
    rng = Rng(123)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(900 < c < 1100 for c in counts)
