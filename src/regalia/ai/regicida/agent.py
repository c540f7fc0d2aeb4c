"""Regicida's `strong` level: identity inference, concealment, and a vote by expected gain.

From its view alone it keeps a Bayesian posterior over everyone's House (`posterior`). Every
Place or Swap is scored by the chance of winning it leads to. The final value of each House is
projected from the grid after the action: what its likely holder will still add (a measured
drift per turn left, nothing for a player who looks random), plus noise that shrinks as the
game runs out; in Intrigue the best few swaps are instead played out to the end against the
others' likely replies. Then, for each noisy final ranking:

- if its own House is the Regent, it wins when fewer than the needed votes fall on it; each
  other player votes for it with the chance an onlooker who watched its actions would name it
  (so an action that gives its House away costs exactly the survival it loses), or at random
  when that player looks like a random player;
- otherwise it wins when it names the Regent's holder (the posterior's best guess), enough
  others do too, and no one ranked above it among those voters.

The vote itself is the exact version of the second case, summed over the posterior.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.regicida.greedy import option_key
from regalia.ai.regicida.model import HOUSES, Option, Replay, place_options, replay, swap_options
from regalia.ai.regicida.posterior import NOISE, TYPES, Evidence, Posterior, posterior
from regalia.core.game import Seat
from regalia.core.seeds import Rng
from regalia.games.regicida.actions import Action, Place, Swap, Vote
from regalia.games.regicida.verdict import votes_needed

SAMPLES = 16  # noisy rankings per decision
SIGMA_END = 0.35  # projection noise (points) once nothing is left to play
SIGMA_TURN = 0.35  # ... growing with the square root of the turns each player has left
DRIFT = 0.4  # points a purposeful player adds to their own House per turn (measured)
PLAYOUTS = 6  # Intrigue swaps played out to the end against the others' likely replies
RANDOM_RUNS = 8  # playouts per swap when some players look random (their swaps vary)
TIME_SHARE = 0.6  # of a clock budget, after which no further swap is played out
SHARPNESS = 2.0  # purposeful voters lean to their best guess: belief ** SHARPNESS


def turns_left(view: dict[str, Any]) -> list[int]:
    """Placements and Intrigue turns each seat still has after the acting seat's turn."""
    players = int(view["players"])
    me = int(view["seat"])
    turns = [int(n) for n in view["intrigues_left"]]
    if view["phase"] == "intrigue":
        turns[me] -= 1
    else:
        tokens = 36 - len(view["grid"]["cells"]) - 1
        for i in range(tokens):
            turns[(me + 1 + i) % players] += 1
    return turns


def at_least(probs: Sequence[float], k: int) -> float:
    """P(at least k successes) among independent Bernoulli trials."""
    if k <= 0:
        return 1.0
    dist = [1.0]
    for p in probs:
        nxt = [0.0] * (len(dist) + 1)
        for i, q in enumerate(dist):
            nxt[i] += q * (1 - p)
            nxt[i + 1] += q * p
        dist = nxt
    return sum(dist[k:])


@dataclass
class Outlook:
    """What one decision needs to know about the seats, computed once per decision."""

    me: int
    mine: int
    players: int
    succession: dict[int, int]  # House -> place in the Line of Succession
    post: Posterior
    public: list[list[float]]  # onlookers' belief per seat: P(House h)
    randomness: list[float]  # P(seat plays at random)
    options: int  # vote options per voter
    neutral: bool  # the Neutral Player exists (fewer than six players)
    holders: dict[int, list[float]]  # House -> P(seat holds it) per seat, then P(no one)
    houses: list[list[float]]  # seat -> P(holds House h)
    drift: list[float] = field(default_factory=list)  # expected points still to come per House


class StrongAgent(Agent[Action]):
    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)
        self._story: Replay | None = None
        self._evidence: Evidence | None = None
        self._signature: tuple[Any, ...] | None = None
        self._guess: tuple[int, Seat | None] | None = None  # (Regent House, named holder)
        self._houses_guess: dict[Seat, int] = {}
        self._stats: dict[str, float] = {}

    # ------------------------------------------------------------------ inference

    def _update(self, view: dict[str, Any]) -> tuple[Replay, Evidence]:
        signature = (view["objective"]["key"], tuple(view["succession"]), view["seat"])
        story, evidence = self._story, self._evidence
        if signature != self._signature or story is None or story.entries > len(view["history"]):
            story, evidence = None, None
        story = replay(view, story)
        evidence = evidence or Evidence(int(view["players"]))
        evidence.add(story.decisions)
        self._story, self._evidence, self._signature = story, evidence, signature
        return story, evidence

    def _outlook(self, view: dict[str, Any], evidence: Evidence) -> Outlook:
        me, mine, players = int(view["seat"]), int(view["identity"]), int(view["players"])
        post = posterior(evidence, me, mine)
        randomness = []
        for seat in range(players):
            if seat == me:
                randomness.append(0.0)
                continue
            marginal = post.house_of(seat)
            randomness.append(
                sum(
                    p * evidence.random_odds(seat, h) for h, p in zip(HOUSES, marginal, strict=True)
                )
            )
        return Outlook(
            me=me,
            mine=mine,
            players=players,
            succession={h: i for i, h in enumerate(view["succession"])},
            post=post,
            public=[evidence.public(s) for s in range(players)],
            randomness=randomness,
            options=players - 1 + (1 if players < 6 else 0),
            neutral=players < 6,
            holders={h: post.holder(h) for h in HOUSES},
            houses=[post.house_of(s) for s in range(players)],
        )

    # ------------------------------------------------------------------ choosing

    def choose(self, obs: Observation[Action], budget: Budget) -> Action:
        clock = time.process_time()
        legal = list(obs.legal)
        if len(legal) == 1 and not isinstance(legal[0], Vote):
            return legal[0]
        view = obs.view
        story, evidence = self._update(view)
        look = self._outlook(view, evidence)
        if isinstance(legal[0], Vote):
            return self._vote(view, look, legal)
        if isinstance(legal[0], Place):
            tops: list[int | None] = [p["top"] for p in view["piles"]]
            found = place_options(story.table, story.scorer, [t for t in tops if t is not None])
        elif isinstance(legal[0], Swap):
            tops = []
            found = swap_options(story.table, story.scorer)
        else:  # splits: they reveal nothing and barely matter
            return self._rng.choice(legal)
        by_key = {o.key: i for i, o in enumerate(found)}
        reveal = self._reveal(found, evidence, look)
        turns = turns_left(view)
        # Only the others' future turns drift: ours will be chosen as carefully as this one
        # (counting them as greedy gains lost a tenth of the games against greedy players).
        look.drift = [
            DRIFT
            * sum(
                turns[k] * look.houses[k][h - 1] * (1 - look.randomness[k])
                for k in range(look.players)
                if k != look.me
            )
            for h in HOUSES
        ]
        sigma = SIGMA_END + SIGMA_TURN * math.sqrt(sum(turns) / look.players)
        noise = [[self._gauss() for _ in HOUSES] for _ in range(SAMPLES)]
        scored: list[tuple[float, int, Action]] = []
        for order, action in enumerate(legal):
            key = option_key(action, tops)
            index = None if key is None else by_key.get(key)
            if index is None:
                continue
            value = self._worth(found[index].values, reveal[index], look, sigma, noise)
            scored.append((value, order, action))
        scored.sort(key=lambda item: (-item[0], item[1]))
        if not isinstance(legal[0], Swap) or not scored:
            return scored[0][2] if scored else legal[0]
        # Intrigue is short: play the best few swaps out against the others' likely replies.
        best, best_value = scored[0][2], -math.inf
        chaotic = any(look.randomness[k] > 0.5 for k in range(look.players) if k != look.me)
        for rank, (_, _, action) in enumerate(scored[:PLAYOUTS]):
            spent = time.process_time() - clock  # CPU, not wall: a busy machine plays the same
            if rank and budget.seconds and spent > TIME_SHARE * budget.seconds:
                break  # out of time: the swaps played out so far decide
            assert isinstance(action, Swap)
            index = by_key[("swap", action.first, action.second, action.flip)]
            value = 0.0
            runs = RANDOM_RUNS if chaotic else 1
            for _ in range(runs):
                values, mine_left = self._play_out(story, action, view, look)
                look.drift = [0.0] * len(HOUSES)
                spread = SIGMA_END + SIGMA_TURN * math.sqrt(mine_left)
                value += self._worth(values, reveal[index], look, spread, noise) / runs
            if value > best_value + 1e-12:
                best, best_value = action, value
        return best

    def _play_out(
        self, story: Replay, action: Swap, view: dict[str, Any], look: Outlook
    ) -> tuple[list[float], int]:
        """House values at the end of Intrigue if we swap so, every purposeful player then
        swaps greedily for their likeliest House and every random-looking one at random (dark
        tokens are safe from them: the reason to turn one's own token dark).
        Also how many turns we ourselves still have (left to the projection noise)."""
        board = story.table.copy()
        board.swap(action.first, action.second, action.flip)
        left = [int(n) for n in view["intrigues_left"]]
        left[look.me] -= 1
        seat = look.me
        while any(left[k] > 0 for k in range(look.players) if k != look.me):
            seat = (seat + 1) % look.players
            if left[seat] <= 0 or seat == look.me:
                continue
            left[seat] -= 1
            if look.randomness[seat] > 0.5:
                pairs = board.swap_pairs()
                if pairs:
                    a, b = self._rng.choice(pairs)
                    board.swap(a, b, a if self._rng.below(2) else b)
                continue
            house = 1 + max(range(len(HOUSES)), key=lambda i: look.houses[seat][i])
            options = swap_options(board, story.scorer)
            if not options:
                continue
            reply = max(options, key=lambda o: o.values[house - 1])
            _, first, second, flip = reply.key
            board.swap(first, second, flip)
        return story.scorer.values(board), left[look.me]

    def _gauss(self) -> float:
        # Box–Muller from the seeded generator, so games replay exactly.
        u1 = (self._rng.next64() + 1) / 2.0**64
        u2 = self._rng.next64() / 2.0**64
        return math.sqrt(-2.0 * math.log(u1)) * math.cos(2 * math.pi * u2)

    def _reveal(self, found: list[Option], evidence: Evidence, look: Outlook) -> list[list[float]]:
        """For each option: what onlookers would believe of our House after we took it."""
        n = len(found)
        # log P(option | House, type), per type and House, for every option at once.
        per: list[list[list[float]]] = []
        for _, beta, _ in TYPES:
            rows = []
            for hi in range(len(HOUSES)):
                if beta == 0.0:
                    rows.append([-math.log(n)] * n)
                    continue
                values = [o.values[hi] for o in found]
                top = max(values)
                weights = [math.exp(beta * (v - top)) for v in values]
                total = sum(weights)
                rows.append([math.log((1 - NOISE) * w / total + NOISE / n) for w in weights])
            per.append(rows)
        mine = evidence.loglik[look.me]
        out = []
        for index in range(n):
            logs = []
            for hi in range(len(HOUSES)):
                terms = [
                    math.log(w) + mine[ti][hi] + per[ti][hi][index]
                    for ti, (_, _, w) in enumerate(TYPES)
                ]
                top = max(terms)
                logs.append(top + math.log(sum(math.exp(t - top) for t in terms)))
            top = max(logs)
            weights = [math.exp(v - top) for v in logs]
            total = sum(weights)
            out.append([w / total for w in weights])
        return out

    def _worth(
        self,
        values: Sequence[float],
        public_me: list[float],
        look: Outlook,
        sigma: float,
        noise: list[list[float]],
    ) -> float:
        """Mean chance to win over noisy final rankings, if the grid ended like `values`."""
        cache: dict[int, tuple[float, list[tuple[float, list[float]]]]] = {}
        total = 0.0
        for z in noise:
            ranking = sorted(
                HOUSES,
                key=lambda h: (
                    -(values[h - 1] + look.drift[h - 1] + sigma * z[h - 1])
                    + 1e-3 * look.succession[h]
                ),
            )
            regent = ranking[0]
            if regent not in cache:
                cache[regent] = self._regent_case(regent, public_me, look)
            base, voters = cache[regent]
            if not voters:
                total += base
                continue
            place = {h: i for i, h in enumerate(ranking)}
            my_place = place[look.mine]
            clear = 1.0
            helpers = []
            for v, houses in voters:
                above = sum(houses[h - 1] for h in HOUSES if place[h] < my_place)
                clear *= 1.0 - above * v
                below = (1.0 - above) * v
                helpers.append(below / (1.0 - above * v) if above * v < 1.0 else 0.0)
            total += base * clear * at_least(helpers, votes_needed(look.players) - 1)
        return total / len(noise)

    def _regent_case(
        self, regent: int, public_me: list[float], look: Outlook
    ) -> tuple[float, list[tuple[float, list[float]]]]:
        """For a Regent House: our chance before the ranking below it matters, and for each
        other voter the chance they name our guess and their House odds (Regent excluded)."""
        others = [s for s in range(look.players) if s != look.me]
        need = votes_needed(look.players)
        if regent == look.mine:
            odds = [self._vote_odds(k, look.me, regent, public_me, look) for k in others]
            return 1.0 - at_least(odds, need), []
        holder = look.holders[regent]
        guess = max(range(len(holder)), key=lambda i: holder[i])
        target: Seat | None = None if guess == look.players else guess
        voters = []
        for k in others:
            if k == target:
                continue
            houses = list(look.houses[k])
            houses[regent - 1] = 0.0
            mass = sum(houses) or 1.0
            voters.append(
                (
                    self._vote_odds(k, target, regent, public_me, look),
                    [p / mass for p in houses],
                )
            )
        # An empty voter list means the guess alone decides (two players): keep one dummy.
        return holder[guess], voters or [(0.0, [0.0] * len(HOUSES))]

    def _vote_odds(
        self, voter: Seat, target: Seat | None, regent: int, public_me: list[float], look: Outlook
    ) -> float:
        """Chance that `voter` names `target` as the holder of `regent`."""
        weights: dict[Seat | None, float] = {}
        for seat in range(look.players):
            if seat == voter:
                continue
            belief = public_me if seat == look.me else look.public[seat]
            weights[seat] = belief[regent - 1] ** SHARPNESS
        if look.neutral:
            nobody = 1.0
            for seat in range(look.players):
                belief = public_me if seat == look.me else look.public[seat]
                nobody *= 1.0 - belief[regent - 1]
            weights[None] = nobody**SHARPNESS
        total = sum(weights.values()) or 1.0
        r = look.randomness[voter]
        return r / look.options + (1 - r) * weights.get(target, 0.0) / total

    # ------------------------------------------------------------------ the vote

    def _vote(self, view: dict[str, Any], look: Outlook, legal: list[Action]) -> Action:
        ranking = [int(row["house"]) for row in view["coronation"]]
        regent = ranking[0]
        place = {h: i for i, h in enumerate(ranking)}
        need = votes_needed(look.players)
        holder = look.post.holder(regent)
        named = max(range(len(holder)), key=lambda i: holder[i])
        self._guess = (regent, None if named == look.players else named)
        self._houses_guess = {
            s: 1 + max(range(6), key=lambda i: look.post.house_of(s)[i])
            for s in range(look.players)
            if s != look.me
        }
        public_me = look.public[look.me]
        worth: dict[Action, float] = {}
        for action in legal:
            assert isinstance(action, Vote)
            worth[action] = 0.0
        if regent != look.mine:
            for assignment, p in zip(look.post.assignments, look.post.probs, strict=True):
                target: Seat | None = assignment.index(regent) if regent in assignment else None
                vote = Vote(target)
                if vote not in worth:
                    continue
                clear, helpers = 1.0, []
                for k in range(look.players):
                    if k in (look.me, target):
                        continue
                    v = self._vote_odds(k, target, regent, public_me, look)
                    if place[assignment[k]] < place[look.mine]:
                        clear *= 1.0 - v
                    else:
                        helpers.append(v)
                worth[vote] += p * clear * at_least(helpers, need - 1)
        else:
            # Our vote cannot change our fate: name whoever onlookers find most plausible.
            for action in legal:
                assert isinstance(action, Vote)
                if action.target is not None:
                    worth[action] = look.public[action.target][regent - 1]
        return max(legal, key=lambda a: worth[a])

    # ------------------------------------------------------------------ reporting

    def observe(self, seat: Seat, description: str, view: dict[str, Any]) -> None:
        reveal = view.get("reveal")
        if not reveal or self._guess is None:
            return
        regent, named = self._guess
        identities = list(reveal["identities"])
        me = int(view["seat"])
        if identities[me] != regent:
            truth = identities.index(regent) if regent in identities else None
            self._count("regent_holder", named == truth)
        for seat, house in self._houses_guess.items():
            self._count("houses", identities[seat] == house)
        self._guess = None

    def _count(self, name: str, hit: bool) -> None:
        self._stats[name + ".hits"] = self._stats.get(name + ".hits", 0.0) + hit
        self._stats[name + ".of"] = self._stats.get(name + ".of", 0.0) + 1

    def report(self) -> dict[str, float]:
        return dict(self._stats)
