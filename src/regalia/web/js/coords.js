// Coordinate moves shared by the two chess games: `b1c3`, `a6b7q`, `n10l10`.

const MOVE = /^([a-z])(\d{1,2})([a-z])(\d{1,2})([qrbn])?$/;

/** {from, to, promo, text} for a coordinate move, or null for anything else ("pass"). */
export function parseMove(text) {
  if (typeof text !== "string") return null;
  const m = MOVE.exec(text.trim().toLowerCase());
  if (!m) return null;
  return { from: m[1] + m[2], to: m[3] + m[4], promo: m[5] || "", text };
}

/** The squares of a last-move field, whatever shape the view gives it in. */
export function lastMoveSquares(last) {
  if (!last) return [];
  if (typeof last === "string") {
    const move = parseMove(last);
    return move ? [move.from, move.to] : [];
  }
  if (Array.isArray(last)) return last.filter((x) => typeof x === "string");
  const from = last.from || last.origin;
  const to = last.to || last.target;
  if (from || to) return [from, to].filter(Boolean);
  if (last.uci || last.coordinate || last.move) {
    return lastMoveSquares(last.uci || last.coordinate || last.move);
  }
  return [];
}
