// Regulator Chess in the board editor (../editor.js): the 5 × 7 board, its two armies, and
// what R12's position text holds besides the pieces — the side to move, the regulator's
// space and the half-move clock of R11's 100-ply draw. Whether a position could arise is
// the server's to say (games/regulator/validity.py).

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { readFen } from "./regulator.js";

const FILES = ["a", "b", "c", "d", "e"];
const RANKS = 7;
export const START = "bnkbn/ppppp/5/5/5/PPPPP/BNKBN w 1 0 1";

export const geometry = { files: FILES, ranks: RANKS, exists: () => true };
export const armies = [
  { army: 0, cls: "white", name: "White" },
  { army: 1, cls: "black", name: "Black" },
];
// Every piece a position may hold (R1, R4's promotions), kings first.
export const letters = ["k", "q", "r", "b", "n", "p"];
export const turns = () => 0; // White at the bottom, as at a table

/** The editor's state from a position text; throws when it does not read. */
export function read(text) {
  const fields = String(text).trim().split(/\s+/);
  const rows = (fields[0] || "").split("/");
  if (rows.length !== RANKS || rows.some((row) => !/^[1-5kqrbnpKQRBNP]+$/.test(row))) throw new Error("placement");
  const { pieces, side, regulator } = readFen(text);
  if (!["w", "b"].includes(side) || !(regulator >= 1 && regulator <= 7)) throw new Error("fields");
  const state = {
    pieces: new Map(pieces.map((p) => [p.square, { letter: p.letter, army: p.white ? 0 : 1 }])),
    side: side === "w" ? 0 : 1,
    regulator,
    halfmove: Number(fields[3] || 0) || 0,
    fullmove: Math.max(1, Number(fields[4] || 1) || 1),
  };
  return state;
}

/** R12's text of the editor's state. */
export function write(state) {
  const rows = [];
  for (let rank = RANKS; rank >= 1; rank--) {
    let row = "";
    let empty = 0;
    for (const file of FILES) {
      const piece = state.pieces.get(file + rank);
      if (!piece) {
        empty += 1;
        continue;
      }
      if (empty) row += String(empty);
      empty = 0;
      row += piece.army === 0 ? piece.letter.toUpperCase() : piece.letter;
    }
    rows.push(row + (empty ? String(empty) : ""));
  }
  return `${rows.join("/")} ${state.side === 0 ? "w" : "b"} ${state.regulator} ${state.halfmove} ${state.fullmove}`;
}

/** A piece newly put on `square` (nothing of its own to add in this game). */
export function placed(piece) {
  return piece;
}

/** The seats to act in the state (the side to move). */
export function toMove(state) {
  return state.side;
}

/** The fields besides the pieces: side to move, the regulator's space (R5–R7), the clock. */
export function controls(state, changed) {
  const side = h("select", { name: "side", class: "editor-side", "aria-label": t("side to move") },
    armies.map((a) => h("option", { value: a.army, selected: a.army === state.side }, t(a.name))));
  side.addEventListener("change", () => changed({ side: Number(side.value) }));
  const regulator = h("select", { name: "regulator", class: "editor-regulator", "aria-label": t("regulator space") },
    [1, 2, 3, 4, 5, 6, 7].map((n) => h("option", { value: n, selected: n === state.regulator }, String(n))));
  regulator.addEventListener("change", () => changed({ regulator: Number(regulator.value) }));
  const clock = h("input", {
    type: "number", name: "halfmove", min: 0, max: 99, value: state.halfmove, class: "editor-clock",
    "aria-label": t("plies since the last pawn move or capture"),
  });
  clock.addEventListener("change", () => changed({ halfmove: Math.max(0, Math.min(99, Number(clock.value) || 0)) }));
  const powers = state.regulator >= 6 ? t("bishops also leap as knights, knights also slide as rooks")
    : state.regulator >= 3 ? t("bishops also leap as knights") : t("no extra powers");
  return [
    h("label", {}, t("To move "), side),
    h("label", {}, t("Regulator on "), regulator, h("small", { class: "muted" }, ` ${powers}`)),
    h("label", { title: t("a draw at 100 plies without a pawn move or capture") }, t("Plies without a pawn move or capture "), clock),
  ];
}

/** Nothing to set per piece in this game. */
export function pieceControls() {
  return null;
}
