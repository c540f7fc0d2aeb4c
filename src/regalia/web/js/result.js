// A finished game's result in words, from the viewer's side when they played: who won, why,
// and what it means for the viewer, as sentences ("Game over: White wins — Black resigned.
// You win!"). `reasonText` lets a board say its game's reason in plainer words.

import { Outcome } from "./protocol.js";
import { listText, t, translated } from "./i18n.js";

const MINE = () => ({ [Outcome.WIN]: t("You win!"), [Outcome.LOSS]: t("You lose."), [Outcome.DRAW]: t("A draw for you.") });

export { listText };

export function resultText(result, seatNames, seat, reasonText = (reason) => reason) {
  const outcomes = result.outcomes || [];
  const winners = outcomes.map((o, i) => (o === Outcome.WIN ? i : -1)).filter((i) => i >= 0);
  let head;
  if (outcomes.length && outcomes.every((o) => o === Outcome.DRAW)) head = t("Draw");
  else if (!winners.length) head = t("Everyone loses");
  else {
    const who = listText(winners.map((i) => seatNames[i] || t("seat {0}", i + 1)));
    head = winners.length > 1 ? t("{0} win", who) : t("{0} wins", who);
  }
  let reason = result.reason ? String(reasonText(result.reason) || "") : "";
  // A reason that starts by saying who won again ("Black wins: …") says it once.
  const said = reason.toLowerCase().indexOf(":");
  if (said > 0 && /\bwins?\b/.test(reason.slice(0, said).toLowerCase())) reason = reason.slice(said + 1).trim();
  reason = translated(reason);
  if (reason.toLowerCase() === head.toLowerCase()) reason = "";
  const over = reason ? t("Game over: {0} — {1}.", head, reason) : t("Game over: {0}.", head);
  const mine = seat !== null && seat !== undefined && outcomes[seat] ? MINE()[outcomes[seat]] : "";
  return mine ? t("{0} {1}", over, mine) : over;
}
