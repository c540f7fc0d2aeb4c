"""What the pages call things, in both languages (issue 25 items 9, 10, 13, 16): a bot by the
title players know ("Casual bot", never its level's name "greedy"), Portuguese in agreement,
an analysis that says what a position looks like, Regicida's table without stale labels.
Screenshots of desktop and phone, English and pt-BR, go to test-artifacts/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import _checked_page
from tests.web.helpers import click_a_move, create_table, table_form, wait_my_turn
from tests.web.test_players import become_guest, unique
from tests.web.test_regicida import MY_MOVES, my_turn_action

pytestmark = pytest.mark.browser

DESKTOP = (1366, 768)
PHONE = (390, 844)


@contextmanager
def checked(
    browser: Browser,
    server: str,
    request: pytest.FixtureRequest,
    size: tuple[int, int],
    locale: str,
) -> Iterator[Page]:
    tag = f"-{locale}-{'phone' if size == PHONE else 'desktop'}"
    yield from _checked_page(browser, server, request, size, tag, locale)


def play_rated_against_a_bot(page: Page) -> None:
    """A rated Regulator Chess table against the default (Casual) bot: a move, then resign."""
    form = table_form(page, "regulator")
    form.locator(".rated-switch input").check()
    form.locator("button[type=submit]").click()  # a table for oneself opens at once
    wait_my_turn(page)
    click_a_move(page)
    wait_my_turn(page)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.locator("button.resign").click()
    page.locator(".resign-ask button.resign-confirm").click()
    expect(page.locator(".rating-changes li")).to_have_count(2)


RESULTS = {
    "en-US": "Game over: Black wins — White resigned. You lose.",
    "pt-BR": "Fim de jogo: vitória das Pretas — as Brancas desistiram. Você perdeu.",
}


BOT_TITLES = {"en-US": "Casual bot", "pt-BR": "bot Casual"}


def test_a_bot_is_named_by_its_title_in_the_ratings_leaderboard_and_profile(
    browser: Browser, server: str, request: pytest.FixtureRequest, artifacts: Path
) -> None:
    """Also: the result agrees with the seats' names in gender and number. One rated game,
    its end read in each language on the same pages (this device's language switched, then a
    reload): only the words differ."""
    with (
        checked(browser, server, request, DESKTOP, "en-US") as page,
        checked(browser, server, request, PHONE, "en-US") as phone,
    ):
        become_guest(page, unique("Ana"))
        play_rated_against_a_bot(page)
        table = page.url
        phone.goto("/")
        for locale, bot in BOT_TITLES.items():
            if locale != "en-US":
                for shown in (page, phone):
                    shown.evaluate(f"localStorage.setItem('regalia.lang', '{locale}')")
                page.goto(table)
                page.reload()
                expect(page.locator("html")).to_have_attribute("lang", locale)
            expect(page.locator(".status")).to_have_text(RESULTS[locale])
            box = page.locator(".ratings-box")
            expect(box.locator('li[data-seat="1"] a')).to_have_text(bot)
            expect(box).not_to_contain_text("greedy")
            page.screenshot(path=str(artifacts / f"wording-bot-rating-{locale}.png"))
            for shown, size in ((page, "desktop"), (phone, "phone")):
                shown.goto("/#/leaderboard/regulator")
                if locale != "en-US":
                    shown.reload()  # the hash alone does not load the page in its language
                    expect(shown.locator("html")).to_have_attribute("lang", locale)
                names = shown.locator("table.leaderboard td.player a")
                expect(names.filter(has_text=bot)).to_have_count(1)
                assert not [n for n in names.all_text_contents() if "(bot)" in n or "greedy" in n]
                shown.screenshot(
                    path=str(artifacts / f"wording-bot-leaderboard-{locale}-{size}.png")
                )
            page.locator("table.leaderboard td.player a", has_text=bot).click()
            expect(page.locator(".profile-name")).to_have_text(bot)


# Each vote button's left and right edge, whether its text fits it, and its text.
VOTE_BUTTONS = """() => [...document.querySelectorAll('button.vote')].map((b) => {
  const r = b.getBoundingClientRect();
  return [r.left, r.right, b.scrollWidth <= b.clientWidth + 1, b.textContent];
})"""
ENGLISH_VERBS = re.compile(r": (place|split|swap|pass|vote)\b")
PORTUGUESE_VERBS = re.compile(r": (colocar|dividir|trocar|passar|votar)\b")
# What the Regicida table says in each language: the other language's verbs, its first
# seat's name, a seat not voted yet, the first ranking row's reason, the placing and voting
# verbs, the Identity's label after the reveal.
REGICIDA = {
    "pt-BR": (
        ENGLISH_VERBS, "Jogador 1:", "ainda não votou", "maior pontuação", ("colocar", "votar"),
        "Sua Identidade",
    ),
    "en-US": (
        PORTUGUESE_VERBS, "Player 1:", "not voted yet", "highest score", ("place", "vote for"),
        "Your Identity",
    ),
}  # fmt: skip


# Where each language is read in the one Regicida game: its size, and its code in
# localStorage 'regalia.lang' and <html lang>.
STAGES = {"pt-BR": (PHONE, "pt-BR"), "en-US": (DESKTOP, "en")}


def show_in(page: Page, locale: str) -> None:
    """The same table in `locale` at its size: this device's language switched, the window
    resized, the page loaded again."""
    size, lang = STAGES[locale]
    page.evaluate("lang => localStorage.setItem('regalia.lang', lang)", lang)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", lang)


def check_the_vote_screen(page: Page, artifacts: Path, locale: str) -> None:
    waiting, why = REGICIDA[locale][2:4]
    size, _ = STAGES[locale]
    name = f"{locale}-{'phone' if size == PHONE else 'desktop'}"
    expect(page.locator("button.vote").first).to_be_visible()
    page.evaluate("document.querySelector('.vote-screen').scrollIntoView()")
    page.screenshot(path=str(artifacts / f"wording-regicida-vote-{name}.png"))
    buttons = page.evaluate(VOTE_BUTTONS)
    assert buttons, "no vote buttons"
    for left, right, whole, text in buttons:
        assert left >= 0 and right <= size[0] and whole, f"{text!r} cut: {left}..{right}"
    expect(page.locator(".players-list")).to_contain_text(waiting)
    expect(page.locator(".players-list")).not_to_contain_text("thinking")
    expect(page.locator(".ranking .why")).to_have_count(6)
    expect(page.locator(".ranking .why").first).to_have_text(why)


def test_regicida_to_the_reveal_in_the_pages_words(
    browser: Browser, server: str, request: pytest.FixtureRequest, artifacts: Path
) -> None:
    """The move list and the screen reader's last-move line in the page's verbs; the vote's
    buttons whole (on a phone too); nobody "thinking" (a person is not a bot); the Coronation
    ranking says why each House stands where it does; "(secret)" gone after the reveal.
    One game, in both languages: played in pt-BR on a phone up to the vote, whose screen is
    read there and then in en-US at a desktop's size (this device's language switched, the
    window resized, a reload); played on in en-US to the reveal, which is read there and then
    in pt-BR on the phone again."""
    locale = "pt-BR"
    with checked(browser, server, request, PHONE, locale) as page:
        create_table(page, "regicida", players=4)
        votes_read: list[str] = []
        for _ in range(40):
            expect(page.locator(".status.your-turn, .reveal")).to_have_count(1, timeout=30_000)
            if page.locator(".reveal").count():
                break
            if page.locator("button.vote").count() and not votes_read:
                check_the_vote_screen(page, artifacts, locale)
                locale = "en-US"
                show_in(page, locale)
                expect(page.locator(".status.your-turn")).to_have_count(1)
                check_the_vote_screen(page, artifacts, locale)
                votes_read = ["pt-BR", "en-US"]
            wrong, first = REGICIDA[locale][:2]
            mine = MY_MOVES.replace("Player 1:", first)
            mine_before = page.evaluate(mine)
            my_turn_action(page)
            page.wait_for_function(f"n => ({mine})() > n", arg=mine_before)
            moves = page.locator(".move-list .move").all_text_contents()
            assert not [m for m in moves if wrong.search(m)], moves
            spoken = page.locator("p.sr-only[aria-live]").text_content() or ""
            assert not wrong.search(spoken), spoken
        expect(page.locator(".reveal")).to_be_visible()
        assert votes_read == ["pt-BR", "en-US"]
        for reveal in ("en-US", "pt-BR"):
            if reveal != locale:
                locale = reveal
                show_in(page, locale)
            wrong, _, _, _, verbs, identity = REGICIDA[locale]
            size, _ = STAGES[locale]
            name = f"{locale}-{'phone' if size == PHONE else 'desktop'}"
            expect(page.locator(".reveal")).to_be_visible()
            expect(page.locator(".move-list .move").first).to_be_attached()
            moves = " ".join(page.locator(".move-list .move").all_text_contents())
            assert all(verb in moves for verb in verbs), moves
            assert not wrong.search(moves), moves
            expect(page.locator(".identity small").first).to_have_text(identity)
            page.screenshot(path=str(artifacts / f"wording-regicida-reveal-{name}.png"))


# A chart of four plies (even, a small lead, a mate each way), blunders marked at both mates:
# each dot's box in the chart's own units, and the chart's background colour.
CHART = """async () => {
  const { evaluationChart } = await import("/js/analysis.js");
  const marks = { 2: { kind: "blunder", title: "a" }, 3: { kind: "blunder", title: "b" } };
  const svg = evaluationChart([0, 50, 100000, -100000], marks, 1, () => {});
  document.body.append(svg);
  const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  const dots = [...svg.querySelectorAll("circle")].map((c) => {
    const [cx, cy, r] = ["cx", "cy", "r"].map((a) => Number(c.getAttribute(a)));
    return [cx - r, cy - r, cx + r, cy + r, width, height];
  });
  return { dots, background: getComputedStyle(svg).backgroundColor };
}"""
# The evaluation bar's three labels (first side, evaluation, other side) as boxes.
BAR = """() => [".eval-side.first", ".eval-text", ".eval-side.other"].map((s) => {
  const r = document.querySelector(`.eval-bar ${s}`).getBoundingClientRect();
  return [r.left, r.right];
})"""
START = "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1"


@pytest.mark.parametrize(
    ("locale", "size", "shape"),
    [("en-US", DESKTOP, "a position is 7 ranks"), ("pt-BR", PHONE, "uma posição são 7 fileiras")],
)
def test_analysis_reads_at_a_glance_and_says_what_a_position_looks_like(
    browser: Browser,
    server: str,
    request: pytest.FixtureRequest,
    artifacts: Path,
    locale: str,
    size: tuple[int, int],
    shape: str,
) -> None:
    name = f"{locale}-{'phone' if size == PHONE else 'desktop'}"
    with checked(browser, server, request, size, locale) as page:
        page.goto("/#/analysis/regicide")
        expect(page.locator(".eval-bar .eval-text")).not_to_have_text("…")
        left, middle, right = page.evaluate(BAR)
        assert left[1] <= middle[0] and middle[1] <= right[0], (
            f"labels overlap: {left} {middle} {right}"
        )
        page.screenshot(path=str(artifacts / f"wording-analysis-bar-{name}.png"))

        page.goto("/#/analysis/regulator")
        page.locator(".position-input").fill("not a position")
        page.locator(".position-form button[type=submit]").click()
        error = page.locator(".position-error")
        expect(error).to_contain_text(shape)
        expect(error).to_contain_text(START)
        expect(error).not_to_contain_text("ranks, not")
        page.screenshot(path=str(artifacts / f"wording-analysis-error-{name}.png"))

        chart = page.evaluate(CHART)
        for x0, y0, x1, y1, width, height in chart["dots"]:
            assert x0 >= 0 and x1 <= width and y0 >= 0 and y1 <= height, chart["dots"]
        red, green, blue = map(int, re.findall(r"\d+", chart["background"])[:3])
        assert (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255 > 0.8, chart["background"]


@pytest.mark.parametrize(
    ("locale", "size", "label"),
    [("pt-BR", DESKTOP, "Abrir um arquivo de registro…"), ("en-US", PHONE, "Open a record file…")],
)
def test_the_record_upload_is_a_control_in_the_pages_language(
    browser: Browser,
    server: str,
    request: pytest.FixtureRequest,
    artifacts: Path,
    tmp_path: Path,
    locale: str,
    size: tuple[int, int],
    label: str,
) -> None:
    """Not the browser's own "Choose File" button: a label of ours holds the file input."""
    name = f"{locale}-{'phone' if size == PHONE else 'desktop'}"
    with checked(browser, server, request, size, locale) as page:
        page.goto("/")
        pick = page.locator(".replay-upload label.file-pick")
        expect(pick).to_have_text(label)
        expect(pick).to_be_visible()
        # The browser's own control is there (for the keyboard) but clipped out of sight.
        clip = page.locator(".replay-upload input[type=file]").evaluate(
            "i => getComputedStyle(i).clip"
        )
        assert clip == "rect(0px, 0px, 0px, 0px)", clip
        record = tmp_path / "game.txt"
        record.write_text('[Game "regulator"]\n\n1. a3 *\n', encoding="utf-8")
        page.locator(".replay-upload input[type=file]").set_input_files(str(record))
        expect(page.locator(".replay-upload .file-chosen")).to_have_text("game.txt")
        expect(page.locator(".replay-upload textarea")).to_have_value(record.read_text())
        page.locator(".replay-upload").screenshot(
            path=str(artifacts / f"wording-upload-{name}.png")
        )
