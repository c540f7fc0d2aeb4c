"""What a push or a mail says, in the player's language: whole English sentences with their
values in them, translated by the catalogue (`regalia.i18n.translate`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from regalia.core.registry import get_game
from regalia.i18n import translate


def game_title(name: str, lang: str) -> str:
    try:
        return translate(get_game(name).title, lang)
    except Exception:
        return name


def push(kind: str, payload: dict[str, Any], lang: str) -> tuple[str, str]:
    """A push's title and body."""
    game = game_title(str(payload.get("game", "")), lang)
    if kind == "turn":
        return translate("Your turn", lang), translate(f"It is your turn in {game}.", lang)
    if kind == "game_over":
        return (translate("Game over", lang), translate(f"Your game of {game} is over.", lang))
    if kind == "tournament" and "round" in payload:
        return translate("Tournament", lang), _round_ready(payload, game, lang) + "."
    if kind == "challenge" and "challenger" in payload:
        who = str(payload["challenger"])
        return translate("Challenge", lang), translate(f"{who} challenges you to {game}.", lang)
    return (str(payload.get("title") or translate("Regalia", lang)), str(payload.get("body") or ""))


def mail(
    kind: str,
    payload: dict[str, Any],
    lang: str,
    link: Callable[[str], str],
    unsubscribe: str | None,
) -> tuple[str, str]:
    """A mail's subject and text (with its unsubscribe line)."""
    game = game_title(str(payload.get("game", "")), lang)
    url = link("/" + str(payload.get("link") or ""))
    if kind == "verify":
        subject = translate("Confirm your e-mail address for Regalia", lang)
        verify = link("api/email/verify?token=" + str(payload["token"]))
        body = translate(f"Open this link to confirm your address: {verify}", lang)
    elif kind == "reset":
        subject = translate("Reset your Regalia password", lang)
        page = link("#/reset/" + str(payload["token"]))
        body = translate(f"Open this link to choose a new password: {page}", lang) + "\n\n"
        body += translate(
            "If you did not ask for it, ignore this mail: your password stays as it is.", lang
        )
    elif kind == "turn":
        subject = translate(f"Your turn in {game}", lang)
        body = translate(f"It is your turn in {game}: {url}", lang)
    elif kind == "game_over":
        subject = translate(f"Your game of {game} is over", lang)
        body = translate(f"Your game of {game} is over; see how it ended: {url}", lang)
    elif kind == "tournament" and "round" in payload:
        subject = translate(f"Your tournament game of {game} is ready", lang)
        body = _round_ready(payload, game, lang) + f": {url}"
    elif kind == "challenge" and "challenger" in payload:
        who = str(payload["challenger"])
        subject = translate(f"{who} challenges you to {game}", lang)
        body = translate(f"{who} challenges you to {game}: {url}", lang)
    elif kind == "digest":
        games = payload.get("games") or []
        subject = translate(f"Games waiting for your move: {len(games)}", lang)
        lines = [
            f"- {game_title(str(g['game']), lang)}: {link('/#/t/' + str(g['table']))}"
            for g in games
        ]
        body = translate("It is your turn in these games:", lang) + "\n" + "\n".join(lines)
    else:
        subject = str(payload.get("title") or "Regalia")
        body = str(payload.get("body") or "") + (f"\n{url}" if payload.get("link") else "")
    if unsubscribe:
        body += "\n\n-- \n" + translate(f"Stop these mails with one click: {unsubscribe}", lang)
    return subject, body


def _round_ready(payload: dict[str, Any], game: str, lang: str) -> str:
    """The round's sentence ("Round 2 of Club night has begun: …"), without its end."""
    number, name = payload["round"], str(payload.get("tournament") or "")
    if name:
        return translate(f"Round {number} of {name} has begun: your game of {game} is ready", lang)
    return translate(f"A tournament round has begun: your game of {game} is ready", lang)
