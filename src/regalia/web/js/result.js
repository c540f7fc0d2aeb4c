// A finished game's result in words, from the viewer's side when they played.

import { Outcome } from "./protocol.js";

const MINE = { [Outcome.WIN]: " — you win!", [Outcome.LOSS]: " — you lose.", [Outcome.DRAW]: " — a draw for you." };

export function resultText(result, seatNames, seat) {
  const outcomes = result.outcomes || [];
  const winners = outcomes.map((o, i) => (o === Outcome.WIN ? i : -1)).filter((i) => i >= 0);
  const reason = result.reason ? ` (${result.reason})` : "";
  let head;
  if (outcomes.length && outcomes.every((o) => o === Outcome.DRAW)) head = "Draw";
  else if (!winners.length) head = "Everyone loses";
  else head = `${winners.map((i) => seatNames[i] || `seat ${i + 1}`).join(" and ")} win${winners.length > 1 ? "" : "s"}`;
  let mine = "";
  if (seat !== null && seat !== undefined && outcomes[seat]) mine = MINE[outcomes[seat]] || "";
  return `Game over: ${head}${reason}${mine}`;
}
