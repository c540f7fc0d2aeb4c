"""The Assassination verdict (H8, H9): who is the target, did the vote succeed, who wins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from regalia.core.errors import IllegalAction
from regalia.core.game import Seat

# A vote's target: another seat, or None for the Neutral Player (all Houses no player holds).
Target = Seat | None


@dataclass(frozen=True, slots=True)
class Verdict:
    regent: int  # the Regent House
    target: Target  # the seat holding it, or None: the Neutral Player
    votes_for_target: int
    assassinated: bool
    winners: tuple[Seat, ...]  # empty when everyone loses

    def to_json(self) -> dict[str, object]:
        return {
            "regent": self.regent,
            "target": "neutral" if self.target is None else self.target,
            "votes_for_target": self.votes_for_target,
            "assassinated": self.assassinated,
            "winners": list(self.winners),
        }


def votes_needed(players: int) -> int:
    """H9: two votes assassinate, one is enough with two or three players."""
    return 1 if players <= 3 else 2


def check_vote(players: int, voter: Seat, target: Target) -> str | None:
    """Why `voter` may not vote for `target` (H8), or None when the vote is allowed."""
    if target is None:
        return "there is no Neutral Player with six players" if players == 6 else None
    if not 0 <= target < players:
        return f"there is no seat {target + 1}"
    if target == voter:
        return "no one votes for themselves"
    return None


def decide(identities: Sequence[int], votes: Sequence[Target], ranking: Sequence[int]) -> Verdict:
    """The verdict from each seat's House, each seat's vote and the Houses in rank order."""
    players = len(identities)
    if len(votes) != players:
        raise IllegalAction(f"{players} players need {players} votes, not {len(votes)}")
    for voter, vote in enumerate(votes):
        problem = check_vote(players, voter, vote)
        if problem is not None:
            raise IllegalAction(f"seat {voter + 1}'s vote: {problem}")
    regent = ranking[0]
    target: Target = identities.index(regent) if regent in identities else None
    count = sum(vote == target for vote in votes)
    if count < votes_needed(players):
        winners: tuple[Seat, ...] = () if target is None else (target,)
        return Verdict(regent, target, count, False, winners)
    rank = {house: i for i, house in enumerate(ranking)}
    voters = [seat for seat, vote in enumerate(votes) if vote == target]
    best = min(voters, key=lambda seat: rank[identities[seat]])
    return Verdict(regent, target, count, True, (best,))
