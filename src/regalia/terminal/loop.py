"""One terminal loop for every game: humans at one device and bots, in any mix.

Built on the core contract and the game's descriptors only. Input comes through a
`read_line(prompt) -> str | None` callable (None: the input ended) and output goes to a Rich
`Console`, so tests script whole games. When the game hides information and several humans
share the device, each human's screen appears only after a "pass the device" screen they
confirm, and is cleared when they are done; undo is then off, as it would show secrets.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from regalia.ai.base import Agent, Budget, Observation
from regalia.ai.levels import make_agent
from regalia.core.errors import BadNotation, IllegalAction, RegaliaError
from regalia.core.game import Outcome, Result, Seat, State
from regalia.terminal.announce import action_line, end_line, help_text
from regalia.terminal.drawing import drawer_for
from regalia.terminal.players import Player
from regalia.terminal.timeline import Step, Timeline
from regalia.textfile import read_user_text

ReadLine = Callable[[str], str | None]


class Abandoned(Exception):
    """The input ended before the game did."""


class Flow(enum.Enum):
    STAY = "stay"  # ask the same seat again
    CHANGED = "changed"  # the game changed under the seat (undo, load, resign): start over
    LEFT = "left"  # quit


@dataclass(frozen=True)
class Chosen:
    action: Any


class TerminalGame:
    """One game at the terminal; `run()` plays it and returns the last state."""

    def __init__(
        self,
        state: State[Any],
        players: Sequence[Player],
        console: Console,
        read_line: ReadLine,
        seed: int | None = None,
    ) -> None:
        if len(players) != state.players:
            raise BadNotation(f"{len(players)} players for a game of {state.players}")
        self.game = state.game
        self.players = list(players)
        self.console = console
        self.read_line = read_line
        self.seed = seed  # shown so a fresh deal can be replayed
        self.draw_view = drawer_for(self.game)
        self.timeline = Timeline(state, self._chose)
        humans = sum(p.human for p in self.players)
        # Hidden information and several humans at one device: pass it, screen by screen.
        self.private = not self.game.perfect_information and humans > 1
        self.agents: dict[Seat, Agent[Any]] = {}
        self.left = False
        self.shown: State[Any] | None = None  # last drawn, so a screen is not drawn twice
        self.announced: Step | None = None  # the step whose result was announced
        self._rebuild_bots()

    @property
    def state(self) -> State[Any]:
        return self.timeline.state

    def _chose(self, seat: Seat) -> bool:
        return self.players[seat].human

    # -- the loop -----------------------------------------------------------------------------

    def run(self) -> State[Any]:
        """Play until the game ends (and, with humans here, until they quit or the input
        ends); raises Abandoned when the input ends before the game does."""
        self.intro()
        while not self.left:
            if self.timeline.result is None:
                self.play_round()
            elif not self.after_end():
                break
        return self.state

    def play_round(self) -> None:
        """Every seat to act chooses from the same state, then the actions apply in turn."""
        state = self.state
        acting = sorted(state.to_act())
        chosen = []
        for seat in acting:
            pick = self.choose(state, seat)
            if pick is None:
                return  # the game changed or the player left: nothing chosen here applies
            chosen.append((seat, *pick))
        for seat, action, by_human, forced in chosen:
            # The game says whether this action stays hidden (a round's last vote too).
            self.act(seat, action, by_human, forced, self.state.action_is_secret(seat))

    def choose(self, state: State[Any], seat: Seat) -> tuple[Any, bool, bool] | None:
        """(action, chosen by a human, forced), or None when the turn was interrupted."""
        player = self.players[seat]
        if player.human:
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                return legal[0], False, True  # no choice to make: do not call the player
            action = self.ask(state, seat)
            return None if action is None else (action, True, False)
        budget = player.budget or Budget()
        return self.agents[seat].choose(Observation(state, seat), budget), False, False

    def act(self, seat: Seat, action: Any, by_human: bool, forced: bool, secret: bool) -> None:
        before = self.state
        text = before.describe(action)
        after = before.apply(seat, action)
        self.timeline.push(Step(after, seat, text, secret, by_human))
        for other, agent in self.agents.items():
            if listens(agent):
                seen = text if not secret or other == seat else ""
                agent.observe(seat, seen, after.view(other))
        line = action_line(self.players[seat], text, secret, forced)
        self.console.print(line, markup=False, soft_wrap=True)

    def after_end(self) -> bool:
        """Announce the end once; with humans here, take commands until they leave.
        False: the loop is over."""
        if self.announced is not self.timeline.last:
            self.announced = self.timeline.last
            self.draw(self.state, None)
            result = self.timeline.result
            assert result is not None
            self.console.print(Text(end_line(result, self.players), style="bold"), soft_wrap=True)
        if not any(p.human for p in self.players):
            return False
        line = self.read_line("game over> ")
        if line is None:
            return False
        self.command(None, line)
        return True

    # -- a human's turn -----------------------------------------------------------------------

    def ask(self, state: State[Any], seat: Seat) -> Any | None:
        """The seat's action, typed; None when a command changed the game or they left."""
        name = self.players[seat].name
        if self.private:
            self.console.clear()
            self.console.rule(f"Pass the device to {name}")
            self.wait(f"{name}, press Enter when only you can see the screen. ")
            self.shown = None
        if self.shown is not state:
            self.draw(state, seat)
        while True:
            line = self.read_line(f"{name}> ")
            if line is None:
                raise Abandoned("the input ended")
            flow = self.command(seat, line)
            if flow is Flow.STAY:
                continue
            if self.private and flow is not Flow.LEFT:
                self.wait("Done. Press Enter to hide your screen. ")
                self.console.clear()
            return flow.action if isinstance(flow, Chosen) else None

    def wait(self, prompt: str) -> None:
        if self.read_line(prompt) is None:
            raise Abandoned("the input ended")

    def command(self, seat: Seat | None, line: str) -> Flow | Chosen:
        """One line typed at `seat`'s prompt (None: after the game); errors are one line."""
        word, _, rest = line.strip().partition(" ")
        word, rest = word.lower(), rest.strip()
        try:
            if word in ("quit", "exit"):
                self.left = True
                return Flow.LEFT
            if word in ("", "help", "?", "moves", "board", "save"):
                self.look(word, seat, rest)
                return Flow.STAY
            if word in ("undo", "load", "resign"):
                self.change(word, seat, rest)
                return Flow.CHANGED
            return Chosen(self.parse(seat, line.strip()))
        except RegaliaError as exc:
            self.error(str(exc))
            return Flow.STAY

    def look(self, word: str, seat: Seat | None, rest: str) -> None:
        """The commands that leave the game as it is."""
        if word in ("help", "?"):
            self.console.print(help_text(self.game), markup=False, highlight=False)
        elif word == "moves":
            self.moves(seat)
        elif word == "board":
            self.draw(self.state, seat)
        elif word == "save":
            self.save(rest)

    def change(self, word: str, seat: Seat | None, rest: str) -> None:
        """The commands that change the game under the seat asked."""
        if word == "undo":
            self.undo()
        elif word == "load":
            self.load(rest)
        else:
            self.resign(seat)

    def error(self, message: str) -> None:
        self.console.print(Text(f"error: {message}", style="bold red"), soft_wrap=True)

    def parse(self, seat: Seat | None, text: str) -> Any:
        if seat is None:
            raise IllegalAction("the game is over (undo, save, load or quit)")
        action = self.state.parse(seat, text)
        self.state.apply(seat, action)  # refuse it now, not after the other seats chose
        return action

    # -- commands -----------------------------------------------------------------------------

    def moves(self, seat: Seat | None) -> None:
        legal = self.state.legal_actions(seat) if seat is not None else []
        if not legal:
            self.console.print("No legal actions now.")
            return
        texts = sorted(self.state.describe(a) for a in legal)
        self.console.print("Legal: " + ", ".join(texts), markup=False, soft_wrap=True)

    def draw(self, state: State[Any], seat: Seat | None) -> None:
        view = state.view(seat)
        if len(view.get("seats") or ()) == len(self.players):
            # A view naming its seats shows the players' own names (--names) there.
            view = {**view, "seats": [p.name for p in self.players]}
        self.console.print(self.draw_view(view, seat))
        self.shown = state

    def undo(self) -> None:
        if self.private:
            raise BadNotation(
                f"undo is off: {self.game.title} hides information and several players "
                "share this device, so taking back would show or change secrets"
            )
        removed = self.timeline.undo()
        self._rebuild_bots()
        self.console.print("Taken back: " + ", ".join(self._recap(s) for s in removed) + ".")

    def _recap(self, step: Step) -> str:
        name = self.players[step.seat].name if step.seat is not None else "?"
        if step.text is None:
            return f"{name} resigns"
        return f"{name} (secret)" if step.secret else f"{name} {step.text}"

    def save(self, path: str) -> None:
        if not path:
            raise BadNotation("save needs a file name: save FILE")
        try:
            Path(path).write_text(self.state.to_record(), encoding="utf-8")
        except OSError as exc:
            raise BadNotation(f"cannot write {path}: {exc.strerror or exc}") from None
        lost = self.timeline.last.ended is not None
        note = " (without the resignation: the record cannot hold one)" if lost else ""
        self.console.print(f"Saved to {path}.{note}", markup=False, soft_wrap=True)

    def load(self, path: str) -> None:
        if not path:
            raise BadNotation("load needs a file name: load FILE")
        text = read_user_text(path)
        try:
            state = self.game.from_record(text)
        except RegaliaError as exc:
            raise BadNotation(f"{path}: {exc}") from None
        if state.players != len(self.players):
            raise BadNotation(
                f"{path} is a game of {state.players} players; this one has {len(self.players)}"
            )
        self.timeline = Timeline(state, self._chose)
        self._rebuild_bots()
        self.console.print(f"Loaded {path}.", markup=False, soft_wrap=True)

    def resign(self, seat: Seat | None) -> None:
        if not self.game.resignation:
            raise BadNotation(f"{self.game.title} has no resigning")
        if seat is None or self.state.is_over():
            raise IllegalAction("the game is over")
        name = self.players[seat].name
        try:
            resigned = self.state.resign(seat)
        except IllegalAction:
            # The record cannot hold it: the loop ends the game, as tables do.
            ended = team_loses(self.state, seat, f"{name} resigned")
            self.timeline.push(Step(self.state, seat, chosen=True, ended=ended))
            self.console.print(
                f"{name} resigns. The game ends here; a saved record keeps it as it stood.",
                markup=False,
            )
            return
        self.timeline.push(Step(resigned, seat, chosen=True))
        self.console.print(f"{name} resigns.", markup=False)

    # -- around the game ----------------------------------------------------------------------

    def intro(self) -> None:
        self.console.rule(self.game.title)
        seed = f"Seed {self.seed}. " if self.seed is not None else ""
        who = ", ".join(p.label for p in self.players)
        self.console.print(f"{seed}Players: {who}.", markup=False, highlight=False)
        if any(p.human for p in self.players):
            self.console.print("Type help for the commands, moves for your legal actions.")
        if self.private:
            self.console.print(
                f"{self.game.title} hides information: pass the device when it asks, and look "
                "only at your own screens."
            )

    def _rebuild_bots(self) -> None:
        """Fresh bots that have seen the game so far (after undo or load, too)."""
        self.agents = {}
        for seat, player in enumerate(self.players):
            if player.level is None:
                continue
            agent = make_agent(self.game, player.level, player.seed)
            if listens(agent):
                for step in self.timeline.steps[1:]:
                    if step.seat is not None and step.text is not None:
                        seen = step.text if not step.secret or step.seat == seat else ""
                        agent.observe(step.seat, seen, step.state.view(seat))
            self.agents[seat] = agent


def team_loses(state: State[Any], seat: Seat, reason: str) -> Result:
    """The result when `seat` resigns: its team loses, every other seat wins."""
    team = next(t for t in state.game.teams(state.players) if seat in t)
    return Result(
        tuple(Outcome.LOSS if s in team else Outcome.WIN for s in range(state.players)), reason
    )


def listens(agent: Agent[Any]) -> bool:
    """Whether the bot wants to be told of actions (views cost time to build)."""
    return type(agent).observe is not Agent.observe
