"""The server's sentences translate whole: no catalogue template so generic that it matches
(and garbles) unrelated sentences, no refusal of the engines whose Portuguese keeps English
words (a piece's kind, a notation hint), and every way a table's game can end has a reason in
the catalogue, for every seat of every built-in game.

The refusals and reasons here are made by the engines and the table, not copied: a sentence
that changes at its source is checked as it now reads.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from regalia.core.errors import RegaliaError
from regalia.core.registry import game_names, get_game
from regalia.i18n import translate
from regalia.i18n.catalog import LOCALES
from regalia.protocol import CommandType, EventKind
from regalia.tables.commands import Command
from regalia.tables.decide import decide
from regalia.tables.policies.timeouts import timeout_drafts
from regalia.tables.table import SeatInfo, Table
from regalia.tables.timing import Absence
from tests.server.conftest import make_client

SLOT = re.compile(r"\{\d+\}")
MESSAGES = LOCALES / "pt_BR" / "LC_MESSAGES" / "messages.po"
# Words that say nothing on their own: a template made of slots and these matches anything.
STOP_WORDS = {
    "a", "an", "and", "are", "at", "be", "by", "for", "from", "has", "have", "in", "is", "it",
    "its", "no", "not", "of", "on", "or", "the", "to", "was", "with",
}  # fmt: skip
MIN_LETTERS = 7  # "no table {0}" (7) is as short as a safe template gets
# English words that must not survive in a Portuguese refusal or result reason.
ENGLISH = (
    "pawn", "knight", "bishop", "rook", "queen", "king", "write", "legal", "move", "ran out",
    "draw", "resigned", "team", "cannot", "pile", "token", "only", "Yellow", "Green", "Red",
    "Blue", "White", "Black",
)  # fmt: skip


def english_words(text: str) -> list[str]:
    """The words of ENGLISH in `text`, outside quoted values (a move as typed stays as it is)."""
    unquoted = re.sub(r"'[^']*'", "''", text)
    return [w for w in ENGLISH if re.search(rf"\b{w}\b", unquoted, re.IGNORECASE)]


def templates() -> list[str]:
    with MESSAGES.open("rb") as handle:
        return [str(m.id) for m in read_po(handle) if m.id and SLOT.search(str(m.id))]


def test_no_template_is_too_generic_to_be_safe() -> None:
    # Templates are matched against whole sentences, longest first: one whose own text is a
    # few common words ("{0} has no {1}") matches sentences it was never made from.
    unsafe = {}
    for msgid in templates():
        literal = SLOT.sub(" ", msgid)
        words = re.findall(r"[^\W\d_]+", literal)
        letters = sum(len(w) for w in words)
        if letters < MIN_LETTERS or all(w.lower() in STOP_WORDS for w in words):
            unsafe[msgid] = letters
    assert unsafe == {}, "make these whole sentences, each with words of its own"


def test_a_sentence_with_has_no_is_not_taken_for_another() -> None:
    # What the tester met: a sentence with "has no" in it read as "{0} has no {1}".
    sentence = "stalemate: Black has no legal move and loses"
    assert translate(sentence, "pt-BR") == "afogamento: Pretas não tem lance legal e perde"
    assert translate("Black has no legal move", "pt-BR") == "Black has no legal move"


def refusal(make: Callable[[], Any]) -> str:
    with pytest.raises(RegaliaError) as raised:
        make()
    return str(raised.value)


def regulator_refusals() -> list[str]:
    start = get_game("regulator").new(0)
    return [
        refusal(lambda: start.parse(0, "Qd4")),  # no queen of yours can go there
        refusal(lambda: start.parse(0, "Zz9")),  # notation hint
        refusal(lambda: start.parse(0, "a1a2")),  # the bishop on a1 cannot go there
        refusal(lambda: start.parse(0, "b1b3")),  # the knight on b1 …
        refusal(lambda: start.parse(0, "Kd4")),
    ]


def test_regulator_refusals_translate_whole() -> None:
    refusals = regulator_refusals()
    assert "no queen of yours can go to d4" in refusals[0]
    assert refusals[1].startswith("cannot read move 'Zz9': write SAN like")
    for sentence in refusals:
        portuguese = translate(sentence, "pt-BR")
        assert portuguese != sentence
        assert english_words(portuguese) == [], portuguese
    assert "nenhuma dama sua pode ir para d4" in translate(refusals[0], "pt-BR")


def test_a_record_wrapping_a_refusal_translates_both() -> None:
    game = get_game("regulator")
    with pytest.raises(RegaliaError) as raised:
        game.from_record('[Game "regulator"]\n\n1. c3 b5 2. Qd4 *')
    sentence = str(raised.value)
    assert sentence.startswith("record move 2. 'Qd4': illegal move 'Qd4'")
    portuguese = translate(sentence, "pt-BR")
    assert portuguese.startswith("registro, lance 2. 'Qd4': lance ilegal 'Qd4'")
    assert english_words(portuguese) == [], portuguese


def test_regicide_and_regicida_refusals_translate_whole() -> None:
    regicide = get_game("regicide").new(0)
    sentences = [
        refusal(lambda: regicide.parse(0, "pass")),
        refusal(lambda: regicide.parse(0, "GP-d4")),  # not Green's move
        refusal(lambda: regicide.parse(0, "hello")),  # notation hint
        refusal(lambda: regicide.parse(0, "c4c5")),  # no piece there
    ]
    regicida = get_game("regicida").new(0)
    sentences += [
        refusal(lambda: regicida.parse(0, "place 9 a1")),
        refusal(lambda: regicida.parse(0, "vote 9")),
        refusal(lambda: regicida.parse(0, "vote 2")),  # the rules' reason, wrapped
        refusal(lambda: regicida.parse(0, "pass")),
        refusal(lambda: regicida.parse(0, "split 1")),
    ]
    assert sentences[-1].startswith("cannot play split 1: ")
    assert translate(sentences[-1], "pt-BR").startswith("não é possível jogar split 1: ")
    for sentence in sentences:
        portuguese = translate(sentence, "pt-BR")
        assert portuguese != sentence
        assert english_words(portuguese) == [], portuguese


def test_a_game_with_no_lessons_says_so_in_portuguese(tmp_path: Path) -> None:
    if "toy" not in game_names():
        pytest.skip("the toy game is not installed here")
    with make_client(tmp_path) as client:
        reply = client.get("/api/lessons/toy", headers={"X-Lang": "pt-BR"})
    assert reply.status_code == 404
    assert reply.json()["error"]["message"] == "O Toy não tem lições"


# -- result reasons: timeouts, resignations, claims and agreed draws, at a real table


def table(name: str, players: int) -> Table:
    game = get_game(name)
    seats = [SeatInfo("human", None) for _ in range(players)]
    made = Table("t1", game, players, {}, 3, seats, "now")
    for seat in range(players):
        run(made, seat, Command(CommandType.JOIN, name=f"P{seat}"))
    return made


def run(
    made: Table, seat: int | None, cmd: Command, absent: dict[int, float] | None = None
) -> list[Any]:
    drafts = decide(made, seat, cmd, absent or {})
    for draft in drafts:
        made.apply(draft.numbered(made.seq + 1, 0.0), draft.state)
    return drafts


def reason_of(drafts: list[Any]) -> str | None:
    for draft in drafts:
        if draft.kind == EventKind.FINISHED:
            return str(draft.data["result"]["reason"])
    return None


def timeouts(made: Table, first: int) -> str:
    """Time out seats from `first` on, in turn, until the game ends: its reason."""
    for step in range(made.players):
        seat = (first + step) % made.players
        drafts = timeout_drafts(made, seat)
        for draft in drafts:
            made.apply(draft.numbered(made.seq + 1, 0.0), draft.state)
        found = reason_of(drafts)
        if found is not None:
            return found
    raise AssertionError("no timeout ended the game")


GAMES = [("regulator", 2), ("regicide", 4), ("regicida", 3), ("regicida", 6)]


def reasons() -> list[str]:
    found = []
    for name, players in GAMES:
        for seat in range(players):
            found.append(timeouts(table(name, players), seat))
            made = table(name, players)
            if made.game.resignation:
                # The seat resigns, then its partners: the last one's resignation ends it.
                team = sorted(made.team_of(seat), key=lambda s: (s - seat) % players)
                for resigning in team:
                    ended = reason_of(run(made, resigning, Command(CommandType.RESIGN)))
                    if ended is not None:
                        found.append(ended)
                        break
    regulator = table("regulator", 2)
    run(regulator, 0, Command(CommandType.OFFER_DRAW))
    found.append(str(reason_of(run(regulator, 1, Command(CommandType.ACCEPT_DRAW)))))
    for gone in (0, 1):
        claimed = table("regulator", 2)
        claimed.timing.rules = dataclasses.replace(
            claimed.timing.rules, absence=Absence(1, "claim")
        )
        if gone not in claimed.to_act():
            continue
        claim = Command(CommandType.CLAIM, at=1e12)
        found.append(str(reason_of(run(claimed, 1 - gone, claim, {gone: 0.0}))))
    return found


def test_every_result_reason_of_a_table_translates() -> None:
    found = reasons()
    assert "White ran out of time" in found
    assert any(r.endswith("Yellow ran out of time") for r in found)
    assert "draw agreed" in found
    assert any("claimed the win" in r for r in found)
    assert any(r.endswith("resigned") for r in found)
    untranslated = {r: translate(r, "pt-BR") for r in found}
    wrong = {r: pt for r, pt in untranslated.items() if pt == r or english_words(pt)}
    assert wrong == {}
    assert translate("White ran out of time", "pt-BR") == "Brancas ficou sem tempo"
    assert translate("draw agreed", "pt-BR") == "empate por acordo"
