"""Regicida drawn for the terminal: the grid, the Line of Succession, the piles, and the reveal.

`render_view` is the game's `terminal_view`. Given a seat's view it shows that seat's
Identity and what it may do; a spectator's view (seat None) holds no secret until the game
is over, when it draws the reveal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from regalia.core.game import Seat
from regalia.games.regicida.houses import house

PHASE_TITLES = {
    "expansion": "Expansion: lay out the realm",
    "intrigue": "Intrigue: three turns each",
    "assassination": "Coronation",
}


def render_view(view: dict[str, Any], seat: Seat | None = None) -> Group:
    if view["reveal"] is not None:
        return Group(*reveal(view))
    parts: list[RenderableType] = [Rule(PHASE_TITLES[view["phase"]])]
    targets = [t.split()[2] for t in view["legal"] if t.startswith("place")]
    parts.append(grid_table(view, targets))
    if view["coronation"] is not None and view["phase"] == "assassination":
        parts.append(ranking_table(view["coronation"]))
    parts.extend(board_lines(view))
    if view["identity"] is not None:
        parts.append(
            Text("You are House ")
            .append_text(house_label(view["identity"]))
            .append(" — keep it secret.")
        )
    if seat is not None and seat in view["to_act"]:
        parts.append(Text(instruction(view, seat)))
    return Group(*parts)


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


def board_lines(view: dict[str, Any]) -> list[Text]:
    line = Text("Line of Succession: ")
    for i, number in enumerate(view["succession"]):
        line.append(" > " if i else "").append_text(house_label(number))
    piles = Text("Piles: ")
    for pile in view["piles"]:
        piles.append(f"  {pile['pile']}: ")
        if pile["top"] is None:
            piles.append("empty")
        else:
            piles.append_text(house_label(pile["top"])).append(f" ({pile['size']})")
    goal = Text(f"Objective: {view['objective']['title']} — {view['objective']['rule']}.")
    return [line, piles, goal]


def instruction(view: dict[str, Any], seat: Seat) -> str:
    """What the seat to act may do now, in the notation it types."""
    phase = view["phase"]
    if phase == "expansion" and view["split_due"]:
        return "A pile ran out: split one of the others (`split N`)."
    if phase == "expansion":
        return "Place a pile's top token next to the grid: `place PILE CELL`."
    if phase == "intrigue":
        return (
            f"Intrigue ({view['intrigues_left'][seat]} left): swap two adjacent light "
            "tokens and turn one dark: `swap CELL CELL flip CELL`."
        )
    names = view["seats"]
    numbers = ", ".join(f"{i + 1} {name}" for i, name in enumerate(names) if i != seat)
    neutral = " or `vote neutral`" if len(names) < 6 else ""
    return f"Vote in secret for the Regent House's holder: `vote N` ({numbers}){neutral}."


def votes_text(count: int) -> str:
    return f"{count} vote" if count == 1 else f"{count} votes"


def reveal(view: dict[str, Any]) -> list[RenderableType]:
    """Everything the game kept secret, and who won."""
    shown = view["reveal"]
    names = view["seats"]
    parts: list[RenderableType] = [Rule("The reveal"), grid_table(view)]
    parts.append(ranking_table(shown["ranking"]))
    for seat, name in enumerate(names):
        vote = shown["votes"][seat]
        voted = "the Neutral Player" if vote == "neutral" else names[vote]
        line = Text(f"{name} is House ").append_text(house_label(shown["identities"][seat]))
        parts.append(line.append(f" and voted for {voted}."))
    unused = Text("Nobody held: ")
    for i, number in enumerate(shown["unused"]):
        unused.append(", " if i else "").append_text(house_label(number))
    parts.append(unused if shown["unused"] else Text("Every House was held."))
    verdict = shown["verdict"]
    regent = house(verdict["regent"]).name
    target = verdict["target"]
    holder = "The Neutral Player" if target == "neutral" else names[target]
    votes = votes_text(verdict["votes_for_target"])
    if verdict["assassinated"]:
        parts.append(Text(f"{holder} held the Regent House {regent}: assassinated ({votes})."))
    else:
        parts.append(Text(f"{holder} held the Regent House {regent} and survived ({votes})."))
    winners = [names[s] for s in verdict["winners"]]
    parts.append(Text(f"Winner: {', '.join(winners)}" if winners else "Everyone loses."))
    return parts
