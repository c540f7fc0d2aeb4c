"""The puzzle page in the browser (issue 30): the lobby's "Puzzle of the day" and Puzzles
links, a puzzle solved (its opponent's reply played onto the board on the way) and one failed
(a legal move not the solution: the solution listed and stepped through on the board, then
Retry), as a guest in English at desktop size and as a signed-in player (rating and streak) in
Portuguese at phone size, on one page: the language switched through localStorage and a
reload, the size by resizing the window.

The test knows each solution from the shipped set the server loads (`shipped_puzzles`, one
JSON object a line with id and moves) and turns the moves into clicks with the game's own
rules (the squares of each move's coordinate text).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from regalia.ai.regicida.puzzles import answers
from regalia.core.registry import get_game
from regalia.puzzles.shipped import shipped_puzzles

pytestmark = pytest.mark.browser

MOVE = re.compile(r"^([a-z])(\d{1,2})([a-z])(\d{1,2})([qrbn])?$")
DESKTOP = (1366, 768)
PHONE = (390, 844)
PT_RATING_CHANGE = re.compile(r"^Rating de problemas \d+ \([+−±]\d+\)\.$")
PT_RATING = re.compile(r"^Seu rating de problemas: \d+$")


@cache
def shipped(game: str) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in shipped_puzzles(get_game(game))}


def puzzle_shown(page: Page, game: str) -> dict[str, Any]:
    """The shipped puzzle the page shows, once it is ready for a move."""
    box = page.locator(".puzzle-page")
    expect(box).to_have_attribute("data-state", "playing")
    puzzle_id = box.get_attribute("data-puzzle")
    assert puzzle_id in shipped(game), f"puzzle {puzzle_id} is not in the shipped set"
    return shipped(game)[puzzle_id]


def coordinates(puzzle: dict[str, Any], before: list[str], text: str) -> str:
    """The coordinate text (`c2d3`, `a7a8q`) of the move `text` after the moves `before`."""
    state = get_game(puzzle["game"]).from_position(puzzle["position"])
    for move in before:
        seat = sorted(state.to_act())[0]
        state = state.apply(seat, state.parse(seat, move))
    seat = sorted(state.to_act())[0]
    return str(state.encode(state.parse(seat, text)))


def a_wrong_move(puzzle: dict[str, Any]) -> str:
    """A legal first move (no promotion) that is not the solution's, in coordinates."""
    state = get_game(puzzle["game"]).from_position(puzzle["position"])
    seat = sorted(state.to_act())[0]
    for action in state.legal_actions(seat):
        code = str(state.encode(action))
        if state.describe(action) != puzzle["moves"][0] and (m := MOVE.match(code)) and not m[5]:
            return code
    raise AssertionError(f"puzzle {puzzle['id']} has no other move")


def target_of(code: str) -> str:
    m = MOVE.match(code)
    assert m, code
    return f"{m[3]}{m[4]}"


def piece_on(page: Page, square: str) -> Locator:
    """The board's piece on `square` (its label ends with the square in both languages)."""
    return page.locator(f"use.piece title:text-matches(' {square}$')")


def click(page: Page, code: str) -> None:
    """Play a coordinate move on the board: its piece, its target (and its promotion)."""
    m = MOVE.match(code)
    assert m, code
    page.locator(f'.square.movable[data-square="{m[1]}{m[2]}"]').dispatch_event("click")
    page.locator(f'[data-target="{m[3]}{m[4]}"]').dispatch_event("click")
    if m[5]:
        page.locator(f'.chooser button.promo[data-promo="{m[5]}"]').click()


def solve(page: Page, puzzle: dict[str, Any], replied: str) -> None:
    """Play the solution's moves; after each but the last the page says the reply (`replied`
    is that sentence, up to the reply's text) and the board takes the next move."""
    line = puzzle["moves"]
    for i in range(0, len(line), 2):
        click(page, coordinates(puzzle, line[:i], line[i]))
        if i + 1 < len(line):
            feedback = page.locator(".puzzle-feedback.success")
            expect(feedback).to_contain_text(f"{replied}{line[i + 1]}")
            expect(page.locator(".puzzle-page")).to_have_attribute("data-state", "playing")
            # The reply is on the board: its piece stands on its target square.
            expect(
                piece_on(page, target_of(coordinates(puzzle, line[: i + 1], line[i + 1])))
            ).to_have_count(1)
    expect(page.locator(".puzzle-page")).to_have_attribute("data-state", "solved")


def fail(page: Page, puzzle: dict[str, Any]) -> None:
    """A legal move not the solution: the page says so, lists the whole line and steps
    through it on the board."""
    click(page, a_wrong_move(puzzle))
    expect(page.locator(".puzzle-page")).to_have_attribute("data-state", "failed")
    moves = page.locator(".puzzle-solution .solution-move")
    expect(moves).to_have_text(puzzle["moves"])
    # The solution's first move on the board: its piece on its target square.
    moves.first.click()
    expect(page.locator(".puzzle-solution")).to_have_attribute("data-ply", "1")
    expect(piece_on(page, target_of(coordinates(puzzle, [], puzzle["moves"][0])))).to_have_count(1)
    expect(page.locator(".solution-note")).to_be_empty()
    expect(page.locator("button.puzzle-retry")).to_be_visible()
    expect(page.locator("button.puzzle-next")).to_be_visible()


def fits(page: Page, size: tuple[int, int]) -> None:
    """No sideways scroll, and the board and the answer under or beside it in the window."""
    width, height = size
    page.evaluate("window.scrollTo(0, 0)")
    scrolled = page.evaluate("document.scrollingElement.scrollWidth")
    assert scrolled <= width, f"the page scrolls sideways at {width}px ({scrolled}px)"
    for part in ("svg.board", ".puzzle-feedback"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, (part, size, box)


def test_a_puzzle_solved_and_one_failed_in_both_languages(page: Page, artifacts: Path) -> None:
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    page.goto("/")
    # The lobby: a Puzzles link and today's puzzle on each game with puzzles, none elsewhere.
    # Every game has puzzles now: Regicida's are its own kind (who is the Regent?).
    for game in ("regulator", "regicide", "regicida"):
        card = page.locator(f".game-card[data-game={game}]")
        expect(card.locator("a.puzzles-link")).to_have_text("Puzzles")
        expect(card.locator(".daily-puzzle a.daily-link")).to_have_text("Puzzle of the day")
        assert card.locator("a.daily-link").get_attribute("data-puzzle") in shipped(game)

    # A given puzzle (#/puzzles/{game}/{id}): one with a reply, Black to move if there is one.
    lines = [p for p in shipped("regulator").values() if len(p["moves"]) >= 3]
    assert lines, "the shipped set has no puzzle of more than one move"
    puzzle = next((p for p in lines if p["to_move"] == 1), lines[0])
    page.goto(f"/#/puzzles/regulator/{puzzle['id']}")
    assert puzzle_shown(page, "regulator")["id"] == puzzle["id"]
    side = ["White", "Black"][puzzle["to_move"]]
    expect(page.locator(".puzzle-task")).to_have_text(f"Find the best move for {side}")
    expect(page.locator(".puzzle-level")).to_have_text(f"rated {puzzle['rating']}")
    expect(page.locator(".puzzle-theme")).to_have_count(len(puzzle["themes"]))
    # The board is turned to the side to move: its first rank at the bottom for White, the
    # top for Black.
    a1 = float(page.locator('.square[data-square="a1"]').get_attribute("y") or "nan")
    assert (a1 == 0) == (puzzle["to_move"] == 1), f"a1 drawn at y={a1}"
    expect(page.locator(".puzzle-score.guest")).to_contain_text("sign in")
    solve(page, puzzle, "Right! The answer was ")
    feedback = page.locator(".puzzle-feedback")
    expect(feedback).to_contain_text("Solved!")
    expect(feedback).to_contain_text("A guest's puzzles are not rated.")
    expect(page.locator("button.puzzle-retry")).to_be_hidden()
    fits(page, DESKTOP)
    page.screenshot(path=str(artifacts / "puzzle-solved-desktop.png"))

    # Next: another puzzle (its address follows), failed, then retried and solved.
    page.locator("button.puzzle-next").click()
    expect(page.locator(".puzzle-page")).not_to_have_attribute("data-puzzle", puzzle["id"])
    puzzle = puzzle_shown(page, "regulator")
    assert page.url.endswith(f"#/puzzles/regulator/{puzzle['id']}")
    fail(page, puzzle)
    expect(feedback).to_contain_text("is not the move.")
    fits(page, DESKTOP)
    page.screenshot(path=str(artifacts / "puzzle-failed-desktop.png"))
    page.locator("button.puzzle-retry").click()
    expect(page.locator(".puzzle-solution")).to_be_hidden()
    assert puzzle_shown(page, "regulator")["id"] == puzzle["id"]
    solve(page, puzzle, "Right! The answer was ")
    expect(feedback).to_contain_text("Solved!")

    # A signed-in player, in Portuguese, on a phone: today's Regicide puzzle from the lobby.
    player = page.request.post("/api/players", data={"name": "Puzzler"}).json()
    stored = {"id": player["id"], "name": player["name"], "key": player["player_key"]}
    page.evaluate(
        "([player]) => { localStorage.setItem('regalia.player', player);"
        " localStorage.setItem('regalia.lang', 'pt-BR'); }",
        [json.dumps(stored)],
    )
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto("/")
    card = page.locator(".game-card[data-game=regicide]")
    expect(card.locator("a.puzzles-link")).to_have_text("Problemas")
    daily = card.locator("a.daily-link")
    expect(daily).to_have_text("Problema do dia")
    daily.click()
    puzzle = puzzle_shown(page, "regicide")
    seat = ["Amarelo", "Verde", "Vermelho", "Azul"][puzzle["to_move"]]
    expect(page.locator(".puzzle-task")).to_have_text(f"Vez de {seat}: encontre o melhor lance")
    expect(page.locator(".puzzle-date")).to_contain_text("Problema do dia")
    expect(page.locator(".puzzle-score")).not_to_have_class(re.compile(r"\bguest\b"))
    solve(page, puzzle, "Certo! A resposta foi ")
    expect(feedback).to_contain_text("Resolvido!")
    expect(feedback.locator(".rating-delta")).to_have_text(PT_RATING_CHANGE)
    expect(page.locator(".puzzle-rating")).to_have_text(PT_RATING)
    expect(page.locator(".puzzle-streak")).to_have_text("Sequência: 1 problema resolvido seguido")
    fits(page, PHONE)
    page.screenshot(path=str(artifacts / "puzzle-solved-phone-pt.png"), full_page=True)

    page.locator("button.puzzle-next").click()
    expect(page.locator(".puzzle-page")).not_to_have_attribute("data-puzzle", puzzle["id"])
    puzzle = puzzle_shown(page, "regicide")
    fail(page, puzzle)
    expect(feedback).to_contain_text("não é o lance.")
    # Portuguese counts 0 as one (Intl.PluralRules): "0 problema resolvido".
    expect(page.locator(".puzzle-streak")).to_have_text("Sequência: 0 problema resolvido seguido")
    fits(page, PHONE)
    page.screenshot(path=str(artifacts / "puzzle-failed-phone-pt.png"), full_page=True)


def regent_shown(page: Page) -> dict[str, Any]:
    """The Regicida puzzle the page asks, once its answers can be picked."""
    puzzle = puzzle_shown(page, "regicida")
    players = get_game("regicida").from_record(puzzle["position"]).players
    expect(page.locator("button.puzzle-choice:enabled")).to_have_count(len(answers(players)))
    # Before the answer: the spectator's board at the vote, no reveal anywhere.
    expect(page.locator(".regicida-grid")).to_be_visible()
    expect(page.locator(".reveal-box > *")).to_have_count(0)
    return puzzle


def answer(page: Page, puzzle: dict[str, Any], right: bool) -> None:
    truth = puzzle["moves"][0]
    buttons = page.locator("button.puzzle-choice")
    wrong = next(a for a in buttons.evaluate_all("bs => bs.map(b => b.dataset.answer)")
                 if a != truth)  # fmt: skip
    page.locator(f'button.puzzle-choice[data-answer="{truth if right else wrong}"]').click()
    expect(page.locator(".puzzle-page")).to_have_attribute(
        "data-state", "solved" if right else "failed"
    )
    # After it: the right answer marked, the reveal on the board.
    expect(page.locator(f'button.puzzle-choice.right[data-answer="{truth}"]')).to_have_count(1)
    expect(page.locator(".puzzle-choice.wrong")).to_have_count(0 if right else 1)
    expect(page.locator(".reveal-box > *").first).to_be_visible()


def answer_fits(page: Page, size: tuple[int, int]) -> None:
    """No sideways scroll; the question, its answers and the feedback in the window."""
    width, height = size
    page.evaluate("window.scrollTo(0, 0)")
    scrolled = page.evaluate("document.scrollingElement.scrollWidth")
    assert scrolled <= width, f"the page scrolls sideways at {width}px ({scrolled}px)"
    for part in (".puzzle-task", ".puzzle-choices", ".puzzle-feedback", ".regicida-grid"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, part
        if part != ".regicida-grid":
            assert box["y"] + box["height"] <= height, (part, size, box)


def test_who_is_the_regent_solved_and_failed_in_both_languages(page: Page, artifacts: Path) -> None:
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    first = sorted(shipped("regicida"))[0]
    page.goto(f"/#/puzzles/regicida/{first}")
    puzzle = regent_shown(page)
    assert puzzle["id"] == first
    expect(page.locator(".puzzle-task")).to_have_text("Who is the Regent?")
    expect(page.locator(".puzzle-level")).to_have_text(f"rated {puzzle['rating']}")
    expect(page.locator(".puzzle-theme")).to_have_count(len(puzzle["themes"]))
    answer_fits(page, DESKTOP)
    page.screenshot(path=str(artifacts / "regent-asked-desktop.png"))
    answer(page, puzzle, right=True)
    feedback = page.locator(".puzzle-feedback")
    expect(feedback).to_contain_text("Right! The answer is ")
    expect(feedback).to_contain_text("A guest's puzzles are not rated.")
    answer_fits(page, DESKTOP)
    page.screenshot(path=str(artifacts / "regent-solved-desktop.png"))

    page.locator("button.puzzle-next").click()
    expect(page.locator(".puzzle-page")).not_to_have_attribute("data-puzzle", puzzle["id"])
    puzzle = regent_shown(page)
    answer(page, puzzle, right=False)
    expect(feedback).to_contain_text("Wrong: the answer is ")
    expect(page.locator("button.puzzle-retry")).to_be_hidden()
    page.screenshot(path=str(artifacts / "regent-failed-desktop.png"))

    # In Portuguese on a phone.
    page.evaluate("() => localStorage.setItem('regalia.lang', 'pt-BR')")
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.goto(f"/#/puzzles/regicida/{first}")
    page.reload()
    puzzle = regent_shown(page)
    expect(page.locator(".puzzle-task")).to_have_text("Quem é o Regente?")
    expect(page.locator("button.puzzle-choice").first).to_have_text("Jogador 1")
    page.screenshot(path=str(artifacts / "regent-asked-phone-pt.png"), full_page=True)
    answer_fits(page, PHONE)
    answer(page, puzzle, right=True)
    expect(feedback).to_contain_text("Certo! A resposta é Jogador")
    page.screenshot(path=str(artifacts / "regent-solved-phone-pt.png"), full_page=True)
    page.locator("button.puzzle-next").click()
    expect(page.locator(".puzzle-page")).not_to_have_attribute("data-puzzle", puzzle["id"])
    puzzle = regent_shown(page)
    answer(page, puzzle, right=False)
    expect(feedback).to_contain_text("Errado: a resposta é ")
    answer_fits(page, PHONE)
    page.screenshot(path=str(artifacts / "regent-failed-phone-pt.png"), full_page=True)
