// How the boards look: a board theme (the squares' colours) and a piece set, chosen in a
// small settings control and kept on this device (localStorage `regalia.look`:
// {board, pieces}). The theme is a `data-board-theme` attribute on <html> that the
// stylesheet (css/play.css) reads; the piece set is which drawings `pieces.js` puts in each
// board's <defs>: a change redraws them at once, on every board of the page.

import { h } from "./dom.js";
import { t } from "./i18n.js";

const KEY = "regalia.look";
export const LOOK_CHANGED = "regalia-look";

/** The board themes: name → the words the control shows. */
export const BOARD_THEMES = Object.freeze({ wood: () => t("Wood"), blue: () => t("Blue"), green: () => t("Green") });
/** The piece sets: `classic` (our drawings) and `letters` (a disc with the piece's letter). */
export const PIECE_SETS = Object.freeze({ classic: () => t("Drawn pieces"), letters: () => t("Letters") });

function read() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "{}");
    return {
      board: saved.board in BOARD_THEMES ? saved.board : "wood",
      pieces: saved.pieces in PIECE_SETS ? saved.pieces : "classic",
    };
  } catch {
    return { board: "wood", pieces: "classic" };
  }
}

export const boardTheme = () => read().board;
export const pieceSet = () => read().pieces;

function apply() {
  document.documentElement.dataset.boardTheme = boardTheme();
  document.documentElement.dataset.pieceSet = pieceSet();
}

/** Keep a choice, show it now and tell the boards (the `regalia-look` window event). */
export function setLook(changes) {
  localStorage.setItem(KEY, JSON.stringify({ ...read(), ...changes }));
  apply();
  window.dispatchEvent(new CustomEvent(LOOK_CHANGED));
}

apply();
// Another tab's choice shows here too.
window.addEventListener("storage", (event) => {
  if (event.key !== KEY) return;
  apply();
  window.dispatchEvent(new CustomEvent(LOOK_CHANGED));
});

/** The settings control: "Board" and "Pieces", each a select, folded under one button. */
export function lookControl() {
  const choice = (label, name, options, current, key) => {
    const select = h("select", { name, "aria-label": label },
      Object.entries(options).map(([value, words]) => h("option", { value, selected: value === current }, words())));
    select.addEventListener("change", () => setLook({ [key]: select.value }));
    return h("label", { class: "look-choice" }, h("span", {}, label), select);
  };
  const look = read();
  return h("details", { class: "look-settings" },
    // A phone shows only the swatch, so the table's header keeps to two lines.
    h("summary", { title: t("the board's colours and the pieces' drawings"), "aria-label": t("Board style") },
      h("span", { class: "look-swatch", "aria-hidden": "true" }), h("span", { class: "look-words" }, t("Board style"))),
    h("div", { class: "look-panel" },
      choice(t("Board"), "board-theme", BOARD_THEMES, look.board, "board"),
      choice(t("Pieces"), "piece-set", PIECE_SETS, look.pieces, "pieces")));
}
