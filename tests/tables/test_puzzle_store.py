"""Loading the shipped puzzles when another server process loads them at the same moment."""

from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from regalia.core.registry import get_game
from regalia.puzzles.shipped import shipped_puzzles
from regalia.tables.puzzle_store import PuzzleRow, PuzzleStore
from regalia.tables.store import Store, sqlite_url


class RacedStore(PuzzleStore):
    """Another process commits the first puzzle after this one has read what is there."""

    def __init__(self, store: Store, rival: PuzzleStore) -> None:
        super().__init__(store)
        self.rival, self.raced = rival, False

    def _add_missing(self, puzzles: list[dict[str, Any]]) -> int:
        if not self.raced:
            self.raced = True
            original = Session.flush

            def rival_first(session: Session, *args: Any, **kwargs: Any) -> None:
                if session.new:  # this process is about to write what it found missing
                    Session.flush = original  # type: ignore[method-assign]
                    self.rival.load(puzzles[:1])
                original(session, *args, **kwargs)

            Session.flush = rival_first  # type: ignore[method-assign]
        return super()._add_missing(puzzles)


def test_a_process_that_loses_the_race_to_load_the_shipped_set_reads_again(
    tmp_path: Path,
) -> None:
    puzzles = shipped_puzzles(get_game("regulator"))[:5]
    store = Store(sqlite_url(tmp_path))
    raced = RacedStore(store, PuzzleStore(store))
    assert raced.load(puzzles) == 4  # the rival added one; this process the other four
    assert raced.raced
    with Session(store.engine) as session:
        ids = sorted(session.query(PuzzleRow.id))
    assert [i for (i,) in ids] == sorted(p["id"] for p in puzzles)
    assert PuzzleStore(store).load(puzzles) == 0  # a restart adds nothing
