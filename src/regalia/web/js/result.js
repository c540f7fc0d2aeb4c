// A finished game's result in words, from the viewer's side when they played.

export function resultText(result, seatNames, seat) {
  const outcomes = result.outcomes || [];
  const winners = outcomes.map((o, i) => (o === "win" ? i : -1)).filter((i) => i >= 0);
  const reason = result.reason ? ` (${result.reason})` : "";
  let head;
  if (outcomes.length && outcomes.every((o) => o === "draw")) head = "Draw";
  else if (!winners.length) head = "Everyone loses";
  else head = `${winners.map((i) => seatNames[i] || `seat ${i + 1}`).join(" and ")} win${winners.length > 1 ? "" : "s"}`;
  let mine = "";
  if (seat !== null && seat !== undefined && outcomes[seat]) {
    mine = { win: " — you win!", loss: " — you lose.", draw: " — a draw for you." }[outcomes[seat]] || "";
  }
  return `Game over: ${head}${reason}${mine}`;
}
