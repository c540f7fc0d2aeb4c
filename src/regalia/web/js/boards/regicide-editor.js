// Regicide in the board editor (../editor.js): the 160-square cross, four armies, and what
// its position text holds besides the pieces (games/regicide/text.py) — the seat to move,
// the castling rights (C11), each pawn's state (C5's moves so far, C9's turn at a dead end),
// the en passant square (C6), the kings captured (C12: the seats without a king), the clock
// of C14's 200-ply draw and the round. Whether a position could arise is the server's to say
// (games/regicide/validity.py); the fields offered here are only those that can fit.

import { h } from "../dom.js";
import { t } from "../i18n.js";

const FILES = "abcdefghjklmno".split("");
const SIZE = 14;
const LETTERS = "YGRB";
const NAMES = ["Yellow", "Green", "Red", "Blue"];
const COLOURS = ["yellow", "green", "red", "blue"];
const exists = (fi, ri) => fi >= 0 && fi < SIZE && ri >= 0 && ri < SIZE && !((fi < 3 || fi > 10) && (ri < 3 || ri > 10));
// C4: each seat's forward step (Yellow east, Green north, Red west, Blue south).
const FORWARD = [[1, 0], [0, 1], [-1, 0], [0, -1]];
const DIRS = { N: [0, 1], E: [1, 0], S: [0, -1], W: [-1, 0] };
// C2, C11: each seat's king and its two original rooks' squares.
const KING_HOME = ["a7", "g1", "o8", "h14"];
const ROOK_HOMES = [["a4", "a11"], ["d1", "l1"], ["o4", "o11"], ["d14", "l14"]];

export const START = "Y:Ka7,Qa8,Ra4,Ra11,Ba6,Ba9,Na5,Na10,Pb4:0,Pb5:0,Pb6:0,Pb7:0,Pb8:0,Pb9:0,Pb10:0,Pb11:0/"
  + "G:Kg1,Qh1,Rd1,Rl1,Bf1,Bj1,Ne1,Nk1,Pd2:0,Pe2:0,Pf2:0,Pg2:0,Ph2:0,Pj2:0,Pk2:0,Pl2:0/"
  + "R:Ko8,Qo7,Ro4,Ro11,Bo6,Bo9,No5,No10,Pn4:0,Pn5:0,Pn6:0,Pn7:0,Pn8:0,Pn9:0,Pn10:0,Pn11:0/"
  + "B:Kh14,Qg14,Rd14,Rl14,Bf14,Bj14,Ne14,Nk14,Pd13:0,Pe13:0,Pf13:0,Pg13:0,Ph13:0,Pj13:0,Pk13:0,Pl13:0 "
  + "Y a4,a11,d1,l1,o4,o11,d14,l14 - - 0 1";

export const geometry = { files: FILES, ranks: SIZE, exists };
export const armies = NAMES.map((name, i) => ({ army: i, cls: COLOURS[i], name }));
export const letters = ["k", "q", "r", "b", "n", "p"];
export const turns = () => 0; // Green at the bottom, as a spectator sees it

const at = (square) => [FILES.indexOf(square[0]), Number(square.slice(1)) - 1];
const name = (fi, ri) => FILES[fi] + String(ri + 1);
const stepOf = (square, [df, dr], times = 1) => {
  const [fi, ri] = at(square);
  return exists(fi + df * times, ri + dr * times) ? name(fi + df * times, ri + dr * times) : null;
};

/** Squares forward of its starting line a pawn of `seat` on `square` is (C2, C4). */
function distance(seat, square) {
  const [fi, ri] = at(square);
  return [fi - 1, ri - 1, SIZE - 2 - fi, SIZE - 2 - ri][seat];
}

/** C9: the way a pawn of `seat` turns at a dead end on `square` (null: no dead end there). */
function turnWay(seat, square) {
  if (stepOf(square, FORWARD[seat])) return null;
  const [fi, ri] = at(square);
  if (seat === 0 || seat === 2) return ri < SIZE / 2 ? "S" : "N";
  return fi < SIZE / 2 ? "W" : "E";
}

/** The editor's state from a position text; throws when it does not read. */
export function read(text) {
  const fields = String(text).trim().split(/\s+/);
  if (fields.length !== 7) throw new Error("fields");
  const [placement, turn, castling, , ep, halfmove, round] = fields;
  const groups = placement.split("/");
  if (groups.length !== 4 || !LETTERS.includes(turn.toUpperCase())) throw new Error("fields");
  const pieces = new Map();
  groups.forEach((group, seat) => {
    const colon = group.indexOf(":");
    if (colon < 0 || group.slice(0, colon).toUpperCase() !== LETTERS[seat]) throw new Error("group");
    const body = group.slice(colon + 1);
    for (const token of body.split(",").filter(Boolean)) {
      const m = /^([KQRBNP])([a-hj-o]\d{1,2})(?::([01NESW]))?$/.exec(token);
      if (!m || !exists(...at(m[2]))) throw new Error("token");
      pieces.set(m[2], { letter: m[1].toLowerCase(), army: seat, pawn: m[1] === "P" ? (m[3] || "") : undefined });
    }
  });
  return {
    pieces,
    side: LETTERS.indexOf(turn.toUpperCase()),
    castling: new Set(castling === "-" ? [] : castling.split(",")),
    ep: ep === "-" ? "" : ep,
    halfmove: Number(halfmove) || 0,
    round: Math.max(1, Number(round) || 1),
  };
}

/** The castling rights that can stand: king and rook still on their first squares (C11). */
function possibleRights(state) {
  const out = [];
  ROOK_HOMES.forEach((rooks, seat) => {
    const king = state.pieces.get(KING_HOME[seat]);
    for (const square of rooks) {
      const rook = state.pieces.get(square);
      if (king && king.letter === "k" && king.army === seat && rook && rook.letter === "r" && rook.army === seat) out.push(square);
    }
  });
  return out;
}

/** C6: squares a pawn of the seat that moved last may just have passed over. */
function epSquares(state) {
  const mover = (state.side + 3) % 4;
  const back = FORWARD[mover].map((d) => -d);
  const out = [];
  for (const [square, piece] of state.pieces) {
    if (piece.army !== mover || piece.letter !== "p" || !["1", ""].includes(piece.pawn)) continue;
    const over = stepOf(square, back);
    if (over && !state.pieces.has(over) && stepOf(over, back)) out.push(over);
  }
  return out.sort();
}

/** The position text of the editor's state. */
export function write(state) {
  const groups = [0, 1, 2, 3].map((seat) => {
    const tokens = [...state.pieces].filter(([, p]) => p.army === seat).map(([square, p]) =>
      `${p.letter.toUpperCase()}${square}${p.letter === "p" && p.pawn ? `:${p.pawn}` : ""}`);
    return `${LETTERS[seat]}:${tokens.join(",")}`;
  });
  const rights = possibleRights(state).filter((square) => state.castling.has(square));
  const kingless = [0, 1, 2, 3].filter((seat) => ![...state.pieces.values()].some((p) => p.army === seat && p.letter === "k"));
  const ep = state.ep && epSquares(state).includes(state.ep) ? state.ep : "-";
  return [groups.join("/"), LETTERS[state.side], rights.join(",") || "-",
    kingless.map((seat) => LETTERS[seat]).join("") || "-", ep, String(state.halfmove), String(state.round)].join(" ");
}

/** A piece newly put on `square`: a pawn's state is the likeliest for where it stands. */
export function placed(piece, square) {
  if (piece.letter !== "p") return { letter: piece.letter, army: piece.army };
  const gone = distance(piece.army, square);
  return { ...piece, pawn: gone <= 0 ? "0" : gone <= 2 ? "1" : "" };
}

export function toMove(state) {
  return state.side;
}

/** The fields besides the pieces: the seat to move, the castling rights, en passant, clocks. */
export function controls(state, changed) {
  const side = h("select", { name: "side", class: "editor-side", "aria-label": t("seat to move") },
    armies.map((a) => h("option", { value: a.army, selected: a.army === state.side }, t(a.name))));
  side.addEventListener("change", () => changed({ side: Number(side.value), ep: "" }));
  const possible = new Set(possibleRights(state));
  const rights = ROOK_HOMES.flatMap((rooks, seat) => rooks.map((square) => {
    const box = h("input", {
      type: "checkbox", name: `castle-${square}`, value: square, checked: possible.has(square) && state.castling.has(square),
      disabled: !possible.has(square),
    });
    box.addEventListener("change", () => {
      const next = new Set(state.castling);
      if (box.checked) next.add(square);
      else next.delete(square);
      changed({ castling: next });
    });
    const title = possible.has(square) ? t("{0} with the rook on {1}", t(NAMES[seat]), square)
      : t("the king and this rook must stand on their first squares");
    return h("label", { class: `castle-right ${COLOURS[seat]}`, title }, box, `${t(NAMES[seat])} ${square}`);
  }));
  const candidates = epSquares(state);
  const ep = h("select", { name: "ep", class: "editor-ep", "aria-label": t("en passant square") },
    h("option", { value: "" }, t("none")),
    candidates.map((square) => h("option", { value: square, selected: square === state.ep }, square)));
  ep.addEventListener("change", () => changed({ ep: ep.value }));
  const clock = h("input", {
    type: "number", name: "halfmove", min: 0, max: 199, value: state.halfmove, class: "editor-clock",
    "aria-label": t("plies since the last pawn move or capture"),
  });
  clock.addEventListener("change", () => changed({ halfmove: Math.max(0, Math.min(199, Number(clock.value) || 0)) }));
  return [
    h("label", {}, t("To move "), side),
    h("fieldset", { class: "castling" }, h("legend", {}, t("Castling still allowed")), rights),
    h("label", { title: t("the square a pawn of the seat that moved last just passed over with a double step") },
      t("En passant on "), ep),
    h("label", { title: t("a draw at 200 plies without a pawn move or capture") }, t("Plies without a pawn move or capture "), clock),
  ];
}

/** A selected pawn's state: the moves it made so far (C5) or its turn at a dead end (C9). */
export function pieceControls(state, square, changed) {
  const piece = state.pieces.get(square);
  if (!piece || piece.letter !== "p") return null;
  const gone = distance(piece.army, square);
  const way = turnWay(piece.army, square);
  const options = [];
  if (gone === 0) options.push(["0", t("never moved (two double steps left)")]);
  if (gone >= 1 && gone <= 2) options.push(["1", t("moved once (one double step left)")]);
  if (gone >= 2) options.push(["", t("moved twice or more")]);
  if (way) options.push([way, t("turned at its dead end")]);
  if (!options.some(([value]) => value === piece.pawn)) options.push([piece.pawn, t("as the text says")]);
  const select = h("select", { name: "pawn-state", class: "pawn-state", "aria-label": t("pawn state") },
    options.map(([value, text]) => h("option", { value, selected: value === piece.pawn }, text)));
  select.addEventListener("change", () => {
    const pieces = new Map(state.pieces);
    pieces.set(square, { ...piece, pawn: select.value });
    changed({ pieces });
  });
  return h("label", { class: "pawn-state-row" }, t("{0} pawn on {1}: ", t(NAMES[piece.army]), square), select);
}
