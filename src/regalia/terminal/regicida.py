"""Terminal play of Regicida: any mix of humans and bots on one device, drawn with Rich.

With two or more humans the device is passed around: each human's screen (their Identity,
their vote) appears only after a "pass the device to …" screen they confirm, and the screen
is cleared when they are done. Input and output are injected so tests can script a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from regalia.ai.base import Agent, Budget, Observation
from regalia.core.errors import RegaliaError
from regalia.core.game import Seat
from regalia.games.regicida import GAME, RegicidaState
from regalia.games.regicida.actions import Pass, Place, Split, Vote
from regalia.games.regicida.houses import house

ReadLine = Callable[[str], str | None]  # None: input has ended


class Abandoned(Exception):
    """The input ended (or a player typed quit) before the game did."""


@dataclass(frozen=True)
class Player:
    name: str
    agent: Agent[Any] | None  # None: a human at the keyboard


def token_text(number: int, side: str) -> Text:
    colour = house(number).colour
    if side == "light":
        return Text(f" {number}L ", style=f"bold black on {colour}")
    return Text(f" {number}D ", style=f"bold {colour} on grey15")


def grid_table(view: dict[str, Any], targets: Sequence[str] = ()) -> Table:
    """The grid with column letters and row numbers; `+` marks cells a token may go on."""
    grid = view["grid"]
    cells = {c["cell"]: c for c in grid["cells"]}
    size = grid["size"]
    rows, cols = range(size), range(size)
    if grid["coords"] == "canvas" and (cells or targets):
        # Show only the placed area and a one-cell margin: the canvas is mostly empty.
        used = [(int(n[1:]) - 1, ord(n[0]) - 97) for n in [*cells, *targets]]
        rows = range(min(r for r, _ in used), max(r for r, _ in used) + 1)
        cols = range(min(c for _, c in used), max(c for _, c in used) + 1)
    table = Table(show_header=True, box=None, padding=(0, 0), pad_edge=False)
    table.add_column("", justify="right")
    for c in cols:
        table.add_column(chr(97 + c), justify="center", width=4)
    for r in rows:
        line: list[Text] = [Text(f"{r + 1:>2} ")]
        for c in cols:
            name = f"{chr(97 + c)}{r + 1}"
            if name in cells:
                line.append(token_text(cells[name]["house"], cells[name]["side"]))
            else:
                line.append(Text(" +  " if name in targets else " ·  ", style="dim"))
        table.add_row(*line)
    return table


def house_label(number: int) -> Text:
    item = house(number)
    return Text(f"{number} {item.name}", style=f"bold {item.colour}")


def ranking_table(rows: Sequence[dict[str, Any]]) -> Table:
    table = Table(title="Coronation", box=None)
    for column in ("rank", "House", "score", "light-only"):
        table.add_column(column)
    for row in rows:
        table.add_row(
            str(row["rank"]), house_label(row["house"]), str(row["score"]), str(row["light_score"])
        )
    return table


def votes_text(count: int) -> str:
    return f"{count} vote" if count == 1 else f"{count} votes"


class TerminalGame:
    """One game at the terminal; `run()` plays it to the end and returns the final state."""

    def __init__(
        self,
        console: Console,
        read_line: ReadLine,
        players: Sequence[Player],
        seed: int,
        objective: str = "random",
        think: float = 1.0,
    ) -> None:
        self.console = console
        self.read_line = read_line
        self.players = list(players)
        self.seed = seed
        self.think = think
        self.state: RegicidaState = GAME.new(seed, len(players), objective=objective)
        self.hot_seat = sum(p.agent is None for p in players) > 1

    # -- the loop ---------------------------------------------------------------------------

    def run(self) -> RegicidaState:
        self.intro()
        while not self.state.is_over():
            for seat in sorted(self.state.to_act()):
                self.turn(seat)
        self.reveal()
        return self.state

    def turn(self, seat: Seat) -> None:
        player = self.players[seat]
        legal = self.state.legal_actions(seat)
        if player.agent is not None:
            action = player.agent.choose(Observation(self.state, seat), Budget(seconds=self.think))
        elif len(legal) == 1 and isinstance(legal[0], Pass | Split):
            action = legal[0]  # no choice to make: do not call the player to the device
        else:
            action = self.ask(seat)
        self.act(seat, action)

    def act(self, seat: Seat, action: Any) -> None:
        before = self.state
        self.state = self.state.apply(seat, action)
        self.console.print(self.announce(before, seat, action))
        if self.state.phase is not before.phase and not self.state.is_over():
            self.new_phase()
        for other, player in enumerate(self.players):
            if player.agent is not None:
                seen = "vote" if isinstance(action, Vote) and other != seat else None
                text = seen or before.describe(action)
                player.agent.observe(seat, text, self.state.view(other))

    def announce(self, before: RegicidaState, seat: Seat, action: Any) -> Text:
        name = self.players[seat].name
        if isinstance(action, Vote):
            return Text(f"{name} has voted.")
        text = before.describe(action)
        if isinstance(action, Place):
            top = before.view(None)["piles"][action.pile]["top"]
            line = Text(f"{name}: {text} — ")
            return line.append_text(house_label(top))
        if isinstance(action, Pass):
            return Text(f"{name} passes: no two adjacent light tokens are left.")
        return Text(f"{name}: {text}")

    # -- a human's turn ---------------------------------------------------------------------

    def ask(self, seat: Seat) -> Any:
        name = self.players[seat].name
        if self.hot_seat:
            self.console.clear()
            self.console.rule(f"Pass the device to {name}")
            self.wait(f"{name}, press Enter when only you can see the screen. ")
        self.show(seat)
        while True:
            line = self.read_line(f"{name}> ")
            if line is None or line.strip().lower() in ("quit", "exit"):
                raise Abandoned(f"{name} left the game")
            text = line.strip()
            if text.lower() in ("", "help", "?"):
                self.show_legal(seat)
                continue
            try:
                action = self.state.parse(seat, text)
            except RegaliaError as exc:
                self.console.print(Text(f"error: {exc}", style="red"))
                continue
            if self.hot_seat:
                self.wait("Done. Press Enter to hide your screen. ")
                self.console.clear()
            return action

    def wait(self, prompt: str) -> None:
        if self.read_line(prompt) is None:
            raise Abandoned("the input ended")

    def show_legal(self, seat: Seat) -> None:
        legal = self.state.view(seat)["legal"]
        shown = ", ".join(legal[:40]) + (f", … ({len(legal)} in all)" if len(legal) > 40 else "")
        self.console.print(f"Legal: {shown}")

    def show(self, seat: Seat) -> None:
        view = self.state.view(seat)
        self.board(view)
        identity = view["identity"]
        self.console.print(
            Text("You are House ").append_text(house_label(identity)).append(" — keep it secret.")
        )
        phase = view["phase"]
        if phase == "expansion" and view["split_due"]:
            self.console.print("A pile ran out: split one of the others (`split N`).")
        elif phase == "expansion":
            self.console.print("Place a pile's top token next to the grid: `place PILE CELL`.")
        elif phase == "intrigue":
            self.console.print(
                f"Intrigue ({view['intrigues_left'][seat]} left): swap two adjacent light "
                "tokens and turn one dark: `swap CELL CELL flip CELL`."
            )
        else:
            numbers = ", ".join(
                f"{i + 1} {p.name}" for i, p in enumerate(self.players) if i != seat
            )
            neutral = " or `vote neutral`" if len(self.players) < 6 else ""
            self.console.print(f"Vote in secret: `vote N` ({numbers}){neutral}.")
        self.console.print("Type `help` for every legal action.")

    # -- what everyone sees -----------------------------------------------------------------

    def intro(self) -> None:
        view = self.state.view(None)
        self.console.rule("Regicida")
        self.console.print(
            f"Seed {self.seed}. Players: "
            + ", ".join(
                f"{i + 1} {p.name}{'' if p.agent is None else ' (' + p.agent.name + ')'}"
                for i, p in enumerate(self.players)
            )
        )
        self.console.print(
            f"Objective: {view['objective']['title']} — {view['objective']['rule']}."
        )
        if not self.hot_seat:
            for seat, player in enumerate(self.players):
                if player.agent is None:
                    identity = self.state.view(seat)["identity"]
                    self.console.print(
                        Text(f"{player.name}, you are House ").append_text(house_label(identity))
                    )

    def board(self, view: dict[str, Any]) -> None:
        targets = [t.split()[2] for t in view["legal"] if t.startswith("place")]
        self.console.print(grid_table(view, targets))
        line = Text("Line of Succession: ")
        for i, number in enumerate(view["succession"]):
            line.append(" > " if i else "").append_text(house_label(number))
        self.console.print(line)
        piles = Text("Piles: ")
        for pile in view["piles"]:
            piles.append(f"  {pile['pile']}: ")
            if pile["top"] is None:
                piles.append("empty")
            else:
                piles.append_text(house_label(pile["top"])).append(f" ({pile['size']})")
        self.console.print(piles)
        self.console.print(
            f"Objective: {view['objective']['title']} — {view['objective']['rule']}."
        )

    def new_phase(self) -> None:
        """Show everyone the grid when Intrigue starts, and the Coronation before the vote."""
        view = self.state.view(None)
        if view["phase"] == "intrigue":
            self.console.rule("Intrigue: three turns each")
            self.console.print(grid_table(view))
            return
        self.console.rule("Coronation")
        self.console.print(grid_table(view))
        self.console.print(ranking_table(view["coronation"]))
        self.console.print("Assassination: everyone votes in secret for the Regent House's holder.")

    def reveal(self) -> None:
        view = self.state.view(None)
        reveal = view["reveal"]
        self.console.clear()
        self.console.rule("The reveal")
        self.console.print(grid_table(view))
        self.console.print(ranking_table(reveal["ranking"]))
        for seat, player in enumerate(self.players):
            vote = reveal["votes"][seat]
            voted = "the Neutral Player" if vote == "neutral" else self.players[vote].name
            line = Text(f"{player.name} is House ").append_text(
                house_label(reveal["identities"][seat])
            )
            self.console.print(line.append(f" and voted for {voted}."))
        unused = Text("Nobody held: ")
        for i, number in enumerate(reveal["unused"]):
            unused.append(", " if i else "").append_text(house_label(number))
        self.console.print(unused if reveal["unused"] else Text("Every House was held."))
        verdict = reveal["verdict"]
        regent = house(verdict["regent"]).name
        target = verdict["target"]
        holder = "The Neutral Player" if target == "neutral" else self.players[target].name
        votes = votes_text(verdict["votes_for_target"])
        if verdict["assassinated"]:
            self.console.print(f"{holder} held the Regent House {regent}: assassinated ({votes}).")
        else:
            self.console.print(f"{holder} held the Regent House {regent} and survived ({votes}).")
        winners = [self.players[s].name for s in verdict["winners"]]
        self.console.print(f"Winner: {', '.join(winners)}" if winners else "Everyone loses.")
