// A finished game's result in words, from the viewer's side when they played: who won, why,
// and what it means for the viewer, as sentences ("Game over: White wins — Black resigned.
// You win!"). `reasonText` lets a board say its game's reason in plainer words.

import { Outcome } from "./protocol.js";

const MINE = { [Outcome.WIN]: " You win!", [Outcome.LOSS]: " You lose.", [Outcome.DRAW]: " A draw for you." };

/** "Yellow, Green and Blue" */
export function listText(items) {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : items.join("");
}

export function resultText(result, seatNames, seat, reasonText = (reason) => reason) {
  const outcomes = result.outcomes || [];
  const winners = outcomes.map((o, i) => (o === Outcome.WIN ? i : -1)).filter((i) => i >= 0);
  let head;
  if (outcomes.length && outcomes.every((o) => o === Outcome.DRAW)) head = "Draw";
  else if (!winners.length) head = "Everyone loses";
  else head = `${listText(winners.map((i) => seatNames[i] || `seat ${i + 1}`))} win${winners.length > 1 ? "" : "s"}`;
  let reason = result.reason ? String(reasonText(result.reason) || "") : "";
  // A reason that starts by saying who won again ("Black wins: …") says it once.
  const said = reason.toLowerCase().indexOf(":");
  if (said > 0 && /\bwins?\b/.test(reason.slice(0, said).toLowerCase())) reason = reason.slice(said + 1).trim();
  if (reason.toLowerCase() === head.toLowerCase()) reason = "";
  let mine = "";
  if (seat !== null && seat !== undefined && outcomes[seat]) mine = MINE[outcomes[seat]] || "";
  return `Game over: ${head}${reason ? ` — ${reason}` : ""}.${mine}`;
}
