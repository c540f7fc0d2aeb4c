import pytest

from regalia.core.errors import BadRecord
from regalia.core.records import format_tags, movetext_tokens, parse_tags


def test_tags_round_trip_with_quotes() -> None:
    tags = {"Event": 'The "big" one', "Path": "a\\b", "Regulator": 3}
    text = format_tags(tags) + "\n\n1. b3 b5 *\n"
    parsed, body = parse_tags(text)
    assert parsed == {"Event": 'The "big" one', "Path": "a\\b", "Regulator": "3"}
    assert body == "1. b3 b5 *"


def test_comments_and_numbers_are_dropped() -> None:
    _, body = parse_tags('[A "1"]\n\n1. b3 {a push} b5 ; side note\n2. Nc3 *')
    assert movetext_tokens(body) == ["b3", "b5", "Nc3"]
    assert movetext_tokens("1...b5 2.Nc3 1-0") == ["b5", "Nc3"]


def test_bad_tag_line_names_the_line() -> None:
    with pytest.raises(BadRecord, match="line 2"):
        parse_tags('[A "1"]\n[B unquoted]\n\n1. b3')
