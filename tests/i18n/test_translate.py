"""`translate` finds the template a message was made from and carries its values over;
`negotiate` picks the language a client asked for."""

from __future__ import annotations

import pytest

from regalia.core.errors import RegaliaError
from regalia.core.registry import get_game
from regalia.i18n import negotiate, translate
from regalia.i18n.catalog import catalogue
from regalia.tables.commands import read_command
from regalia.tables.errors import TableError


def test_a_table_error_with_a_quoted_value() -> None:
    with pytest.raises(TableError) as raised:
        read_command({"type": "nope"})
    message = raised.value.message
    assert message.startswith("unknown message type 'nope'; use one of join, action")
    assert translate(message, "pt-BR") == (
        "tipo de mensagem desconhecido 'nope'; use um destes: "
        + message.split("; use one of ", 1)[1]
    )


def test_an_exact_sentence() -> None:
    assert translate("the game is over", "pt-BR") == "a partida terminou"
    assert translate("draw agreed", "pt-BR") == "empate por acordo"


def test_rules_errors_of_the_games() -> None:
    regicide = get_game("regicide").new(0)
    with pytest.raises(RegaliaError) as passing:
        regicide.parse(0, "pass")
    assert str(passing.value) == "Yellow may not pass: they still have a king and a move"
    assert translate(str(passing.value), "pt-BR") == (
        "Amarelo não pode passar a vez: ainda tem rei e lance possível"
    )
    regulator = get_game("regulator").new(0)
    with pytest.raises(RegaliaError) as turn:
        regulator.require_turn(1)
    assert translate(str(turn.value), "pt-BR") == "não é a vez de Pretas (a vez é de Brancas)"
    with pytest.raises(RegaliaError) as illegal:
        regulator.parse(0, "a1a2")
    assert translate(str(illegal.value), "pt-BR") == (
        "lance ilegal 'a1a2': o bispo em a1 não pode ir para a2 agora"
    )
    with pytest.raises(RegaliaError) as unknown:
        get_game("chess")
    assert translate(str(unknown.value), "pt-BR").startswith(
        "jogo desconhecido 'chess'; escolha um destes: "
    )


def test_a_result_reason_with_seat_names() -> None:
    result = get_game("regicide").new(0).resign(1).result()
    assert result is not None
    assert result.reason == "light (Yellow and Red) team wins: Green resigned"
    # The team's sentence is whole; the inner sentence translates too, as the whole sentence
    # the pages have for that seat (its article and verb agree with the seat's name).
    assert translate(result.reason, "pt-BR") == (
        "vitória da equipe clara (Amarelo e Vermelho): o Verde desistiu"
    )
    assert catalogue("pt-BR").to_json()["Black resigned"] == "as Pretas desistiram"


def test_values_go_where_the_translation_puts_them() -> None:
    # "{0} pawn on … square {1}" becomes "peão de {0} em {1}, …": the slots move, the values
    # follow (the seat's name in the pages' words).
    message = "position pieces: Yellow pawn on back rank square d14"
    assert translate(message, "pt-BR") == (
        "posição (peças): peão de Amarelo em d14, numa fileira de fundo"
    )


def test_an_unknown_sentence_stays_as_it_is() -> None:
    assert translate("the moon is made of cheese", "pt-BR") == "the moon is made of cheese"
    assert translate("", "pt-BR") == ""


def test_english_stays_english() -> None:
    for message in ("the game is over", "no table 'abc'", "the moon is made of cheese"):
        assert translate(message, "en") == message


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("pt-BR", "pt-BR"),
        ("pt-br", "pt-BR"),
        ("pt", "pt-BR"),
        ("pt-PT;q=0.9,en;q=0.8", "pt-BR"),
        ("en;q=0.5, pt-BR", "pt-BR"),
        ("en-US", "en"),
        ("fr", "en"),
        ("fr, en;q=0.1", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_negotiate(header: str | None, lang: str) -> None:
    assert negotiate(header) == lang
