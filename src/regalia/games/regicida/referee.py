"""Scoring a physical table: read the referee's inputs, rank the Houses, give the verdict.

Pure: the CLI reads files and prints; everything that decides lives here. Every text a
player reads is one whole English sentence with its values in it (a refusal's message, a
row's `why` as a `reason`), so the catalogue holds it as a template; the server answers in
the client's language by translating the fields named in `SENTENCES`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from regalia.core.errors import BadNotation
from regalia.core.referee import RefereeField
from regalia.games.regicida.board import Board, parse_board
from regalia.games.regicida.houses import HOUSE_NUMBERS, HOUSES, OBJECTIVE_KEYS, OBJECTIVES
from regalia.games.regicida.scoring import HouseScore, coronation
from regalia.games.regicida.verdict import Target, Verdict, decide

NEUTRAL = "Neutral"
# What a request holds: the text forms of `regalia regicida rank` (the H11 grid, an
# Objective's key, the Line of Succession) and, for a verdict, `verdict`'s identities and votes.
FIELDS = (
    RefereeField("board", 2000),
    RefereeField("objective", 40),
    RefereeField("succession", 80),
    RefereeField("identities", 400, required=False),
    RefereeField("votes", 400, required=False),
)
# The fields of `referee()`'s and `form()`'s answers that hold sentences for players (an
# Objective's title and rule, a ranking row's why); everything else is a name, a number or
# the text forms' own words (a House's name, a player's, NEUTRAL in votes).
SENTENCES = frozenset({"title", "rule", "why"})


def read_objective(text: str) -> str:
    key = text.strip().lower()
    if key not in OBJECTIVE_KEYS:
        raise BadNotation(f"--objective {text!r} is not one of {', '.join(OBJECTIVE_KEYS)}")
    return key


def read_house(text: str, where: str) -> int:
    """A House by digit 1-6 or by name (any case)."""
    word = text.strip()
    for item in HOUSES:
        if word == str(item.number) or word.casefold() == item.name.casefold():
            return item.number
    raise BadNotation(f"{where}: {text!r} is not a House (1-6 or a House name)")


def read_succession(text: str) -> tuple[int, ...]:
    """The Line of Succession: the six Houses once each, e.g. `3 1 6 2 5 4`."""
    words = text.replace(",", " ").split()
    houses = tuple(read_house(w, "--succession") for w in words)
    if sorted(houses) != list(HOUSE_NUMBERS):
        raise BadNotation(f"--succession {text!r} must list each House 1-6 exactly once")
    return houses


def _pairs(text: str, option: str) -> list[tuple[str, str]]:
    pairs = []
    for part in text.split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise BadNotation(f"{option}: {part.strip()!r} should read NAME=VALUE")
        pairs.append((name.strip(), value.strip()))
    return pairs


@dataclass(frozen=True, slots=True)
class Table:
    """The players of a physical game, in seat order, and the House each holds."""

    names: tuple[str, ...]
    identities: tuple[int, ...]

    def seat(self, name: str, where: str) -> int:
        for seat, known in enumerate(self.names):
            if known.casefold() == name.casefold():
                return seat
        raise BadNotation(f"{where}: unknown player {name!r}; players: {', '.join(self.names)}")


def read_identities(text: str) -> Table:
    """`Ana=2,Bruno=Halvern,…`: two to six players, each with a different House."""
    pairs = _pairs(text, "--identities")
    if not 2 <= len(pairs) <= 6:
        raise BadNotation(f"--identities names {len(pairs)} players; Regicida takes 2-6")
    names = tuple(name for name, _ in pairs)
    folded = [n.casefold() for n in names]
    for name in names:
        if folded.count(name.casefold()) > 1:
            raise BadNotation(f"--identities: player {name!r} is named twice")
        if name.casefold() == NEUTRAL.casefold():
            raise BadNotation("--identities: 'Neutral' is the Neutral Player, not a player name")
    houses = tuple(read_house(value, f"--identities {name}") for name, value in pairs)
    for name, held in zip(names, houses, strict=True):
        if houses.count(held) > 1:
            raise BadNotation(f"--identities: House {held} is held by two players ({name})")
    return Table(names, houses)


def read_votes(text: str, table: Table) -> tuple[Target, ...]:
    """`Ana=Bruno,Bruno=Neutral,…`: exactly one vote per player, per H8."""
    votes: list[Target | str] = ["missing"] * len(table.names)
    for voter_name, target_name in _pairs(text, "--votes"):
        voter = table.seat(voter_name, "--votes")
        if votes[voter] != "missing":
            raise BadNotation(f"--votes: {table.names[voter]} votes twice")
        if target_name.casefold() == NEUTRAL.casefold():
            if len(table.names) == 6:
                raise BadNotation(
                    f"--votes: {table.names[voter]} votes for Neutral, but with six players "
                    "there is no Neutral Player"
                )
            votes[voter] = None
            continue
        target = table.seat(target_name, f"--votes {voter_name}")
        if target == voter:
            raise BadNotation(f"--votes: {table.names[voter]} votes for themselves")
        votes[voter] = target
    missing = [table.names[s] for s, v in enumerate(votes) if v == "missing"]
    if missing:
        raise BadNotation(f"--votes: no vote from {', '.join(missing)}")
    return tuple(v for v in votes if not isinstance(v, str))


def rank(board: Board, objective: str, succession: Sequence[int]) -> tuple[HouseScore, ...]:
    return coronation(board, objective, succession)


def judge(
    board: Board, objective: str, succession: Sequence[int], table: Table, votes: Sequence[Target]
) -> Verdict:
    ranking = [s.house for s in coronation(board, objective, succession)]
    return decide(table.identities, votes, ranking)


def ranking_json(
    ranking: Sequence[HouseScore], succession: Sequence[int]
) -> list[dict[str, object]]:
    """The Coronation in rank order, each row saying why it stands below the one above (H7)."""
    rows: list[dict[str, object]] = []
    for index, s in enumerate(ranking):
        rows.append(
            {
                "rank": s.rank,
                "house": s.house,
                "name": HOUSES[s.house - 1].name,
                "score": s.score,
                "light_score": s.light_score,
                "why": _why(ranking[index - 1] if index else None, s, succession),
            }
        )
    return rows


def _why(above: HouseScore | None, below: HouseScore, succession: Sequence[int]) -> str:
    """Why `below` stands where it does: first, or under `above` by score, by light-only
    score, or by the Line of Succession (H7). One whole sentence per case, for the catalogue."""
    if above is None:
        reason = "highest score"
    elif above.score != below.score:
        reason = f"score {below.score}, below {above.score}"
    elif above.light_score != below.light_score:
        reason = (
            f"tied on score {below.score}; light-only score {below.light_score}, "
            f"below {above.light_score}"
        )
    else:
        place, before = succession.index(below.house) + 1, succession.index(above.house) + 1
        reason = (
            f"tied on score {below.score} and light-only score {below.light_score}; "
            f"later in the Line of Succession (place {place}, after place {before})"
        )
    return reason


def verdict_json(
    board: Board, objective: str, succession: Sequence[int], table: Table, votes: Sequence[Target]
) -> dict[str, object]:
    """The Assassination (H8–H9) as the referee reports it, with the ranking it rests on."""
    found = judge(board, objective, succession, table, votes)
    return {
        "regent": found.regent,
        "regent_name": HOUSES[found.regent - 1].name,
        "target": NEUTRAL if found.target is None else table.names[found.target],
        "votes_for_target": found.votes_for_target,
        "assassinated": found.assassinated,
        "winners": [table.names[s] for s in found.winners],
        "ranking": ranking_json(rank(board, objective, succession), succession),
    }


def form() -> dict[str, object]:
    """What a referee page offers to choose from: the Houses (digit, name, colour), the
    Objectives (key, title, rule) and the Neutral Player's name in votes."""
    return {
        "houses": [{"number": h.number, "name": h.name, "colour": h.colour} for h in HOUSES],
        "objectives": [{"key": o.key, "title": o.title, "rule": o.rule} for o in OBJECTIVES],
        "neutral": NEUTRAL,
    }


def referee(fields: Mapping[str, str]) -> object:
    """A physical table's ranking (and, given identities and votes, its verdict), from the
    same text forms as `regalia regicida rank|verdict`; BadNotation names what is wrong."""
    board = parse_board(fields.get("board", ""))
    key = read_objective(fields.get("objective", ""))
    line = read_succession(fields.get("succession", ""))
    identities, votes = fields.get("identities"), fields.get("votes")
    if not identities and not votes:
        return ranking_json(rank(board, key, line), line)
    if not identities or not votes:
        raise BadNotation("give both identities and votes for a verdict, or neither")
    table = read_identities(identities)
    return verdict_json(board, key, line, table, read_votes(votes, table))
