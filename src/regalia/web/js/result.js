// A finished game's result in words, from the viewer's side when they played: who won, why,
// and what it means for the viewer, as sentences ("Game over: White wins — Black resigned.
// You win!"). `reasonText` lets a board say its game's reason in plainer words.

import { Outcome } from "./protocol.js";
import { listText, phrase, t, translated } from "./i18n.js";

const MINE = () => ({ [Outcome.WIN]: t("You win!"), [Outcome.LOSS]: t("You lose."), [Outcome.DRAW]: t("A draw for you.") });
// A bot played the viewer's seat to the end: what it got, not "You win!" for a player who
// may never have moved.
const STOOD_IN = () => ({
  time: {
    [Outcome.WIN]: t("A bot played your seat after your time ran out, and won."),
    [Outcome.LOSS]: t("A bot played your seat after your time ran out, and lost."),
    [Outcome.DRAW]: t("A bot played your seat after your time ran out: a draw."),
  },
  away: {
    [Outcome.WIN]: t("A bot played your seat while you were away, and won."),
    [Outcome.LOSS]: t("A bot played your seat while you were away, and lost."),
    [Outcome.DRAW]: t("A bot played your seat while you were away: a draw."),
  },
});

export { listText };

/** `seatNames`: in English, as the descriptor names the seats (each is translated here, with
 * the grammar the catalogue gives it: "vitória das Pretas"). `standIn`: "time" or "away" when
 * a bot played the viewer's seat at the end (after their time ran out, or while away). */
export function resultText(result, seatNames, seat, reasonText = (reason) => reason, standIn = null) {
  const outcomes = result.outcomes || [];
  const winners = outcomes.map((o, i) => (o === Outcome.WIN ? i : -1)).filter((i) => i >= 0);
  let head;
  if (outcomes.length && outcomes.every((o) => o === Outcome.DRAW)) head = t("Draw");
  else if (!winners.length) head = t("Everyone loses");
  else {
    const english = winners.map((i) => seatNames[i] || `seat ${i + 1}`);
    const named = winners.map((i) => (seatNames[i] ? t(seatNames[i]) : t("seat {0}", i + 1)));
    const together = english.length > 1 ? `${english.slice(0, -1).join(", ")} and ${english[english.length - 1]}` : english[0];
    head = phrase(winners.length > 1 ? "{0} win" : "{0} wins", [together], [listText(named)]);
  }
  let reason = result.reason ? String(reasonText(result.reason) || "") : "";
  // A reason that starts by saying who won again ("Black wins: …") says it once.
  const said = reason.toLowerCase().indexOf(":");
  if (said > 0 && /\bwins?\b/.test(reason.slice(0, said).toLowerCase())) reason = reason.slice(said + 1).trim();
  reason = translated(reason);
  if (reason.toLowerCase() === head.toLowerCase()) reason = "";
  const over = reason ? t("Game over: {0} — {1}.", head, reason) : t("Game over: {0}.", head);
  const words = (standIn && STOOD_IN()[standIn]) || MINE();
  const mine = seat !== null && seat !== undefined && outcomes[seat] ? words[outcomes[seat]] : "";
  return mine ? t("{0} {1}", over, mine) : over;
}
