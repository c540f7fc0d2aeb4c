// Our own chess piece drawings as SVG symbols on a 100 × 100 box, in two sets (look.js):
// `classic`, the drawings below, and `letters`, a disc with the piece's letter. A <use> of a
// symbol takes its fill (body), stroke (outline and details) and colour (a letter) from CSS.

import { s } from "./dom.js";
import { t } from "./i18n.js";
import { LOOK_CHANGED, pieceSet } from "./look.js";

const BASE = "M27 76 H73 L77 90 H23 Z";

const SHAPES = {
  p: [
    "M50 16 a12 12 0 1 1 -0.1 0 Z",
    "M41 41 H59 L62 48 H58 L66 76 H34 L42 48 H38 Z",
    BASE,
  ],
  r: [
    "M26 14 H37 V22 H45 V14 H55 V22 H63 V14 H74 V34 L66 40 V70 L72 76 H28 L34 70 V40 L26 34 Z",
    BASE,
  ],
  b: [
    "M50 6 a6 6 0 1 1 -0.1 0 Z",
    "M50 18 C 33 30 30 50 39 64 H61 C 70 50 67 30 50 18 Z",
    "M37 64 H63 L65 76 H35 Z",
    BASE,
  ],
  n: [
    "M70 76 H31 C 30 64 38 58 49 52 C 42 54 35 58 28 57 C 20 55 20 47 27 41 C 36 32 40 22 51 15 L 53 7 L 59 16 C 72 22 78 42 75 58 C 74 66 71 70 70 76 Z",
    BASE,
  ],
  q: [
    "M18 30 L32 58 L34 20 L43 52 L50 14 L57 52 L66 20 L68 58 L82 30 L70 70 H30 Z",
    "M30 70 H70 L72 76 H28 Z",
    BASE,
  ],
  k: [
    "M46 4 H54 V12 H62 V20 H54 V28 H46 V20 H38 V12 H46 Z",
    "M50 32 C 34 18 12 32 24 54 L 31 70 H69 L76 54 C 88 32 66 18 50 32 Z",
    "M30 70 H70 L72 76 H28 Z",
    BASE,
  ],
};

const DETAILS = {
  r: "M34 40 H66 M34 70 H66",
  b: "M50 30 V50 M42 40 H58",
  n: "M46 30 a3 3 0 1 1 -0.1 0",
  q: "M32 62 H68",
  k: "M50 32 V60 M31 62 H69",
  p: "",
};

const NAMES = { p: "pawn", r: "rook", b: "bishop", n: "knight", q: "queen", k: "king" };
const WORDS = () => ({
  pawn: t("pawn"), rook: t("rook"), bishop: t("bishop"), knight: t("knight"), queen: t("queen"), king: t("king"),
});

/** Full name of a piece letter in the page's language ("n" → "knight"). */
export function pieceName(letter) {
  const name = NAMES[letter.toLowerCase()];
  return name ? WORDS()[name] : letter;
}

/** A piece in words: "White knight on b1" (`side`: the army's name, already translated). */
export function pieceLabel(side, letter, square) {
  return t("{0} {1} on {2}", side, pieceName(letter), square);
}

// The letter of each piece in the `letters` set: the page's language's initial ("C" for a
// Portuguese cavalo), the king and the knight told apart as in each language's notation.
const LETTERS = () => ({
  p: t("P (pawn)").charAt(0), r: t("R (rook)").charAt(0), b: t("B (bishop)").charAt(0),
  n: t("N (knight)").charAt(0), q: t("Q (queen)").charAt(0), k: t("K (king)").charAt(0),
});

function letterSymbol(letter, shown) {
  return s("symbol", { id: `piece-${letter}`, viewBox: "0 0 100 100" },
    s("circle", { cx: 50, cy: 52, r: 40, class: "piece-body" }),
    s("text", { x: 50, y: 70, class: "piece-letter" }, shown));
}

/** <defs> holding one <symbol id="piece-x"> per piece letter, in the chosen set. */
export function pieceDefs() {
  if (pieceSet() === "letters") {
    const shown = LETTERS();
    return s("defs", { class: "piece-defs" }, Object.keys(SHAPES).map((letter) => letterSymbol(letter, shown[letter])));
  }
  const symbols = Object.entries(SHAPES).map(([letter, paths]) =>
    s(
      "symbol",
      { id: `piece-${letter}`, viewBox: "0 0 100 100" },
      paths.map((d) => s("path", { d, class: "piece-body" })),
      DETAILS[letter] ? s("path", { d: DETAILS[letter], class: "piece-detail" }) : null,
    ),
  );
  return s("defs", { class: "piece-defs" }, symbols);
}

// A new piece set redraws every board's pieces at once: their <use>s follow the new symbols.
window.addEventListener(LOOK_CHANGED, () => {
  for (const defs of document.querySelectorAll("defs.piece-defs")) defs.replaceWith(pieceDefs());
});

/** A piece placed at (x, y) with side `size`; `cls` chooses its colours in CSS. */
export function pieceUse(letter, x, y, size, cls, label) {
  return s(
    "use",
    {
      href: `#piece-${letter.toLowerCase()}`,
      x,
      y,
      width: size,
      height: size,
      class: `piece ${cls}`,
      "data-piece": letter,
    },
    label ? s("title", { text: label }) : null,
  );
}
